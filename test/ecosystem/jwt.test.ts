import { describe, expect, it } from 'vitest'
import jwt from '@fastify/jwt'
import cookie from '@fastify/cookie'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface JwtDecorators {
  jwt: {
    sign: (payload: object, options?: Record<string, unknown>) => string
    verify: <T>(token: string) => T
    decode: <T>(token: string) => T
  }
}
interface JwtRequest {
  user: Record<string, unknown> | null
  jwtVerify: <T = Record<string, unknown>>(options?: Record<string, unknown>) => Promise<T>
}
interface JwtReply {
  jwtSign: (payload: object, options?: Record<string, unknown>) => Promise<string>
}
const jwtPlugin = fromFastify<Record<string, unknown>, JwtDecorators, JwtRequest, JwtReply>(jwt)
const cookiePlugin = fromFastify(cookie)

function protectedApp() {
  const app = warren().register(jwtPlugin, { secret: 'a-test-secret-of-some-length' })
  app.post('/login', async (_request, reply) => ({ token: await reply.jwtSign({ sub: 'ada', role: 'admin' }) }))
  app.get('/me', { onRequest: async (request) => void (await request.jwtVerify()) }, async (request) => ({ user: request.user }))
  return app
}

describe('@fastify/jwt', () => {
  it('signs a token with reply.jwtSign and verifies it with request.jwtVerify, which sets request.user', async () => {
    const app = protectedApp()
    const { token } = (await app.inject({ method: 'POST', url: '/login' })).json() as { token: string }
    expect(token.split('.')).toHaveLength(3)
    const me = await app.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({ user: { sub: 'ada', role: 'admin', iat: expect.any(Number) } })
  })

  it('answers 401 with its coded errors for a missing, invalid or expired token, 400 for a malformed header', async () => {
    const app = protectedApp()
    await app.ready()
    const missing = await app.inject({ url: '/me' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({ statusCode: 401, code: 'FST_JWT_NO_AUTHORIZATION_IN_HEADER', error: 'Unauthorized', message: 'No Authorization was found in request.headers' })
    const forged = await app.inject({ url: '/me', headers: { authorization: 'Bearer ' + app.jwt.sign({ sub: 'eve' }).slice(0, -2) + 'xx' } })
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ code: 'FST_JWT_AUTHORIZATION_TOKEN_INVALID' })
    const expired = await app.inject({ url: '/me', headers: { authorization: 'Bearer ' + app.jwt.sign({ sub: 'ada', exp: Math.floor(Date.now() / 1000) - 10 }) } })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toMatchObject({ code: 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED', message: 'Authorization token expired' })
    const malformed = await app.inject({ url: '/me', headers: { authorization: 'Bearer two parts' } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ code: 'FST_JWT_BAD_REQUEST', message: 'Format is Authorization: Bearer [token]' })
  })

  it('exposes fastify.jwt.sign / verify / decode on the instance', async () => {
    const app = warren().register(jwtPlugin, { secret: 'another-secret', sign: { expiresIn: '1h' } })
    await app.ready()
    const token = app.jwt.sign({ sub: 'grace' })
    const claims = app.jwt.verify<{ sub: string; iat: number; exp: number }>(token)
    expect(claims.sub).toBe('grace')
    expect(claims.exp - claims.iat).toBe(3600)
    expect(app.jwt.decode<{ sub: string }>(token).sub).toBe('grace')
    expect(() => app.jwt.verify(token + 'x')).toThrow()
  })

  it('reads the token from a cookie with @fastify/cookie', async () => {
    const app = warren().register(cookiePlugin).register(jwtPlugin, { secret: 'cookie-secret', cookie: { cookieName: 'token', signed: false } })
    app.get('/me', async (request) => request.jwtVerify())
    await app.ready()
    const token = app.jwt.sign({ sub: 'linus' })
    expect((await app.inject({ url: '/me', cookies: { token } })).json()).toMatchObject({ sub: 'linus' })
    const none = await app.inject({ url: '/me' })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toMatchObject({ code: 'FST_JWT_NO_AUTHORIZATION_IN_COOKIE' })
  })
})
