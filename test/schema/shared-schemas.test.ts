import { describe, expect, it } from 'vitest'
import warren, { plugin, Type } from 'warren'

const address = { $id: 'address', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }

describe('2.6 / 4.1 addSchema, getSchemas, getSchema', () => {
  it('4.1 addSchema without a string $id throws SVC_ERR_SCH_MISSING_ID', () => {
    const app = warren()
    expect(() => app.addSchema({ type: 'object' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID', message: 'Missing schema $id property' }))
    expect(() => app.addSchema({ $id: 42, type: 'object' } as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID' }))
    expect(() => app.addSchema({ $id: '', type: 'object' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID' }))
    expect(() => app.addSchema(null as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID' }))
  })

  it('4.1 addSchema of a $id already visible throws SVC_ERR_SCH_ALREADY_PRESENT', async () => {
    const app = warren()
    app.addSchema(address)
    expect(() => app.addSchema({ ...address })).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_ALREADY_PRESENT', message: "Schema with id 'address' already declared!" }))
    let childError: any = null
    app.register(async (child: any) => {
      try {
        child.addSchema({ $id: 'address', type: 'string' })
      } catch (error) {
        childError = error
      }
    })
    await app.ready()
    expect(childError).toMatchObject({ code: 'SVC_ERR_SCH_ALREADY_PRESENT' })
  })

  it('4.1 siblings may each add a schema with the same $id, each seeing its own', async () => {
    const app = warren()
    for (const [prefix, type] of [['/a', 'integer'], ['/b', 'string']] as const) {
      app.register(async (child: any) => {
        child.addSchema({ $id: 'value', type })
        child.post('/', { schema: { body: { type: 'object', properties: { v: { $ref: 'value#' } } } } }, async (request: any) => request.body)
      }, { prefix })
    }
    expect((await app.inject({ method: 'POST', url: '/a', payload: { v: '7' } })).json()).toEqual({ v: 7 })
    expect((await app.inject({ method: 'POST', url: '/b', payload: { v: 7 } })).json()).toEqual({ v: '7' })
  })

  it('2.6 getSchemas returns own plus ancestors\' schemas, never descendants\'', async () => {
    const app = warren()
    const root = { $id: 'root', type: 'string' }
    const child = { $id: 'child', type: 'string' }
    const grandchild = { $id: 'grandchild', type: 'string' }
    const views: Record<string, unknown> = {}
    app.addSchema(root)
    app.register(async (c: any) => {
      c.addSchema(child)
      c.register(async (g: any) => {
        g.addSchema(grandchild)
        views.grandchild = g.getSchemas()
      })
      await c.after()
      views.child = c.getSchemas()
    })
    await app.ready()
    expect(app.getSchemas()).toEqual({ root })
    expect(views.child).toEqual({ root, child })
    expect(views.grandchild).toEqual({ root, child, grandchild })
  })

  it('2.6 a schema added by a plugin() wrapper is visible in the parent', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.addSchema(address)
    }))
    await app.ready()
    expect(app.getSchema('address')).toBe(address)
  })

  it('4.1 getSchema returns the visible schema by $id, undefined otherwise', async () => {
    const app = warren()
    app.addSchema(address)
    let fromChild: unknown
    let ownInChild: unknown
    app.register(async (child: any) => {
      child.addSchema({ $id: 'only-child', type: 'string' })
      fromChild = child.getSchema('address')
      ownInChild = child.getSchema('only-child')
    })
    await app.ready()
    expect(app.getSchema('address')).toBe(address)
    expect(fromChild).toBe(address)
    expect(ownInChild).toEqual({ $id: 'only-child', type: 'string' })
    expect(app.getSchema('only-child')).toBeUndefined()
    expect(app.getSchema('nope')).toBeUndefined()
  })

  it('4.1 addSchema after start throws', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.addSchema({ $id: 'late', type: 'string' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })

  it('2.6 a route cannot reference a schema added in a sibling context (start-up error)', async () => {
    const app = warren()
    app.register(async (a: any) => {
      a.addSchema(address)
    })
    app.register(async (b: any) => {
      b.post('/', { schema: { body: { $ref: 'address#' } } }, async () => 'ok')
    })
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('2.6 a shared TypeBox schema with $id is referenced by Type.Ref', async () => {
    const app = warren()
    const User = Type.Object({ name: Type.String(), password: Type.Optional(Type.String()) }, { $id: 'User' })
    const PublicUser = Type.Object({ name: Type.String() }, { $id: 'PublicUser' })
    app.addSchema(User)
    app.addSchema(PublicUser)
    app.post('/', { schema: { body: Type.Ref(User), response: { 200: Type.Ref(PublicUser) } } }, async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'ann', password: 'secret' } })
    expect(res.json()).toEqual({ name: 'ann' })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json().message).toBe("body must have required property 'name'")
  })
})

/**
 * Each form of the spec 4.3.7 table, used as a route's body (validated) and as its 200 response
 * (serialized). The referenced schema is `{ n: integer }` without additional properties: the
 * body's string '5' becomes 5 only if validation resolved it, and the `extra` property leaves
 * the response only if serialization resolved it.
 */
describe('4.3.7 $ref forms, validation and serialization', () => {
  const target = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }

  async function check(setup: (app: any) => void, refSchema: any) {
    const app = warren()
    setup(app)
    app.post('/', { schema: { body: refSchema, response: { 200: refSchema } } }, async (request: any) => ({ ...request.body, extra: 'secret' }))
    await app.ready()
    const ok = await app.inject({ method: 'POST', url: '/', payload: { n: '5' } })
    const bad = await app.inject({ method: 'POST', url: '/', payload: { n: 'five' } })
    await app.close()
    return { status: ok.statusCode, body: ok.json(), bad: bad.statusCode, message: bad.json().message }
  }

  const expected = { status: 200, body: { n: 5 }, bad: 400 }

  it('4.3.7 #<id>: $id "#<id>" in the current schema', async () => {
    const schema = {
      type: 'object',
      definitions: { item: { $id: '#item', ...target } },
      properties: { item: { $ref: '#item' } },
      required: ['item'],
    }
    const app = warren()
    app.post('/', { schema: { body: schema, response: { 200: schema } } }, async (request: any) => ({ item: { ...request.body.item, extra: 'secret' } }))
    const ok = await app.inject({ method: 'POST', url: '/', payload: { item: { n: '5' } } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ item: { n: 5 } })
    const bad = await app.inject({ method: 'POST', url: '/', payload: { item: { n: 'five' } } })
    expect(bad.json().message).toBe('body/item/n must be integer')
  })

  it('4.3.7 #/definitions/<name>: definitions.<name> in the current schema', async () => {
    const schema = {
      type: 'object',
      definitions: { item: target },
      properties: { item: { $ref: '#/definitions/item' } },
      required: ['item'],
    }
    const app = warren()
    app.post('/', { schema: { body: schema, response: { 200: schema } } }, async (request: any) => ({ item: { ...request.body.item, extra: 'secret' } }))
    const ok = await app.inject({ method: 'POST', url: '/', payload: { item: { n: '5' } } })
    expect(ok.json()).toEqual({ item: { n: 5 } })
    const bad = await app.inject({ method: 'POST', url: '/', payload: { item: { n: 'five' } } })
    expect(bad.json().message).toBe('body/item/n must be integer')
  })

  it('4.3.7 <schema-id>#: the whole shared schema', async () => {
    const result = await check((app) => app.addSchema({ $id: 'thing', ...target }), { $ref: 'thing#' })
    expect(result).toEqual({ ...expected, message: 'body/n must be integer' })
  })

  it('4.3.7 <schema-id> without # is the whole shared schema too', async () => {
    const result = await check((app) => app.addSchema({ $id: 'thing', ...target }), { $ref: 'thing' })
    expect(result).toEqual({ ...expected, message: 'body/n must be integer' })
  })

  it('4.3.7 <schema-id>#/definitions/<name>: that path in the shared schema', async () => {
    const result = await check((app) => app.addSchema({ $id: 'lib', definitions: { thing: target } }), { $ref: 'lib#/definitions/thing' })
    expect(result).toEqual({ ...expected, message: 'body/n must be integer' })
  })

  it('4.3.7 <schema-id>#/properties/<name>: that path in the shared schema', async () => {
    const result = await check((app) => app.addSchema({ $id: 'holder', type: 'object', properties: { thing: target } }), { $ref: 'holder#/properties/thing' })
    expect(result).toEqual({ ...expected, message: 'body/n must be integer' })
  })

  it('4.3.7 <schema-id>#<id>: $id "#<id>" inside the shared schema', async () => {
    const result = await check((app) => app.addSchema({ $id: 'lib', definitions: { thing: { $id: '#thing', ...target } } }), { $ref: 'lib#thing' })
    expect(result).toEqual({ ...expected, message: 'body/n must be integer' })
  })

  it('4.3.7 shared schemas may reference each other', async () => {
    const result = await check((app) => {
      app.addSchema({ $id: 'integer', type: 'integer' })
      app.addSchema({ $id: 'thing', type: 'object', properties: { n: { $ref: 'integer#' } }, required: ['n'] })
    }, { $ref: 'thing#' })
    expect(result).toEqual({ ...expected, message: 'body/n must be integer' })
  })

  it('4.3.7 a shared schema referenced inside a TypeBox object, for both directions', async () => {
    const app = warren()
    app.addSchema({ $id: 'thing', ...target })
    const schema = Type.Object({ item: Type.Unsafe({ $ref: 'thing#' }) })
    app.post('/', { schema: { body: schema, response: { 200: schema } } }, async (request: any) => ({ item: { ...request.body.item, extra: 1 } }))
    expect((await app.inject({ method: 'POST', url: '/', payload: { item: { n: '2' } } })).json()).toEqual({ item: { n: 2 } })
  })

  it('4.3.7 a $ref to an unknown shared schema fails at start-up', async () => {
    const app = warren()
    app.post('/', { schema: { body: { $ref: 'missing#' } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
    const serializeOnly = warren()
    serializeOnly.get('/', { schema: { response: { 200: { $ref: 'missing#' } } } }, async () => ({}))
    await expect(serializeOnly.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_SERIALIZATION_BUILD' })
  })

  it('1 validator and serializer share only the addSchema schemas, per context', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addSchema({ $id: 'thing', ...target })
      child.post('/', { schema: { body: { $ref: 'thing#' }, response: { 200: { $ref: 'thing#' } } } }, async (request: any) => ({ ...request.body, extra: 1 }))
    }, { prefix: '/child' })
    app.get('/root', async () => ({ ok: true }))
    expect((await app.inject({ method: 'POST', url: '/child', payload: { n: '3' } })).json()).toEqual({ n: 3 })
    expect((await app.inject('/root')).json()).toEqual({ ok: true })
  })
})
