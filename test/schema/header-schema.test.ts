import { describe, expect, it } from 'vitest'
import { Ajv2019 } from 'ajv/dist/2019.js'
import warren, { Type } from 'warren'
import { warningsDuring } from './process-warnings.js'
import { recordValidatorSchemas } from './recording-compiler.js'

/** Security warnings about header schemas emitted while `run` goes on. */
const headerWarningsDuring = (run: () => Promise<void>) => warningsDuring('SVC_SEC_HEADER_SCHEMA', run)

/** An app with one GET route validating `headers`, answering `{ ok: true }`. */
async function appWith(headers: any, options: Record<string, unknown> = {}): Promise<any> {
  const app = warren(options)
  app.get('/', { schema: { headers } }, async () => ({ ok: true }))
  await app.ready()
  return app
}

const statusOf = async (app: any, headers: Record<string, string>): Promise<number> => (await app.inject({ url: '/', headers })).statusCode

const adminHeaders = {
  type: 'object',
  properties: {
    'X-Admin': { type: 'string', const: 'true' },
    'X-Admin-Token': { type: 'string', const: 'server-secret' },
  },
  dependencies: { 'X-Admin': ['X-Admin-Token'] },
}

describe('header schemas: every header name is matched lower-case', () => {
  it('a `dependencies` trigger and its names written in canonical case are enforced', async () => {
    const app = await appWith(adminHeaders)
    const missing = await app.inject({ url: '/', headers: { 'X-Admin': 'true' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: "headers must have property x-admin-token when property x-admin is present" })
    expect(await statusOf(app, { 'X-Admin': 'true', 'X-Admin-Token': 'wrong' })).toBe(400)
    expect(await statusOf(app, { 'X-Admin': 'true', 'X-Admin-Token': 'server-secret' })).toBe(200)
    expect(await statusOf(app, {})).toBe(200)
  })

  it('the same schema written lower-case behaves the same', async () => {
    const app = await appWith({
      type: 'object',
      properties: { 'x-admin': { type: 'string' } },
      dependencies: { 'x-admin': ['x-admin-token'] },
    })
    expect(await statusOf(app, { 'X-Admin': 'true' })).toBe(400)
    expect(await statusOf(app, { 'X-Admin': 'true', 'X-ADMIN-TOKEN': 't' })).toBe(200)
  })

  it('a dependency given as a subschema is normalized inside', async () => {
    const app = await appWith({
      type: 'object',
      dependencies: { 'X-Admin': { properties: { 'X-Admin-Token': { const: 'server-secret' } }, required: ['X-Admin-Token'] } },
    })
    expect(await statusOf(app, { 'x-admin': '1' })).toBe(400)
    expect(await statusOf(app, { 'x-admin': '1', 'x-admin-token': 'nope' })).toBe(400)
    expect(await statusOf(app, { 'x-admin': '1', 'x-admin-token': 'server-secret' })).toBe(200)
  })

  it('`dependentRequired` and `dependentSchemas` (2019-09 keywords, with strictSchema off)', async () => {
    const headers = {
      type: 'object',
      dependentRequired: { 'X-Admin': ['X-Admin-Token'] },
      dependentSchemas: { 'X-Admin': { properties: { 'X-Admin-Token': { minLength: 4 } } } },
    }
    const app = await appWith(headers, { validator: { customOptions: { strictSchema: false } } })
    // Draft 7 Ajv ignores the keywords: the point is that normalizing them does not break compiling
    expect(await statusOf(app, { 'x-admin': '1', 'x-admin-token': 'long enough' })).toBe(200)

    // a validator of draft 2019-09 enforces them, on the lower-case names
    const ajv2019 = new Ajv2019()
    const enforcing = warren()
    enforcing.setValidatorCompiler(({ schema }: any) => ajv2019.compile(schema))
    enforcing.get('/', { schema: { headers } }, async () => ({ ok: true }))
    expect(await statusOf(enforcing, { 'X-Admin': '1' })).toBe(400)
    expect(await statusOf(enforcing, { 'X-Admin': '1', 'X-Admin-Token': 'abc' })).toBe(400)
    expect(await statusOf(enforcing, { 'X-Admin': '1', 'X-Admin-Token': 'long enough' })).toBe(200)
  })

  it('rules in nested subschemas (allOf, anyOf, not, if/then) are normalized', async () => {
    const app = await appWith({
      type: 'object',
      allOf: [{ required: ['X-Tenant'] }],
      if: { required: ['X-Debug'] },
      then: { properties: { 'X-Debug': { const: 'on' } } },
    })
    expect(await statusOf(app, {})).toBe(400)
    expect(await statusOf(app, { 'x-tenant': 'a' })).toBe(200)
    expect(await statusOf(app, { 'x-tenant': 'a', 'x-debug': 'off' })).toBe(400)
    expect(await statusOf(app, { 'x-tenant': 'a', 'x-debug': 'on' })).toBe(200)
  })

  it('local definitions reached with `$ref` are normalized, and no warning is emitted for them', async () => {
    let app: any
    const warnings = await headerWarningsDuring(async () => {
      app = await appWith({ $ref: '#/definitions/Admin', definitions: { Admin: adminHeaders } })
    })
    expect(warnings).toEqual([])
    expect(await statusOf(app, { 'X-Admin': 'true' })).toBe(400)
    expect(await statusOf(app, { 'X-Admin': 'true', 'X-Admin-Token': 'server-secret' })).toBe(200)
  })

  it('`propertyNames`: enum and const are header names there, lower-cased, also under combinators', async () => {
    for (const propertyNames of [
      { not: { enum: ['X-Debug-Override', 42, null] } },
      { not: { const: 'X-Debug-Override' } },
      { not: { anyOf: [{ enum: ['X-Debug-Override'] }] } },
      { not: { oneOf: [{ const: 'X-Debug-Override' }] } },
    ]) {
      const app = await appWith({ type: 'object', propertyNames }, { validator: { customOptions: { strictSchema: false } } })
      expect(await statusOf(app, { 'X-Debug-Override': '1' })).toBe(400)
      expect(await statusOf(app, { 'X-Other': '1' })).toBe(200)
    }
  })

  it('enum and const of header values keep their case', async () => {
    const app = await appWith({ type: 'object', properties: { 'X-Mode': { type: 'string', enum: ['MIXED', 'lower'] }, 'X-Kind': { const: 'Big' } } })
    expect(await statusOf(app, { 'X-Mode': 'MIXED', 'x-kind': 'Big' })).toBe(200)
    expect(await statusOf(app, { 'X-Mode': 'mixed' })).toBe(400)
    expect(await statusOf(app, { 'x-kind': 'big' })).toBe(400)
  })

  it('two spellings of one header both apply, and `required` keeps no duplicate', async () => {
    const app = await appWith({
      type: 'object',
      properties: { 'X-Size': { type: 'string', minLength: 2 }, 'x-size': { type: 'string', maxLength: 3 } },
      required: ['X-Size', 'x-size'],
    })
    expect(await statusOf(app, { 'x-size': 'ab' })).toBe(200)
    expect(await statusOf(app, { 'x-size': 'a' })).toBe(400)
    expect(await statusOf(app, { 'x-size': 'abcd' })).toBe(400)
    expect(await statusOf(app, {})).toBe(400)
  })

  it('the schema the route was given is not changed, and one spelled lower-case is compiled as given', async () => {
    const headers = structuredClone(adminHeaders)
    const before = JSON.stringify(headers)
    await appWith(headers)
    expect(JSON.stringify(headers)).toBe(before)

    const lowerCase = { type: 'object', properties: { 'x-a': { type: 'string' } }, required: ['x-a'] }
    const app = warren()
    const seen = recordValidatorSchemas(app)
    app.get('/', { schema: { headers: lowerCase } }, async () => 'ok')
    await app.ready()
    expect(seen[0]).toBe(lowerCase)
  })

  it('TypeBox header schemas keep their TypeBox markers when normalized', async () => {
    const app = warren()
    const seen = recordValidatorSchemas(app)
    const schema = Type.Object({ 'X-Count': Type.Integer() })
    app.get('/', { schema: { headers: schema } }, async () => 'ok')
    await app.ready()
    expect(Object.keys(seen[0].properties)).toEqual(['x-count'])
    expect(seen[0].required).toEqual(['x-count'])
    expect(seen[0][Symbol.for('TypeBox.Kind')]).toBe('Object')
  })

  it('malformed keyword values are left for the validator to refuse at start-up', async () => {
    const app = warren()
    app.get('/', { schema: { headers: { type: 'object', properties: null, required: null, dependencies: null } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('boolean header schemas are compiled as given', async () => {
    const app = await appWith(false)
    expect(await statusOf(app, {})).toBe(400)
  })
})

describe('header schemas: what normalization cannot reach is warned about', () => {
  it('a `$ref` to a shared schema (another document): SVC_SEC_HEADER_SCHEMA_EXTERNAL_REF, once per route', async () => {
    const warnings = await headerWarningsDuring(async () => {
      const app = warren()
      app.addSchema({ $id: 'http://example.com/admin', ...adminHeaders })
      app.post('/', { schema: { headers: { $ref: 'http://example.com/admin#' } } }, async () => 'ok')
      app.post('/nested', { schema: { headers: { allOf: [{ $ref: 'http://example.com/admin#' }] } } }, async () => 'ok')
      await app.ready()
    })
    expect(warnings.map((w) => w.code)).toEqual(['SVC_SEC_HEADER_SCHEMA_EXTERNAL_REF', 'SVC_SEC_HEADER_SCHEMA_EXTERNAL_REF'])
    expect(warnings[0].name).toBe('SecurityWarning')
    expect(warnings[0].message).toContain('POST /')
    expect(warnings[0].message).toContain('(http://example.com/admin#)')
    expect(warnings[1].message).toContain('POST /nested')
  })

  it('a `$ref` inside propertyNames, even nested: SVC_SEC_HEADER_SCHEMA_PROPERTY_NAMES_REF', async () => {
    const warnings = await headerWarningsDuring(async () => {
      const app = warren()
      app.post('/', {
        schema: {
          headers: {
            type: 'object',
            propertyNames: { not: { anyOf: [{ $ref: '#/definitions/denied' }] } },
            definitions: { denied: { enum: ['X-Debug-Override'] } },
          },
        },
      }, async () => 'ok')
      await app.ready()
    })
    expect(warnings.map((w) => w.code)).toEqual(['SVC_SEC_HEADER_SCHEMA_PROPERTY_NAMES_REF'])
    expect(warnings[0].message).toContain('(#/definitions/denied)')
  })

  it('inline schemas and body schemas with a shared $ref warn nothing', async () => {
    const warnings = await headerWarningsDuring(async () => {
      const app = warren()
      app.addSchema({ $id: 'shared', type: 'object' })
      app.post('/', { schema: { headers: adminHeaders, body: { $ref: 'shared#' } } }, async () => 'ok')
      await app.ready()
    })
    expect(warnings).toEqual([])
  })
})
