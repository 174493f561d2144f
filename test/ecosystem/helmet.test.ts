import { describe, expect, it } from 'vitest'
import helmet from '@fastify/helmet'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface HelmetReply {
  cspNonce: { script: string; style: string } | null
  helmet: (options?: Record<string, unknown>) => void
}
const helmetPlugin = fromFastify<Record<string, unknown>, {}, {}, HelmetReply>(helmet)

describe('@fastify/helmet', () => {
  it('sets the security headers on every response, errors and 404s included', async () => {
    const app = warren().register(helmetPlugin)
    app.get('/', async () => ({ ok: true }))
    app.get('/fail', async () => {
      throw new Error('boom')
    })
    for (const url of ['/', '/fail', '/missing']) {
      const res = await app.inject({ url })
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
    expect((await app.inject({ url: '/fail' })).statusCode).toBe(500)
    expect((await app.inject({ url: '/missing' })).statusCode).toBe(404)
  })

  it('takes options, and a route option helmet: false skips the route', async () => {
    // onRoute hooks see the routes declared after the plugin has loaded, as in Fastify
    const app = await warren().register(helmetPlugin, { frameguard: { action: 'deny' }, contentSecurityPolicy: false })
    app.get('/', async () => 'guarded')
    // a plugin's own route option, read by its onRoute hook (warren's route option type has no slot for these)
    app.route(Object.assign({ method: 'GET' as const, url: '/raw', handler: async () => 'bare' }, { helmet: false }))
    const guarded = await app.inject({ url: '/' })
    expect(guarded.headers['x-frame-options']).toBe('DENY')
    expect(guarded.headers['content-security-policy']).toBeUndefined()
    const bare = await app.inject({ url: '/raw' })
    expect(bare.body).toBe('bare')
    expect(bare.headers['x-frame-options']).toBeUndefined()
    expect(bare.headers['x-content-type-options']).toBeUndefined()
  })

  it('adds per-request CSP nonces to the policy and to reply.cspNonce', async () => {
    const app = warren().register(helmetPlugin, { enableCSPNonces: true })
    app.get('/', async (_request, reply) => reply.cspNonce)
    const first = await app.inject({ url: '/' })
    const nonce = first.json() as { script: string; style: string }
    expect(nonce.script).toMatch(/^[0-9a-f]{32}$/)
    expect(first.headers['content-security-policy']).toContain(`'nonce-${nonce.script}'`)
    expect(first.headers['content-security-policy']).toContain(`'nonce-${nonce.style}'`)
    const second = (await app.inject({ url: '/' })).json() as { script: string }
    expect(second.script).not.toBe(nonce.script)
  })

  it('rejects an unknown route-level helmet value when the route is declared', async () => {
    const app = await warren().register(helmetPlugin)
    expect(() => app.route(Object.assign({ method: 'GET' as const, url: '/', handler: async () => 'x' }, { helmet: 'yes' }))).toThrow('Unknown value for route helmet configuration')
  })
})
