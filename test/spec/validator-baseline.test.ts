import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

describe('2.8 validator baseline options', () => {
  it("2.8 coerceTypes 'array': a scalar becomes a one-element array, strings become numbers", async () => {
    const app = warren()
    app.get('/c', {
      schema: { querystring: Type.Object({ ids: Type.Array(Type.Integer()), one: Type.Number() }) },
    }, async (request: any) => request.query)
    expect((await app.inject('/c?ids=1&one=2.5')).json()).toEqual({ ids: [1], one: 2.5 })
    expect((await app.inject('/c?ids=1&ids=2&one=0')).json()).toEqual({ ids: [1, 2], one: 0 })
  })

  it('2.8 coerceTypes: body values are coerced too', async () => {
    const app = warren()
    app.post('/c', {
      schema: { body: Type.Object({ n: Type.Integer(), b: Type.Boolean(), s: Type.String() }) },
    }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/c', payload: { n: '3', b: 'false', s: 12 } })).json()).toEqual({ n: 3, b: false, s: '12' })
  })

  it('2.8 useDefaults: missing properties and items are filled from default', async () => {
    const app = warren()
    app.post('/d', {
      schema: {
        querystring: { type: 'object', properties: { page: { type: 'integer', default: 1 } } },
        body: {
          type: 'object',
          properties: {
            role: { type: 'string', default: 'user' },
            tags: { type: 'array', items: [{ type: 'string', default: 'first' }, { type: 'string', default: 'second' }], minItems: 2, maxItems: 2 },
          },
        },
      },
    }, async (request: any) => ({ query: request.query, body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/d', payload: { tags: ['given'] } })
    expect(res.json()).toEqual({ query: { page: 1 }, body: { role: 'user', tags: ['given', 'second'] } })
  })

  it('2.8 removeAdditional: additional properties are removed where additionalProperties is false', async () => {
    const app = warren()
    app.post('/r', {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { keep: { type: 'string' }, nested: { type: 'object', properties: { a: { type: 'number' } } } },
        },
      },
    }, async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/r', payload: { keep: 'k', drop: 'd', nested: { a: 1, b: 2 } } })
    expect(res.statusCode).toBe(200)
    // nested has no additionalProperties: false, so its extra property stays
    expect(res.json()).toEqual({ keep: 'k', nested: { a: 1, b: 2 } })
  })

  it('2.8 allErrors false: only the first error is reported', async () => {
    const app = warren()
    app.post('/a', {
      attachValidation: true,
      schema: { body: Type.Object({ a: Type.String(), b: Type.String() }) },
    }, async (request: any) => ({ count: request.validationError.validation.length, message: request.validationError.message }))
    const res = await app.inject({ method: 'POST', url: '/a', payload: { a: 1.5 } as any })
    // a is coerced to '1.5' (a string), b is missing: but even with two broken properties only one error comes back
    const two = await app.inject({ method: 'POST', url: '/a', payload: { a: [], b: {} } as any })
    expect(res.json()).toEqual({ count: 1, message: "body must have required property 'b'" })
    expect(two.json().count).toBe(1)
  })

  it('2.8 customOptions override the baseline: removeAdditional false rejects extra properties', async () => {
    const app = warren({ validator: { customOptions: { removeAdditional: false } } })
    app.post('/r', {
      schema: { body: { type: 'object', additionalProperties: false, properties: { keep: { type: 'string' } } } },
    }, async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/r', payload: { keep: 'k', drop: 'd' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body must NOT have additional properties')
  })

  it('2.8 customOptions override the baseline: coerceTypes false refuses strings for numbers', async () => {
    const app = warren({ validator: { customOptions: { coerceTypes: false } } })
    app.post('/n', { schema: { body: Type.Object({ n: Type.Number() }) } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/n', payload: { n: '1' } })).statusCode).toBe(400)
    expect((await app.inject({ method: 'POST', url: '/n', payload: { n: 1 } })).json()).toEqual({ n: 1 })
  })

  it('2.8 customOptions override the baseline: allErrors true reports every error', async () => {
    const app = warren({ validator: { customOptions: { allErrors: true } } })
    app.post('/a', {
      attachValidation: true,
      schema: { body: Type.Object({ a: Type.String(), b: Type.String() }) },
    }, async (request: any) => ({ count: request.validationError.validation.length, message: request.validationError.message }))
    expect((await app.inject({ method: 'POST', url: '/a', payload: {} })).json()).toEqual({
      count: 2,
      message: "body must have required property 'a', body must have required property 'b'",
    })
  })

  it('2.8 customOptions useDefaults false leaves missing properties missing', async () => {
    const app = warren({ validator: { customOptions: { useDefaults: false } } })
    app.post('/d', { schema: { body: { type: 'object', properties: { role: { type: 'string', default: 'user' } } } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/d', payload: {} })).json()).toEqual({})
  })

  it('2.8 string formats are available (email, uri, date-time)', async () => {
    const app = warren()
    app.post('/f', {
      schema: { body: Type.Object({ email: Type.String({ format: 'email' }), site: Type.String({ format: 'uri' }), at: Type.String({ format: 'date-time' }) }) },
    }, async () => 'ok')
    const good = { email: 'a@b.co', site: 'https://example.com/x', at: '2024-01-02T03:04:05Z' }
    expect((await app.inject({ method: 'POST', url: '/f', payload: good })).statusCode).toBe(200)
    const badEmail = await app.inject({ method: 'POST', url: '/f', payload: { ...good, email: 'nope' } })
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json().message).toBe('body/email must match format "email"')
    expect((await app.inject({ method: 'POST', url: '/f', payload: { ...good, site: 'not a uri' } })).statusCode).toBe(400)
    expect((await app.inject({ method: 'POST', url: '/f', payload: { ...good, at: 'yesterday' } })).statusCode).toBe(400)
  })

  it('2.8 addUsedSchema false: two routes may carry schemas with the same $id', async () => {
    const app = warren()
    app.post('/one', { schema: { body: { $id: 'same', type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] } } }, async (request: any) => request.body)
    app.post('/two', { schema: { body: { $id: 'same', type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/one', payload: { a: '1' } })).json()).toEqual({ a: 1 })
    expect((await app.inject({ method: 'POST', url: '/two', payload: { b: '2' } })).json()).toEqual({ b: 2 })
    expect((await app.inject({ method: 'POST', url: '/two', payload: { a: 1 } })).statusCode).toBe(400)
  })

  it('2.8 Ajv strict mode stays on (as in Fastify): an unknown keyword fails at start-up, customOptions strict false allows it', async () => {
    const strictApp = warren()
    strictApp.post('/x', { schema: { body: { type: 'object', 'x-internal': true } } }, async () => 'never')
    await expect(strictApp.ready()).rejects.toThrow('unknown keyword')
    const app = warren({ validator: { customOptions: { strict: false } } })
    app.post('/x', { schema: { body: { type: 'object', 'x-internal': true, example: { a: 1 }, properties: { a: { type: 'integer' } } } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/x', payload: { a: 1 } })).json()).toEqual({ a: 1 })
  })
})
