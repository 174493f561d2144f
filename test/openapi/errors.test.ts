import { describe, expect, it } from 'vitest'
import warren, { codes, Type, type RouteSchema } from 'warren'
import { z } from 'zod'
import { documented } from './helpers.js'

/**
 * The contexts below compile schemas their own way (as an app with TypeBox's compiler or a plain
 * JSON.stringify serializer does), so warren's default compilers do not refuse these schemas
 * first: what is checked is that the document refuses them.
 */
function ownCompilers(app: ReturnType<typeof warren>): void {
  app.setValidatorCompiler(() => (value: unknown) => ({ value }))
  app.setSerializerCompiler(() => (value: unknown) => JSON.stringify(value))
}

describe('schemas the document cannot hold are start-up errors naming the route', () => {
  it('Type.Date (no JSON type): SVC_ERR_OPENAPI_UNEXPRESSIBLE names the route, the part and where', async () => {
    const app = await documented(async (app) => {
      ownCompilers(app)
      app.post('/events', { schema: { body: Type.Object({ at: Type.Date() }) } }, async () => 'ok')
    })
    const failure = app.ready()
    await expect(failure).rejects.toBeInstanceOf(codes.SVC_ERR_OPENAPI_UNEXPRESSIBLE)
    await expect(failure).rejects.toMatchObject({
      code: 'SVC_ERR_OPENAPI_UNEXPRESSIBLE',
      message: expect.stringMatching(/body schema of route POST \/events .*\/properties\/at.*Type\.Date\(\)/),
    })
  })

  it('Type.Uint8Array in a response, a function as a default, a bare Type.Unsafe(): each refused', async () => {
    const cases: RouteSchema[] = [
      { response: { 200: Type.Object({ bytes: Type.Uint8Array() }) } },
      { querystring: Type.Object({ n: Type.Number({ default: () => 1 }) }) },
      { response: { 200: Type.Unsafe<string>() } },
    ]
    for (const schema of cases) {
      const app = await documented(async (app) => {
        ownCompilers(app)
        app.get('/x', { schema }, async () => 'x')
      })
      await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_OPENAPI_UNEXPRESSIBLE', message: expect.stringContaining('route GET /x') })
    }
  })

  it('one library id, two different schemas: SVC_ERR_OPENAPI_ID_CONFLICT names both routes', async () => {
    const app = await documented(async (app) => {
      app.get('/a', { schema: { response: { 200: z.object({ a: z.string() }).meta({ id: 'Thing' }) } } }, async () => ({ a: 'x' }))
      app.get('/b', { schema: { response: { 200: z.object({ b: z.number() }).meta({ id: 'Thing' }) } } }, async () => ({ b: 1 }))
    })
    await expect(app.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_OPENAPI_ID_CONFLICT',
      message: "Two different schemas are named 'Thing': the response 200 schema of route GET /a, and the response 200 schema of route GET /b. An id names one components.schemas entry: give one of them another id",
    })
  })

  it("a library id that is a shared schema's $id: SVC_ERR_OPENAPI_ID_CONFLICT; one schema's two forms under one id are not a conflict", async () => {
    const clash = await documented(async (app) => {
      app.addSchema(Type.Object({ id: Type.Integer() }, { $id: 'Thing' }))
      app.get('/a', { schema: { response: { 200: z.object({ a: z.string() }).meta({ id: 'Thing' }) } } }, async () => ({ a: 'x' }))
    })
    await expect(clash.ready()).rejects.toMatchObject({ code: 'SVC_ERR_OPENAPI_ID_CONFLICT', message: expect.stringContaining("the shared schema 'Thing'") })
    const Tag = z.object({ name: z.string(), weight: z.number().default(1) }).meta({ id: 'Tag' })
    const forms = await documented(async (app) => {
      app.post('/tags', { schema: { body: Tag, response: { 200: Tag } } }, async () => ({ name: 'n', weight: 1 }))
      app.put('/tags', { schema: { body: z.object({ tag: Tag }), response: { 200: z.object({ tags: z.array(Tag) }) } } }, async () => ({ tags: [] }))
    })
    await forms.ready()
    expect(Object.keys(forms.openapi().components.schemas ?? {}).sort()).toEqual(['Tag', 'Tag_2', 'WarrenError'])
  })

  it('one $id, two different schemas in sibling contexts: SVC_ERR_OPENAPI_SCHEMA_CONFLICT', async () => {
    const app = await documented(async (app) => {
      app.register(async (a) => {
        a.addSchema(Type.Object({ id: Type.Integer() }, { $id: 'Thing' }))
        a.get('/a', { schema: { response: { 200: Type.Ref('Thing') } } }, async () => ({ id: 1 }))
      })
      app.register(async (b) => {
        b.addSchema(Type.Object({ id: Type.String() }, { $id: 'Thing' }))
        b.get('/b', { schema: { response: { 200: Type.Ref('Thing') } } }, async () => ({ id: 'x' }))
      })
    })
    await expect(app.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_OPENAPI_SCHEMA_CONFLICT',
      message: expect.stringMatching(/'Thing'.*GET \/a.*GET \/b/),
    })
  })

  it('one operationId on two routes: SVC_ERR_OPENAPI_OPERATION_ID_TAKEN naming both', async () => {
    const app = await documented(async (app) => {
      app.get('/users', { schema: { operationId: 'list' } }, async () => [])
      app.register(async (child) => {
        child.get('/', { schema: { operationId: 'list' } }, async () => [])
      }, { prefix: '/orders' })
    })
    await expect(app.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_OPENAPI_OPERATION_ID_TAKEN',
      message: "Routes GET /users and GET /orders have the operationId 'list': an OpenAPI document names each operation once",
    })
  })

  it('a route of several methods, or an optional last parameter, keeps its operationId once', async () => {
    const app = await documented(async (app) => {
      app.route({ method: ['PUT', 'PATCH'], url: '/things/:id', schema: { operationId: 'saveThing' }, handler: async () => 'ok' })
      app.get('/files/:name?', { schema: { operationId: 'getFile' } }, async () => 'ok')
      app.get('/ping', { schema: { operationId: 'ping' } }, async () => 'pong')
    })
    await app.ready()
    const ids = Object.values(app.openapi().paths).flatMap((item) => Object.values(item as Record<string, { operationId?: string }>).map((operation) => operation.operationId))
    expect(ids.filter((id) => id !== undefined).sort()).toEqual(['getFile', 'ping', 'saveThing'])
  })

  it('the same schema added in two sibling contexts is one component, not a conflict', async () => {
    const Thing = Type.Object({ id: Type.Integer() }, { $id: 'Thing' })
    const app = await documented(async (app) => {
      for (const prefix of ['/a', '/b']) {
        app.register(async (child) => {
          child.addSchema(Thing)
          child.get('/', { schema: { response: { 200: Type.Ref('Thing') } } }, async () => ({ id: 1 }))
        }, { prefix })
      }
    })
    await app.ready()
    expect(Object.keys(app.openapi().components.schemas ?? {})).toEqual(['Thing', 'WarrenError'])
  })

  it('a $ref to an id no visible shared schema has: SVC_ERR_OPENAPI_REF_MISSING (a sibling\'s schema does not count)', async () => {
    const app = await documented(async (app) => {
      app.register(async (a) => {
        a.addSchema(Type.Object({ id: Type.Integer() }, { $id: 'OnlyInA' }))
      })
      app.register(async (b) => {
        ownCompilers(b)
        b.get('/b', { schema: { response: { 200: { type: 'object', properties: { x: { $ref: 'OnlyInA#/properties/id' } } } } } }, async () => ({}))
      })
    })
    const failure = app.ready()
    await expect(failure).rejects.toBeInstanceOf(codes.SVC_ERR_OPENAPI_REF_MISSING)
    await expect(failure).rejects.toMatchObject({ message: expect.stringMatching(/response 200 schema of route GET \/b refers to 'OnlyInA#\/properties\/id'/) })
  })

  it('a pointer into a shared schema that goes nowhere is REF_MISSING too', async () => {
    const app = await documented(async (app) => {
      ownCompilers(app)
      app.addSchema(Type.Object({ id: Type.Integer() }, { $id: 'User' }))
      app.get('/u', { schema: { response: { 200: { $ref: 'User#/properties/nope' } } } }, async () => ({}))
    })
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_OPENAPI_REF_MISSING' })
  })
})

describe('options the document cannot be built from are refused at registration', () => {
  it('without info, or with a path not starting with a slash (JavaScript callers): SVC_ERR_OPENAPI_OPTIONS saying what is needed', async () => {
    const { default: openapi } = await import('warren/openapi')
    const given: unknown[] = [{}, { info: { title: 'Shop' } }, { info: { title: 'Shop', version: '1' }, path: 'openapi.json' }, { info: { title: 'Shop', version: '1' }, basePath: false }]
    for (const options of given) {
      const app = warren().register(openapi, options as never)
      await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_OPENAPI_OPTIONS', message: expect.stringMatching(/^warren\/openapi: .*(info: \{ title, version \}|a path starting with '\/')/) })
    }
    const served = warren().register(openapi, { info: { title: 'Shop', version: '1' }, path: false, docs: false })
    await expect(served.ready()).resolves.toBeDefined()
  })
})
