import { describe, expect, it } from 'vitest'
import warren, { type WarrenOptions } from 'warren'

/** An async keyword as a lookup would be: `known` ids pass, 13 makes the lookup itself fail. */
function withLookup(known: number[], lookups: number[] = []): WarrenOptions {
  return {
    validator: {
      customOptions: {
        keywords: [{
          keyword: 'exists',
          async: true,
          type: 'number',
          validate: async (_schema: unknown, id: number) => {
            lookups.push(id)
            await new Promise((resolve) => setTimeout(resolve, 1))
            if (id === 13) throw new Error('the lookup failed')
            return known.includes(id)
          },
        }],
      },
    },
  }
}

const asyncId = { $async: true, type: 'object', properties: { id: { type: 'integer', exists: true } } }
const syncId = { type: 'object', properties: { id: { type: 'integer' } } }

describe('async schemas ($async: true) with the default validator', () => {
  it('awaits the schema: a pass reaches the handler with the coerced data, a fail is a 400 validation error', async () => {
    const app = warren(withLookup([7]))
    app.post('/', { schema: { body: asyncId } }, async (request: any) => request.body)
    const ok = await app.inject({ method: 'POST', url: '/', payload: { id: '7' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 7 })
    const missing = await app.inject({ method: 'POST', url: '/', payload: { id: 8 } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'validation failed' })
    const wrongType = await app.inject({ method: 'POST', url: '/', payload: { id: 'x' } })
    expect(wrongType.statusCode).toBe(400)
  })

  it('a keyword that throws fails the request with a 400 carrying its message', async () => {
    const app = warren(withLookup([7]))
    app.post('/', { schema: { body: asyncId } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/', payload: { id: 13 } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'the lookup failed' })
  })

  it("the error handler gets validationContext and Ajv's items as `validation`", async () => {
    const app = warren(withLookup([7]))
    app.setErrorHandler((error: any, _request, reply) =>
      reply.code(422).send({ part: error.validationContext, keywords: error.validation.map((item: any) => item.keyword) }))
    app.post('/', { schema: { body: asyncId } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/', payload: { id: 8 } })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ part: 'body', keywords: ['exists'] })
  })

  it('the data it resolves with never replaces the part nor counts as an error (value and error keys)', async () => {
    const app = warren()
    const open = { $async: true, type: 'object', additionalProperties: true, properties: { hello: { type: 'string' } } }
    app.post('/', { schema: { body: open } }, async (request: any) => request.body)
    for (const payload of [{ hello: 'world', value: { hello: 'evil' } }, { hello: 'world', error: 'boom' }]) {
      const res = await app.inject({ method: 'POST', url: '/', payload })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(payload)
    }
  })

  it.each([
    ['params', { params: 8, body: 7, query: 7, header: 7 }],
    ['body', { params: 7, body: 8, query: 7, header: 7 }],
    ['querystring', { params: 7, body: 7, query: 8, header: 7 }],
    ['headers', { params: 7, body: 7, query: 7, header: 8 }],
  ])('validates every part: a failing %s answers 400 and names its part', async (part, ids) => {
    const app = warren(withLookup([7]))
    app.setErrorHandler((error: any, _request, reply) => reply.code(400).send({ part: error.validationContext }))
    app.post('/:id', { schema: { params: asyncId, body: asyncId, querystring: asyncId, headers: asyncId } }, async () => 'all valid')
    const send = (values: typeof ids) =>
      app.inject({ method: 'POST', url: `/${values.params}?id=${values.query}`, headers: { id: String(values.header) }, payload: { id: values.body } })
    expect((await send({ params: 7, body: 7, query: 7, header: 7 })).body).toBe('all valid')
    expect((await send(ids)).json()).toEqual({ part })
  })

  it('mixes with synchronous schemas in either order; a sync failure after an async part is still a 400', async () => {
    const lookups: number[] = []
    const app = warren(withLookup([7], lookups))
    app.post('/a/:id', { schema: { params: asyncId, body: syncId, querystring: syncId } }, async () => 'a')
    app.post('/b/:id', { schema: { params: syncId, querystring: asyncId, headers: syncId } }, async () => 'b')
    expect((await app.inject({ method: 'POST', url: '/a/7?id=1', payload: { id: 1 } })).body).toBe('a')
    expect((await app.inject({ method: 'POST', url: '/a/7?id=1', payload: { id: 'x' } })).json().message).toBe('body/id must be integer')
    expect((await app.inject({ method: 'POST', url: '/b/x?id=7', payload: {} })).json().message).toBe('params/id must be integer')
    // a sync part that fails first answers before the async one runs
    expect(lookups).toEqual([7, 7])
    expect((await app.inject({ method: 'POST', url: '/b/1?id=7', headers: { id: 'x' }, payload: {} })).json().message).toBe('headers/id must be integer')
  })

  it('attaches its error with attachValidation, and the hooks around validation run', async () => {
    const app = warren(withLookup([7]))
    const order: string[] = []
    app.post('/:id', {
      attachValidation: true,
      schema: { params: asyncId, body: asyncId },
      preValidation: async () => {
        order.push('preValidation')
      },
      preHandler: (request: any, _reply, done) => {
        order.push(`preHandler:${request.validationError?.message}`)
        done()
      },
    }, async (request: any) => ({ message: request.validationError?.message ?? null, part: request.validationError?.validationContext ?? null }))
    expect((await app.inject({ method: 'POST', url: '/7', payload: { id: 8 } })).json()).toEqual({ message: 'validation failed', part: 'body' })
    expect((await app.inject({ method: 'POST', url: '/7', payload: { id: 7 } })).json()).toEqual({ message: null, part: null })
    expect(order).toEqual(['preValidation', 'preHandler:validation failed', 'preValidation', 'preHandler:undefined'])
  })

  it('answers over a real socket too', async () => {
    const app = warren(withLookup([7]))
    app.post('/', { schema: { body: asyncId } }, async (request: any) => request.body)
    const address = await app.listen({ port: 0 })
    try {
      const post = (body: unknown) => fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const ok = await post({ id: 7 })
      expect([ok.status, await ok.json()]).toEqual([200, { id: 7 }])
      const bad = await post({ id: 13 })
      expect([bad.status, ((await bad.json()) as any).message]).toEqual([400, 'the lookup failed'])
    } finally {
      await app.close()
    }
  })
})
