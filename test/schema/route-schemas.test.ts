import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

describe('2.3 route schema object', () => {
  it('2.3 body, querystring, params and headers are each validated and coerced', async () => {
    const app = warren()
    app.put('/items/:id', {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        querystring: Type.Object({ dry: Type.Boolean() }),
        headers: Type.Object({ 'x-version': Type.Integer() }),
        body: Type.Object({ name: Type.String() }),
      },
    }, async (request: any) => ({ id: request.params.id, dry: request.query.dry, version: request.headers['x-version'], name: request.body.name }))
    const res = await app.inject({ method: 'PUT', url: '/items/7?dry=false', headers: { 'x-version': '2' }, payload: { name: 'n' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: 7, dry: false, version: 2, name: 'n' })
  })

  it('2.3 `query` is accepted as another name for `querystring`', async () => {
    const app = warren()
    app.get('/', { schema: { query: Type.Object({ page: Type.Integer({ minimum: 1 }) }) } }, async (request: any) => request.query)
    expect((await app.inject('/?page=3')).json()).toEqual({ page: 3 })
    const bad = await app.inject('/?page=0')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('querystring/page must be >= 1')
  })

  it('2.3 the short form lists properties at the top level (body, querystring, params, headers)', async () => {
    const app = warren()
    app.post('/:id', {
      schema: {
        params: { id: { type: 'integer' } },
        querystring: { flag: { type: 'boolean' } },
        headers: { 'x-n': { type: 'integer' } },
        body: { name: { type: 'string', minLength: 2 }, type: { type: 'string' } },
      },
    }, async (request: any) => ({ id: request.params.id, flag: request.query.flag, n: request.headers['x-n'], body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/5?flag=true', headers: { 'x-n': '9' }, payload: { name: 'ann', type: 1 } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: 5, flag: true, n: 9, body: { name: 'ann', type: '1' } })
    const short = await app.inject({ method: 'POST', url: '/5', payload: { name: 'a' } })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('body/name must NOT have fewer than 2 characters')
    const param = await app.inject({ method: 'POST', url: '/five', payload: { name: 'ann' } })
    expect(param.json().message).toBe('params/id must be integer')
  })

  it('2.3 a complete JSON Schema object is used as it is', async () => {
    const app = warren()
    app.post('/', {
      schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json().message).toBe("body must have required property 'name'")
  })

  it('2.3 a non-object body schema (array) is validated too', async () => {
    const app = warren()
    app.post('/', { schema: { body: Type.Array(Type.Integer(), { maxItems: 2 }) } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: ['1', 2] })).json()).toEqual([1, 2])
    const long = await app.inject({ method: 'POST', url: '/', payload: [1, 2, 3] })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('body must NOT have more than 2 items')
  })

  it('2.3 header names are matched lower-case, whatever case the schema spells them in', async () => {
    const app = warren()
    app.get('/', {
      schema: { headers: { type: 'object', properties: { 'X-Api-Key': { type: 'string', minLength: 3 } }, required: ['X-Api-Key'] } },
    }, async (request: any) => ({ key: request.headers['x-api-key'] }))
    expect((await app.inject({ url: '/', headers: { 'X-API-KEY': 'abc' } })).json()).toEqual({ key: 'abc' })
    const missing = await app.inject('/')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe("headers must have required property 'x-api-key'")
    const short = await app.inject({ url: '/', headers: { 'x-api-key': 'a' } })
    expect(short.json().message).toBe('headers/x-api-key must NOT have fewer than 3 characters')
  })

  it('2.3 header schemas with TypeBox and mixed-case names', async () => {
    const app = warren()
    app.get('/', { schema: { headers: Type.Object({ 'X-Count': Type.Integer() }) } }, async (request: any) => ({ count: request.headers['x-count'] }))
    expect((await app.inject({ url: '/', headers: { 'x-count': '4' } })).json()).toEqual({ count: 4 })
    expect((await app.inject('/')).json().message).toBe("headers must have required property 'x-count'")
  })

  it('2.3 a body schema applies to methods with a body: on GET it is refused when the route is declared', async () => {
    const app = warren()
    expect(() => app.get('/', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => 'ok')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED' }),
    )
  })

  it('2.3 a missing body is validated as null (required body → 400)', async () => {
    const app = warren()
    app.post('/', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body must be object')
  })
})

describe('4.3.1-3 which bodies are validated', () => {
  function appWithParsers() {
    const app = warren()
    app.addContentTypeParser(/^application\/(x-www-form-urlencoded|vnd\.[a-z]+\+form)$/, { parseAs: 'string' }, (_req: any, body: string, done: any) => {
      done(null, Object.fromEntries(new URLSearchParams(body)))
    })
    return app
  }

  it('4.3.1 without a content map every parsed body is validated, JSON or not', async () => {
    const app = appWithParsers()
    app.post('/', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request: any) => request.body)
    const json = await app.inject({ method: 'POST', url: '/', payload: { n: '1' } })
    expect(json.json()).toEqual({ n: 1 })
    const form = await app.inject({ method: 'POST', url: '/', payload: 'n=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form.json()).toEqual({ n: 2 })
    const badForm = await app.inject({ method: 'POST', url: '/', payload: 'n=two', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(badForm.statusCode).toBe(400)
    expect(badForm.json().message).toBe('body/n must be integer')
    const text = await app.inject({ method: 'POST', url: '/', payload: 'hello', headers: { 'content-type': 'text/plain' } })
    expect(text.statusCode).toBe(400)
    expect(text.json().message).toBe('body must be object')
  })

  it('4.3.2 content map selects the schema by essence MIME', async () => {
    const app = appWithParsers()
    app.post('/', {
      schema: {
        body: {
          content: {
            'application/json': { schema: Type.Object({ json: Type.Integer() }) },
            'application/x-www-form-urlencoded': { schema: Type.Object({ form: Type.Integer() }) },
            'text/plain': { schema: Type.String({ maxLength: 5 }) },
          },
        },
      },
    }, async (request: any) => ({ body: request.body }))
    const json = await app.inject({ method: 'POST', url: '/', payload: '{"json":"1"}', headers: { 'content-type': 'Application/JSON; charset=utf-8' } })
    expect(json.json()).toEqual({ body: { json: 1 } })
    const wrongShape = await app.inject({ method: 'POST', url: '/', payload: { form: 1 } })
    expect(wrongShape.statusCode).toBe(400)
    expect(wrongShape.json().message).toBe("body must have required property 'json'")
    const form = await app.inject({ method: 'POST', url: '/', payload: 'form=3', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } })
    expect(form.json()).toEqual({ body: { form: 3 } })
    const text = await app.inject({ method: 'POST', url: '/', payload: 'too long', headers: { 'content-type': 'text/plain' } })
    expect(text.statusCode).toBe(400)
    expect(text.json().message).toBe('body must NOT have more than 5 characters')
    expect((await app.inject({ method: 'POST', url: '/', payload: 'short', headers: { 'content-type': 'text/plain' } })).json()).toEqual({ body: 'short' })
  })

  it('4.3.3 types a regex parser accepts but the content map does not list are parsed, not validated', async () => {
    const app = appWithParsers()
    app.post('/', {
      schema: { body: { content: { 'application/x-www-form-urlencoded': { schema: Type.Object({ n: Type.Integer() }) } } } },
    }, async (request: any) => ({ body: request.body }))
    const listed = await app.inject({ method: 'POST', url: '/', payload: 'n=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(listed.statusCode).toBe(400)
    const unlisted = await app.inject({ method: 'POST', url: '/', payload: 'n=x', headers: { 'content-type': 'application/vnd.thing+form' } })
    expect(unlisted.statusCode).toBe(200)
    expect(unlisted.json()).toEqual({ body: { n: 'x' } })
  })

  it('4.3.3 a body schema without content validates every type a regex parser accepts', async () => {
    const app = appWithParsers()
    app.post('/', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request: any) => ({ body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/', payload: 'n=x', headers: { 'content-type': 'application/vnd.thing+form' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body/n must be integer')
  })

  it('4.3.2 a content entry without a schema is a start-up error', async () => {
    const app = warren()
    app.post('/', { schema: { body: { content: { 'application/json': {} } } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_CONTENT_MISSING_SCHEMA' })
  })

  it.each([
    ['body', { body: { content: { 'application/json': { schema: Type.Object({}) }, type: 'string' } } }],
    ['response', { response: { 200: { content: { 'application/json': { schema: Type.Object({}) }, type: 'string' } } } }],
    ['response (null entry)', { response: { 200: { content: { 'text/plain': null } } } }],
  ])('4.3.2 a %s content map with an entry that is no object names that entry as missing its schema', async (_label, schema) => {
    const app = warren()
    app.post('/', { schema: schema as any }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_CONTENT_MISSING_SCHEMA', message: expect.stringMatching(/'(type|text\/plain)'/) })
  })

  it('4.3.2 a short-form property named content is still a property, not a content map', async () => {
    const app = warren()
    app.post('/', { schema: { body: { content: { type: 'string' } }, response: { 200: { content: { type: 'string' } } } } }, async (request: any) => ({ ...request.body, extra: 1 }))
    expect((await app.inject({ method: 'POST', url: '/', payload: { content: 'hi' } })).json()).toEqual({ content: 'hi' })
  })
})

describe('4.3.4-5 coercion and defaults', () => {
  it('4.3.4 a single querystring value for an array parameter becomes a one-element array', async () => {
    const app = warren()
    app.get('/', {
      schema: { querystring: Type.Object({ ids: Type.Array(Type.Integer()), any: Type.Optional(Type.Array(Type.Unknown())) }) },
    }, async (request: any) => request.query)
    expect((await app.inject('/?ids=5')).json()).toEqual({ ids: [5] })
    expect((await app.inject('/?ids=5&ids=6')).json()).toEqual({ ids: [5, 6] })
    expect((await app.inject('/?ids=5&any=x')).json()).toEqual({ ids: [5], any: ['x'] })
    const bad = await app.inject('/?ids=five')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('querystring/ids/0 must be integer')
  })

  it('4.3.4 items unspecified: a single value becomes a one-element array of strings', async () => {
    const app = warren()
    app.get('/', { schema: { querystring: { type: 'object', properties: { tag: { type: 'array' } } } } }, async (request: any) => request.query)
    expect((await app.inject('/?tag=1')).json()).toEqual({ tag: ['1'] })
  })

  it('4.3.4 coerced values are what the handler sees (body, params, headers)', async () => {
    const app = warren()
    app.post('/:n', {
      schema: {
        params: Type.Object({ n: Type.Number() }),
        headers: Type.Object({ 'x-flag': Type.Boolean() }),
        body: Type.Object({ count: Type.Integer(), label: Type.String() }),
      },
    }, async (request: any) => ({
      n: typeof request.params.n,
      flag: typeof request.headers['x-flag'],
      count: typeof request.body.count,
      label: typeof request.body.label,
    }))
    const res = await app.inject({ method: 'POST', url: '/1.5', headers: { 'x-flag': 'true' }, payload: { count: '3', label: 4 } })
    expect(res.json()).toEqual({ n: 'number', flag: 'boolean', count: 'number', label: 'string' })
  })

  it('4.3.4 default values fill missing querystring and body properties', async () => {
    const app = warren()
    app.post('/', {
      schema: {
        querystring: Type.Object({ page: Type.Integer({ default: 1 }), size: Type.Integer({ default: 20 }) }),
        body: Type.Object({ tags: Type.Array(Type.String(), { default: [] }), name: Type.String() }),
      },
    }, async (request: any) => ({ query: request.query, body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/?size=5', payload: { name: 'x' } })
    expect(res.json()).toEqual({ query: { page: 1, size: 5 }, body: { tags: [], name: 'x' } })
  })

  it('4.3.5 { type, nullable: true } keeps 0 and false intact and accepts null', async () => {
    const app = warren()
    app.post('/', {
      schema: {
        body: {
          type: 'object',
          properties: { n: { type: 'integer', nullable: true }, b: { type: 'boolean', nullable: true } },
        },
      },
    }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 0, b: false } })).json()).toEqual({ n: 0, b: false })
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: null, b: null } })).json()).toEqual({ n: null, b: null })
    const bad = await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })
    expect(bad.statusCode).toBe(400)
  })

  it('4.3.5 nullable querystring values keep 0 and false too', async () => {
    const app = warren()
    app.get('/', {
      schema: { querystring: { type: 'object', properties: { n: { type: 'integer', nullable: true }, b: { type: 'boolean', nullable: true } } } },
    }, async (request: any) => request.query)
    expect((await app.inject('/?n=0&b=false')).json()).toEqual({ n: 0, b: false })
  })

  it('4.3.5 anyOf with null first coerces 0 and false to null (the pitfall nullable avoids)', async () => {
    const app = warren()
    app.post('/', {
      schema: { body: Type.Object({ n: Type.Union([Type.Null(), Type.Integer()]), b: Type.Union([Type.Null(), Type.Boolean()]) }) },
    }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 0, b: false } })).json()).toEqual({ n: null, b: null })
  })
})

describe('3 order: preValidation, validation, preHandler', () => {
  it('3 an async preValidation hook runs before validation and can shape what is validated', async () => {
    const app = warren()
    const seen: string[] = []
    app.addHook('preValidation', async (request: any) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen.push(`preValidation:${typeof request.body.n}`)
      request.body.n ??= '10'
    })
    app.addHook('preHandler', async (request: any) => {
      seen.push(`preHandler:${typeof request.body.n}`)
    })
    app.post('/', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request: any) => {
      seen.push('handler')
      return request.body
    })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json()).toEqual({ n: 10 })
    expect(seen).toEqual(['preValidation:undefined', 'preHandler:number', 'handler'])
  })

  it('3 validation runs before preHandler: a failure skips preHandler and the handler', async () => {
    const app = warren()
    let ran = 0
    app.addHook('preHandler', async () => { ran++ })
    app.post('/', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => { ran++; return 'ok' })
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })).statusCode).toBe(400)
    expect(ran).toBe(0)
  })

  it('3 a preValidation hook that answers stops before validation', async () => {
    const app = warren()
    app.addHook('preValidation', async (_request: any, reply: any) => reply.code(401).send({ denied: true }))
    app.post('/', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ denied: true })
  })

  it('3 parts are validated in the order params, body, querystring, headers', async () => {
    const app = warren()
    app.post('/:id', {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        body: Type.Object({ b: Type.Integer() }),
        querystring: Type.Object({ q: Type.Integer() }),
        headers: Type.Object({ 'x-h': Type.Integer() }),
      },
    }, async () => 'ok')
    const contextOf = async (url: string, payload: object, headers: Record<string, string>) => {
      const res = await app.inject({ method: 'POST', url, payload, headers })
      return res.statusCode === 200 ? 'ok' : res.json().message
    }
    expect(await contextOf('/x?q=x', { b: 'x' }, { 'x-h': 'x' })).toBe('params/id must be integer')
    expect(await contextOf('/1?q=x', { b: 'x' }, { 'x-h': 'x' })).toBe('body/b must be integer')
    expect(await contextOf('/1?q=x', { b: 1 }, { 'x-h': 'x' })).toBe('querystring/q must be integer')
    expect(await contextOf('/1?q=1', { b: 1 }, { 'x-h': 'x' })).toBe('headers/x-h must be integer')
    expect(await contextOf('/1?q=1', { b: 1 }, { 'x-h': '1' })).toBe('ok')
  })
})

describe('8 limits stated by schemas', () => {
  it('8 maxItems, maxLength and minimum are applied when a schema states them', async () => {
    const app = warren()
    app.post('/', {
      schema: { body: Type.Object({ tags: Type.Array(Type.String(), { maxItems: 2 }), name: Type.String({ maxLength: 3 }), age: Type.Integer({ minimum: 18 }) }) },
    }, async () => 'ok')
    const post = async (payload: object) => (await app.inject({ method: 'POST', url: '/', payload })).json().message
    expect(await post({ tags: ['a', 'b', 'c'], name: 'ann', age: 20 })).toBe('body/tags must NOT have more than 2 items')
    expect(await post({ tags: [], name: 'anne', age: 20 })).toBe('body/name must NOT have more than 3 characters')
    expect(await post({ tags: [], name: 'ann', age: 17 })).toBe('body/age must be >= 18')
    expect((await app.inject({ method: 'POST', url: '/', payload: { tags: [], name: 'ann', age: 18 } })).body).toBe('ok')
  })

  it('8 without such keywords, no limit is applied by validation', async () => {
    const app = warren()
    app.post('/', { schema: { body: Type.Object({ tags: Type.Array(Type.String()) }) } }, async (request: any) => ({ n: request.body.tags.length }))
    const tags = Array.from({ length: 5000 }, (_, i) => `t${i}`)
    expect((await app.inject({ method: 'POST', url: '/', payload: { tags } })).json()).toEqual({ n: 5000 })
  })
})
