import { describe, expect, it } from 'vitest'
import rateLimit from '@fastify/rate-limit'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface RateLimitDecorators {
  rateLimit: (options?: Record<string, unknown>) => (request: unknown, reply: unknown) => Promise<void>
}
const rateLimitPlugin = fromFastify<Record<string, unknown>, RateLimitDecorators>(rateLimit)

describe('@fastify/rate-limit', () => {
  it('counts requests with x-ratelimit headers, then answers 429 with retry-after', async () => {
    const app = await warren().register(rateLimitPlugin, { max: 2, timeWindow: '1 minute' })
    app.get('/', async () => ({ hello: 'world' }))
    const first = await app.inject({ url: '/' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-ratelimit-limit']).toBe('2')
    expect(first.headers['x-ratelimit-remaining']).toBe('1')
    expect(first.headers['x-ratelimit-reset']).toBe('60')
    expect((await app.inject({ url: '/' })).headers['x-ratelimit-remaining']).toBe('0')
    const limited = await app.inject({ url: '/' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toStrictEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' })
    expect(limited.headers['x-ratelimit-limit']).toBe('2')
    expect(limited.headers['x-ratelimit-remaining']).toBe('0')
    expect(limited.headers['retry-after']).toBe('60')
  })

  it('keys clients by ip and honours the allowList', async () => {
    const app = await warren().register(rateLimitPlugin, { max: 1, timeWindow: 60_000, allowList: ['10.0.0.9'] })
    app.get('/', async () => 'ok')
    expect((await app.inject({ url: '/', remoteAddress: '10.0.0.1' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/', remoteAddress: '10.0.0.1' })).statusCode).toBe(429)
    expect((await app.inject({ url: '/', remoteAddress: '10.0.0.2' })).statusCode).toBe(200)
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/', remoteAddress: '10.0.0.9' })).statusCode).toBe(200)
  })

  it('reads per-route limits from config.rateLimit and skips routes with rateLimit: false', async () => {
    const app = await warren().register(rateLimitPlugin, { global: false, max: 100 })
    app.get('/strict', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => 'strict')
    app.get('/free', async () => 'free')
    expect((await app.inject({ url: '/strict' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/strict' })).statusCode).toBe(429)
    for (let i = 0; i < 3; i++) {
      const free = await app.inject({ url: '/free' })
      expect(free.statusCode).toBe(200)
      expect(free.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })

  it('lets a custom error handler reshape the 429, keeping the headers', async () => {
    const app = await warren().register(rateLimitPlugin, { max: 1, timeWindow: 1000, errorResponseBuilder: (_req: unknown, context: { after: string; statusCode: number }) => ({ statusCode: context.statusCode, code: 'SLOW_DOWN', message: `wait ${context.after}` }) })
    app.setErrorHandler(async (error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
      reply.code(error.statusCode ?? 500)
      return { rejected: error.code, hint: error.message }
    })
    app.get('/', async () => 'ok')
    await app.inject({ url: '/' })
    const limited = await app.inject({ url: '/' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ rejected: 'SLOW_DOWN', hint: 'wait 1 second' })
    expect(limited.headers['retry-after']).toBe('1')
  })

  it('exposes fastify.rateLimit() as a hook for routes declared without the global one', async () => {
    const app = await warren().register(rateLimitPlugin, { global: false })
    app.get('/login', { onRequest: app.rateLimit({ max: 1, timeWindow: '1 minute' }) }, async () => 'login')
    expect((await app.inject({ url: '/login' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/login' })).statusCode).toBe(429)
  })
})
