import { describe, expect, it } from 'vitest'
import warren from 'warren'

describe('2.6 shared schema', () => {
  it('2.6 addSchema: an object with a string $id, referenced from routes', async () => {
    const app = warren()
    app.addSchema({ $id: 'user', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] })
    app.post('/u', { schema: { body: { $ref: 'user#' }, response: { 200: { $ref: 'user#' } } } }, async (request: any) => ({ ...request.body, extra: 1 }))
    expect((await app.inject({ method: 'POST', url: '/u', payload: { name: 'a', extra: 2 } })).json()).toEqual({ name: 'a' })
    expect((await app.inject({ method: 'POST', url: '/u', payload: {} })).statusCode).toBe(400)
  })

  it('2.6 addSchema without a string $id is refused', () => {
    const app = warren()
    expect(() => app.addSchema({ type: 'object' } as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID' }))
    expect(() => app.addSchema({ $id: 42, type: 'object' } as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID' }))
  })

  it('2.6 adding the same $id twice in a context is refused', () => {
    const app = warren()
    app.addSchema({ $id: 'dup', type: 'string' })
    expect(() => app.addSchema({ $id: 'dup', type: 'string' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_ALREADY_PRESENT' }))
  })

  it('2.6 shared schemas are scoped: getSchemas returns own and ancestors, not descendants', async () => {
    const app = warren()
    app.addSchema({ $id: 'rootSchema', type: 'string' })
    let childSchemas: any
    let grandSchemas: any
    let siblingSchemas: any
    app.register(async (child: any) => {
      child.addSchema({ $id: 'childSchema', type: 'number' })
      childSchemas = child.getSchemas()
      child.register(async (grandchild: any) => {
        grandchild.addSchema({ $id: 'grandSchema', type: 'boolean' })
        grandSchemas = grandchild.getSchemas()
      })
    })
    app.register(async (sibling: any) => {
      siblingSchemas = sibling.getSchemas()
    })
    await app.ready()
    expect(Object.keys(app.getSchemas())).toEqual(['rootSchema'])
    expect(Object.keys(childSchemas).sort()).toEqual(['childSchema', 'rootSchema'])
    expect(Object.keys(grandSchemas).sort()).toEqual(['childSchema', 'grandSchema', 'rootSchema'])
    expect(Object.keys(siblingSchemas)).toEqual(['rootSchema'])
    expect(childSchemas.childSchema).toEqual({ $id: 'childSchema', type: 'number' })
  })

  it('2.6 getSchema(id) returns the schema; an unknown or descendant id gives undefined', async () => {
    const app = warren()
    app.addSchema({ $id: 'a', type: 'string', maxLength: 3 })
    let inChild: any
    app.register(async (child: any) => {
      child.addSchema({ $id: 'b', type: 'number' })
      inChild = { a: child.getSchema('a'), b: child.getSchema('b') }
    })
    await app.ready()
    expect(app.getSchema('a')).toEqual({ $id: 'a', type: 'string', maxLength: 3 })
    expect(app.getSchema('b')).toBeUndefined()
    expect(app.getSchema('nope')).toBeUndefined()
    expect(inChild).toEqual({ a: { $id: 'a', type: 'string', maxLength: 3 }, b: { $id: 'b', type: 'number' } })
  })

  it('2.6 a route cannot reference a schema added in a descendant context', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addSchema({ $id: 'hidden', type: 'object', properties: { x: { type: 'string' } } })
    })
    app.post('/r', { schema: { body: { $ref: 'hidden#' } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('2.6 a schema added in a plugin() wrapped plugin is visible in the registering context', async () => {
    const { plugin } = await import('warren')
    const app = warren()
    app.register(plugin(async (instance: any) => {
      instance.addSchema({ $id: 'sharedPoint', type: 'object', properties: { x: { type: 'number' } }, required: ['x'] })
    }))
    app.post('/p', { schema: { body: { $ref: 'sharedPoint#' } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/p', payload: { x: '1' } })).json()).toEqual({ x: 1 })
    expect((await app.inject({ method: 'POST', url: '/p', payload: {} })).statusCode).toBe(400)
    expect(Object.keys(app.getSchemas())).toEqual(['sharedPoint'])
  })
})
