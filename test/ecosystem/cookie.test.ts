import { describe, expect, it } from 'vitest'
import cookie from '@fastify/cookie'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface CookieOptions {
  path?: string
  httpOnly?: boolean
  signed?: boolean
  maxAge?: number
  sameSite?: 'lax' | 'strict' | 'none'
}
interface UnsignResult {
  valid: boolean
  renew: boolean
  value: string | null
}
interface CookieRequest {
  cookies: Record<string, string | undefined>
  unsignCookie: (value: string) => UnsignResult
}
interface CookieReply {
  setCookie: (name: string, value: string, options?: CookieOptions) => CookieReply
  clearCookie: (name: string, options?: CookieOptions) => CookieReply
}
interface CookieDecorators {
  parseCookie: (header: string) => Record<string, string>
  signCookie: (value: string) => string
}
const cookiePlugin = fromFastify<{ secret?: string; hook?: string | false }, CookieDecorators, CookieRequest, CookieReply>(cookie)

describe('@fastify/cookie', () => {
  it('parses the cookie header into request.cookies', async () => {
    const app = warren().register(cookiePlugin)
    app.get('/', async (request) => request.cookies)
    expect((await app.inject({ url: '/', headers: { cookie: 'session=abc; theme=dark%20blue' } })).json()).toEqual({ session: 'abc', theme: 'dark blue' })
    expect((await app.inject({ url: '/' })).json()).toEqual({})
  })

  it('sets and clears cookies with their options, alongside a set-cookie header set by hand', async () => {
    const app = warren().register(cookiePlugin)
    app.get('/', async (_request, reply) => {
      reply.header('set-cookie', 'manual=1')
      reply.setCookie('session', 'abc', { path: '/app', httpOnly: true, maxAge: 60 }).setCookie('theme', 'dark').clearCookie('old')
      return 'ok'
    })
    const res = await app.inject({ url: '/' })
    expect(res.headers['set-cookie']).toEqual([
      'manual=1',
      'session=abc; Max-Age=60; Path=/app; HttpOnly; SameSite=Lax',
      'theme=dark; SameSite=Lax',
      'old=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    ])
    expect(res.cookies.find((c) => c.name === 'session')).toMatchObject({ value: 'abc', path: '/app', httpOnly: true })
  })

  it('signs cookies with the secret and tells a tampered one apart', async () => {
    const app = warren().register(cookiePlugin, { secret: 'a-long-enough-secret' })
    app.get('/login', async (_request, reply) => {
      reply.setCookie('user', 'ada', { signed: true })
      return 'in'
    })
    app.get('/me', async (request) => request.unsignCookie(request.cookies.user ?? ''))
    const login = await app.inject({ url: '/login' })
    const signed = login.cookies[0].value
    expect(signed).toBe(app.signCookie('ada'))
    expect(signed.startsWith('ada.')).toBe(true)
    expect((await app.inject({ url: '/me', cookies: { user: signed } })).json()).toEqual({ valid: true, renew: false, value: 'ada' })
    const tampered = signed.replace('ada.', 'eve.')
    expect((await app.inject({ url: '/me', cookies: { user: tampered } })).json()).toEqual({ valid: false, renew: false, value: null })
  })

  it('keeps cookies set before an error on the error response', async () => {
    const app = warren().register(cookiePlugin)
    app.get('/', { preHandler: async (_request, reply) => void reply.setCookie('trace', 't1') }, async () => {
      throw Object.assign(new Error('nope'), { statusCode: 409 })
    })
    const res = await app.inject({ url: '/' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'nope' })
    expect(res.headers['set-cookie']).toBe('trace=t1; SameSite=Lax')
  })

  it('refuses an invalid hook option at start-up', async () => {
    const app = warren().register(cookiePlugin, { hook: 'onSend' })
    await expect(app.ready()).rejects.toThrow('Invalid value provided for the hook-option')
  })
})
