import { describe, expect, it } from 'vitest'
import swagger from '@fastify/swagger'
import warren, { Type } from 'warren'
import { fromFastify } from './from-fastify.js'

interface OpenApiOperation {
  summary?: string
  tags?: string[]
  parameters?: Array<Record<string, unknown>>
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }>; required?: boolean }
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, Record<string, unknown>> }
}
interface SwaggerDecorators {
  swagger: ((options?: { yaml?: false }) => OpenApiDocument) & ((options: { yaml: true }) => string)
}
const swaggerPlugin = fromFastify<Record<string, unknown>, SwaggerDecorators>(swagger)

const User = Type.Object({ id: Type.Integer(), name: Type.String() }, { $id: 'User' })
const NewUser = Type.Object({ name: Type.String({ minLength: 1, example: 'Ada' }), email: Type.String({ format: 'email' }) })

async function documentedApp() {
  const app = await warren().register(swaggerPlugin, { openapi: { info: { title: 'Users API', version: '2.1.0' } } })
  app.addSchema(User)
  app.post('/users', {
    schema: {
      summary: 'Create a user',
      tags: ['users'],
      body: NewUser,
      response: { 201: Type.Object({ id: Type.Integer(), name: Type.String() }, { description: 'The created user', example: { id: 7, name: 'Ada' } }) },
    },
  }, async (request, reply) => reply.code(201).send({ id: 7, name: request.body.name }))
  app.get('/users/:id', {
    schema: {
      params: Type.Object({ id: Type.Integer({ description: 'The user id' }) }),
      querystring: Type.Object({ fields: Type.Optional(Type.String()) }),
      response: { 200: Type.Ref('User') },
    },
  }, async (request) => ({ id: request.params.id, name: 'Ada' }))
  app.get('/internal', { schema: { hide: true, response: { 200: Type.String() } } }, async () => 'hidden')
  app.register(async (v2) => {
    v2.delete('/users/:id', { schema: { tags: ['users'], response: { 204: Type.Null({ description: 'Deleted' }) } } }, async (_request, reply) => reply.code(204).send())
  }, { prefix: '/v2' })
  await app.ready()
  return app
}

describe('@fastify/swagger', () => {
  it('app.swagger() lists every route with its TypeBox schemas, summary and tags', async () => {
    const app = await documentedApp()
    const doc = app.swagger()
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.info).toEqual({ title: 'Users API', version: '2.1.0' })
    expect(Object.keys(doc.paths).sort()).toEqual(['/users', '/users/{id}', '/v2/users/{id}'])
    const create = doc.paths['/users'].post
    expect(create.summary).toBe('Create a user')
    expect(create.tags).toEqual(['users'])
    expect(create.requestBody?.content['application/json'].schema).toEqual({
      type: 'object',
      required: ['name', 'email'],
      properties: { name: { type: 'string', minLength: 1, example: 'Ada' }, email: { type: 'string', format: 'email' } },
    })
    expect(doc.paths['/v2/users/{id}'].delete.responses['204'].description).toBe('Deleted')
    expect(doc.paths['/users/{id}'].head).toBeUndefined()
  })

  it('documents parameters, response descriptions and examples, and shared schemas as components', async () => {
    const app = await documentedApp()
    const doc = app.swagger()
    const read = doc.paths['/users/{id}'].get
    expect(read.parameters).toEqual(expect.arrayContaining([
      expect.objectContaining({ in: 'path', name: 'id', required: true, description: 'The user id', schema: { type: 'integer' } }),
      expect.objectContaining({ in: 'query', name: 'fields', required: false, schema: { type: 'string' } }),
    ]))
    expect(read.responses['200'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/def-0' })
    expect(doc.components.schemas['def-0']).toMatchObject({ title: 'User', type: 'object', required: ['id', 'name'] })
    const created = doc.paths['/users'].post.responses['201']
    expect(created.description).toBe('The created user')
    expect(created.content?.['application/json'].schema).toMatchObject({ description: 'The created user', example: { id: 7, name: 'Ada' }, type: 'object' })
  })

  it('serves the same document as YAML, while the routes still validate and serialize', async () => {
    const app = await documentedApp()
    const yaml = app.swagger({ yaml: true })
    expect(yaml).toContain('title: Users API')
    expect(yaml).toContain('/users/{id}:')
    const created = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada', email: 'ada@example.org' } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ id: 7, name: 'Ada' })
    const invalid = await app.inject({ method: 'POST', url: '/users', payload: { name: '', email: 'ada@example.org' } })
    expect(invalid.statusCode).toBe(400)
    expect((await app.inject({ url: '/internal' })).body).toBe('hidden')
  })

  it('refuses app.swagger() before the application is ready', async () => {
    const app = await warren().register(swaggerPlugin, { openapi: {} })
    expect(() => app.swagger()).toThrow('.swagger() must be called after .ready()')
  })
})
