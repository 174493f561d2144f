/**
 * @module The schema controller (`schemaController` option, `setSchemaController`), the
 * `validatorCompiler` / `serializerCompiler` getters, boolean `false` request schemas, and the
 * start-up errors of a route's schema map.
 */
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { warren } from '../helpers.js'

/** A bucket over a Map, recording what it was started with and what it was asked. */
function recordingBucket(log: string[]) {
  return (parentSchemas?: unknown) => {
    const store = new Map<string, unknown>(parentSchemas instanceof Map ? parentSchemas : [])
    log.push(`built from ${store.size}`)
    return {
      add(schema: any) {
        log.push(`add ${schema.$id}`)
        store.set(schema.$id, schema)
      },
      getSchema: (id: string) => store.get(id),
      getSchemas: () => store,
    }
  }
}

describe('schemaController', () => {
  it('a bucket per context, started from its parent’s schemas; getSchemas answers what the bucket holds', async () => {
    const log: string[] = []
    const app = warren({ schemaController: { bucket: recordingBucket(log) } })
    app.addSchema({ $id: 'a', type: 'string' })
    const sizes: Record<string, number> = {}
    app.register(async (child: any) => {
      child.addSchema({ $id: 'b', type: 'string' })
      child.get('/b', { schema: { querystring: { type: 'object', properties: { v: { $ref: 'b#' } } } } }, async (req: any) => req.query)
      child.addHook('onReady', async () => {
        sizes.child = child.getSchemas().size
      })
    })
    app.register(async (sibling: any) => {
      sibling.addHook('onReady', async () => {
        sizes.sibling = sibling.getSchemas().size
      })
    })
    await app.ready()
    expect(sizes).toEqual({ child: 2, sibling: 1 })
    expect(log).toEqual(['built from 0', 'add a', 'built from 1', 'add b', 'built from 1'])
    expect((await app.inject('/b?v=x')).json()).toEqual({ v: 'x' })
  })

  it('compilersFactory builds a context’s default validator from its shared schemas; children inherit what they do not replace', async () => {
    const seen: string[][] = []
    const strict = new Ajv({ coerceTypes: false })
    const app = warren()
    app.addSchema({ $id: 'list', type: 'array', items: { type: 'string' } })
    app.register(async (child: any) => {
      child.setSchemaController({
        compilersFactory: {
          buildValidator(external: Record<string, any>) {
            seen.push(Object.keys(external))
            for (const [id, schema] of Object.entries(external)) if (!strict.getSchema(id)) strict.addSchema(schema, id)
            return ({ schema }: any) => strict.compile(schema)
          },
        },
      })
      child.get('/strict', { schema: { querystring: { type: 'object', properties: { tags: { $ref: 'list#' } } } } }, async () => 'ok')
    })
    app.get('/coerced', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (req: any) => req.query)
    const refused = await app.inject('/strict?tags=one')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('querystring/tags must be array')
    expect((await app.inject('/coerced?n=3')).json()).toEqual({ n: 3 })
    expect(seen).toEqual([['list']])
  })

  it('a bucket that is not a function, or a builder that is not, is refused', () => {
    expect(() => warren({ schemaController: { bucket: {} } })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN', message: "schemaController.bucket option should be a function, instead got 'object'" }),
    )
    expect(() => warren({ schemaController: { compilersFactory: { buildValidator: 1 } } })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
    expect(() => warren().setSchemaController(null)).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
    expect(() => warren({ schemaController: {} })).not.toThrow()
  })

  it('setSchemaController after start is refused', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.setSchemaController({})).toThrow()
  })
})

describe('validatorCompiler and serializerCompiler', () => {
  it('are what was set, else undefined before start and the shared default after', async () => {
    const app = warren()
    const mine = () => () => true
    const child: any[] = []
    app.register(async (instance: any) => {
      child.push(instance)
    })
    app.get('/', { schema: { querystring: { type: 'object' } } }, async () => 'ok')
    expect(app.validatorCompiler).toBeUndefined()
    expect(app.serializerCompiler).toBeUndefined()
    await app.ready()
    expect(typeof app.validatorCompiler).toBe('function')
    expect(child[0].validatorCompiler).toBe(app.validatorCompiler)
    const other = warren()
    other.setValidatorCompiler(mine)
    expect(other.validatorCompiler).toBe(mine)
  })

  it('after start, a context none of whose routes needed a default compiler reports none', async () => {
    const app = warren()
    const seen: Record<string, unknown> = {}
    app.register(async (custom: any) => {
      custom.setValidatorCompiler(() => () => true)
      custom.post('/custom', { schema: { body: { type: 'object' } } }, async () => 'ok')
    })
    app.register(async (clean: any) => {
      clean.post('/clean', async function (this: any) {
        seen.validator = this.validatorCompiler
        seen.serializer = this.serializerCompiler
        return 'ok'
      })
    })
    app.post('/own', { schema: { body: { type: 'object' } }, validatorCompiler: () => () => true }, async () => 'ok')
    await app.ready()
    expect((await app.inject({ method: 'POST', url: '/clean' })).statusCode).toBe(200)
    expect(seen).toEqual({ validator: undefined, serializer: undefined })
    expect(app.validatorCompiler).toBeUndefined()

    const withResponse = warren()
    withResponse.get('/', { schema: { response: { 200: { type: 'string' } } } }, async () => 'ok')
    await withResponse.ready()
    expect(typeof withResponse.serializerCompiler).toBe('function')
  })
})

describe('boolean false request schemas', () => {
  it('refuse every request with 400 and the handler never runs, whatever the part', async () => {
    let ran = 0
    const app = warren()
    const handler = async () => {
      ran++
      return 'ran'
    }
    app.post('/body', { schema: { body: false } }, handler)
    app.get('/query', { schema: { query: false } }, handler)
    app.get('/params/:id', { schema: { params: false } }, handler)
    app.get('/headers', { schema: { headers: false } }, handler)
    for (const request of [{ method: 'POST', url: '/body', payload: {} }, { url: '/query' }, { url: '/params/1' }, { url: '/headers' }]) {
      const res = await app.inject(request)
      expect(res.statusCode, request.url).toBe(400)
      expect(res.json().code).toBe('SVC_ERR_VALIDATION')
    }
    expect(ran).toBe(0)
  })

  it('a custom validator compiler receives the literal false', async () => {
    const received: unknown[] = []
    const app = warren()
    app.post('/', { schema: { body: false }, validatorCompiler: ({ schema }: any) => (received.push(schema), () => false) }, async () => 'x')
    await app.ready()
    expect(received).toEqual([false])
  })

  it('a null schema fails start-up (SVC_ERR_SCH_VALIDATION_BUILD)', async () => {
    const app = warren()
    app.post('/', { schema: { body: null } }, async () => 'x')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('query and querystring together fail start-up (SVC_ERR_SCH_DUPLICATE), false included', async () => {
    const app = warren()
    app.get('/', { schema: { query: false, querystring: { type: 'object' } } }, async () => 'x')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_DUPLICATE', message: "Schema with 'querystring' already present!" })
    const same = warren()
    same.get('/', { schema: { query: false, querystring: false } }, async () => 'x')
    await expect(same.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_DUPLICATE' })
  })

  it('a schema given as `query` is the route schema\'s `querystring` too once started, as a docs plugin that kept the route reads it', async () => {
    const app = warren()
    const kept: any[] = []
    app.addHook('onRoute', (route: any) => kept.push(route))
    const query = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }
    app.get('/', { schema: { query } }, async (request: any) => request.query)
    await app.ready()
    expect(kept[0].schema.querystring).toBe(query)
    expect((await app.inject('/?n=5')).json()).toEqual({ n: 5 })
    expect((await app.inject('/?n=five')).json()).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: 'querystring/n must be integer' })
  })
})
