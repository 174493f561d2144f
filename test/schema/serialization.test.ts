import { describe, expect, it } from 'vitest'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import warren, { Type } from 'warren'

const Item = Type.Object({ id: Type.Integer(), name: Type.String() })

describe('2.5 / 4.5.2 response schema selection', () => {
  function app3() {
    const app = warren()
    app.get('/:code', {
      schema: {
        response: {
          200: Type.Object({ exact: Type.String() }),
          '2xx': Type.Object({ klass: Type.String() }),
          '4xx': Type.Object({ klass4: Type.String() }),
          default: Type.Object({ fallback: Type.String() }),
        },
      },
    }, async (request: any, reply: any) => {
      reply.code(Number(request.params.code))
      return { exact: 'e', klass: 'k', klass4: 'k4', fallback: 'f', leaked: 'x' }
    })
    return app
  }

  it('2.5 an exact status code key wins over its class and default', async () => {
    expect((await app3().inject('/200')).json()).toEqual({ exact: 'e' })
  })

  it('2.5 a class pattern (2xx, 4xx) matches any status of that class', async () => {
    const app = app3()
    expect((await app.inject('/201')).json()).toEqual({ klass: 'k' })
    expect((await app.inject('/299')).json()).toEqual({ klass: 'k' })
    expect((await app.inject('/404')).json()).toEqual({ klass4: 'k4' })
  })

  it('2.5 default matches any status not matched otherwise', async () => {
    const app = app3()
    expect((await app.inject('/302')).json()).toEqual({ fallback: 'f' })
    expect((await app.inject('/503')).json()).toEqual({ fallback: 'f' })
  })

  it('2.5 class keys are case-insensitive (2XX)', async () => {
    const app = warren()
    app.get('/', { schema: { response: { '2XX': Type.Object({ a: Type.Integer() }) } } }, async () => ({ a: 1, b: 2 }))
    expect((await app.inject('/')).json()).toEqual({ a: 1 })
  })

  it('2.5 a status without a schema is serialized as plain JSON', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Type.Object({ a: Type.Integer() }) } } }, async (_request: any, reply: any) => {
      reply.code(202)
      return { a: 1, b: 2 }
    })
    expect((await app.inject('/')).json()).toEqual({ a: 1, b: 2 })
  })

  it('2.5 an invalid response key is a start-up error', async () => {
    const app = warren()
    app.get('/', { schema: { response: { ok: Type.Object({}) } } }, async () => {})
    const error = await app.ready().then(() => null, (e: any) => e)
    expect(error).toMatchObject({ code: 'SVC_ERR_SCH_SERIALIZATION_BUILD', cause: { code: 'SVC_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX' } })
    expect(error.message).toBe('Failed building the serialization schema for GET: /, due to error response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }')
  })

  it('2.5 the contract short form lists properties directly', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: { id: { type: 'integer' }, name: { type: 'string' } } } } }, async () => ({ id: '7', name: 'n', password: 'p' }))
    const res = await app.inject('/')
    expect(res.body).toBe('{"id":7,"name":"n"}')
  })

  it('2.5 { description, content } selects the schema by the reply content type, */* matching any', async () => {
    const app = warren()
    app.get('/:kind', {
      schema: {
        response: {
          200: {
            description: 'an item, in several dialects',
            content: {
              'application/json': { schema: Type.Object({ json: Type.String() }) },
              'application/vnd.api+json': { schema: Type.Object({ api: Type.String() }) },
              '*/*': { schema: Type.Object({ other: Type.String() }) },
            },
          },
        },
      },
    }, async (request: any, reply: any) => {
      const kind = request.params.kind
      if (kind === 'api') reply.type('application/vnd.api+json; charset=utf-8')
      if (kind === 'problem') reply.type('application/problem+json')
      if (kind === 'text') reply.type('text/x-custom')
      return { json: 'j', api: 'a', other: 'o', leaked: 'x' }
    })
    const json = await app.inject('/json')
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(json.json()).toEqual({ json: 'j' })
    const api = await app.inject('/api')
    expect(api.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8')
    expect(api.json()).toEqual({ api: 'a' })
    expect((await app.inject('/problem')).json()).toEqual({ other: 'o' })
    const text = await app.inject('/text')
    expect(text.statusCode).toBe(200)
    expect(text.headers['content-type']).toBe('text/x-custom')
    expect(text.body).toBe('{"other":"o"}')
  })

  it('2.5 a content map without */* leaves unlisted JSON types to plain JSON', async () => {
    const app = warren()
    app.get('/', {
      schema: { response: { 200: { content: { 'application/json': { schema: Type.Object({ a: Type.Integer() }) } } } } },
    }, async (request: any, reply: any) => {
      if (request.query.v) reply.type('application/vnd.v1+json')
      return { a: 1, b: 2 }
    })
    expect((await app.inject('/')).json()).toEqual({ a: 1 })
    expect((await app.inject('/?v=1')).json()).toEqual({ a: 1, b: 2 })
  })
})

describe('4.5.1 serialization with the response schema', () => {
  it('4.5.1 properties not in the schema never reach the wire, at any depth', async () => {
    const app = warren()
    app.get('/', {
      schema: { response: { 200: Type.Object({ user: Type.Object({ name: Type.String() }), items: Type.Array(Item) }) } },
    }, async () => ({
      user: { name: 'ann', passwordHash: 'h' },
      items: [{ id: 1, name: 'a', internal: true }],
      token: 'secret',
    }))
    const res = await app.inject('/')
    expect(res.body).toBe('{"user":{"name":"ann"},"items":[{"id":1,"name":"a"}]}')
    expect(res.body).not.toMatch(/secret|passwordHash|internal/)
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)))
  })

  it('4.5.1 the schema applies to payloads passed to reply.send as well as returned ones', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Item } } }, (_request: any, reply: any) => {
      reply.send({ id: 1, name: 'a', extra: true })
    })
    expect((await app.inject('/')).body).toBe('{"id":1,"name":"a"}')
  })

  it('4.5.1 a payload the serializer cannot serialize is a 500 with a clear error', async () => {
    const app = warren()
    app.get('/:kind', { schema: { response: { 200: Item } } }, async (request: any): Promise<any> => (request.params.kind === 'missing' ? { name: 'a' } : { id: 'abc', name: 'a' }))
    const missing = await app.inject('/missing')
    expect(missing.statusCode).toBe(500)
    expect(missing.json()).toEqual({
      statusCode: 500,
      code: 'SVC_ERR_RESPONSE_SERIALIZATION',
      error: 'Internal Server Error',
      message: 'Failed to serialize the response of GET:/:kind with status 200: "id" is required!',
    })
    const wrongType = await app.inject('/wrong')
    expect(wrongType.statusCode).toBe(500)
    expect(wrongType.json().message).toBe('Failed to serialize the response of GET:/:kind with status 200: The value "abc" cannot be converted to an integer.')
  })

  it("an error handler sees a serialization failure by its code, its cause, and Fastify's sign: serialization holds the route's config", async () => {
    const app = warren()
    let seen: { code?: unknown; cause?: unknown; serialization?: unknown } = {}
    app.setErrorHandler((error: any, _request, reply) => {
      seen = error
      return reply.code(502).send({ failed: error.serialization?.area })
    })
    app.get('/', { config: { area: 'billing' }, schema: { response: { 200: Item } } }, async (): Promise<any> => ({ name: 'no id' }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({ failed: 'billing' })
    expect(seen.code).toBe('SVC_ERR_RESPONSE_SERIALIZATION')
    expect((seen.cause as Error).message).toBe('"id" is required!')
    expect(seen.serialization).toMatchObject({ area: 'billing' })
  })

  it('4.5.1 an unserializable payload never leaves a half-written response on the socket', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Item } } }, async (): Promise<any> => ({ id: 1 }))
    await app.listen({ port: 0 })
    try {
      const { port } = app.server.address() as AddressInfo
      const raw = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest({ port, path: '/' }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => { body += chunk })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
          res.on('error', reject)
        })
        req.on('error', reject)
        req.end()
      })
      expect(raw.status).toBe(500)
      expect(raw.headers['content-length']).toBe(String(Buffer.byteLength(raw.body)))
      expect(JSON.parse(raw.body)).toMatchObject({ statusCode: 500, code: 'SVC_ERR_RESPONSE_SERIALIZATION' })
    } finally {
      await app.close()
    }
  })

  it('4.5.1 error responses are serialized with the status schema when one applies', async () => {
    const app = warren()
    app.post('/', {
      schema: {
        body: Type.Object({ name: Type.String() }),
        response: { 400: Type.Object({ statusCode: Type.Integer(), message: Type.String() }) },
      },
    }, async () => {}) // never reached: validation fails first
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe('{"statusCode":400,"message":"body must have required property \'name\'"}')
  })

  it('4.5.1 strings, buffers and streams are sent as they are, not through the schema', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Item } } }, async (): Promise<any> => '{"already":"serialized"}')
    expect((await app.inject('/')).body).toBe('{"already":"serialized"}')
  })
})

describe('4.5.3 replacing the serializer', () => {
  it('4.1 setSerializerCompiler is called as { schema, method, url, httpStatus, contentType }, at start-up', async () => {
    const app = warren()
    const calls: any[] = []
    app.setSerializerCompiler((route: any) => {
      calls.push(route)
      return (data: any) => `${route.httpStatus}:${route.contentType ?? '-'}:${JSON.stringify(data)}`
    })
    const jsonSchema = Type.Object({ a: Type.Integer() })
    app.get('/', {
      schema: {
        response: {
          200: jsonSchema,
          '4xx': { content: { 'application/problem+json': { schema: Type.Object({ title: Type.String() }) } } },
        },
      },
    }, async () => ({ a: 1 }))
    await app.ready()
    // the automatic HEAD route of the GET route compiles its own serializers too
    expect(calls.filter((c) => c.method === 'HEAD')).toHaveLength(2)
    expect(calls.filter((c) => c.method === 'GET').map(({ method, url, httpStatus, contentType }) => ({ method, url, httpStatus, contentType }))).toEqual([
      { method: 'GET', url: '/', httpStatus: '200', contentType: undefined },
      { method: 'GET', url: '/', httpStatus: '4xx', contentType: 'application/problem+json' },
    ])
    expect(calls[0].schema).toBe(jsonSchema)
    expect((await app.inject('/')).body).toBe('200:-:{"a":1}')
    expect(calls).toHaveLength(4)
  })

  it('4.5.3 setSerializerCompiler is per context', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.setSerializerCompiler(() => (data: any) => `custom ${JSON.stringify(data)}`)
      child.get('/child', { schema: { response: { 200: Item } } }, async () => ({ id: 1, name: 'a', x: 1 }))
    })
    app.get('/root', { schema: { response: { 200: Item } } }, async () => ({ id: 1, name: 'a', x: 1 }))
    expect((await app.inject('/child')).body).toBe('custom {"id":1,"name":"a","x":1}')
    expect((await app.inject('/root')).body).toBe('{"id":1,"name":"a"}')
  })

  it('4.5.3 the route serializerCompiler option overrides the context compiler', async () => {
    const app = warren()
    app.get('/', {
      schema: { response: { 200: Item } },
      serializerCompiler: ({ httpStatus }: any) => () => `route ${httpStatus}`,
    }, async () => ({ id: 1, name: 'a' }))
    expect((await app.inject('/')).body).toBe('route 200')
  })

  it('4.5.3 reply.serializer replaces the serializer for one reply', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Item } } }, async (request: any, reply: any) => {
      if (request.query.custom) reply.serializer((data: any) => `custom:${data.id}:${data.extra}`)
      return { id: 1, name: 'a', extra: 'e' }
    })
    expect((await app.inject('/?custom=1')).body).toBe('custom:1:e')
    expect((await app.inject('/')).body).toBe('{"id":1,"name":"a"}')
  })

  it('4.5.3 a serializer compiler that throws is a start-up error; one that returns no function too', async () => {
    const app = warren()
    app.setSerializerCompiler(() => { throw new Error('cannot compile') })
    app.get('/', { schema: { response: { 200: Item } } }, async (): Promise<any> => ({}))
    const error = await app.ready().then(() => null, (e: any) => e)
    expect(error).toMatchObject({ code: 'SVC_ERR_SCH_SERIALIZATION_BUILD' })
    expect(error.message).toBe('Failed building the serialization schema for GET: /, due to error cannot compile')
    const none = warren()
    none.setSerializerCompiler((() => undefined) as any)
    none.get('/', { schema: { response: { 200: Item } } }, async (): Promise<any> => ({}))
    await expect(none.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_SERIALIZATION_BUILD' })
  })

  it('4.5.3 a custom serializer that throws is a 500, not a crash', async () => {
    const app = warren()
    app.setSerializerCompiler(() => () => { throw new Error('serializer bug') })
    app.get('/', { schema: { response: { 200: Item } } }, async () => ({ id: 1, name: 'a' }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('Failed to serialize the response of GET:/ with status 200: serializer bug')
  })

  it('4.1 setSerializerCompiler cannot be called after start', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.setSerializerCompiler(() => () => '')).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })
})
