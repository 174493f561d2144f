import { describe, expect, it } from 'vitest'
import { examples } from '../../examples/catalogue.js'
import { bearerAuthExample } from '../../examples/bearer-auth/app.js'
import { serializationExample } from '../../examples/serialization/app.js'
import { sharedSchemasExample } from '../../examples/shared-schemas/app.js'
import { validationExample } from '../../examples/validation/app.js'
import { documented, expectValidDocument, operationsOf } from './helpers.js'

describe('the document of every example app', () => {
  for (const example of examples) {
    it(`${example.name}: is a valid OpenAPI 3.1 document`, async () => {
      const app = await documented(example.routes)
      await app.ready()
      const document = app.openapi()
      expect(document.openapi).toBe('3.1.0')
      expect(Object.keys(document.paths).length).toBeGreaterThan(0)
      await expectValidDocument(document)
      await app.close()
    })
  }
})

describe('what the document says about the examples', () => {
  it('shared schemas become components; every $ref form points into them; local references are inlined', async () => {
    const app = await documented(sharedSchemasExample)
    await app.ready()
    const { paths, components } = app.openapi()
    expect(Object.keys(components.schemas ?? {}).sort()).toEqual(['WarrenError', 'geometry', 'label', 'point'])
    const pointOf = (path: string) => {
      const body = paths[`/refs${path}`].post?.requestBody?.content['application/json'].schema as { properties: { point: unknown } }
      return body.properties.point
    }
    expect(pointOf('/shared-root')).toEqual({ $ref: '#/components/schemas/point' })
    expect(pointOf('/shared-definitions')).toEqual({ $ref: '#/components/schemas/geometry/definitions/point' })
    expect(pointOf('/shared-properties')).toEqual({ $ref: '#/components/schemas/geometry/properties/origin' })
    expect(pointOf('/shared-anchor')).toEqual({ $ref: '#/components/schemas/geometry/definitions/anchored' })
    const inlined = { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] }
    expect(pointOf('/local-definitions')).toEqual(inlined)
    expect(pointOf('/local-anchor')).toEqual(inlined)
    const labelled = paths['/refs/labelled'].post?.requestBody?.content['application/json'].schema
    expect(labelled).toEqual({ type: 'object', required: ['label'], properties: { label: { $ref: '#/components/schemas/label' } } })
    // $id would change the base URI references resolve against: none is left
    expect(JSON.stringify(components)).not.toContain('$id')
    await app.close()
  })

  it('responses: exact codes, 2xx as 2XX, default, content maps, descriptions', async () => {
    const app = await documented(serializationExample)
    await app.ready()
    const { paths } = app.openapi()
    const read = paths['/users/{id}'].get
    expect(Object.keys(read?.responses ?? {})).toEqual(['200', 'default'])
    expect(read?.responses['200'].description).toBe('OK')
    expect(read?.responses.default.description).toBe('Default response')
    expect(read?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }])
    // with a body schema, warren's own 400, 413, 415 and 500 too
    expect(Object.keys(paths['/users'].post?.responses ?? {})).toEqual(['400', '413', '415', '500', '2XX'])
    const anyContentMap = Object.values(paths).some((item) =>
      Object.values(item).some((op) => Object.values(op?.responses ?? {}).some((r) => Object.keys(r.content ?? {}).length > 1)),
    )
    expect(anyContentMap).toBe(true)
    await app.close()
  })

  it('a body content map becomes a requestBody with one media type each; a querystring default stays in the schema and makes the parameter optional', async () => {
    const app = await documented(validationExample)
    await app.ready()
    const { paths } = app.openapi()
    const notes = paths['/notes'].post?.requestBody
    expect(notes?.required).toBe(true)
    expect(Object.keys(notes?.content ?? {})).toEqual(['application/json', 'text/plain'])
    expect(notes?.content['text/plain'].schema).toEqual({ type: 'string', maxLength: 20 })
    expect(paths['/search'].get?.parameters).toEqual([
      { name: 'tag', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', default: 10, maximum: 100 } },
    ])
    await app.close()
  })

  it('bearer-auth: a security scheme, and security + 401 on exactly the operations of its context', async () => {
    const app = await documented(bearerAuthExample(['k']))
    await app.ready()
    const document = app.openapi()
    expect(document.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } })
    const secured = document.paths['/secured/report'].get
    expect(secured?.security).toEqual([{ bearerAuth: [] }])
    expect(secured?.responses['401'].description).toMatch(/bearer token/)
    const open = document.paths['/open'].get
    expect(open?.security).toBeUndefined()
    expect(open?.responses['401']).toBeUndefined()
    expect(operationsOf(document)).toEqual(['GET /open', 'GET /secured/report'])
    await app.close()
  })
})
