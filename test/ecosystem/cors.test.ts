import { describe, expect, it } from 'vitest'
import cors from '@fastify/cors'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

const corsPlugin = fromFastify<Record<string, unknown>>(cors)

describe('@fastify/cors', () => {
  it('answers a preflight request with the allowed origin, methods, headers and max age', async () => {
    const app = warren().register(corsPlugin, { origin: 'https://app.example', methods: ['GET', 'PUT'], maxAge: 600 })
    app.put('/items/:id', async () => ({ updated: true }))
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/items/1',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-token' },
    })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example')
    expect(res.headers['access-control-allow-methods']).toBe('GET, PUT')
    expect(res.headers['access-control-allow-headers']).toBe('x-token')
    expect(res.headers['access-control-max-age']).toBe('600')
    expect(res.headers.vary).toContain('Access-Control-Request-Headers')
  })

  it('rejects a preflight without the request-method header (strictPreflight) with 400', async () => {
    const app = warren().register(corsPlugin, { origin: true })
    app.get('/', async () => 'ok')
    const res = await app.inject({ method: 'OPTIONS', url: '/', headers: { origin: 'https://a.example' } })
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe('Invalid Preflight Request')
  })

  it('reflects an allowed origin on actual requests, with vary: Origin, and leaves others out', async () => {
    const app = warren().register(corsPlugin, { origin: ['https://a.example', /\.trusted\.example$/], credentials: true, exposedHeaders: 'x-total' })
    app.get('/', async () => ({ ok: true }))
    const allowed = await app.inject({ url: '/', headers: { origin: 'https://api.trusted.example' } })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toEqual({ ok: true })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://api.trusted.example')
    expect(allowed.headers['access-control-allow-credentials']).toBe('true')
    expect(allowed.headers['access-control-expose-headers']).toBe('x-total')
    expect(allowed.headers.vary).toBe('Origin')
    const other = await app.inject({ url: '/', headers: { origin: 'https://evil.example' } })
    expect(other.statusCode).toBe(200)
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('takes per-route overrides from config.cors, and config.cors: false disables it', async () => {
    const app = warren().register(corsPlugin, { origin: 'https://app.example' })
    app.get('/default', async () => 'default')
    app.get('/open', { config: { cors: { origin: '*' } } }, async () => 'open')
    app.get('/closed', { config: { cors: false } }, async () => 'closed')
    const origin = { origin: 'https://other.example' }
    expect((await app.inject({ url: '/default', headers: origin })).headers['access-control-allow-origin']).toBe('https://app.example')
    expect((await app.inject({ url: '/open', headers: origin })).headers['access-control-allow-origin']).toBe('*')
    const closed = await app.inject({ url: '/closed', headers: origin })
    expect(closed.body).toBe('closed')
    expect(closed.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('fails the request through the error handler when the origin function errs', async () => {
    const app = warren().register(corsPlugin, {
      origin: (_origin: string, callback: (error: Error | null, allow?: boolean) => void) => callback(Object.assign(new Error('origin lookup failed'), { statusCode: 503 })),
    })
    app.get('/', async () => 'never')
    const res = await app.inject({ url: '/', headers: { origin: 'https://a.example' } })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message: 'origin lookup failed' })
  })
})
