import { describe, expect, it } from 'vitest'
import warren, { Type, codes } from 'warren'

const Body = Type.Object({ a: Type.Integer() })

describe('validation on demand: request.getValidationFunction, compileValidationSchema, validateInput', () => {
  it("returns the route's validator of each part, and undefined for a part without a schema", async () => {
    const app = warren()
    app.post('/', { schema: { body: Body, querystring: Type.Object({ q: Type.Optional(Type.Integer()) }) } }, async (request) => {
      const body = request.getValidationFunction('body')!
      const query = request.getValidationFunction('query')!
      return {
        body: [body({ a: 1 }), body({}), body.errors?.[0]?.keyword],
        sameQuery: query === request.getValidationFunction('querystring'),
        query: query({ q: 'x' }),
        headers: request.getValidationFunction('headers') === undefined,
        unknownPart: request.getValidationFunction('cookies' as never) === undefined,
      }
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    expect(res.json()).toEqual({ body: [true, false, 'required'], sameQuery: true, query: false, headers: true, unknownPart: true })
  })

  it('compiles a schema once per route and finds it again by the same object', async () => {
    const app = warren()
    const Name = Type.String({ minLength: 2 })
    app.get('/', async (request) => {
      const before = request.getValidationFunction(Name)
      const validate = request.compileValidationSchema(Name)
      return { before: before === undefined, again: validate === request.compileValidationSchema(Name), found: validate === request.getValidationFunction(Name), ok: validate('ab'), short: validate('a') }
    })
    expect((await app.inject('/')).json()).toEqual({ before: true, again: true, found: true, ok: true, short: false })
    // a second request of the same route reuses the compiled function
    expect((await app.inject('/')).json()).toMatchObject({ before: false })
  })

  it('compiles with the shared schemas of the context ($ref) and the route validator compiler', async () => {
    const app = warren()
    app.addSchema({ $id: 'money', type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] })
    const calls: unknown[] = []
    app.get('/own', { validatorCompiler: ({ httpPart, url }) => { calls.push([httpPart, url]); return () => true } }, async (request) => request.validateInput({}, { type: 'string' }, 'body'))
    app.get('/', async (request) => [request.validateInput({ amount: 3 }, { $ref: 'money#' }), request.validateInput({}, { $ref: 'money#' })])
    expect((await app.inject('/')).json()).toEqual([true, false])
    expect((await app.inject('/own')).json()).toBe(true)
    expect(calls).toEqual([['body', '/own']])
  })

  it("validateInput uses the route's validator of a part, or a schema; neither is SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION", async () => {
    const app = warren()
    app.post('/', { schema: { body: Body } }, async (request) => {
      let refused: unknown
      try {
        request.validateInput({}, 'headers')
      } catch (error) {
        refused = error
      }
      return {
        part: [request.validateInput({ a: 1 }, 'body'), request.validateInput({ a: 'x' }, 'body')],
        schema: [request.validateInput(3, Type.Integer()), request.validateInput('x', Type.Integer(), 'custom' as never)],
        refused: refused instanceof codes.SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION ? (refused as Error).message : refused,
      }
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    expect(res.json()).toEqual({
      part: [true, false],
      schema: [true, false],
      refused: 'Invalid validation invocation. Missing validation function for HTTP part "headers" nor schema provided.',
    })
  })

  it('a schema the validator cannot compile fails the request like any thrown error (500), and the server keeps serving', async () => {
    const app = warren()
    app.get('/', async (request) => request.compileValidationSchema({ type: 'nonsense' }))
    app.get('/ok', async () => 'ok')
    expect((await app.inject('/')).statusCode).toBe(500)
    expect((await app.inject('/ok')).body).toBe('ok')
  })
})

/** Sends a value as JSON text past the route's response schema, which would otherwise shape it. */
function asText(reply: any, value: unknown): void {
  // untyped on purpose: the route's types would (rightly) refuse a string for a status with an object schema
  reply.type('text/plain').send(JSON.stringify(value))
}

describe('serialization on demand: reply.getSerializationFunction, compileSerializationSchema, serializeInput', () => {
  const Out = Type.Object({ a: Type.Number() })

  it("returns the route's serializer of a status key, exactly as declared", async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Out, '4xx': Type.Object({ m: Type.String() }) } } }, async (_request, reply) => {
      const ok = reply.getSerializationFunction(200)!
      return asText(reply, {
        ok: ok({ a: 1, secret: 2 }),
        byString: reply.getSerializationFunction('200') === ok,
        classKey: reply.getSerializationFunction('4xx')!({ m: 'x', y: 1 }),
        // no fallback from an exact status to its class, as in Fastify
        exact404: reply.getSerializationFunction(404) === undefined,
        missing: reply.getSerializationFunction(500) === undefined,
      })
    })
    expect(JSON.parse((await app.inject('/')).body)).toEqual({ ok: '{"a":1}', byString: true, classKey: '{"m":"x"}', exact404: true, missing: true })
  })

  it('finds the serializer of a media type in a content map', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: { content: { 'application/json': { schema: Out } } } } } }, async (_request, reply) =>
      asText(reply, {
        fn: typeof reply.getSerializationFunction(200, 'application/json'),
        none: reply.getSerializationFunction(200) === undefined,
        out: reply.serializeInput({ a: 1, b: 2 }, 200, 'application/json'),
      }),
    )
    expect(JSON.parse((await app.inject('/')).body)).toEqual({ fn: 'function', none: true, out: '{"a":1}' })
  })

  it('compiles a schema once per route, and serializeInput uses a status or a schema', async () => {
    const app = warren()
    const Partial = Type.Object({ x: Type.Number() })
    app.get('/', { schema: { response: { 201: Out } } }, async (_request, reply) => {
      const compiled = reply.compileSerializationSchema(Partial)
      asText(reply, {
        same: compiled === reply.compileSerializationSchema(Partial) && compiled === reply.getSerializationFunction(Partial),
        bySchema: reply.serializeInput({ x: 1, y: 2 }, Partial),
        byStatus: reply.serializeInput({ a: 5, b: 6 }, 201),
      })
    })
    expect(JSON.parse((await app.inject('/')).body)).toEqual({ same: true, bySchema: '{"x":1}', byStatus: '{"a":5}' })
  })

  it('a status without a serializer is SVC_ERR_MISSING_SERIALIZATION_FN (…_CONTENTTYPE_… with a media type)', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Out } } }, async (_request, reply) => {
      const caught: Record<string, unknown> = {}
      try {
        reply.serializeInput({}, 201)
      } catch (error) {
        caught.status = [(error as { code: string }).code, (error as Error).message]
      }
      try {
        reply.serializeInput({}, 200, 'text/html')
      } catch (error) {
        caught.mediaType = [(error as { code: string }).code, (error as Error).message]
      }
      return asText(reply, caught)
    })
    expect(JSON.parse((await app.inject('/')).body)).toEqual({
      status: ['SVC_ERR_MISSING_SERIALIZATION_FN', 'Missing serialization function. Key "201"'],
      mediaType: ['SVC_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN', 'Missing serialization function. Key "200:text/html"'],
    })
  })

  it("uses the route's serializer compiler, told the status and media type", async () => {
    const app = warren()
    const seen: unknown[] = []
    app.get('/', { serializerCompiler: ({ httpStatus, contentType, method }) => { seen.push([httpStatus, contentType, method]); return (data) => `custom:${JSON.stringify(data)}` } }, async (_request, reply) =>
      reply.compileSerializationSchema(Type.Object({}), 202, 'application/json')({ z: 1 }),
    )
    expect((await app.inject('/')).body).toBe('custom:{"z":1}')
    expect(seen).toEqual([['202', 'application/json', 'GET']])
  })

  it('tells the serializer compiler a null status when compileSerializationSchema is given none', async () => {
    const app = warren()
    const seen: unknown[] = []
    app.get('/', { serializerCompiler: ({ httpStatus, contentType }) => { seen.push([httpStatus, contentType]); return () => 'custom' } }, async (_request, reply) =>
      reply.compileSerializationSchema(Type.Object({}))({}),
    )
    expect((await app.inject('/')).body).toBe('custom')
    expect(seen).toEqual([[null, undefined]])
  })
})
