import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

describe('4.5 serialization behaviour', () => {
  it('4.5 rule 1: properties not in the response schema are omitted (no accidental disclosure)', async () => {
    const app = warren()
    app.get('/user', {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'integer' }, profile: { type: 'object', properties: { name: { type: 'string' } } }, list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } } },
          },
        },
      },
    }, async () => ({ id: 1, password: 'hash', profile: { name: 'ann', ssn: '123' }, list: [{ a: 'x', b: 'y' }] }))
    const res = await app.inject('/user')
    expect(res.body).toBe('{"id":1,"profile":{"name":"ann"},"list":[{"a":"x"}]}')
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)))
  })

  it('4.5 rule 1: values are written with the type the schema states', async () => {
    const app = warren()
    app.get('/t', {
      schema: { response: { 200: Type.Object({ n: Type.Integer(), s: Type.String(), b: Type.Boolean() }) } },
    }, async () => ({ n: '42', s: 7, b: 1 }) as any)
    expect((await app.inject('/t')).json()).toEqual({ n: 42, s: '7', b: true })
  })

  it('4.5 rule 1: reply.send(obj) with a response schema is serialized by it', async () => {
    const app = warren()
    app.get('/s', { schema: { response: { 200: Type.Object({ a: Type.String() }) } } }, (_request: any, reply: any) => {
      reply.send({ a: 'x', b: 'y' })
    })
    expect((await app.inject('/s')).body).toBe('{"a":"x"}')
  })

  it('4.5 rule 1: a payload missing a required property is a 500, not a malformed success', async () => {
    const app = warren()
    app.get('/m', { schema: { response: { 200: Type.Object({ id: Type.Integer() }) } } }, async () => ({ other: 1 }) as any)
    const res = await app.inject('/m')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error' })
  })

  it('4.5 rule 1: a response schema for an array', async () => {
    const app = warren()
    app.get('/arr', { schema: { response: { 200: Type.Array(Type.Object({ id: Type.Integer() })) } } }, async () => [{ id: 1, x: 1 }, { id: 2 }])
    expect((await app.inject('/arr')).body).toBe('[{"id":1},{"id":2}]')
  })

  it('4.5 rule 1: a string payload is sent as it is, even under a response schema (as in Fastify)', async () => {
    const app = warren()
    app.get('/str', { schema: { response: { 200: { type: 'string' } } } }, async (_request: any, reply: any) => {
      reply.type('application/json')
      return 'hello'
    })
    const res = await app.inject('/str')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body).toBe('hello')
  })

  it('4.5 rule 2: exact code, then class, then default', async () => {
    const app = warren()
    app.get('/x', {
      schema: {
        response: {
          201: Type.Object({ a: Type.String() }),
          '2xx': Type.Object({ b: Type.String() }),
          default: Type.Object({ c: Type.String() }),
        },
      },
    }, async (request: any, reply: any) => reply.code(Number(request.query.code)).send({ a: 'a', b: 'b', c: 'c' }))
    expect((await app.inject('/x?code=201')).json()).toEqual({ a: 'a' })
    expect((await app.inject('/x?code=200')).json()).toEqual({ b: 'b' })
    expect((await app.inject('/x?code=400')).json()).toEqual({ c: 'c' })
  })

  it('4.5 rule 2: a content map is selected by the response content type, */* as match-all', async () => {
    const app = warren()
    app.get('/c', {
      schema: {
        response: {
          200: {
            content: {
              'application/json': { schema: Type.Object({ json: Type.String() }) },
              'application/vnd.v2+json': { schema: Type.Object({ v2: Type.String() }) },
              '*/*': { schema: Type.Object({ any: Type.String() }) },
            },
          },
        },
      },
    }, async (request: any, reply: any) => {
      if (request.query.type) reply.header('content-type', request.query.type)
      return { json: 'j', v2: 'v', any: 'a' }
    })
    expect((await app.inject('/c')).body).toBe('{"json":"j"}')
    expect((await app.inject('/c?type=application/vnd.v2%2Bjson')).body).toBe('{"v2":"v"}')
    expect((await app.inject('/c?type=application/vnd.other%2Bjson')).body).toBe('{"any":"a"}')
    expect((await app.inject('/c?type=application/json;%20charset=utf-8')).body).toBe('{"json":"j"}')
  })

  it('4.5 rule 3: setSerializerCompiler replaces the default serializer', async () => {
    const app = warren()
    app.setSerializerCompiler(() => (data: any) => JSON.stringify(data, Object.keys(data).sort()).toUpperCase())
    app.get('/s', { schema: { response: { 200: { type: 'object' } } } }, async () => ({ b: 'x', a: 'y' }))
    expect((await app.inject('/s')).body).toBe('{"A":"Y","B":"X"}')
  })

  it('4.5 rule 3: setSerializerCompiler is per context', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.setSerializerCompiler(() => () => '"custom"')
      child.get('/child', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } }, async () => ({ a: 'x' }))
    })
    app.get('/root', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } }, async () => ({ a: 'x', b: 1 }))
    expect((await app.inject('/child')).body).toBe('"custom"')
    expect((await app.inject('/root')).body).toBe('{"a":"x"}')
  })

  it('4.5 rule 3: a route serializerCompiler option', async () => {
    const app = warren()
    app.get('/s', {
      schema: { response: { 200: { type: 'object' } } },
      serializerCompiler: ({ httpStatus }: any) => (data: any) => `${httpStatus}:${JSON.stringify(data)}`,
    } as any, async () => ({ a: 1 }))
    expect((await app.inject('/s')).body).toBe('200:{"a":1}')
  })

  it('4.5 rule 3: reply.serializer takes precedence over the response schema', async () => {
    const app = warren()
    app.get('/s', { schema: { response: { 200: Type.Object({ a: Type.String() }) } } }, async (_request: any, reply: any) => {
      reply.serializer((data: any) => `a=${data.a};b=${data.b}`)
      return { a: 'x', b: 'y' }
    })
    expect((await app.inject('/s')).body).toBe('a=x;b=y')
  })

  it('4.5 rule 3: reply.serializer with a content type', async () => {
    const app = warren()
    app.get('/csv', async (_request: any, reply: any) => {
      reply.type('text/csv').serializer((rows: string[][]) => rows.map((r) => r.join(',')).join('\n'))
      return [['a', 'b'], ['c', 'd']]
    })
    const res = await app.inject('/csv')
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.body).toBe('a,b\nc,d')
  })

  it('4.5 no response schema: JSON.stringify of everything', async () => {
    const app = warren()
    app.get('/plain', async () => ({ a: 1, nested: { b: [1, 2] }, u: undefined }))
    expect((await app.inject('/plain')).body).toBe('{"a":1,"nested":{"b":[1,2]}}')
  })

  it('4.5 a response schema with nullable and Type.Optional', async () => {
    const app = warren()
    app.get('/n', {
      schema: { response: { 200: Type.Object({ a: Type.Union([Type.String(), Type.Null()]), b: Type.Optional(Type.String()) }) } },
    }, async () => ({ a: null }))
    expect((await app.inject('/n')).json()).toEqual({ a: null })
  })
})
