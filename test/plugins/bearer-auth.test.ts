import { describe, expect, it } from 'vitest'
import warren from 'warren'
import bearerAuth from 'warren/bearer-auth'

function build(options: Record<string, unknown> = { keys: ['good-key', 'other-key'] }) {
  const app = warren()
  app.register(async (secured: any) => {
    secured.register(bearerAuth, options)
    secured.get('/secure', async () => ({ area: 'secure' }))
  })
  app.register(async (open: any) => {
    open.get('/open', async () => ({ area: 'open' }))
  })
  return app
}

describe('bearer-auth (spec 5)', () => {
  it('lets a request with an accepted key through', async () => {
    const app = build()
    for (const key of ['good-key', 'other-key']) {
      const res = await app.inject({ url: '/secure', headers: { authorization: `Bearer ${key}` } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ area: 'secure' })
    }
  })

  it('leaves sibling contexts without the plugin open', async () => {
    const res = await build().inject({ url: '/open' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ area: 'open' })
  })

  it('answers 401 with a Bearer challenge when the header is missing', async () => {
    const res = await build().inject({ url: '/secure' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
    expect(res.json()).toEqual({ statusCode: 401, code: 'SVC_ERR_BEARER_AUTH_MISSING', error: 'Unauthorized', message: 'missing authorization header' })
  })

  it('answers 401 when the header is malformed', async () => {
    for (const authorization of ['good-key', 'Basic Z29vZDprZXk=', 'Bearer', 'Bearer a b']) {
      const res = await build().inject({ url: '/secure', headers: { authorization } })
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
      expect(res.json().code).toBe('SVC_ERR_BEARER_AUTH_MISSING')
    }
  })

  it('answers 401 invalid_token for a wrong key', async () => {
    const res = await build().inject({ url: '/secure', headers: { authorization: 'Bearer good-kez' } })
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    expect(res.json()).toEqual({ statusCode: 401, code: 'SVC_ERR_BEARER_AUTH_INVALID', error: 'Unauthorized', message: 'invalid authorization key' })
  })

  it('accepts keys as a Set and the scheme in any case', async () => {
    const app = build({ keys: new Set(['k1']) })
    const res = await app.inject({ url: '/secure', headers: { authorization: 'bearer k1' } })
    expect(res.statusCode).toBe(200)
  })

  it('uses a custom auth function, sync or async, with the request', async () => {
    const seen: string[] = []
    const app = build({
      auth: async (key: string, request: any) => {
        seen.push(request.url)
        return key === 'from-db'
      },
    })
    expect((await app.inject({ url: '/secure', headers: { authorization: 'Bearer from-db' } })).statusCode).toBe(200)
    expect((await app.inject({ url: '/secure', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401)
    expect(seen).toEqual(['/secure', '/secure'])
    const sync = build({ auth: (key: string) => key === 'sync' })
    expect((await sync.inject({ url: '/secure', headers: { authorization: 'Bearer sync' } })).statusCode).toBe(200)
  })

  it('builds the error body with errorResponse', async () => {
    const app = build({ keys: ['k'], errorResponse: (error: Error) => ({ problem: error.message }) })
    const res = await app.inject({ url: '/secure', headers: { authorization: 'Bearer x' } })
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    expect(res.json()).toEqual({ problem: 'invalid authorization key' })
  })

  it('fails ready() without keys or auth', async () => {
    const app = warren()
    app.register(bearerAuth, {})
    await expect(app.ready()).rejects.toThrow(/keys/)
  })

  it('protects routes over a real socket', async () => {
    const app = build()
    const base = await app.listen({ port: 0 })
    try {
      expect((await fetch(`${base}/secure`)).status).toBe(401)
      const ok = await fetch(`${base}/secure`, { headers: { authorization: 'Bearer good-key' } })
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual({ area: 'secure' })
      expect((await fetch(`${base}/open`)).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})
