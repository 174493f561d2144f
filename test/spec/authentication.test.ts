import { describe, expect, it } from 'vitest'
import warren from 'warren'
import bearerAuth from 'warren/bearer-auth'

function authApp() {
  const app = warren()
  app.register(async (secured: any) => {
    secured.register(bearerAuth, { keys: ['key-1', 'key-2'] })
    secured.get('/secret', async () => ({ secret: true }))
    secured.post('/secret', async (request: any) => ({ got: request.body }))
    secured.register(async (nested: any) => {
      nested.get('/nested-secret', async () => ({ nested: true }))
    })
  })
  app.register(async (open: any) => {
    open.get('/public', async () => ({ public: true }))
  })
  app.get('/root', async () => ({ root: true }))
  return app
}

describe('5 authentication: bearer-auth', () => {
  it('5 routes in the context with the plugin accept any of the keys', async () => {
    const app = authApp()
    for (const key of ['key-1', 'key-2']) {
      const res = await app.inject({ url: '/secret', headers: { authorization: `Bearer ${key}` } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ secret: true })
    }
    const post = await app.inject({ method: 'POST', url: '/secret', headers: { authorization: 'Bearer key-1' }, payload: { a: 1 } })
    expect(post.json()).toEqual({ got: { a: 1 } })
  })

  it('5 a missing header is refused with 401, the handler does not run', async () => {
    const app = authApp()
    const res = await app.inject('/secret')
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json().statusCode ?? 401).toBe(401)
  })

  it('5 a wrong key, a wrong scheme or a bare key is refused with 401', async () => {
    const app = authApp()
    for (const authorization of ['Bearer nope', 'Basic key-1', 'key-1', 'Bearer', 'Bearer ', 'Bearer key-1x', 'Bearer key-']) {
      const res = await app.inject({ url: '/secret', headers: { authorization } })
      expect(res.statusCode, authorization).toBe(401)
      expect(res.body).not.toContain('secret":true')
    }
  })

  it('5 a refused POST does not reach the handler', async () => {
    const app = authApp()
    const res = await app.inject({ method: 'POST', url: '/secret', payload: { a: 1 } })
    expect(res.statusCode).toBe(401)
  })

  it('5 descendants of the secured context are secured', async () => {
    const app = authApp()
    expect((await app.inject('/nested-secret')).statusCode).toBe(401)
    expect((await app.inject({ url: '/nested-secret', headers: { authorization: 'Bearer key-2' } })).json()).toEqual({ nested: true })
  })

  it('5 routes where the plugin is not registered need no authentication', async () => {
    const app = authApp()
    expect((await app.inject('/public')).json()).toEqual({ public: true })
    expect((await app.inject('/root')).json()).toEqual({ root: true })
    // an invalid header does not matter there either
    expect((await app.inject({ url: '/public', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(200)
  })

  it('5 unknown routes are still 404, not 401', async () => {
    const app = authApp()
    expect((await app.inject('/nowhere')).statusCode).toBe(404)
  })

  it('5 registered at the root, every route needs the key', async () => {
    const app = warren()
    app.register(bearerAuth, { keys: ['root-key'] })
    app.get('/a', async () => 'a')
    app.register(async (child: any) => {
      child.get('/b', async () => 'b')
    })
    expect((await app.inject('/a')).statusCode).toBe(401)
    expect((await app.inject('/b')).statusCode).toBe(401)
    expect((await app.inject({ url: '/b', headers: { authorization: 'Bearer root-key' } })).body).toBe('b')
  })

  it('5 over a real socket', async () => {
    const app = authApp()
    const address = await app.listen({ port: 0 })
    try {
      expect((await fetch(`${address}/secret`)).status).toBe(401)
      const ok = await fetch(`${address}/secret`, { headers: { authorization: 'Bearer key-1' } })
      expect(await ok.json()).toEqual({ secret: true })
      expect((await fetch(`${address}/public`)).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})
