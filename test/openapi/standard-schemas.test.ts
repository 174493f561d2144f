import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { scope, type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { libraryOnly, Type } from 'warren'
import { z } from 'zod'
import { documented, expectValidDocument } from './helpers.js'

describe('routes declared with Standard Schemas', () => {
  it('document request parts from the input form and responses from the output form, formats included', async () => {
    const app = await documented(async (app) => {
      app.post('/users/:id', {
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          querystring: z.object({ verbose: z.boolean().optional() }),
          headers: z.object({ 'x-tenant': z.string().describe('Tenant') }),
          body: z.object({ email: z.email(), since: z.string().transform((s) => new Date(s)) }),
          response: { 200: z.object({ id: z.number(), since: z.date().transform((d) => d.getTime()).pipe(z.number()) }) },
        },
      }, async (request) => ({ id: request.params.id, since: request.body.since }))
    })
    await app.ready()
    const document = app.openapi()
    const operation = document.paths['/users/{id}'].post!
    expect(operation.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } },
      { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'x-tenant', in: 'header', required: true, description: 'Tenant', schema: { type: 'string', description: 'Tenant' } },
    ])
    expect(operation.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string', format: 'email' }, since: { type: 'string' } },
      required: ['email', 'since'],
    })
    expect(operation.responses['200'].content?.['application/json'].schema).toMatchObject({ type: 'object', properties: { id: { type: 'number' }, since: { type: 'number' } } })
    await expectValidDocument(document)
  })

  it('a schema the library names (Zod .meta({ id })) is one component, whichever routes use it', async () => {
    const User = z.object({ id: z.number(), name: z.string() }).meta({ id: 'User', description: 'A user' })
    const app = await documented(async (app) => {
      app.get('/users/:id', { schema: { response: { 200: User } } }, async () => ({ id: 1, name: 'n' }))
      app.get('/users', { schema: { response: { 200: z.object({ users: z.array(User) }) } } }, async () => ({ users: [] }))
    })
    await app.ready()
    const document = app.openapi()
    expect(document.components.schemas?.User).toMatchObject({ type: 'object', description: 'A user', properties: { id: { type: 'number' } } })
    // one User for both routes; WarrenError is the framework's own error body
    expect(Object.keys(document.components.schemas ?? {})).toEqual(['WarrenError', 'User'])
    expect(document.paths['/users/{id}'].get?.responses['200'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/User' })
    expect(document.paths['/users'].get?.responses['200'].content?.['application/json'].schema).toMatchObject({ properties: { users: { type: 'array', items: { $ref: '#/components/schemas/User' } } } })
    await expectValidDocument(document)
  })

  it('a named schema whose forms differ: the input form keeps the name, the output one is suffixed, whatever the order of the routes', async () => {
    const Tag = z.object({ name: z.string(), weight: z.number().default(1) }).meta({ id: 'Tag' })
    const names = async (order: 'body first' | 'response first') => {
      const app = await documented(async (app) => {
        const withBody = () => app.post('/tags', { schema: { body: Tag } }, async () => 'ok')
        const withResponse = () => app.get('/tags', { schema: { response: { 200: z.array(Tag) } } }, async () => [])
        if (order === 'body first') { withBody(); withResponse() } else { withResponse(); withBody() }
      })
      await app.ready()
      const schemas = app.openapi().components.schemas ?? {}
      return { input: schemas.Tag, output: schemas.Tag_2 }
    }
    const first = await names('body first')
    expect(first.input).toMatchObject({ required: ['name'] })
    expect(first.output).toMatchObject({ required: ['name', 'weight'] })
    expect(await names('response first')).toEqual(first)
  })

  it('a titled schema is a component; a different schema with the same title is named after its route and part, never `_2`', async () => {
    const app = await documented(async (app) => {
      app.post('/a', { schema: { body: toStandardJsonSchema(v.pipe(v.object({ a: v.string() }), v.title('Thing'))) } }, async () => 'ok')
      app.post('/b', { schema: { body: type({ b: 'number' }).configure({ title: 'Thing' }) } }, async () => 'ok')
      app.post('/c', { schema: { body: toStandardJsonSchema(v.pipe(v.object({ a: v.string() }), v.title('Thing'))) } }, async () => 'ok')
    })
    await app.ready()
    const document = app.openapi()
    const bodyOf = (path: string) => document.paths[path].post?.requestBody?.content['application/json'].schema
    expect(bodyOf('/a')).toEqual({ $ref: '#/components/schemas/Thing' })
    expect(bodyOf('/b')).toEqual({ $ref: '#/components/schemas/Thing_POST_b_body' })
    expect(bodyOf('/c')).toEqual({ $ref: '#/components/schemas/Thing' })
    await expectValidDocument(document)
  })

  it('an id keeps its name and a title yields to it, whichever route comes first', async () => {
    const names = async (order: 'title first' | 'id first') => {
      const app = await documented(async (app) => {
        const titled = () => app.get('/titled', { schema: { response: { 200: toStandardJsonSchema(v.pipe(v.object({ c: v.boolean() }), v.title('Thing'))) } } }, async () => ({ c: true }))
        const named = () => app.get('/named', { schema: { response: { 200: z.object({ a: z.string() }).meta({ id: 'Thing' }) } } }, async () => ({ a: 'x' }))
        if (order === 'title first') { titled(); named() } else { named(); titled() }
      })
      await app.ready()
      const document = app.openapi()
      await expectValidDocument(document)
      const responseOf = (path: string) => document.paths[path].get?.responses['200'].content?.['application/json'].schema
      return { titled: responseOf('/titled'), named: responseOf('/named'), thing: document.components.schemas?.Thing }
    }
    const first = await names('title first')
    expect(first).toEqual({
      titled: { $ref: '#/components/schemas/Thing_GET_titled_response_200' },
      named: { $ref: '#/components/schemas/Thing' },
      thing: expect.objectContaining({ properties: { a: { type: 'string' } } }),
    })
    expect(await names('id first')).toEqual(first)
  })

  it('recursive schemas (Zod getters, ArkType this, Valibot lazy) are components the document refers to', async () => {
    interface Category { name: string; children: Category[] }
    const Category: z.ZodType<Category> = z.object({ name: z.string(), get children() { return z.array(Category) } })
    interface Folder { name: string; folders: Folder[] }
    const Folder: v.GenericSchema<Folder> = v.object({ name: v.string(), folders: v.array(v.lazy(() => Folder)) })
    const Topic: v.GenericSchema<Folder> = v.pipe(v.object({ name: v.string(), folders: v.array(v.lazy(() => Topic)) }), v.title('Topic'))
    const app = await documented(async (app) => {
      app.post('/categories', { schema: { body: Category } }, async () => 'ok')
      app.post('/trees', { schema: { body: type({ name: 'string', 'children?': 'this[]' }) } }, async () => 'ok')
      app.post('/folders', { schema: { body: toStandardJsonSchema(Folder) } }, async () => 'ok')
      app.post('/topics', { schema: { body: toStandardJsonSchema(Topic) } }, async () => 'ok')
    })
    await app.ready()
    const document = app.openapi()
    const category = document.paths['/categories'].post?.requestBody?.content['application/json'].schema as { $ref: string }
    expect(category.$ref).toBe('#/components/schemas/POST_categories_body')
    expect(document.components.schemas?.POST_categories_body).toMatchObject({ properties: { children: { items: { $ref: '#/components/schemas/POST_categories_body' } } } })
    // ArkType's definitions are named after the route, as the other libraries' unnamed ones
    const component = (ref: unknown) => document.components.schemas?.[String(ref).replace('#/components/schemas/', '')] as Record<string, any>
    expect(document.paths['/trees'].post?.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/POST_trees_body' })
    expect(component('POST_trees_body').properties.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/POST_trees_body' } })
    // Valibot numbers its definitions: the component takes the schema's title, else the route's name
    const folders = document.paths['/folders'].post?.requestBody?.content['application/json'].schema as Record<string, any>
    expect(folders.properties.folders.items).toEqual({ $ref: '#/components/schemas/POST_folders_body' })
    expect(component(folders.properties.folders.items.$ref)).toMatchObject({ properties: { folders: { items: { $ref: '#/components/schemas/POST_folders_body' } } } })
    expect(document.paths['/topics'].post?.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Topic' })
    expect(Object.keys(document.components.schemas ?? {}).filter((name) => /^\d/.test(name))).toEqual([])
    await expectValidDocument(document)
  })

  it("ArkType's recursive types are named after the route, not its node counters: the same names whatever else the app declares", async () => {
    const documentOf = async (unrelated: number) => {
      // types declared first move ArkType's internal counters (intersection219 and the like)
      for (let i = 0; i < unrelated; i++) type({ [`k${i}`]: 'string', list: 'number[]' }).or({ other: 'boolean' })
      const Category = scope({ Category: { name: 'string', children: 'Category[]' } }).export().Category
      const app = await documented(async (app) => {
        app.put('/categories', { schema: { body: Category, response: { 200: Category } } }, async (request) => request.body)
      })
      await app.ready()
      return app.openapi()
    }
    const document = await documentOf(0)
    const operation = document.paths['/categories'].put!
    expect(operation.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PUT_categories_body' })
    expect(operation.responses['200'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/PUT_categories_body' })
    expect(document.components.schemas?.PUT_categories_body).toEqual({
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/components/schemas/PUT_categories_body' } }, name: { type: 'string' } },
      required: ['children', 'name'],
    })
    expect(Object.keys(document.components.schemas ?? {})).toEqual(['WarrenError', 'PUT_categories_body'])
    await expectValidDocument(document)
    expect(await documentOf(5)).toEqual(document)
  })

  it('two recursive ArkType types in one part: the second is numbered `_def1`, never `_2` (the suffix of an output form)', async () => {
    const Tree = type({ name: 'string', kids: 'this[]' })
    const Category = scope({ Category: { name: 'string', children: 'Category[]' } }).export().Category
    const app = await documented(async (app) => {
      app.post('/pairs', { schema: { body: type({ tree: Tree, category: Category }) } }, async () => 'ok')
    })
    await app.ready()
    const document = app.openapi()
    expect(Object.keys(document.components.schemas ?? {})).toEqual(['WarrenError', 'POST_pairs_body', 'POST_pairs_body_def1'])
    expect(document.paths['/pairs'].post?.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { category: { $ref: '#/components/schemas/POST_pairs_body' }, tree: { $ref: '#/components/schemas/POST_pairs_body_def1' } },
    })
    await expectValidDocument(document)
  })

  it("Zod's counted definitions (a recursive schema inside another) are named after the route too", async () => {
    interface Category { name: string; children: Category[] }
    const Category: z.ZodType<Category> = z.object({ name: z.string(), get children() { return z.array(Category) } })
    const app = await documented(async (app) => {
      app.post('/shelves', { schema: { body: z.object({ main: Category, spare: Category }) } }, async () => 'ok')
    })
    await app.ready()
    const document = app.openapi()
    expect(Object.keys(document.components.schemas ?? {})).toEqual(['WarrenError', 'POST_shelves_body'])
    expect(document.paths['/shelves'].post?.requestBody?.content['application/json'].schema).toMatchObject({
      properties: { main: { $ref: '#/components/schemas/POST_shelves_body' }, spare: { $ref: '#/components/schemas/POST_shelves_body' } },
    })
    await expectValidDocument(document)
  })

  it('a libraryOnly schema without JSON Schema is documented as any value; a TypeBox part beside it as usual', async () => {
    const app = await documented(async (app) => {
      app.post('/raw', { schema: { body: libraryOnly(v.object({ a: v.string() })), response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }))
    })
    await app.ready()
    const operation = app.openapi().paths['/raw'].post
    expect(operation?.requestBody?.content['application/json'].schema).toEqual({})
    expect(operation?.responses['200'].content?.['application/json'].schema).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] })
  })
})

describe('response descriptions', () => {
  it('come from the schema of every library, Valibot and ArkType keeping theirs only in their JSON Schema', async () => {
    const app = await documented(async (app) => {
      app.get('/zod', { schema: { response: { 200: z.object({ id: z.number() }).describe('The thing'), 204: z.null().describe('Deleted') } } }, async () => ({ id: 1 }))
      app.get('/valibot', { schema: { response: { 200: toStandardJsonSchema(v.pipe(v.object({ id: v.number() }), v.description('The thing'))), 204: toStandardJsonSchema(v.pipe(v.null(), v.description('Deleted'))) } } }, async () => ({ id: 1 }))
      app.get('/arktype', { schema: { response: { 200: type({ id: 'number' }).describe('The thing'), 204: type('null').describe('Deleted') } } }, async () => ({ id: 1 }))
      app.get('/plain', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 1 }))
    })
    await app.ready()
    const { paths } = app.openapi()
    for (const path of ['/zod', '/valibot', '/arktype']) {
      const responses = paths[path].get!.responses
      expect([path, responses['200'].description, responses['204'].description]).toEqual([path, 'The thing', 'Deleted'])
    }
    expect(paths['/plain'].get!.responses['200'].description).toBe('OK')
  })
})
