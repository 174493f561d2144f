/**
 * @module The compiler's messages for wrong calls of the typed client (`client<App>()`): each tsd
 * negative in `type-tests/client.test-d.ts` fails for the reason it claims (an undeclared path, a
 * wrong or missing body, a missing query or header), and the message names the path or the route.
 */
import { describe, expect, it } from 'vitest'
import { diagnosticsOfCases } from './compile-cases.js'

const server = `
  import { warren, Type, type Warren, type RouteTableOf } from 'warren'
  const User = Type.Object({ id: Type.Integer(), name: Type.String() })
  async function users(app: Warren) {
    return app
      .get('/:id', { schema: { params: Type.Object({ id: Type.Integer() }), querystring: Type.Object({ expand: Type.Boolean() }), response: { 200: User } } }, async (request) => ({ id: request.params.id, name: 'Ada' }))
      .post('/', { schema: { body: Type.Object({ name: Type.String() }), response: { 201: User } } }, async (request, reply) => reply.code(201).send({ id: 1, name: request.body.name }))
      .put('/:id/avatar', { schema: { headers: Type.Object({ 'x-token': Type.String() }) } }, async () => 'ok')
  }
  export const app = warren().register(users, { prefix: '/users' })
  export interface Api extends RouteTableOf<typeof app> {}
`

const call = (line: string) => `
  import { client } from 'warren/client'
  import type { Api } from './server.js'
  const api = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })
  export const answer = ${line}
`

const cases = {
  undeclaredPath: call(`api.get('/user/:id', { params: { id: 7 }, query: { expand: true } })`),
  wrongMethod: call(`api.post('/users/:id', { body: { name: 'Ada' } })`),
  unknownBodyKey: call(`api.post('/users', { body: { nom: 'Ada' } })`),
  wrongBodyType: call(`api.post('/users', { body: { name: 7 } })`),
  missingBody: call(`api.post('/users')`),
  missingQuery: call(`api.get('/users/:id', { params: { id: 7 } })`),
  missingHeader: call(`api.put('/users/:id/avatar', { params: { id: 7 } })`),
  fine: call(`Promise.all([api.get('/users/:id', { params: { id: 7 }, query: { expand: true } }), api.post('/users', { body: { name: 'Ada' } })])`),
}

describe('typed client: wrong calls fail for the reason they claim', () => {
  const found = diagnosticsOfCases({ server, ...cases })

  it('the server and a right call compile', () => {
    expect(found.server).toEqual([])
    expect(found.fine).toEqual([])
  })

  it('an undeclared path names the path and the declared ones', () => {
    expect(found.undeclaredPath).toHaveLength(1)
    expect(found.undeclaredPath![0]).toMatch(/Argument of type '"\/user\/:id"' is not assignable to parameter of type '.*"\/users\/:id"/)
  })

  it('a path declared for another method is refused for this one', () => {
    expect(found.wrongMethod).toHaveLength(1)
    expect(found.wrongMethod![0]).toContain(`Argument of type '"/users/:id"' is not assignable to parameter of type '"/users" | "/users/"'`)
  })

  it('a wrong body names the key or the type', () => {
    expect(found.unknownBodyKey).toEqual([expect.stringContaining(`'nom' does not exist in type '{ name: string; }'`)])
    expect(found.wrongBodyType).toEqual([expect.stringContaining(`Type 'number' is not assignable to type 'string'`)])
  })

  it('a required body, query or header that is missing is named, with the route', () => {
    expect(found.missingBody).toEqual([expect.stringContaining('Expected 2 arguments, but got 1')])
    expect(found.missingQuery).toHaveLength(1)
    expect(found.missingQuery![0]).toContain(`CallInput<"GET /users/:id"`)
    expect(found.missingQuery![0]).toContain(`Property 'query' is missing`)
    expect(found.missingHeader).toHaveLength(1)
    expect(found.missingHeader![0]).toContain(`CallInput<"PUT /users/:id/avatar"`)
    expect(found.missingHeader![0]).toContain(`Property 'headers' is missing`)
  })
})
