import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import type { Static } from 'warren'
import { build } from './app.js'
import type { Item, Problem, User } from './schemas.js'

/** The body of a response, typed by the schema the route answers with. */
const json = <T>(res: Response): Promise<T> => res.json() as Promise<T>

describe('example: typed-api', () => {
  const server = listenDuringTests(build(['test-key']))

  const call = (method: string, path: string, body?: unknown, key: string | null = 'test-key') =>
    fetch(server.base + path, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(key !== null && { authorization: `Bearer ${key}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('creates and reads users, never showing the password hash', async () => {
    const created = await call('POST', '/api/users', { name: 'Ada', email: 'ada@example.com' }, null)
    expect(created.status).toBe(201)
    const user = await json<Static<typeof User>>(created)
    expect(user).toEqual({ id: user.id, name: 'Ada', email: 'ada@example.com' })
    const read = await call('GET', `/api/users/${user.id}`, undefined, null)
    expect(await read.json()).toEqual(user)
  })

  it('rejects invalid users with 400s', async () => {
    const noEmail = await call('POST', '/api/users', { name: 'Ada' }, null)
    expect(noEmail.status).toBe(400)
    expect((await json<Static<typeof Problem>>(noEmail)).message).toBe("body must have required property 'email'")
    const badEmail = await call('POST', '/api/users', { name: 'Ada', email: 'not-an-email' }, null)
    expect((await json<Static<typeof Problem>>(badEmail)).message).toBe('body/email must match format "email"')
    expect((await call('GET', '/api/users/zero', undefined, null)).status).toBe(400)
  })

  it('answers 404 for a missing user with the Problem schema', async () => {
    const res = await call('GET', '/api/users/999', undefined, null)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'user 999 does not exist' })
  })

  it('keeps items behind bearer auth', async () => {
    expect((await call('GET', '/api/items', undefined, null)).status).toBe(401)
    expect((await call('GET', '/api/items', undefined, 'wrong')).status).toBe(401)
    expect((await call('GET', '/api/items')).status).toBe(200)
  })

  it('creates, lists and updates items', async () => {
    const owner = await json<Static<typeof User>>(await call('POST', '/api/users', { name: 'Grace', email: 'grace@example.com' }, null))
    const created = await call('POST', `/api/items?ownerId=${owner.id}`, { title: 'write the docs' })
    expect(created.status).toBe(201)
    const item = await json<Static<typeof Item>>(created)
    expect(item).toEqual({ id: item.id, ownerId: owner.id, title: 'write the docs', done: false })
    const list = await (await call('GET', `/api/items?ownerId=${owner.id}`)).json()
    expect(list).toEqual([item])
    const updated = await call('PATCH', `/api/items/${item.id}`, { done: true })
    expect(await updated.json()).toEqual({ ...item, done: true })
    expect((await call('PATCH', `/api/items/${item.id}`, {})).status).toBe(400)
    expect((await call('PATCH', '/api/items/9999', { done: true })).status).toBe(404)
    expect((await call('POST', '/api/items?ownerId=9999', { title: 'orphan' })).status).toBe(404)
  })
})
