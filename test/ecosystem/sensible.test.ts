import { describe, expect, it } from 'vitest'
import sensible from '@fastify/sensible'
import warren, { Type } from 'warren'
import { fromFastify } from './from-fastify.js'

type HttpErrorFactory = (message?: string) => Error
interface SensibleDecorators {
  httpErrors: Record<string, HttpErrorFactory> & { createError: (status: number, message: string) => Error }
  assert: ((condition: unknown, status?: number, message?: string) => void) & { equal: (a: unknown, b: unknown, status?: number, message?: string) => void }
  to: <T>(promise: Promise<T>) => Promise<[Error | null, T | undefined]>
}
interface SensibleRequest {
  is: (...types: string[]) => string | false | null
}
interface SensibleReply {
  notFound: (message?: string) => unknown
  badRequest: (message?: string) => unknown
  getHttpError: (status: number, message?: string) => unknown
  vary: (field: string) => void
  cacheControl: (directive: string, value?: number | string) => SensibleReply
}
const sensiblePlugin = fromFastify<{ sharedSchemaId?: string }, SensibleDecorators, SensibleRequest, SensibleReply>(sensible)

describe('@fastify/sensible', () => {
  it('reply.notFound(), reply.badRequest(message) and reply.getHttpError() answer the standard error body', async () => {
    const app = warren().register(sensiblePlugin)
    app.get('/missing', (_request, reply) => void reply.notFound())
    app.get('/bad', (_request, reply) => void reply.badRequest('id must be positive'))
    app.get('/maintenance', (_request, reply) => void reply.getHttpError(503, 'down for maintenance'))
    const missing = await app.inject({ url: '/missing' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toStrictEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' })
    const bad = await app.inject({ url: '/bad' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toStrictEqual({ statusCode: 400, error: 'Bad Request', message: 'id must be positive' })
    const unavailable = await app.inject({ url: '/maintenance' })
    expect(unavailable.statusCode).toBe(503)
    expect(unavailable.json()).toStrictEqual({ statusCode: 503, error: 'Service Unavailable', message: 'down for maintenance' })
  })

  it('httpErrors thrown from handlers and hooks become their status', async () => {
    const app = warren().register(sensiblePlugin)
    app.get('/conflict', async () => {
      throw app.httpErrors.conflict('name taken')
    })
    app.get('/guarded', { preHandler: async () => { throw app.httpErrors.forbidden() } }, async () => 'never')
    const conflict = await app.inject({ url: '/conflict' })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json()).toStrictEqual({ statusCode: 409, error: 'Conflict', message: 'name taken' })
    const guarded = await app.inject({ url: '/guarded' })
    expect(guarded.statusCode).toBe(403)
    expect(guarded.json()).toStrictEqual({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' })
  })

  it('assert throws an http error when the condition fails, and to() wraps a promise', async () => {
    const app = warren().register(sensiblePlugin)
    app.get('/items/:id', async (request) => {
      const id = Number(request.params.id)
      app.assert(Number.isInteger(id), 400, 'id must be an integer')
      const [error, item] = await app.to(id === 1 ? Promise.resolve({ id }) : Promise.reject(new Error('no such item')))
      if (error) throw app.httpErrors.notFound(error.message)
      return item
    })
    expect((await app.inject({ url: '/items/1' })).json()).toEqual({ id: 1 })
    const notInteger = await app.inject({ url: '/items/x' })
    expect(notInteger.statusCode).toBe(400)
    expect(notInteger.json()).toMatchObject({ message: 'id must be an integer' })
    const missing = await app.inject({ url: '/items/2' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ message: 'no such item' })
  })

  it('adds request.is(), reply.vary() and reply.cacheControl()', async () => {
    const app = warren().register(sensiblePlugin)
    app.post('/', async (request, reply) => {
      reply.vary('Accept')
      reply.cacheControl('public').cacheControl('max-age', 60)
      return { json: request.is('json') }
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    expect(res.json()).toEqual({ json: 'json' })
    expect(res.headers.vary).toBe('Accept')
    expect(res.headers['cache-control']).toBe('public, max-age=60')
  })

  it('registers the error shape as a shared schema usable in response schemas', async () => {
    const app = warren().register(sensiblePlugin, { sharedSchemaId: 'HttpError' })
    app.register(async (child) => {
      child.get('/x', { schema: { response: { 404: Type.Ref('HttpError') } } }, (_request, reply) => void reply.notFound('gone'))
    })
    await app.ready()
    expect(app.getSchema('HttpError')).toMatchObject({ $id: 'HttpError', type: 'object' })
    const res = await app.inject({ url: '/x' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toStrictEqual({ statusCode: 404, error: 'Not Found', message: 'gone' })
  })
})
