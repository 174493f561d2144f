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
  undeclaredPathAlone: call(`api.get('/user/:id')`),
  undeclaredHead: call(`api.head('/user/:id')`),
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

  it('an undeclared path given without options is refused for its path, not for the options a declared one needs', () => {
    for (const name of ['undeclaredPathAlone', 'undeclaredHead'] as const) {
      expect(found[name]).toHaveLength(1)
      expect(found[name]![0]).toMatch(/Argument of type '"\/user\/:id"' is not assignable to parameter of type '.*"\/users\/:id"/)
    }
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

const members = `
  import { warren, Type, type Warren, type RouteTableOf } from 'warren'
  async function members(app: Warren, options: { limit: number }) {
    return app
      .get('/', { schema: { querystring: Type.Object({ limit: Type.Integer({ default: options.limit }) }) } }, async (request) => request.query.limit)
      .get('/:memberId', async (request) => request.params.memberId)
      .post('/', { schema: { headers: Type.Object({ 'X-Api-Key': Type.String() }) } }, async () => 'added')
  }
  async function settings(app: Warren) {
    return app.get('/', { prefixTrailingSlash: 'no-slash' }, async () => 'settings')
  }
  export const app = warren()
    .get('/health', async () => 'ok')
    .register(members, { prefix: '/projects/:projectId/members', limit: 20 })
    .register(settings, { prefix: '/settings' })
  export interface Api extends RouteTableOf<typeof app> {}
`
/** The same server with one wrong option: its one error must not spread to the client's file. */
const wrongOption = members.replace('limit: 20 }', "limit: 'twenty' }")

const callOf = (server: string) => (line: string) => `
  import { client } from 'warren/client'
  import type { Api } from './${server}.js'
  const api = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })
  export const answer = ${line}
`
const onMembers = callOf('members')

const moreCases = {
  members,
  wrongOption,
  fine: onMembers(`Promise.all([
    api.get('/projects/:projectId/members', { params: { projectId: 'p' } }),
    api.get('/projects/:projectId/members/:memberId', { params: { projectId: 'p', memberId: 'm' } }),
    api.post('/projects/:projectId/members', { params: { projectId: 'p' }, headers: { 'x-api-key': 'k' } }),
    api.get('/settings'),
  ])`),
  afterWrongOption: callOf('wrongOption')(`api.get('/projects/:projectId/members/:memberId', { params: { projectId: 'p', memberId: 'm' } })`),
  paramsOnPlainPath: onMembers(`api.get('/health', { params: { id: 1 } })`),
  prefixParamMissing: onMembers(`api.get('/projects/:projectId/members/:memberId', { params: { memberId: 'm' } })`),
  headerMisspelt: onMembers(`api.post('/projects/:projectId/members', { params: { projectId: 'p' }, headers: { 'X-API-KEY': 'k' } })`),
  trailingSlash: onMembers(`api.get('/settings/')`),
}

describe('typed client: the messages of the calls real applications get wrong', () => {
  const found = diagnosticsOfCases(moreCases)

  it('the server and right calls compile: prefix parameters, defaults left out, header names in any of the two spellings', () => {
    expect(found.members).toEqual([])
    expect(found.fine).toEqual([])
  })

  it('a wrong register option is one error, in the server, and none in the client', () => {
    expect(found.wrongOption).toEqual([expect.stringContaining("Type 'string' is not assignable to type 'number'")])
    expect(found.afterWrongOption).toEqual([])
  })

  it('params on a path without parameters say so', () => {
    expect(found.paramsOnPlainPath).toEqual([`Type '{ id: number; }' is not assignable to type '"This path has no parameters"'.`])
  })

  it("a register prefix's parameter left out is named", () => {
    expect(found.prefixParamMissing).toHaveLength(1)
    expect(found.prefixParamMissing![0]).toMatch(/^Property 'projectId' is missing in type '\{ memberId: string; \}' but required in type/)
  })

  it('a required header under a third spelling is reported missing, with the spellings that count', () => {
    expect(found.headerMisspelt).toHaveLength(1)
    expect(found.headerMisspelt![0]).toContain(`"X-Api-Key"`)
    expect(found.headerMisspelt![0]).toContain(`"x-api-key"`)
  })

  it("a path the route's prefixTrailingSlash does not answer is not offered", () => {
    expect(found.trailingSlash).toHaveLength(1)
    expect(found.trailingSlash![0]).toContain(`Argument of type '"/settings/"' is not assignable to parameter of type`)
  })
})

const statements = `
  import { warren, Type } from 'warren'
  export const app = warren()
  app.get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => request.params.id)
  export const chained = warren().get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => request.params.id)
`
const onStatements = (line: string) => `
  import { client } from 'warren/client'
  import { app, chained } from './statements.js'
  const api = client<typeof app>({ app })
  const chainedApi = client<typeof chained>({ app: chained })
  export const answer = ${line}
`

describe('typed client: an app whose type records no route for a method', () => {
  const found = diagnosticsOfCases({
    statements,
    noneRecorded: onStatements(`api.get('/items/:id', { params: { id: 1 } })`),
    noneRecordedNoOptions: onStatements(`api.get('/items/:id')`),
    noneForMethod: onStatements(`chainedApi.post('/items/:id')`),
  })

  it('a call says why the path is refused: routes declared in statements are not in the type', () => {
    expect(found.statements).toEqual([])
    for (const name of ['noneRecorded', 'noneRecordedNoOptions'] as const) {
      expect(found[name]).toHaveLength(1)
      expect(found[name]![0]).toMatch(/^Argument of type '"\/items\/:id"' is not assignable to parameter of type '"No GET route is recorded in this app's type: routes declared in statements .* declare them in one chain/)
    }
  })

  it('a method the app has no route for says so, whatever the options', () => {
    expect(found.noneForMethod).toHaveLength(1)
    expect(found.noneForMethod![0]).toContain(`parameter of type '"No POST route is recorded in this app's type`)
  })
})
