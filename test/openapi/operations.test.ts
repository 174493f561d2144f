import { describe, expect, it } from 'vitest'
import warren, { contributeOpenApi, plugin, Type } from 'warren'
import bearerAuth from 'warren/bearer-auth'
import openapi from 'warren/openapi'
import { documented, expectValidDocument, operationsOf } from './helpers.js'

describe('operations', () => {
  it('documents a querystring given as `query` once, after start-up too (when the schema also carries it as `querystring`)', async () => {
    const app = await documented(async (app) => {
      app.get('/search', { schema: { query: Type.Object({ q: Type.String(), page: Type.Optional(Type.Integer()) }) } }, async () => ({}))
    })
    const names = () => app.openapi().paths['/search'].get?.parameters?.map((p: any) => `${p.in} ${p.name}`)
    await app.ready()
    expect(names()).toEqual(['query q', 'query page'])
  })

  it('documentation keywords from the route schema; schema.hide leaves a route out; HEAD routes warren adds are not listed', async () => {
    const app = await documented(async (app) => {
      app.get('/items/:id', {
        schema: {
          summary: 'One item', description: 'Reads an item', tags: ['items'], operationId: 'readItem', deprecated: true,
          params: Type.Object({ id: Type.Integer({ description: 'Item id', minimum: 1 }) }),
          querystring: Type.Object({ fields: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('some')], { default: 'all' })) }),
          headers: Type.Object({ 'x-tenant': Type.String({ description: 'Tenant' }), authorization: Type.Optional(Type.String()) }),
        },
      }, async () => ({}))
      app.get('/internal', { schema: { hide: true } }, async () => 'hidden')
    })
    await app.ready()
    const document = app.openapi()
    expect(operationsOf(document)).toEqual(['GET /items/{id}'])
    const read = document.paths['/items/{id}'].get
    expect(read).toMatchObject({ summary: 'One item', description: 'Reads an item', tags: ['items'], operationId: 'readItem', deprecated: true })
    expect(read?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: 'Item id', schema: { type: 'integer', description: 'Item id', minimum: 1 } },
      { name: 'fields', in: 'query', required: false, schema: { default: 'all', anyOf: [{ const: 'all', type: 'string' }, { const: 'some', type: 'string' }] } },
      // authorization is left out: OpenAPI describes it with security, not as a parameter
      { name: 'x-tenant', in: 'header', required: true, description: 'Tenant', schema: { type: 'string', description: 'Tenant' } },
    ])
    expect(read?.responses).toEqual({
      200: { description: 'OK' },
      // params, querystring and headers schemas: warren's 400; every route: its 500
      400: { $ref: '#/components/responses/WarrenBadRequest' },
      500: { $ref: '#/components/responses/WarrenInternalServerError' },
    })
    await expectValidDocument(document)
  })

  it('an optional last path parameter is documented as the two paths the router serves; the operationId stays on the longer one', async () => {
    const app = await documented(async (app) => {
      app.get('/notes/:id/:view?', {
        schema: { operationId: 'readNote', params: Type.Object({ id: Type.Integer(), view: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('short')])) }) },
      }, async (request) => ({ id: request.params.id, view: request.params.view ?? null }))
    })
    await app.ready()
    expect((await app.inject('/notes/1')).json()).toEqual({ id: 1, view: null })
    const document = app.openapi()
    expect(operationsOf(document)).toEqual(['GET /notes/{id}', 'GET /notes/{id}/{view}'])
    const long = document.paths['/notes/{id}/{view}'].get
    const short = document.paths['/notes/{id}'].get
    expect(long?.operationId).toBe('readNote')
    expect(long?.parameters?.map((parameter) => [parameter.name, parameter.required])).toEqual([['id', true], ['view', true]])
    expect(short?.operationId).toBeUndefined()
    expect(short?.parameters?.map((parameter) => [parameter.name, parameter.required])).toEqual([['id', true]])
    await expectValidDocument(document)
  })

  it('a request property with a default is not required of the client: the validator fills it in; a response keeps it required', async () => {
    const Note = Type.Object({ id: Type.Integer(), title: Type.String(), pinned: Type.Boolean({ default: false }) }, { $id: 'Note' })
    const app = await documented(async (app) => {
      app.addSchema(Note)
      app.post('/notes', {
        schema: {
          querystring: Type.Object({ limit: Type.Integer({ default: 20 }), cursor: Type.String() }),
          body: Type.Object({ title: Type.String(), tags: Type.Array(Type.String(), { default: [] }), meta: Type.Object({ color: Type.String({ default: 'blue' }), size: Type.Integer() }) }),
          response: { 201: Type.Ref('Note') },
        },
      }, async (_request, reply) => reply.code(201).send({ id: 1, title: 't', pinned: false }))
    })
    await app.ready()
    const document = app.openapi()
    const create = document.paths['/notes'].post
    expect(create?.parameters?.map((parameter) => [parameter.name, parameter.required])).toEqual([['limit', false], ['cursor', true]])
    const body = (create?.requestBody as { content: Record<string, { schema: any }> }).content['application/json'].schema
    expect(body.required).toEqual(['title', 'meta'])
    expect(body.properties.meta.required).toEqual(['size'])
    // the shared component, which the response uses, is left as declared
    expect((document.components?.schemas?.Note as { required: string[] }).required).toEqual(['id', 'title', 'pinned'])
    await expectValidDocument(document)
  })

  it('paths: regexp params, wildcards, several params; a path param without a params schema is a string', async () => {
    const app = await documented(async (app) => {
      app.get('/files/*', async () => 'x')
      app.get('/at/:lat-:lng', async () => 'x')
      app.get('/n/:id(^\\d+)', async () => 'x')
    })
    await app.ready()
    const document = app.openapi()
    expect(operationsOf(document)).toEqual(['GET /at/{lat}-{lng}', 'GET /files/{*}', 'GET /n/{id}'])
    expect(document.paths['/at/{lat}-{lng}'].get?.parameters?.map((p) => p.name)).toEqual(['lat', 'lng'])
    expect(document.paths['/n/{id}'].get?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }])
    await expectValidDocument(document)
  })

  it('short forms are wrapped; a response description comes from the schema; TypeBox symbols never reach the document', async () => {
    const app = await documented(async (app) => {
      app.post('/short', {
        schema: {
          body: { name: { type: 'string' } },
          response: { 201: Type.Object({ id: Type.Integer() }, { description: 'Created it' }), 204: Type.Null() },
        },
      }, async (_request, reply) => reply.code(201).send({ id: 1 }))
    })
    await app.ready()
    const op = app.openapi().paths['/short'].post
    expect(op?.requestBody?.content['application/json'].schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } })
    expect(op?.responses['201'].description).toBe('Created it')
    expect(op?.responses['204']).toEqual({ description: 'No Content' })
    const schema = op?.responses['201'].content?.['application/json'].schema as object
    expect(Object.getOwnPropertySymbols(schema)).toEqual([])
    expect(Object.getOwnPropertySymbols((schema as { properties: { id: object } }).properties.id)).toEqual([])
  })

  it('a plugin contributes through contributeOpenApi, for its context and descendants only; contributions nest (AND); a route\'s own security wins', async () => {
    const apiKey = plugin(async (instance) => {
      contributeOpenApi(instance, {
        securitySchemes: { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } },
        security: [{ apiKey: [] }],
        responses: { 403: { description: 'Wrong API key' } },
      })
    })
    const app = await documented(async (app) => {
      app.register(async (outer) => {
        outer.register(bearerAuth, { keys: ['k'] })
        outer.get('/outer', async () => 'x')
        outer.get('/public', { schema: { security: [] } }, async () => 'x')
        outer.register(async (inner) => {
          inner.register(apiKey)
          inner.get('/inner', async () => 'x')
        })
      })
      app.get('/none', async () => 'x')
    })
    await app.ready()
    const document = app.openapi()
    expect(Object.keys(document.components.securitySchemes ?? {}).sort()).toEqual(['apiKey', 'bearerAuth'])
    expect(document.paths['/outer'].get?.security).toEqual([{ bearerAuth: [] }])
    expect(document.paths['/inner'].get?.security).toEqual([{ bearerAuth: [], apiKey: [] }])
    expect(Object.keys(document.paths['/inner'].get?.responses ?? {})).toEqual(['200', '401', '403', '500'])
    expect(document.paths['/public'].get?.security).toEqual([])
    expect(document.paths['/none'].get?.security).toBeUndefined()
    await expectValidDocument(document)
  })

  it('options: servers, tags and externalDocs are copied; the document is built once, at ready()', async () => {
    const app = await documented(async (app) => {
      app.get('/x', async () => 'x')
    }, { servers: [{ url: 'https://api.example.com' }], tags: [{ name: 'x', description: 'Xs' }], externalDocs: { url: 'https://example.com' } })
    await app.ready()
    const document = app.openapi()
    expect(document.servers).toEqual([{ url: 'https://api.example.com' }])
    expect(document.tags).toEqual([{ name: 'x', description: 'Xs' }])
    expect(document.externalDocs).toEqual({ url: 'https://example.com' })
    expect(app.openapi()).toBe(document)
  })

  it('routes declared on the root after an awaited register are documented too', async () => {
    const app = await warren().register(openapi, { info: { title: 'Root', version: '0' } })
    app.get('/root', async () => 'x')
    await app.ready()
    expect(operationsOf(app.openapi())).toEqual(['GET /root'])
  })

  it('Draft 7 spellings become 2020-12 ones: a tuple is prefixItems, dependencies split', async () => {
    const app = await documented(async (app) => {
      app.post('/pairs', {
        schema: {
          body: Type.Object({ pair: Type.Tuple([Type.String(), Type.Integer()]) }),
          response: { 200: { type: 'object', properties: { a: { type: 'string' } }, dependencies: { a: ['b'], c: { required: ['d'] } } } },
        },
      }, async () => ({}))
    })
    await app.ready()
    const op = app.openapi().paths['/pairs'].post
    const pair = (op?.requestBody?.content['application/json'].schema as { properties: { pair: unknown } }).properties.pair
    expect(pair).toEqual({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false, minItems: 2, maxItems: 2 })
    expect(op?.responses['200'].content?.['application/json'].schema).toEqual({
      type: 'object', properties: { a: { type: 'string' } }, dependentRequired: { a: ['b'] }, dependentSchemas: { c: { required: ['d'] } },
    })
    await expectValidDocument(app.openapi())
  })
})
