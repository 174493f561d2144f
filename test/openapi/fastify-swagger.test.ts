/**
 * The same routes documented by warren/openapi (on warren) and by @fastify/swagger (on Fastify),
 * compared operation by operation. Each difference found is asserted here and listed in
 * docs/reference/openapi.md ("Compared with @fastify/swagger"); everything else must be equal once the known, cosmetic
 * differences are normalised away.
 */
import swagger from '@fastify/swagger'
import { Validator } from '@seriousme/openapi-schema-validator'
import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'
import openapi, { type OpenApiDocument } from 'warren/openapi'
import { comparedRoutes, Problem, User } from './comparison-app.js'
import { expectValidDocument } from './helpers.js'

type Json = Record<string, any>

async function fastifyDocument(): Promise<Json> {
  const app = Fastify()
  await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'Compared', version: '1.0.0' } } })
  app.addSchema(User)
  app.addSchema(Problem)
  for (const route of comparedRoutes) app.route({ ...route, handler: async () => ({}) })
  await app.ready()
  const document = app.swagger() as Json
  await app.close()
  return document
}

async function warrenDocument(): Promise<OpenApiDocument> {
  const app = await warren().register(openapi, { info: { title: 'Compared', version: '1.0.0' } })
  app.addSchema(User)
  app.addSchema(Problem)
  for (const route of comparedRoutes) app.route({ ...route, handler: async () => ({}) })
  await app.ready()
  return app.openapi()
}

/** Removes the differences listed in docs/reference/openapi.md, so what is left must match. */
function normalise(operation: Json, componentNames: Record<string, string>): Json {
  const copy = JSON.parse(JSON.stringify(operation).replace(/#\/components\/schemas\/([^/"]+)/g, (_m, name: string) => `#/components/schemas/${componentNames[name] ?? name}`))
  copy.parameters?.sort((a: Json, b: Json) => `${a.in}${a.name}`.localeCompare(`${b.in}${b.name}`))
  for (const parameter of copy.parameters ?? []) delete parameter.schema.description
  // warren documents the error responses it answers by itself (components.responses); @fastify/swagger does not
  for (const [status, response] of Object.entries(copy.responses ?? {}) as Array<[string, Json]>) {
    if (typeof response.$ref === 'string' && response.$ref.startsWith('#/components/responses/Warren')) delete copy.responses[status]
  }
  for (const response of Object.values(copy.responses ?? {}) as Json[]) {
    delete response.description
    for (const media of Object.values(response.content ?? {}) as Json[]) delete media.schema?.description
  }
  return copy
}

describe('warren/openapi and @fastify/swagger on the same routes', () => {
  let fastify: Json
  let ours: OpenApiDocument
  // @fastify/swagger names components def-0, def-1… and keeps the $id as title
  let fastifyNames: Record<string, string>
  beforeAll(async () => {
    fastify = await fastifyDocument()
    ours = await warrenDocument()
    fastifyNames = Object.fromEntries(Object.entries(fastify.components.schemas as Json).map(([name, schema]) => [name, (schema as Json).title]))
  })

  it('list the same operations (the hidden route left out by both)', () => {
    const list = (doc: Json) => Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.keys(item as Json).map((m) => `${m} ${path}`)).sort()
    expect(list(ours)).toEqual(list(fastify))
    expect(list(ours)).not.toContain('get /internal')
  })

  it('differ, operation by operation, only where docs/reference/openapi.md says', () => {
    for (const [path, item] of Object.entries(ours.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (path === '/points') continue // the local-$ref difference, asserted below
        expect(normalise(operation, {}), `${method} ${path}`).toEqual(normalise(fastify.paths[path][method], fastifyNames))
      }
    }
  })

  it('component names: the $id (warren) vs def-<n> with the $id as title (@fastify/swagger)', () => {
    expect(Object.keys(ours.components.schemas ?? {})).toEqual(['User', 'Problem', 'WarrenError'])
    expect(Object.keys(fastify.components.schemas)).toEqual(['def-0', 'def-1'])
    expect(fastify.components.schemas['def-0'].title).toBe('User')
  })

  it('response descriptions: the HTTP reason phrase (warren) vs "Default Response" everywhere (@fastify/swagger)', () => {
    expect(ours.paths['/users/{id}'].get?.responses['200'].description).toBe('OK')
    expect(ours.paths['/users/{id}'].delete?.responses['204'].description).toBe('No Content')
    expect(fastify.paths['/users/{id}'].get.responses['200'].description).toBe('Default Response')
    expect(fastify.paths['/users/{id}'].delete.responses['204'].description).toBe('Default Response')
  })

  it('a parameter description: kept in the schema as well (warren) vs moved out of it (@fastify/swagger)', () => {
    const id = (doc: Json) => doc.paths['/users/{id}'].get.parameters.find((p: Json) => p.name === 'id')
    expect(id(ours)).toMatchObject({ description: 'The user id', schema: { type: 'integer', description: 'The user id' } })
    expect(id(fastify)).toMatchObject({ description: 'The user id', schema: { type: 'integer' } })
  })

  it('a local $ref in a route schema: inlined (warren) vs a reference to a component that does not exist (@fastify/swagger)', async () => {
    const point = (doc: Json) => doc.paths['/points'].post.requestBody.content['application/json'].schema.properties.point
    expect(point(ours)).toEqual({ type: 'object', properties: { x: { type: 'number' } } })
    expect(point(fastify)).toEqual({ $ref: '#/components/schemas/point' })
    expect(fastify.components.schemas.point).toBeUndefined()
    await expectValidDocument(ours)
    const theirs = await new Validator().validate(structuredClone(fastify))
    expect(theirs.valid).toBe(false)
    expect(String(theirs.errors)).toContain("Can't resolve #/components/schemas/point")
  })

  it('a schema with no JSON form and a $ref to a missing id (custom compilers accept both): start-up errors (warren) vs copied as is (@fastify/swagger)', async () => {
    const schema = { body: Type.Object({ at: Type.Date() }), response: { 200: { type: 'object', properties: { x: { $ref: 'Nope#/properties/id' } } } } }
    const app = Fastify()
    app.setValidatorCompiler(() => () => true)
    app.setSerializerCompiler(() => (data) => JSON.stringify(data))
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'Compared', version: '1.0.0' } } })
    app.post('/d', { schema }, async () => ({}))
    await app.ready()
    const theirs = (app.swagger() as Json).paths['/d'].post
    expect(theirs.requestBody.content['application/json'].schema.properties.at).toEqual({ type: 'Date' })
    expect(theirs.responses['200'].content['application/json'].schema.properties.x).toEqual({ $ref: 'Nope#/properties/id' })
    await app.close()

    const ours = await warren().register(openapi, { info: { title: 'Compared', version: '1.0.0' } })
    ours.setValidatorCompiler(() => (value: unknown) => ({ value }))
    ours.setSerializerCompiler(() => (value: unknown) => JSON.stringify(value))
    ours.post('/d', { schema }, async () => ({}))
    await expect(ours.ready()).rejects.toMatchObject({ code: 'SVC_ERR_OPENAPI_UNEXPRESSIBLE' })
  })
})
