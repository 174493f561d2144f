import { describe, expect, it } from 'vitest'
import bearerAuth from '@fastify/bearer-auth'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

const bearerAuthPlugin = fromFastify<Record<string, unknown>>(bearerAuth)

describe('@fastify/bearer-auth', () => {
  it('lets a request with a valid key through', async () => {
    const app = warren().register(bearerAuthPlugin, { keys: new Set(['key-one', 'key-two']) })
    app.get('/foo', async () => ({ authenticated: true }))
    const res = await app.inject({ url: '/foo', headers: { authorization: 'Bearer key-two' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ authenticated: true })
  })

  it('answers 401 { error } for a missing, malformed or wrong key, without running the handler', async () => {
    let handled = 0
    const app = warren().register(bearerAuthPlugin, { keys: ['key-one'] })
    app.get('/foo', async () => {
      handled++
      return { authenticated: true }
    })
    const missing = await app.inject({ url: '/foo' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({ error: 'missing authorization header' })
    const malformed = await app.inject({ url: '/foo', headers: { authorization: 'Basic key-one' } })
    expect(malformed.statusCode).toBe(401)
    expect(malformed.json()).toEqual({ error: 'invalid authorization header' })
    const wrong = await app.inject({ url: '/foo', headers: { authorization: 'Bearer key-two' } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'invalid authorization header' })
    expect(handled).toBe(0)
  })

  it('protects only the context it is registered in', async () => {
    const app = warren()
    app.register(async (secured) => {
      secured.register(bearerAuthPlugin, { keys: ['k'] })
      secured.get('/private', async () => 'private')
    })
    app.get('/public', async () => 'public')
    expect((await app.inject({ url: '/private' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/public' })).body).toBe('public')
  })

  it('uses a custom auth function and error response, and answers 500 when auth throws', async () => {
    const app = warren().register(bearerAuthPlugin, {
      keys: [],
      auth: async (key: string) => {
        if (key === 'explode') throw new Error('store down')
        return key === 'dynamic'
      },
      errorResponse: (error: Error) => ({ reason: error.message }),
    })
    app.get('/', async () => 'in')
    expect((await app.inject({ url: '/', headers: { authorization: 'Bearer dynamic' } })).body).toBe('in')
    const rejected = await app.inject({ url: '/', headers: { authorization: 'Bearer other' } })
    expect(rejected.statusCode).toBe(401)
    expect(rejected.json()).toEqual({ reason: 'invalid authorization header' })
    const failed = await app.inject({ url: '/', headers: { authorization: 'Bearer explode' } })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({ reason: 'store down' })
  })

  it('fails start-up on invalid options', async () => {
    const app = warren().register(bearerAuthPlugin, { keys: 'not-a-set' })
    await expect(app.ready()).rejects.toThrow('options.keys has to be an Array or a Set')
  })
})
