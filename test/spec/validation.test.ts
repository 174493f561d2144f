import { describe, expect, it } from 'vitest'
import { Ajv } from 'ajv'
import warren, { Type } from 'warren'

describe('4.3 validation behaviour', () => {
  it('4.3 rule 1: a JSON body is validated (with or without charset)', async () => {
    const app = warren()
    app.post('/b', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request: any) => request.body)
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const bad = await app.inject({ method: 'POST', url: '/b', headers: { 'content-type': type }, payload: '{"n":"x"}' })
      expect(bad.statusCode, type).toBe(400)
      expect(bad.json().message).toBe('body/n must be integer')
      const ok = await app.inject({ method: 'POST', url: '/b', headers: { 'content-type': type }, payload: '{"n":"3"}' })
      expect(ok.json(), type).toEqual({ n: 3 })
    }
  })

  it('4.3 rule 1 (DESIGN): a body schema without content validates every parsed body, whatever its type', async () => {
    const app = warren()
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request: any, body: string, done: any) => {
      done(null, Object.fromEntries(new URLSearchParams(body)))
    })
    app.post('/form', { schema: { body: Type.Object({ age: Type.Integer() }) } }, async (request: any) => request.body)
    const ok = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'age=30' })
    expect(ok.json()).toEqual({ age: 30 })
    const bad = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'age=old' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body/age must be integer')
  })

  it('4.3 rule 1 (DESIGN): a text/plain body is validated against a string schema', async () => {
    const app = warren()
    app.post('/t', { schema: { body: { type: 'string', maxLength: 5 } } }, async (request: any) => ({ body: request.body }))
    expect((await app.inject({ method: 'POST', url: '/t', headers: { 'content-type': 'text/plain' }, payload: 'short' })).json()).toEqual({ body: 'short' })
    const bad = await app.inject({ method: 'POST', url: '/t', headers: { 'content-type': 'text/plain' }, payload: 'too long' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body must NOT have more than 5 characters')
  })

  it('4.3 rule 2: with a content map, the schema is chosen by the essence MIME type', async () => {
    const app = warren()
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request: any, body: string, done: any) => done(null, body.split(',')))
    app.post('/c', {
      schema: {
        body: {
          content: {
            'application/json': { schema: Type.Object({ name: Type.String() }) },
            'text/csv': { schema: Type.Array(Type.String(), { maxItems: 2 }) },
            'text/plain': { schema: { type: 'string', minLength: 3 } },
          },
        },
      },
    }, async (request: any) => ({ body: request.body }))
    const post = (type: string, payload: string) => app.inject({ method: 'POST', url: '/c', headers: { 'content-type': type }, payload })
    expect((await post('application/json', '{"name":"a"}')).json()).toEqual({ body: { name: 'a' } })
    const badJson = await post('application/json; charset=utf-8', '{}')
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json().message).toBe("body must have required property 'name'")
    expect((await post('text/csv', 'a,b')).json()).toEqual({ body: ['a', 'b'] })
    const badCsv = await post('text/csv; charset=utf-8', 'a,b,c')
    expect(badCsv.statusCode).toBe(400)
    expect(badCsv.json().message).toBe('body must NOT have more than 2 items')
    expect((await post('text/plain', 'abc')).json()).toEqual({ body: 'abc' })
    expect((await post('text/plain', 'ab')).statusCode).toBe(400)
  })

  it('4.3 rule 2: content types without a key are not validated', async () => {
    const app = warren()
    app.post('/c', {
      schema: { body: { content: { 'application/json': { schema: Type.Object({ name: Type.String() }) } } } },
    }, async (request: any) => ({ body: request.body }))
    // text/plain is parsed by the default parser and passes unvalidated
    const res = await app.inject({ method: 'POST', url: '/c', headers: { 'content-type': 'text/plain' }, payload: 'anything' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ body: 'anything' })
  })

  it('4.3 rule 3: a RegExp parser accepting more types than the map covers: uncovered types are parsed, not validated', async () => {
    const app = warren()
    app.addContentTypeParser(/^application\/vnd\.[a-z]+\+json$/, { parseAs: 'string' }, (_request: any, body: string, done: any) => {
      try {
        done(null, JSON.parse(body))
      } catch (error) {
        done(error as Error, undefined)
      }
    })
    app.post('/v', {
      schema: { body: { content: { 'application/vnd.alpha+json': { schema: Type.Object({ alpha: Type.Integer() }) } } } },
    }, async (request: any) => ({ body: request.body }))
    const covered = await app.inject({ method: 'POST', url: '/v', headers: { 'content-type': 'application/vnd.alpha+json' }, payload: '{"alpha":"x"}' })
    expect(covered.statusCode).toBe(400)
    const coveredOk = await app.inject({ method: 'POST', url: '/v', headers: { 'content-type': 'application/vnd.alpha+json' }, payload: '{"alpha":"7"}' })
    expect(coveredOk.json()).toEqual({ body: { alpha: 7 } })
    const uncovered = await app.inject({ method: 'POST', url: '/v', headers: { 'content-type': 'application/vnd.beta+json' }, payload: '{"alpha":"x"}' })
    expect(uncovered.statusCode).toBe(200)
    expect(uncovered.json()).toEqual({ body: { alpha: 'x' } })
  })

  it('4.3 rule 3: a body schema without content validates every type a RegExp parser accepts', async () => {
    const app = warren()
    app.addContentTypeParser(/^application\/vnd\.[a-z]+\+json$/, { parseAs: 'string' }, (_request: any, body: string, done: any) => done(null, JSON.parse(body)))
    app.post('/v', { schema: { body: Type.Object({ alpha: Type.Integer() }) } }, async (request: any) => ({ body: request.body }))
    for (const type of ['application/vnd.alpha+json', 'application/vnd.beta+json']) {
      expect((await app.inject({ method: 'POST', url: '/v', headers: { 'content-type': type }, payload: '{"alpha":"x"}' })).statusCode).toBe(400)
      expect((await app.inject({ method: 'POST', url: '/v', headers: { 'content-type': type }, payload: '{"alpha":"2"}' })).json()).toEqual({ body: { alpha: 2 } })
    }
  })

  it('4.3 rule 4: the handler sees the coerced, typed data', async () => {
    const app = warren()
    app.get('/c/:id', {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        querystring: Type.Object({ on: Type.Boolean(), ratio: Type.Number(), tags: Type.Array(Type.String()) }),
      },
    }, async (request: any) => ({
      id: request.params.id,
      idType: typeof request.params.id,
      on: request.query.on,
      onType: typeof request.query.on,
      ratio: request.query.ratio,
      tags: request.query.tags,
    }))
    expect((await app.inject('/c/7?on=true&ratio=0.5&tags=x')).json()).toEqual({
      id: 7, idType: 'number', on: true, onType: 'boolean', ratio: 0.5, tags: ['x'],
    })
  })

  it('4.3 rule 4: a single querystring value for an array without items becomes a one-element array of strings', async () => {
    const app = warren()
    app.get('/a', { schema: { querystring: { type: 'object', properties: { ids: { type: 'array' } } } } }, async (request: any) => request.query)
    expect((await app.inject('/a?ids=1')).json()).toEqual({ ids: ['1'] })
    expect((await app.inject('/a?ids=1&ids=2')).json()).toEqual({ ids: ['1', '2'] })
  })

  it('4.3 rule 4: default values fill missing ones', async () => {
    const app = warren()
    app.get('/d', {
      schema: { querystring: Type.Object({ page: Type.Integer({ default: 1 }), size: Type.Integer({ default: 20 }), sort: Type.Optional(Type.String()) }) },
    }, async (request: any) => request.query)
    expect((await app.inject('/d')).json()).toEqual({ page: 1, size: 20 })
    expect((await app.inject('/d?size=5&sort=name')).json()).toEqual({ page: 1, size: 5, sort: 'name' })
  })

  it('4.3 rule 5: anyOf with null first coerces 0 and false to null; nullable keeps them', async () => {
    const app = warren()
    app.post('/any-of', {
      schema: { body: { type: 'object', properties: { n: { anyOf: [{ type: 'null' }, { type: 'number' }] }, b: { anyOf: [{ type: 'null' }, { type: 'boolean' }] } } } },
    }, async (request: any) => request.body)
    app.post('/nullable', {
      schema: { body: { type: 'object', properties: { n: { type: 'number', nullable: true }, b: { type: 'boolean', nullable: true } } } },
    }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/any-of', payload: { n: 0, b: false } })).json()).toEqual({ n: null, b: null })
    expect((await app.inject({ method: 'POST', url: '/nullable', payload: { n: 0, b: false } })).json()).toEqual({ n: 0, b: false })
    expect((await app.inject({ method: 'POST', url: '/nullable', payload: { n: null, b: null } })).json()).toEqual({ n: null, b: null })
  })

  it('4.3 rule 6: a per-part compiler switching on httpPart', async () => {
    const app = warren()
    const compilers: Record<string, (schema: any) => (data: any) => any> = {
      body: () => (data) => (data && typeof data.title === 'string' ? { value: data } : { error: new Error('body needs a title') }),
      params: () => (data) => (/^\d+$/.test(data.id) ? { value: { id: Number(data.id) } } : { error: new Error('id must be digits') }),
      querystring: () => (data) => ({ value: { ...data, seen: true } }),
      headers: () => (data) => (data['x-tenant'] ? { value: data } : { error: new Error('x-tenant missing') }),
    }
    app.setValidatorCompiler(({ schema, httpPart }: any) => {
      if (!httpPart) throw new Error('missing httpPart')
      const compiler = compilers[httpPart]
      if (!compiler) throw new Error(`no compiler for ${httpPart}`)
      return compiler(schema)
    })
    app.put('/doc/:id', {
      schema: { body: { type: 'object' }, params: { type: 'object' }, querystring: { type: 'object' }, headers: { type: 'object' } },
    }, async (request: any) => ({ id: request.params.id, query: request.query, title: request.body.title }))
    const ok = await app.inject({ method: 'PUT', url: '/doc/12?x=1', headers: { 'x-tenant': 't' }, payload: { title: 'T' } })
    expect(ok.json()).toEqual({ id: 12, query: { x: '1', seen: true }, title: 'T' })
    const badParams = await app.inject({ method: 'PUT', url: '/doc/ab', headers: { 'x-tenant': 't' }, payload: { title: 'T' } })
    expect(badParams.statusCode).toBe(400)
    expect(badParams.json().message).toBe('id must be digits')
    expect((await app.inject({ method: 'PUT', url: '/doc/1', payload: { title: 'T' } })).json().message).toBe('x-tenant missing')
    expect((await app.inject({ method: 'PUT', url: '/doc/1', headers: { 'x-tenant': 't' }, payload: {} })).json().message).toBe('body needs a title')
  })

  it('4.3 rule 6: a compiler that throws for a part it has no compiler for makes start-up fail', async () => {
    const app = warren()
    app.setValidatorCompiler(({ httpPart }: any) => {
      if (httpPart !== 'body') throw new Error(`no compiler for ${httpPart}`)
      return () => ({ value: undefined })
    })
    app.get('/h', { schema: { headers: { type: 'object' } } }, async () => 'never')
    await expect(app.ready()).rejects.toThrow('no compiler for headers')
  })

  describe('4.3 rule 7: $ref forms, for the validator and the serializer', () => {
    function refApp() {
      const app = warren()
      app.addSchema({
        $id: 'http://example.com/common.json',
        type: 'object',
        definitions: {
          word: { type: 'string', maxLength: 5 },
          inner: { $id: '#inner', type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] },
        },
        properties: { name: { type: 'string', minLength: 2 } },
        required: ['name'],
      })
      app.addSchema({ $id: 'point', type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] })
      return app
    }

    it('4.3 rule 7: #<id> resolves a $id inside the current schema', async () => {
      const app = refApp()
      const schema = {
        type: 'object',
        definitions: { tag: { $id: '#tag', type: 'string', enum: ['a', 'b'] } },
        properties: { tag: { $ref: '#tag' }, hidden: { type: 'string' } },
        required: ['tag'],
      }
      const responseSchema = {
        type: 'object',
        definitions: { tag: { $id: '#tag', type: 'string' } },
        properties: { tag: { $ref: '#tag' } },
      }
      app.post('/r', { schema: { body: schema, response: { 200: responseSchema } } }, async (request: any) => ({ ...request.body, extra: 1 }))
      expect((await app.inject({ method: 'POST', url: '/r', payload: { tag: 'a', hidden: 'h' } })).json()).toEqual({ tag: 'a' })
      expect((await app.inject({ method: 'POST', url: '/r', payload: { tag: 'c' } })).statusCode).toBe(400)
    })

    it('4.3 rule 7: #/definitions/<name> in the current schema', async () => {
      const app = refApp()
      const schema = {
        type: 'object',
        definitions: { count: { type: 'integer', minimum: 0 } },
        properties: { count: { $ref: '#/definitions/count' } },
        required: ['count'],
      }
      app.post('/r', { schema: { body: schema, response: { 200: schema } } }, async (request: any) => ({ ...request.body, extra: 1 }))
      expect((await app.inject({ method: 'POST', url: '/r', payload: { count: '3' } })).json()).toEqual({ count: 3 })
      expect((await app.inject({ method: 'POST', url: '/r', payload: { count: -1 } })).statusCode).toBe(400)
    })

    it('4.3 rule 7: <schema-id># the whole shared schema', async () => {
      const app = refApp()
      app.post('/r', { schema: { body: { $ref: 'point#' }, response: { 200: { $ref: 'point#' } } } }, async (request: any) => ({ ...request.body, z: 3 }))
      expect((await app.inject({ method: 'POST', url: '/r', payload: { x: '1', y: 2 } })).json()).toEqual({ x: 1, y: 2 })
      expect((await app.inject({ method: 'POST', url: '/r', payload: { x: 1 } })).json().message).toBe("body must have required property 'y'")
    })

    it('4.3 rule 7: <schema-id>#/definitions/<name> and #/properties/<name> paths in a shared schema', async () => {
      const app = refApp()
      const schema = {
        type: 'object',
        properties: {
          word: { $ref: 'http://example.com/common.json#/definitions/word' },
          name: { $ref: 'http://example.com/common.json#/properties/name' },
        },
        required: ['word', 'name'],
      }
      app.post('/r', { schema: { body: schema, response: { 200: schema } } }, async (request: any) => ({ ...request.body, extra: 1 }))
      expect((await app.inject({ method: 'POST', url: '/r', payload: { word: 'hi', name: 'Al' } })).json()).toEqual({ word: 'hi', name: 'Al' })
      expect((await app.inject({ method: 'POST', url: '/r', payload: { word: 'toolong', name: 'Al' } })).json().message).toBe('body/word must NOT have more than 5 characters')
      expect((await app.inject({ method: 'POST', url: '/r', payload: { word: 'hi', name: 'A' } })).json().message).toBe('body/name must NOT have fewer than 2 characters')
    })

    it('4.3 rule 7: <schema-id>#<id> a $id inside the shared schema', async () => {
      const app = refApp()
      const schema = { type: 'object', properties: { inner: { $ref: 'http://example.com/common.json#inner' } }, required: ['inner'] }
      app.post('/r', { schema: { body: schema, response: { 200: schema } } }, async (request: any) => ({ inner: { ...request.body.inner, secret: 's' } }))
      expect((await app.inject({ method: 'POST', url: '/r', payload: { inner: { x: '5' } } })).json()).toEqual({ inner: { x: 5 } })
      expect((await app.inject({ method: 'POST', url: '/r', payload: { inner: {} } })).json().message).toBe("body/inner must have required property 'x'")
    })

    it('4.3 rule 7: a $ref in querystring, params and headers', async () => {
      const app = refApp()
      app.addSchema({ $id: 'idParams', type: 'object', properties: { id: { type: 'integer' } } })
      app.get('/r/:id', { schema: { params: { $ref: 'idParams#' }, querystring: { $ref: 'point#' } } }, async (request: any) => ({ id: request.params.id, q: request.query }))
      expect((await app.inject('/r/4?x=1&y=2')).json()).toEqual({ id: 4, q: { x: 1, y: 2 } })
      expect((await app.inject('/r/a?x=1&y=2')).statusCode).toBe(400)
      expect((await app.inject('/r/4?x=1')).statusCode).toBe(400)
    })

    it('4.3 rule 7: a $ref to an unknown schema fails at start-up', async () => {
      const app = warren()
      app.post('/r', { schema: { body: { $ref: 'nowhere#' } } }, async () => 'never')
      await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
    })

    it('4.3 rule 7: shared schemas referencing each other', async () => {
      const app = warren()
      app.addSchema({ $id: 'address', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })
      app.addSchema({ $id: 'person', type: 'object', properties: { name: { type: 'string' }, address: { $ref: 'address#' } }, required: ['name', 'address'] })
      app.post('/p', { schema: { body: { $ref: 'person#' }, response: { 200: { $ref: 'person#' } } } }, async (request: any) => ({
        ...request.body, address: { ...request.body.address, zip: 'hidden' },
      }))
      expect((await app.inject({ method: 'POST', url: '/p', payload: { name: 'a', address: { city: 'c' } } })).json()).toEqual({ name: 'a', address: { city: 'c' } })
      expect((await app.inject({ method: 'POST', url: '/p', payload: { name: 'a', address: {} } })).json().message).toBe("body/address must have required property 'city'")
    })
  })

  it('4.3 rule 8: with a custom validator, shared schemas are read with getSchemas() and added to it', async () => {
    const app = warren()
    app.addSchema({ $id: 'item', type: 'object', properties: { sku: { type: 'string', pattern: '^[A-Z]+$' } }, required: ['sku'] })
    app.register(async (child: any) => {
      const ajv = new Ajv({ strict: false })
      for (const schema of Object.values(child.getSchemas())) ajv.addSchema(schema as any)
      child.setValidatorCompiler(({ schema }: any) => {
        const validate = ajv.compile(schema)
        return (data: any) => (validate(data) ? { value: data } : { error: validate.errors })
      })
      child.post('/item', { schema: { body: { $ref: 'item#' } } }, async (request: any) => request.body)
    })
    expect((await app.inject({ method: 'POST', url: '/item', payload: { sku: 'ABC' } })).json()).toEqual({ sku: 'ABC' })
    const bad = await app.inject({ method: 'POST', url: '/item', payload: { sku: 'abc' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body/sku must match pattern "^[A-Z]+$"')
  })

  it('4.3 rule 9: async work belongs in preHandler, after validation', async () => {
    const app = warren()
    const db = new Map([['1', 'Ada']])
    app.decorateRequest('owner', null)
    app.get('/u/:id', {
      schema: { params: Type.Object({ id: Type.String({ pattern: '^\\d+$' }) }) },
      preHandler: async (request: any, reply: any) => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        const name = db.get(request.params.id)
        if (!name) return reply.code(404).send({ missing: request.params.id })
        request.owner = name
      },
    }, async (request: any) => ({ owner: request.owner }))
    expect((await app.inject('/u/1')).json()).toEqual({ owner: 'Ada' })
    expect((await app.inject('/u/2')).statusCode).toBe(404)
    expect((await app.inject('/u/x')).statusCode).toBe(400)
  })

  it('4.3 rule 9: an $async schema never lets an invalid request through', async () => {
    const app = warren()
    app.post('/a', { schema: { body: { $async: true, type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } }, async () => 'handled')
    let started = true
    try {
      await app.ready()
    } catch {
      started = false
    }
    if (started) {
      const res = await app.inject({ method: 'POST', url: '/a', payload: {} })
      expect(res.statusCode).toBe(400)
    } else {
      expect(started).toBe(false)
    }
  })

  it('4.3 rule 10: async preValidation with a custom validator returning { error }: a 400, the app keeps serving', async () => {
    const app = warren()
    app.setValidatorCompiler(() => (data: any) => {
      try {
        if (data.name.length < 2) return { error: new Error('name too short') }
        return { value: data }
      } catch (error) {
        return { error: error as Error }
      }
    })
    app.addHook('preValidation', async (request: any) => {
      await new Promise((resolve) => setTimeout(resolve, 2))
      request.headers['x-checked'] = 'yes'
    })
    app.post('/v', { schema: { body: { type: 'object' } } }, async (request: any) => ({ name: request.body.name, checked: request.headers['x-checked'] }))
    expect((await app.inject({ method: 'POST', url: '/v', payload: { name: 'x' } })).json()).toMatchObject({ statusCode: 400, message: 'name too short' })
    const unexpected = await app.inject({ method: 'POST', url: '/v', payload: {} })
    expect(unexpected.statusCode).toBe(400)
    expect((await app.inject({ method: 'POST', url: '/v', payload: { name: 'Ada' } })).json()).toEqual({ name: 'Ada', checked: 'yes' })
  })

  it('4.3 rule 10: a validator that throws anyway does not crash the application', async () => {
    const app = warren()
    app.setValidatorCompiler(() => () => {
      throw new Error('validator exploded')
    })
    app.addHook('preValidation', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
    })
    app.post('/v', { schema: { body: { type: 'object' } } }, async () => 'never')
    app.get('/alive', async () => 'alive')
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(`${address}/v`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).not.toBe(200)
      expect(await (await fetch(`${address}/alive`)).text()).toBe('alive')
    } finally {
      await app.close()
    }
  })
})
