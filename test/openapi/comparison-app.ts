/**
 * One set of routes, as plain data, registered both on warren (documented by warren/openapi) and
 * on Fastify (documented by @fastify/swagger), so the two documents can be compared operation by
 * operation. It covers what the two generators may read differently: shared schemas and their
 * `$ref` forms, a content map, `2xx` and `default`, parameters with descriptions and defaults,
 * documentation keywords and a hidden route.
 */
import { Type } from '@sinclair/typebox'

export const User = Type.Object({ id: Type.Integer(), name: Type.String() }, { $id: 'User' })
export const Problem = Type.Object({ statusCode: Type.Integer(), message: Type.String() }, { $id: 'Problem' })

export interface ComparedRoute {
  method: 'GET' | 'POST' | 'DELETE'
  url: string
  schema: Record<string, unknown>
}

export const comparedRoutes: ComparedRoute[] = [
  {
    method: 'GET',
    url: '/users/:id',
    schema: {
      summary: 'Read a user', tags: ['users'], operationId: 'readUser',
      params: Type.Object({ id: Type.Integer({ description: 'The user id' }) }),
      querystring: Type.Object({ fields: Type.Optional(Type.String({ default: 'all' })), verbose: Type.Boolean() }),
      headers: Type.Object({ 'x-request-id': Type.Optional(Type.String()) }),
      response: { 200: Type.Ref('User'), '4xx': Type.Ref('Problem'), default: { description: 'Anything else', ...Type.Ref('Problem') } },
    },
  },
  {
    method: 'POST',
    url: '/users',
    schema: {
      description: 'Creates a user', deprecated: true,
      body: Type.Object({ name: Type.String({ minLength: 1 }) }),
      response: { '2xx': { $ref: 'User#' } },
    },
  },
  {
    method: 'POST',
    url: '/notes',
    schema: {
      body: { content: { 'application/json': { schema: Type.Object({ text: Type.String() }) }, 'text/plain': { schema: Type.String() } } },
      response: { 201: { description: 'Stored', content: { 'application/json': { schema: Type.Object({ id: Type.Integer() }) } } } },
    },
  },
  {
    method: 'GET',
    url: '/users/:id/name',
    schema: { response: { 200: { $ref: 'User#/properties/name' } } },
  },
  { method: 'DELETE', url: '/users/:id', schema: { params: Type.Object({ id: Type.Integer() }), response: { 204: Type.Null() } } },
  {
    method: 'POST',
    url: '/points',
    schema: {
      body: {
        type: 'object',
        properties: { point: { $ref: '#/definitions/point' } },
        definitions: { point: { type: 'object', properties: { x: { type: 'number' } } } },
      },
    },
  },
  { method: 'GET', url: '/internal', schema: { hide: true } },
]
