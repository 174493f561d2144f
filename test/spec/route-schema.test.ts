import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

const nameBody = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name'],
}

describe('2.3 route schema object', () => {
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    it(`2.3 body: a plain JSON Schema validates the ${method} body`, async () => {
      const app = warren()
      app.route({ method, path: '/item', schema: { body: nameBody }, handler: async (request: any) => request.body })
      const ok = await app.inject({ method, url: '/item', payload: { name: 'ann', age: '7' } })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ name: 'ann', age: 7 })
      const bad = await app.inject({ method, url: '/item', payload: { age: 7 } })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toEqual({
        statusCode: 400,
        code: 'SVC_ERR_VALIDATION',
        error: 'Bad Request',
        message: "body must have required property 'name'",
      })
    })
  }

  it('2.3 body: a TypeBox schema validates the body', async () => {
    const app = warren()
    app.post('/tb', { schema: { body: Type.Object({ n: Type.Number({ minimum: 1 }) }) } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/tb', payload: { n: 2 } })).json()).toEqual({ n: 2 })
    const bad = await app.inject({ method: 'POST', url: '/tb', payload: { n: 0 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body/n must be >= 1')
  })

  it('2.3 body: a missing body against a required object schema is a 400', async () => {
    const app = warren()
    app.post('/item', { schema: { body: nameBody } }, async () => 'handler ran')
    const res = await app.inject({ method: 'POST', url: '/item' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('SVC_ERR_VALIDATION')
  })

  it('2.3 querystring: validated and coerced', async () => {
    const app = warren()
    app.get('/search', {
      schema: { querystring: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] } },
    }, async (request: any) => request.query)
    expect((await app.inject('/search?q=cats&limit=10')).json()).toEqual({ q: 'cats', limit: 10 })
    const bad = await app.inject('/search?limit=10')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("querystring must have required property 'q'")
    const notInt = await app.inject('/search?q=x&limit=ten')
    expect(notInt.statusCode).toBe(400)
    expect(notInt.json().message).toBe('querystring/limit must be integer')
  })

  it('2.3 query: the alias of querystring', async () => {
    const app = warren()
    app.get('/search', {
      schema: { query: Type.Object({ page: Type.Integer({ minimum: 1 }) }) },
    }, async (request: any) => request.query)
    expect((await app.inject('/search?page=3')).json()).toEqual({ page: 3 })
    const bad = await app.inject('/search?page=0')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('querystring/page must be >= 1')
  })

  it('2.3 params: validated and coerced', async () => {
    const app = warren()
    app.get('/users/:id', {
      schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } },
    }, async (request: any) => ({ id: request.params.id, type: typeof request.params.id }))
    expect((await app.inject('/users/42')).json()).toEqual({ id: 42, type: 'number' })
    const bad = await app.inject('/users/abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('params/id must be integer')
  })

  it('2.3 headers: validated, header names are case-insensitive', async () => {
    const app = warren()
    app.get('/h', {
      schema: { headers: { type: 'object', properties: { 'X-Api-Version': { type: 'integer' } }, required: ['X-Api-Version'] } },
    }, async (request: any) => ({ version: request.headers['x-api-version'] }))
    const ok = await app.inject({ url: '/h', headers: { 'x-api-version': '2' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ version: 2 })
    const bad = await app.inject('/h')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("headers must have required property 'x-api-version'")
  })

  it('2.3 headers: other headers of the request are kept', async () => {
    const app = warren()
    app.get('/h', {
      schema: { headers: Type.Object({ 'x-token': Type.String() }) },
    }, async (request: any) => ({ token: request.headers['x-token'], other: request.headers['x-other'] }))
    expect((await app.inject({ url: '/h', headers: { 'x-token': 't', 'x-other': 'o' } })).json()).toEqual({ token: 't', other: 'o' })
  })

  it('2.3 short form: properties listed at the top level, for querystring, params, headers and body', async () => {
    const app = warren()
    app.post('/short/:id', {
      schema: {
        params: { id: { type: 'integer' } },
        querystring: { flag: { type: 'boolean' } },
        headers: { 'x-n': { type: 'number' } },
        body: { name: { type: 'string', minLength: 2 } },
      },
    }, async (request: any) => ({ id: request.params.id, flag: request.query.flag, n: request.headers['x-n'], name: request.body.name }))
    const ok = await app.inject({ method: 'POST', url: '/short/5?flag=true', headers: { 'x-n': '1.5' }, payload: { name: 'ann' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 5, flag: true, n: 1.5, name: 'ann' })
    expect((await app.inject({ method: 'POST', url: '/short/x', payload: { name: 'ann' } })).json().message).toBe('params/id must be integer')
    expect((await app.inject({ method: 'POST', url: '/short/1?flag=maybe', payload: { name: 'ann' } })).json().message).toBe('querystring/flag must be boolean')
    expect((await app.inject({ method: 'POST', url: '/short/1', headers: { 'x-n': 'abc' }, payload: { name: 'ann' } })).json().message).toBe('headers/x-n must be number')
    expect((await app.inject({ method: 'POST', url: '/short/1', payload: { name: 'a' } })).json().message).toBe('body/name must NOT have fewer than 2 characters')
  })

  it('2.3 short form: a property called like a keyword (type, properties) is still a property', async () => {
    const app = warren()
    app.get('/kw', {
      schema: { querystring: { type: { type: 'string', enum: ['a', 'b'] }, required: { type: 'boolean' } } },
    }, async (request: any) => request.query)
    expect((await app.inject('/kw?type=a&required=true')).json()).toEqual({ type: 'a', required: true })
    expect((await app.inject('/kw?type=c')).statusCode).toBe(400)
  })

  it('2.3 all parts validated on one route, params first', async () => {
    const app = warren()
    app.put('/all/:id', {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        querystring: Type.Object({ v: Type.Integer() }),
        headers: Type.Object({ 'x-k': Type.String() }),
        body: Type.Object({ b: Type.Boolean() }),
      },
    }, async (request: any) => ({ id: request.params.id, v: request.query.v, k: request.headers['x-k'], b: request.body.b }))
    const ok = await app.inject({ method: 'PUT', url: '/all/1?v=2', headers: { 'x-k': 'k' }, payload: { b: 'true' } })
    expect(ok.json()).toEqual({ id: 1, v: 2, k: 'k', b: true })
    const allBad = await app.inject({ method: 'PUT', url: '/all/x?v=y', payload: { b: 'nope' } })
    expect(allBad.statusCode).toBe(400)
    expect(allBad.json().message).toBe('params/id must be integer')
  })
})

describe('2.4 other route options', () => {
  it('2.4 path and method: route({ path, method, handler })', async () => {
    const app = warren()
    app.route({ path: '/r', method: 'GET', handler: async () => ({ via: 'route' }) })
    expect((await app.inject('/r')).json()).toEqual({ via: 'route' })
    expect((await app.inject({ method: 'POST', url: '/r' })).statusCode).toBe(404)
  })

  it('2.4 route({ url }) is accepted as the path (Fastify spelling)', async () => {
    const app = warren()
    app.route({ url: '/u', method: 'GET', handler: async () => 'u' } as any)
    expect((await app.inject('/u')).body).toBe('u')
  })

  it('2.4 method may be an array', async () => {
    const app = warren()
    app.route({ path: '/multi', method: ['GET', 'POST'], handler: async (request: any) => request.method })
    expect((await app.inject('/multi')).body).toBe('GET')
    expect((await app.inject({ method: 'POST', url: '/multi' })).body).toBe('POST')
    expect((await app.inject({ method: 'PUT', url: '/multi' })).statusCode).toBe(404)
  })

  it('2.4 handler: a (request, reply) function; this is the instance', async () => {
    const app = warren()
    app.decorate('tag', 'instance')
    app.route({
      method: 'GET',
      path: '/h',
      handler(this: any, request: any, reply: any) {
        reply.send({ tag: this.tag, method: request.method })
      },
    })
    expect((await app.inject('/h')).json()).toEqual({ tag: 'instance', method: 'GET' })
  })

  it('2.4 a route without a handler is refused', async () => {
    const app = warren()
    let failed = false
    try {
      app.route({ method: 'GET', path: '/nohandler' } as any)
      await app.ready()
    } catch {
      failed = true
    }
    expect(failed).toBe(true)
  })

  it('2.4 attachValidation: the handler runs with request.validationError, no automatic 400', async () => {
    const app = warren()
    app.post('/attach', { schema: { body: nameBody }, attachValidation: true }, async (request: any, reply: any) => {
      if (request.validationError) {
        const e = request.validationError
        return reply.code(418).send({
          message: e.message,
          statusCode: e.statusCode,
          code: e.code,
          context: e.validationContext,
          isArray: Array.isArray(e.validation),
          keyword: e.validation[0].keyword,
          isError: e instanceof Error,
        })
      }
      return { ok: true }
    })
    const bad = await app.inject({ method: 'POST', url: '/attach', payload: {} })
    expect(bad.statusCode).toBe(418)
    expect(bad.json()).toEqual({
      message: "body must have required property 'name'",
      statusCode: 400,
      code: 'SVC_ERR_VALIDATION',
      context: 'body',
      isArray: true,
      keyword: 'required',
      isError: true,
    })
    const ok = await app.inject({ method: 'POST', url: '/attach', payload: { name: 'x' } })
    expect(ok.json()).toEqual({ ok: true })
  })

  it('2.4 attachValidation: validationError is undefined on a valid request', async () => {
    const app = warren()
    app.get('/q', { schema: { querystring: { n: { type: 'integer' } } }, attachValidation: true }, async (request: any) => ({
      hasError: request.validationError !== undefined,
    }))
    expect((await app.inject('/q?n=1')).json()).toEqual({ hasError: false })
    expect((await app.inject('/q?n=x')).json()).toEqual({ hasError: true })
  })

  it('2.4 validatorCompiler: a per-route compiler replaces the default for that route only', async () => {
    const app = warren()
    const calls: any[] = []
    app.post('/custom', {
      schema: { body: { type: 'object', description: 'custom' } },
      validatorCompiler: ({ schema, method, url, httpPart }: any) => {
        calls.push({ schema, method, url, httpPart })
        return (data: any) => (data && data.ok === true ? { value: { ok: 'yes' } } : { error: new Error('not ok') })
      },
    }, async (request: any) => request.body)
    app.post('/default', { schema: { body: nameBody } }, async (request: any) => request.body)
    await app.ready()
    expect(calls).toEqual([{ schema: { type: 'object', description: 'custom' }, method: 'POST', url: '/custom', httpPart: 'body' }])
    expect((await app.inject({ method: 'POST', url: '/custom', payload: { ok: true } })).json()).toEqual({ ok: 'yes' })
    const bad = await app.inject({ method: 'POST', url: '/custom', payload: { ok: false } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('not ok')
    expect((await app.inject({ method: 'POST', url: '/default', payload: {} })).statusCode).toBe(400)
  })
})
