import { describe, expect, it } from 'vitest'
import formbody from '@fastify/formbody'
import warren, { Type } from 'warren'
import { fromFastify } from './from-fastify.js'

const formbodyPlugin = fromFastify<{ bodyLimit?: number; parser?: (body: string) => unknown }>(formbody)
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

const signup = {
  body: Type.Object({
    name: Type.String({ minLength: 1 }),
    age: Type.Integer({ minimum: 0 }),
    tags: Type.Array(Type.String()),
  }),
}

describe('@fastify/formbody', () => {
  it('parses a urlencoded body, repeated keys as arrays', async () => {
    const app = warren().register(formbodyPlugin)
    app.post('/', async (request) => request.body)
    const res = await app.inject({ method: 'POST', url: '/', headers: FORM, payload: 'name=Ada+Lovelace&city=London&tag=a&tag=b' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ name: 'Ada Lovelace', city: 'London', tag: ['a', 'b'] })
  })

  it('validates and coerces the parsed body against a TypeBox schema', async () => {
    const app = warren().register(formbodyPlugin)
    app.post('/signup', { schema: signup }, async (request) => ({ name: request.body.name, nextAge: request.body.age + 1, tags: request.body.tags }))
    const ok = await app.inject({ method: 'POST', url: '/signup', headers: FORM, payload: 'name=Ada&age=36&tags=math' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ name: 'Ada', nextAge: 37, tags: ['math'] })
    const bad = await app.inject({ method: 'POST', url: '/signup', headers: FORM, payload: 'name=Ada&age=old&tags=x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/age must be integer' })
    const missing = await app.inject({ method: 'POST', url: '/signup', headers: FORM, payload: 'age=3&tags=x' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: "body must have required property 'name'" })
  })

  it('enforces its bodyLimit option with 413', async () => {
    const app = warren().register(formbodyPlugin, { bodyLimit: 20 })
    app.post('/', async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', headers: FORM, payload: 'a=1' })).json()).toEqual({ a: '1' })
    const tooLarge = await app.inject({ method: 'POST', url: '/', headers: FORM, payload: 'a=' + 'x'.repeat(50) })
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' })
  })

  it('uses a custom parser, and refuses one that is not a function', async () => {
    const app = warren().register(formbodyPlugin, { parser: (body: string) => ({ raw: body }) })
    app.post('/', async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', headers: FORM, payload: 'a=1&b=2' })).json()).toEqual({ raw: 'a=1&b=2' })
    const broken = warren().register(fromFastify<{ parser: string }>(formbody), { parser: 'qs' })
    await expect(broken.ready()).rejects.toThrow('parser must be a function')
  })
})
