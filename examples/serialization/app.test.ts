import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import { build } from './app.js'

describe('example: serialization', () => {
  const server = listenDuringTests(build())

  it('the 200 schema keeps passwordHash off the wire', async () => {
    const res = await fetch(`${server.base}/users/1`)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ id: 1, name: 'Ada' })
    expect(text).not.toContain('never-leaves-the-server')
  })

  it('a 404 is serialized by the default schema', async () => {
    const res = await fetch(`${server.base}/users/99`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'no user 99' })
  })

  it('a 201 is serialized by the 2xx schema', async () => {
    const res = await fetch(`${server.base}/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { id: number; name: string }
    expect(body).toEqual({ id: body.id, name: 'Grace' })
  })

  it('the content map picks the schema by media type, */* for the rest', async () => {
    const json = await fetch(`${server.base}/report`)
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await json.json()).toEqual({ users: expect.any(Number), generatedAt: '1970-01-01T00:00:00.000Z' })
    const other = await fetch(`${server.base}/report`, { headers: { accept: 'text/plain' } })
    expect(other.headers.get('content-type')).toBe('text/plain')
    expect(JSON.parse(await other.text())).toEqual({ users: expect.any(Number) })
  })

  it('reply.serializer writes CSV for one reply', async () => {
    const res = await fetch(`${server.base}/users.csv`)
    expect(res.headers.get('content-type')).toBe('text/csv')
    expect((await res.text()).split('\n')[0]).toBe('1,Ada')
  })
})
