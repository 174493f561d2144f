import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { Type, type RouteHook, type RequestOf, type ReplyOf, type WarrenRequest, type WarrenReply, type RouteHandler } from 'warren'

interface User {
  id: number
}
const app = warren().decorateRequest('user', null as User | null)
type Api = typeof app

// a guard written once for any route of this instance
const requireUser: RouteHook<'preHandler', {}, Api> = async (request, reply) => {
  expectType<unknown>(request.params)
  expectType<unknown>(request.body)
  if (request.user === null) return reply.code(401).send({ message: 'login' })
}
function audit(request: RequestOf<{}, Api>, reply: ReplyOf<{}, Api>): void {
  reply.header('x-user', String(request.user?.id))
}
// a helper typed with the bare request
function describe(request: WarrenRequest): string {
  return `${request.method} ${request.url}`
}
function mark(reply: WarrenReply): void {
  reply.header('x-mark', '1')
}

const schema = {
  params: Type.Object({ id: Type.Integer() }),
  body: Type.Object({ name: Type.String() }),
  querystring: Type.Object({ q: Type.Optional(Type.String()) }),
  headers: Type.Object({ 'x-key': Type.String() }),
  response: { 200: Type.Object({ id: Type.Integer() }), 404: Type.Object({ message: Type.String() }) },
}
// the guard and the helpers fit a route with params, body, query, headers and responses
app.put('/users/:id', { schema, preHandler: requireUser, onRequest: [requireUser] }, async (request, reply) => {
  audit(request, reply)
  mark(reply)
  expectType<string>(describe(request))
  return { id: request.params.id }
})
app.get('/plain/:slug', { preHandler: requireUser }, (request, reply) => {
  audit(request, reply)
  return request.params.slug
})
app.route({ method: 'POST', url: '/x', schema, preHandler: requireUser, handler: () => ({ id: 1 }) })

// a hook typed for specific parts accepts the routes that have them
const needsId: RouteHook<'preHandler', { params: typeof schema.params }, Api> = async (request) => {
  expectType<number>(request.params.id)
}
app.get('/items/:id', { schema: { params: schema.params }, preHandler: needsId }, () => 'ok')
// ...whatever else the route has: more params (inline or composed), a schema object of its own
app.get('/items/:id/:slug', { schema: { params: Type.Object({ id: Type.Integer(), slug: Type.String() }) }, preHandler: needsId }, () => 'ok')
app.get('/items-of/:id/:slug', { schema: { params: Type.Composite([schema.params, Type.Object({ slug: Type.String() })]) }, preHandler: needsId }, () => 'ok')
app.get('/same/:id', { schema: { params: Type.Object({ id: Type.Integer() }) }, preHandler: needsId }, () => 'ok')
const TextBody = Type.Object({ text: Type.String() })
const nonEmpty: RouteHook<'preHandler', { body: typeof TextBody }, Api> = async (request, reply) => {
  if (request.body.text === '') return reply.code(400).send({ message: 'empty' })
}
app.post('/notes', { schema: { body: Type.Object({ text: Type.String(), tags: Type.Array(Type.String()) }) }, preHandler: nonEmpty }, () => 'ok')
function idOf(request: RequestOf<{ params: typeof schema.params }, Api>): number {
  return request.params.id
}
app.get('/helped/:id/:slug', { schema: { params: Type.Object({ id: Type.Integer(), slug: Type.String() }) } }, (request) => String(idOf(request)))
// ...and not a route whose params are a different shape, or lack one the hook reads
expectError(app.get('/by-name/:name', { schema: { params: Type.Object({ name: Type.String() }) }, preHandler: needsId }, () => 'ok'))
expectError(app.get('/id-as-text/:id', { schema: { params: Type.Object({ id: Type.String() }) }, preHandler: needsId }, () => 'ok'))
expectError(app.post('/untexted', { schema: { body: Type.Object({ tags: Type.Array(Type.String()) }) }, preHandler: nonEmpty }, () => 'ok'))

// a handler for any route is accepted by every route
const anyHandler: RouteHandler<{}, Api> = async (request) => {
  expectAssignable<unknown>(request.query)
}
app.get('/any/:id', { schema: { params: schema.params } }, anyHandler)
