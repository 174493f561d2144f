import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import { build } from './app.js'

describe('example: TypeBox compiler as the custom validator', () => {
  const server = listenDuringTests(build())

  const post = (path: string, body: unknown) =>
    fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('4.4 a valid body comes back as { value }: defaults filled, unknown keys stripped, reply serialized by its schema', async () => {
    const res = await post('/users', { name: 'Grace', extra: 'stripped' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 2, name: 'Grace', role: 'member' })
  })

  it('4.4 an invalid body comes back as { error } in the default structure: 400 with a formatted message', async () => {
    const res = await post('/users', { name: '' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/name Expected string length greater or equal to 1' })
    const missing = await post('/users', {})
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { message: string }).message).toBe('body/name Expected required property')
  })

  it('4.3.4 the querystring is converted: one tag becomes an array, limit defaults to 10', async () => {
    const res = await fetch(`${server.base}/users?tag=math`)
    expect(await res.json()).toEqual({ tag: ['math'], limit: 10, names: ['Ada'] })
    const bad = await fetch(`${server.base}/users?limit=0`)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toBe('querystring/limit Expected integer to be greater or equal to 1')
  })

  it('4.3.6 params are converted to the schema type; the reply keeps only public fields', async () => {
    const res = await fetch(`${server.base}/users/1`)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ id: 1, name: 'Ada', role: 'admin' })
    expect(text).not.toContain('never-on-the-wire')
    expect((await fetch(`${server.base}/users/abc`)).status).toBe(400)
    expect((await fetch(`${server.base}/users/99`)).status).toBe(404)
  })

  it('4.3.8 a shared schema is resolved by the TypeBox compiler from getSchemas(), and by the serializer', async () => {
    const ok = await post('/users/1/address', { city: 'Oslo', zip: '12345' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ city: 'Oslo', zip: '12345' })
    const bad = await post('/users/1/address', { city: 'Oslo', zip: 'ABCDE' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toBe("body/zip Expected string to match '^[0-9]{5}$'")
  })
})
