import { afterEach, describe, expect, it } from 'vitest'
import { Ajv } from 'ajv'
import formatsModule from 'ajv-formats'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import warren from 'warren'
import { schemaCacheSettled, schemaCacheStats } from '../../src/schema/cache-stats.js'

/** ajv-formats is CommonJS: its default import holds the plugin at run time. */
const addFormats = formatsModule.default

/** A validator plugin with an object-valued `$`-keyword, as ajv-merge-patch's `$merge`/`$patch` are. */
function objectKeyword(ajv: any) {
  ajv.addKeyword({ keyword: '$object', macro: (schema: { required: string[] }) => ({ type: 'object', required: schema.required }) })
  return ajv
}

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('validator plugins', () => {
  it('a body schema made of a `$`-keyword is compiled as a schema, not read as the short form', async () => {
    const app = warren({ validator: { plugins: [objectKeyword] } })
    app.post('/', { schema: { body: { $object: { required: ['q'] } } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { q: 1 } })).json()).toEqual({ q: 1 })
    const missing = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/^body must have required property 'q'/)
  })

  it('ajv-formats listed in the plugins replaces the default one, with its own options', async () => {
    const app = warren({ validator: { plugins: [[addFormats, { formats: ['uuid'] }]] } })
    app.post('/', { schema: { body: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } } } }, async (request: any) => request.body)
    const bad = await app.inject({ method: 'POST', url: '/', payload: { id: 'nope' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body/id must match format "uuid"')
    expect((await app.inject({ method: 'POST', url: '/', payload: { id: '254381a5-888c-4b41-8116-e3b1a54980bd' } })).statusCode).toBe(200)

    // only the formats the user asked for: the default (every format) was not added as well
    const narrow = warren({ validator: { plugins: [[addFormats, { formats: ['uuid'] }]] } })
    narrow.post('/', { schema: { body: { type: 'object', properties: { e: { type: 'string', format: 'email' } } } } }, async () => 'ok')
    await expect(narrow.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD', message: expect.stringContaining('unknown format "email"') })
  })

  it('ajv-formats listed without options (bare or as a module) starts, with every format', async () => {
    for (const plugin of [addFormats, formatsModule]) {
      const app = warren({ validator: { plugins: [plugin as any] } })
      app.post('/', { schema: { body: { type: 'object', properties: { e: { type: 'string', format: 'email' } } } } }, async () => 'ok')
      expect((await app.inject({ method: 'POST', url: '/', payload: { e: 'not an address' } })).statusCode).toBe(400)
    }
  })
})

describe('a root primitive coerced by Ajv reaches the handler', () => {
  const integerBody = { type: 'integer', minimum: 1, maximum: 10 }
  const echo = async (request: any) => ({ body: request.body, type: typeof request.body })

  it('with the default compiler', async () => {
    const app = warren()
    app.post('/', { schema: { body: integerBody } }, echo)
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '"10"' })
    expect(res.json()).toEqual({ body: 10, type: 'number' })
    expect((await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '"11"' })).statusCode).toBe(400)
    // a text body is a root primitive too
    const text = warren()
    text.post('/', { schema: { body: { type: 'boolean' } } }, echo)
    expect((await text.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/plain' }, payload: 'true' })).json()).toEqual({ body: true, type: 'boolean' })
  })

  it('with validators loaded from the compile cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warren-root-coercion-'))
    dirs.push(dir)
    for (let start = 0; start < 2; start++) {
      const app = warren({ schemaCache: { dir } })
      app.post('/', { schema: { body: integerBody } }, echo)
      const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '"7"' })
      expect(res.json()).toEqual({ body: 7, type: 'number' })
      // entries are written after start-up, in the background: the second start must find them
      await schemaCacheSettled(app)
      if (start === 1) expect(schemaCacheStats(app)).toMatchObject({ misses: 0 })
      await app.close()
    }
  })

  it("with the user's own Ajv, and never through a validator that is not Ajv's", async () => {
    const ajv = new Ajv({ coerceTypes: true })
    const app = warren()
    app.post('/ajv', { schema: { body: integerBody }, validatorCompiler: ({ schema }) => ajv.compile(schema) as any }, echo)
    const seen: unknown[][] = []
    app.post('/own', {
      schema: { body: integerBody },
      validatorCompiler: () => (...args: unknown[]) => {
        seen.push(args)
        return true
      },
    }, echo)
    const headers = { 'content-type': 'application/json' }
    expect((await app.inject({ method: 'POST', url: '/ajv', headers, payload: '"3"' })).json()).toEqual({ body: 3, type: 'number' })
    expect((await app.inject({ method: 'POST', url: '/own', headers, payload: '"3"' })).json()).toEqual({ body: '3', type: 'string' })
    expect(seen).toEqual([['3']])
  })
})
