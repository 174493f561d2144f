import { describe, expect, it } from 'vitest'
import auth from '@fastify/auth'
import bearerAuth from '@fastify/bearer-auth'
import warren, { type Done } from 'warren'
import { fromFastify } from './from-fastify.js'

type AuthFunction = (request: { url: string; headers: Record<string, string | string[] | undefined> }, reply: unknown, done: Done) => void | Promise<void>
interface AuthDecorators {
  auth: (functions: Array<AuthFunction | AuthFunction[]>, options?: { relation?: 'and' | 'or'; run?: 'all' }) => (request: unknown, reply: unknown, done: Done) => void
}
const authPlugin = fromFastify<{ defaultRelation?: 'and' | 'or' }, AuthDecorators>(auth)

function unauthorized(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 401 })
}
const apiKey: AuthFunction = (request, _reply, done) => done(request.headers['x-api-key'] === 'k1' ? undefined : unauthorized('bad api key'))
const adminHeader: AuthFunction = (request, _reply, done) => done(request.headers['x-role'] === 'admin' ? undefined : unauthorized('not an admin'))

describe('@fastify/auth', () => {
  it("composes two strategies with relation 'or': either one lets the request in", async () => {
    const app = warren().register(authPlugin)
    app.after(() => {
      app.get('/either', { preHandler: app.auth([apiKey, adminHeader]) }, async () => 'in')
    })
    expect((await app.inject({ url: '/either', headers: { 'x-api-key': 'k1' } })).body).toBe('in')
    expect((await app.inject({ url: '/either', headers: { 'x-role': 'admin' } })).body).toBe('in')
    const neither = await app.inject({ url: '/either' })
    expect(neither.statusCode).toBe(401)
    expect(neither.json()).toStrictEqual({ statusCode: 401, error: 'Unauthorized', message: 'not an admin' })
  })

  it("composes them with relation 'and': both are needed, the first failure answers", async () => {
    const app = warren().register(authPlugin)
    app.after(() => {
      app.get('/both', { preHandler: app.auth([apiKey, adminHeader], { relation: 'and' }) }, async () => 'in')
    })
    expect((await app.inject({ url: '/both', headers: { 'x-api-key': 'k1', 'x-role': 'admin' } })).body).toBe('in')
    const onlyKey = await app.inject({ url: '/both', headers: { 'x-api-key': 'k1' } })
    expect(onlyKey.statusCode).toBe(401)
    expect(onlyKey.json()).toMatchObject({ message: 'not an admin' })
    expect((await app.inject({ url: '/both', headers: { 'x-role': 'admin' } })).json()).toMatchObject({ message: 'bad api key' })
  })

  it('accepts async strategies and the decorators of other plugins (@fastify/bearer-auth with addHook: false)', async () => {
    const app = warren()
      .register(authPlugin)
      .register(fromFastify<Record<string, unknown>, { verifyBearerAuth: AuthFunction }>(bearerAuth), { keys: ['secret-key'], addHook: false })
    const allowHealth: AuthFunction = async (request) => {
      if (request.url !== '/health') throw unauthorized('not public')
    }
    app.after(() => {
      app.route({ method: 'GET', url: '/health', preHandler: app.auth([allowHealth, app.verifyBearerAuth]), handler: async () => 'healthy' })
      app.route({ method: 'GET', url: '/data', preHandler: app.auth([allowHealth, app.verifyBearerAuth]), handler: async () => 'data' })
    })
    expect((await app.inject({ url: '/health' })).body).toBe('healthy')
    expect((await app.inject({ url: '/data', headers: { authorization: 'Bearer secret-key' } })).body).toBe('data')
    const denied = await app.inject({ url: '/data', headers: { authorization: 'Bearer wrong' } })
    expect(denied.statusCode).toBe(401)
    expect(denied.json()).toMatchObject({ statusCode: 401, code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER', message: 'invalid authorization header' })
  })

  it("answers the README's `401: you are not authenticated` when a strategy fails with a plain Error (relation 'and', run 'all')", async () => {
    const app = warren().register(authPlugin)
    app.after(() => {
      app.get('/run-all', {
        preHandler: app.auth([
          (_request, _reply, done) => done(),
          (_request, _reply, done) => done(new Error('you are not authenticated')),
          (_request, _reply, done) => done(new Error('you shall not pass')),
        ], { relation: 'and', run: 'all' }),
      }, async () => 'never')
    })
    const res = await app.inject({ url: '/run-all' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body).toBe('{"statusCode":401,"error":"Unauthorized","message":"you are not authenticated"}')
  })

  it('rejects an unknown default relation when the plugin loads', async () => {
    const app = warren().register(fromFastify<{ defaultRelation: string }>(auth), { defaultRelation: 'xor' })
    await expect(app.ready()).rejects.toThrow("The value of default relation should be one of ['or', 'and']")
  })
})
