import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'
import { client, WarrenClientError } from 'warren/client'

const Money = Type.Object({ amount: Type.Number(), currency: Type.String() }, { $id: 'Money' })

/**
 * Routes whose answers may not match their declared schemas: a raw JSON string skips serialization
 * (the reply's types refuse it, rightly, so these tests cast it: `raw`).
 */
const raw = (json: string) => json as never
function buildApp() {
  const app = warren().addSchema(Money)
  app.get('/price/:mode', { schema: { params: Type.Object({ mode: Type.String() }), response: { 200: Type.Ref('Money'), '4xx': Type.Object({ reason: Type.String() }) } } }, async (request, reply) => {
    if (request.params.mode === 'good') return { amount: 3, currency: 'EUR' }
    if (request.params.mode === 'refused') return reply.code(409).type('application/json').send(raw('{"reason":"sold out"}'))
    if (request.params.mode === 'bad-4xx') return reply.code(409).type('application/json').send(raw('{"why":1}'))
    return reply.type('application/json').send(raw('{"amount":"three","currency":"EUR"}'))
  })
  app.register(async (child) => {
    child.post('/items', { schema: { response: { 201: Type.Object({ id: Type.Integer() }) } } }, async (_request, reply) => reply.code(201).type('application/json').send(raw('{"id":"x"}')))
  }, { prefix: '/shop' })
  app.get('/free', async (_request, reply) => reply.type('application/json').send(raw('{"anything":true}')))
  return app
}

describe('client({ app, validate: true }): the schemas come from the application', () => {
  const app = buildApp()
  const api = client({ app, validate: true })

  it('accepts answers that match, the shared schema a Type.Ref names included', async () => {
    expect((await api.get('/price/:mode', { params: { mode: 'good' } })).body).toEqual({ amount: 3, currency: 'EUR' })
    expect((await api.get('/price/:mode', { params: { mode: 'refused' } })).body).toEqual({ reason: 'sold out' })
  })

  it('rejects an answer that does not match its status schema, naming the route and the field', async () => {
    const failure = await api.get('/price/:mode', { params: { mode: 'bad' } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WarrenClientError)
    expect(failure).toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', status: 200 })
    expect((failure as Error).message).toMatch(/GET \/price\/:mode/)
    expect((failure as Error).message).toMatch(/amount/)
    await expect(api.get('/price/:mode', { params: { mode: 'bad-4xx' } })).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', status: 409 })
  })

  it('knows routes declared in plugins under their prefix, and leaves routes without a response schema alone', async () => {
    await expect(api.post('/shop/items')).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', status: 201 })
    expect((await api.get('/free')).body).toEqual({ anything: true })
  })

  it('is refused without an app to read from, or with an object that is not a warren application', () => {
    expect(() => client({ baseUrl: 'http://127.0.0.1:1', validate: true })).toThrow(/validate: true reads the schemas from `app`/)
    const notWarren = { inject: async () => ({ statusCode: 200, headers: {}, body: '' }) }
    expect(() => client({ app: notWarren, validate: true })).toThrow(/response schemas of a warren application/)
  })
})

describe('client({ app, validate: true }) with another library’s response schemas', () => {
  it('leaves an answer declared with a Standard Schema unchecked (the schema describes what the handler gives, not the JSON)', async () => {
    const { z } = await import('zod')
    const app = warren()
      .get('/event', { schema: { response: { 200: z.object({ at: z.date().transform((date) => date.toISOString()) }) } } }, async () => ({ at: new Date(0) }))
      .get('/money', { schema: { response: { 200: Type.Object({ amount: Type.Number() }) } } }, async (_request, reply) => reply.type('application/json').send(raw('{"amount":"x"}')))
    const api = client({ app, validate: true })
    expect((await api.get('/event')).body).toEqual({ at: '1970-01-01T00:00:00.000Z' })
    await expect(api.get('/money')).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION' })
  })
})

describe('validate: true and binary answers', () => {
  it('an image declared as a binary string (alone or in a content map) is returned as its bytes, unchecked', async () => {
    const Png = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' })
    const bytes = Buffer.from([137, 80, 78, 71])
    const app = warren()
      .get('/plain.png', { schema: { response: { 200: Png } } }, async (_request, reply) => reply.type('image/png').send(bytes))
      .get('/mapped.png', { schema: { response: { 200: { description: 'the logo', content: { 'image/png': { schema: Png } } } } } }, async (_request, reply) => reply.type('image/png').send(bytes))
    const api = client<typeof app>({ app, validate: true })
    for (const path of ['/plain.png', '/mapped.png'] as const) {
      const res = await api.get(path)
      expect(res.status).toBe(200)
      expect(res.body).toBeInstanceOf(Uint8Array)
      expect([...(res.body as unknown as Uint8Array)]).toEqual([137, 80, 78, 71])
    }
  })
})
