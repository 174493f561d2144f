import { describe, expect, it } from 'vitest'
import warren from 'warren'
import openapi from 'warren/openapi'
import bearerAuth, { tokenAuth } from 'warren/bearer-auth'

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

  it('fails ready() without keys or auth, with a code', async () => {
    const app = warren()
    // the types refuse it too (type-tests/bearer-auth.test-d.ts): JavaScript callers reach this
    app.register(bearerAuth, {} as never)
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_AUTH_OPTIONS', message: expect.stringMatching(/'keys'/) })
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

describe('bearer-auth: another scheme', () => {
  it('reads `Token <key>` with scheme: Token, in any case, and refuses the Bearer scheme there', async () => {
    const app = build({ keys: ['k1'], scheme: 'Token' })
    expect((await app.inject({ url: '/secure', headers: { authorization: 'Token k1' } })).statusCode).toBe(200)
    expect((await app.inject({ url: '/secure', headers: { authorization: 'token k1' } })).statusCode).toBe(200)
    const wrongScheme = await app.inject({ url: '/secure', headers: { authorization: 'Bearer k1' } })
    expect(wrongScheme.statusCode).toBe(401)
    expect(wrongScheme.headers['www-authenticate']).toBe('Token')
    expect(wrongScheme.json()).toMatchObject({ code: 'SVC_ERR_BEARER_AUTH_MISSING', message: 'malformed authorization header: expected "Token <token>"' })
    const wrongKey = await app.inject({ url: '/secure', headers: { authorization: 'Token k2' } })
    expect(wrongKey.headers['www-authenticate']).toBe('Token error="invalid_token"')
  })

  it('fails ready() for a scheme that is not an HTTP auth-scheme name', async () => {
    for (const scheme of ['', 'To ken', 'Token:', 42]) {
      await expect(build({ keys: ['k'], scheme }).ready()).rejects.toThrow(/'scheme' must be an HTTP auth-scheme name/)
    }
  })
})

interface User {
  id: number
  name: string
}
const users = new Map<string, User>([
  ['ada-token', { id: 1, name: 'Ada' }],
  ['alan-token', { id: 2, name: 'Alan' }],
])

/** An app with /me behind `options`, /public beside it, and /boom that always answers. */
function withPrincipal(options: Parameters<typeof tokenAuth<User, 'user', boolean>>[0]) {
  const app = warren()
  app.register(async (api) => {
    api.register(tokenAuth(options)).get('/me', async (request) => ({ user: request.user }))
  })
  app.get('/public', async () => ({ open: true }))
  return app
}

describe('tokenAuth: verify(token, request) gives the request its principal', () => {
  it('stores what an async verify returns as request.user, and verify sees the request', async () => {
    const seen: string[] = []
    const app = withPrincipal({
      scheme: 'Token',
      verify: async (token, request) => {
        seen.push(`${request.method} ${request.url}`)
        return users.get(token) ?? null
      },
    })
    const ada = await app.inject({ url: '/me', headers: { authorization: 'Token ada-token' } })
    expect(ada.statusCode).toBe(200)
    expect(ada.json()).toEqual({ user: { id: 1, name: 'Ada' } })
    const alan = await app.inject({ url: '/me', headers: { authorization: 'Token alan-token' } })
    expect(alan.json()).toEqual({ user: { id: 2, name: 'Alan' } })
    expect(seen).toEqual(['GET /me', 'GET /me'])
  })

  it('accepts a sync verify; null, undefined and false refuse the token with invalid_token', async () => {
    for (const refusal of [null, undefined, false] as const) {
      const app = withPrincipal({ verify: (token) => (token === 'ok' ? { id: 7, name: 'Sync' } : refusal) })
      expect((await app.inject({ url: '/me', headers: { authorization: 'Bearer ok' } })).json()).toEqual({ user: { id: 7, name: 'Sync' } })
      const refused = await app.inject({ url: '/me', headers: { authorization: 'Bearer nope' } })
      expect(refused.statusCode).toBe(401)
      expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
      expect(refused.json()).toEqual({ statusCode: 401, code: 'SVC_ERR_BEARER_AUTH_INVALID', error: 'Unauthorized', message: 'invalid authorization token' })
    }
  })

  it('answers 401 for a missing header, another scheme and a malformed value, without calling verify', async () => {
    let calls = 0
    const app = withPrincipal({ scheme: 'Token', verify: (token) => (calls++, users.get(token)) })
    const missing = await app.inject({ url: '/me' })
    expect(missing.statusCode).toBe(401)
    expect(missing.headers['www-authenticate']).toBe('Token')
    expect(missing.json()).toMatchObject({ code: 'SVC_ERR_BEARER_AUTH_MISSING', message: 'missing authorization header' })
    for (const authorization of ['Bearer ada-token', 'Basic YWRhOnB3', 'Token', 'Token ', 'Token a b', 'ada-token', 'Tokenada-token']) {
      const res = await app.inject({ url: '/me', headers: { authorization } })
      expect(res.statusCode, authorization).toBe(401)
      expect(res.json().code).toBe('SVC_ERR_BEARER_AUTH_MISSING')
    }
    expect(calls).toBe(0)
    expect((await app.inject({ url: '/public' })).statusCode).toBe(200)
  })

  it('fails the request with what verify throws or rejects with (500 by default), and keeps serving', async () => {
    const app = withPrincipal({
      verify: (token) => {
        if (token === 'throw') throw new Error('key store unreachable')
        if (token === 'reject') return Promise.reject(Object.assign(new Error('account locked'), { statusCode: 403 }))
        return users.get(token)
      },
    })
    const thrown = await app.inject({ url: '/me', headers: { authorization: 'Bearer throw' } })
    expect(thrown.statusCode).toBe(500)
    expect(thrown.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
    const rejected = await app.inject({ url: '/me', headers: { authorization: 'Bearer reject' } })
    expect(rejected.statusCode).toBe(403)
    expect(rejected.json()).toMatchObject({ statusCode: 403, message: 'account locked' })
    expect((await app.inject({ url: '/me', headers: { authorization: 'Bearer ada-token' } })).json()).toEqual({ user: { id: 1, name: 'Ada' } })
  })

  it('optional: no header passes with a null principal; a bad or malformed token is still a 401', async () => {
    const app = withPrincipal({ scheme: 'Token', optional: true, verify: (token) => users.get(token) })
    const anonymous = await app.inject({ url: '/me' })
    expect(anonymous.statusCode).toBe(200)
    expect(anonymous.json()).toEqual({ user: null })
    expect((await app.inject({ url: '/me', headers: { authorization: 'Token ada-token' } })).json()).toEqual({ user: { id: 1, name: 'Ada' } })
    const refused = await app.inject({ url: '/me', headers: { authorization: 'Token unknown' } })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['www-authenticate']).toBe('Token error="invalid_token"')
    expect((await app.inject({ url: '/me', headers: { authorization: 'Bearer ada-token' } })).statusCode).toBe(401)
  })

  it('a required authentication nested in an optional one writes the same property; each request starts anonymous', async () => {
    const verify = (token: string) => users.get(token)
    const app = warren()
    app.register(async (api) => {
      const anyone = api.register(tokenAuth({ verify, optional: true }))
      anyone.get('/feed', async (request) => ({ reader: request.user?.name ?? null }))
      anyone.register(async (inner) => {
        inner.register(tokenAuth({ verify })).get('/mine', async (request) => ({ owner: request.user.name }))
      })
    })
    expect((await app.inject({ url: '/feed' })).json()).toEqual({ reader: null })
    expect((await app.inject({ url: '/feed', headers: { authorization: 'Bearer ada-token' } })).json()).toEqual({ reader: 'Ada' })
    expect((await app.inject({ url: '/mine' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/mine', headers: { authorization: 'Bearer alan-token' } })).json()).toEqual({ owner: 'Alan' })
    expect((await app.inject({ url: '/feed' })).json()).toEqual({ reader: null })
  })

  it('property names the request property; errorResponse builds the 401 body', async () => {
    const app = warren()
    app.register(async (api) => {
      api
        .register(tokenAuth({ verify: (token) => (token === 'svc' ? { service: 'billing' } : null), property: 'client', errorResponse: (error) => ({ errors: { body: [error.message] } }) }))
        .get('/whoami', async (request) => request.client)
    })
    expect((await app.inject({ url: '/whoami', headers: { authorization: 'Bearer svc' } })).json()).toEqual({ service: 'billing' })
    const refused = await app.inject({ url: '/whoami', headers: { authorization: 'Bearer other' } })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ errors: { body: ['invalid authorization token'] } })
  })

  it('refuses options without a verify function, or with a bad scheme, when called', () => {
    expect(() => tokenAuth({} as never)).toThrow(/needs a 'verify' function/)
    expect(() => tokenAuth({ verify: () => null, scheme: 'Bad Scheme' })).toThrow(/'scheme' must be an HTTP auth-scheme name/)
  })

  it('fails ready() when the property is a built-in request property', async () => {
    const app = warren()
    app.register(async (api) => {
      api.register(tokenAuth({ verify: () => ({}), property: 'body' }))
    })
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_AUTH_OPTIONS', message: expect.stringMatching(/request\.body cannot hold the principal/) })
  })

  it('behaves the same over a real socket', async () => {
    const app = withPrincipal({ scheme: 'Token', verify: async (token) => users.get(token) ?? null })
    const base = await app.listen({ port: 0 })
    try {
      const missing = await fetch(`${base}/me`)
      expect(missing.status).toBe(401)
      expect(missing.headers.get('www-authenticate')).toBe('Token')
      const wrongScheme = await fetch(`${base}/me`, { headers: { authorization: 'Bearer ada-token' } })
      expect(wrongScheme.status).toBe(401)
      const bad = await fetch(`${base}/me`, { headers: { authorization: 'Token forged' } })
      expect(bad.status).toBe(401)
      expect(bad.headers.get('www-authenticate')).toBe('Token error="invalid_token"')
      const ok = await fetch(`${base}/me`, { headers: { authorization: 'Token ada-token' } })
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual({ user: { id: 1, name: 'Ada' } })
      expect((await fetch(`${base}/public`)).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe('bearer-auth and tokenAuth in the OpenAPI document', () => {
  it('two contexts guarded differently under one scheme name stop the start, naming both routes; the same guard twice is one scheme', async () => {
    const verify = (token: string) => users.get(token)
    const clash = await warren().register(openapi, { info: { title: 'auth', version: '1' }, docs: false })
    clash.register(async (admin) => {
      admin.register(bearerAuth, { keys: ['k'], openapi: { description: 'an admin key' } }).get('/admin', async () => 'ok')
    })
    clash.register(async (api) => {
      api.register(tokenAuth({ verify, openapi: { bearerFormat: 'JWT' } })).get('/me', async () => 'ok')
    })
    await expect(clash.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_OPENAPI_SECURITY_SCHEME_CONFLICT',
      message: expect.stringMatching(/'bearerAuth' \(in contexts of routes GET \/admin and GET \/me\).*openapi: \{ name \}/),
    })

    const apart = await warren().register(openapi, { info: { title: 'auth', version: '1' }, docs: false })
    for (const prefix of ['/a', '/b']) {
      apart.register(async (api) => {
        api.register(bearerAuth, { keys: ['k'] }).get('/', async () => 'ok')
      }, { prefix })
    }
    await apart.ready()
    expect(apart.openapi().components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } })
  })

  it('documents each context: the scheme, the requirement (anonymous allowed when optional) and the 401', async () => {
    const verify = (token: string) => users.get(token)
    const app = await warren().register(openapi, { info: { title: 'auth', version: '1' }, docs: false })
    app.register(async (api) => {
      api.register(tokenAuth({ scheme: 'Token', verify, openapi: { name: 'Token' } })).get('/user', async (request) => request.user)
    })
    app.register(async (api) => {
      api.register(tokenAuth({ scheme: 'Token', verify, optional: true, openapi: { name: 'Token' } })).get('/articles', async () => [])
    })
    app.register(async (api) => {
      api.register(tokenAuth({ verify, openapi: { bearerFormat: 'JWT', description: 'a signed token' } })).get('/jwt', async () => 'ok')
    })
    app.register(async (api) => {
      api.register(bearerAuth, { keys: ['k'], scheme: 'ApiKey' }).get('/keyed', async () => 'ok')
    })
    app.get('/open', async () => 'ok')
    await app.ready()
    const document = app.openapi()
    expect(document.components.securitySchemes).toEqual({
      Token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The header `Authorization: Token <token>`.' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'a signed token' },
      apikeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The header `Authorization: ApiKey <token>`.' },
    })
    expect(document.paths['/user'].get?.security).toEqual([{ Token: [] }])
    const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/WarrenError' } } }
    expect(document.paths['/user'].get?.responses['401']).toEqual({ description: 'Missing, malformed or invalid credentials (`Authorization: Token <token>`)', content: errorBody })
    expect(document.paths['/articles'].get?.security).toEqual([{ Token: [] }, {}])
    expect(document.paths['/articles'].get?.responses['401']).toEqual({ description: 'Malformed or invalid credentials (`Authorization: Token <token>`)', content: errorBody })
    expect(document.paths['/jwt'].get?.security).toEqual([{ bearerAuth: [] }])
    expect(document.paths['/keyed'].get?.security).toEqual([{ apikeyAuth: [] }])
    expect(document.paths['/open'].get?.security).toBeUndefined()
  })
})
