import { expectAssignable, expectError, expectType } from 'tsd'
import warren, {
  Type,
  type RouteHandler,
  type RequestOf,
  type ReplyOf,
  type RouteHook,
  type RouteSchema,
  type DecorationsOf,
} from 'warren'

// a schema and a handler in their own module
const schema = {
  params: Type.Object({ id: Type.Integer() }),
  querystring: Type.Object({ verbose: Type.Optional(Type.Boolean()) }),
  response: {
    200: Type.Object({ id: Type.Integer(), name: Type.String() }),
    404: Type.Object({ message: Type.String() }),
  },
} satisfies RouteSchema

const getUser: RouteHandler<typeof schema> = async (request, reply) => {
  expectType<{ id: number }>(request.params)
  expectType<{ verbose?: boolean }>(request.query)
  if (request.params.id === 0) return reply.code(404).send({ message: 'no' })
  return { id: request.params.id, name: 'x' }
}
// @ts-expect-error the handler's return is checked against the 2xx schema
const badHandler: RouteHandler<typeof schema> = async () => ({ id: 'x' })
void badHandler

const app = warren()
app.get('/users/:id', { schema }, getUser)
app.route({ method: 'GET', url: '/users/:id', schema, handler: getUser })

// request and reply helpers for functions that take them
function describe(request: RequestOf<typeof schema>): string {
  return `${request.params.id}:${request.query.verbose ?? false}`
}
function notFound(reply: ReplyOf<typeof schema>) {
  return reply.code(404).send({ message: 'not found' })
}
app.get('/u/:id', { schema }, async (request, reply) => {
  describe(request)
  notFound(reply)
  expectError(reply.code(418))
})
expectError((reply: ReplyOf<typeof schema>) => reply.code(404).send({ id: 1 }))

// with the decorations of an instance, and params from a path
const decorated = warren().decorate('db', { get: (id: string) => ({ id: Number(id), name: id }) }).decorateRequest('user', '')
type App = typeof decorated
const byPath: RouteHandler<{ response: typeof schema.response }, App, '/items/:itemId'> = async function (request) {
  expectType<{ itemId: string }>(request.params)
  expectType<string>(request.user)
  return this.db.get(request.params.itemId)
}
decorated.get('/items/:itemId', { schema: { response: schema.response } }, byPath)
// a handler that needs decorations cannot go on an instance without them
expectError(app.get('/items/:itemId', { schema: { response: schema.response } }, byPath))

// a route-level hook in its own module
const audit: RouteHook<'preHandler', typeof schema, App> = async (request) => {
  expectType<{ id: number }>(request.params)
  expectType<string>(request.user)
}
decorated.get('/audited/:id', { schema, preHandler: audit }, getUser)

// the decorations of an instance
expectAssignable<{ db: { get: (id: string) => { id: number; name: string } } }>({} as DecorationsOf<App>)

// no schema, no path: the handler of any route, every part unknown (the top of the lattice, so
// routes with a params schema are accepted too)
const any: RouteHandler = async (request) => {
  expectType<unknown>(request.body)
  expectType<unknown>(request.params)
  return 'anything'
}
app.get('/any/:x', any)
app.get('/typed/:id', { schema: { params: schema.params } }, any)

// a handler in its own file bound to the instance type sees its decorators
{
  const withStore = warren().decorate('store', { get: (id: number) => ({ id, name: 'x' }) })
  type WithStore = typeof withStore
  const getFromStore: RouteHandler<typeof schema, WithStore> = async function (request) {
    expectType<{ id: number; name: string }>(this.store.get(request.params.id))
    return this.store.get(request.params.id)
  }
  withStore.get('/store/:id', { schema }, getFromStore)
  // without the instance type, `this` has no decorators
  const unbound: RouteHandler<typeof schema> = async function (request) {
    // @ts-expect-error `store` is not a decorator of the bare instance
    return this.store.get(request.params.id)
  }
  void unbound
}

// a hook or helper typed for some parts fits a route whose params schema gives other types
const Page = Type.Object({ limit: Type.Integer() })
const IntegerId = Type.Object({ id: Type.Integer() })
const Note = Type.Object({ text: Type.String() })
const paging: RouteHook<'preHandler', { querystring: typeof Page }> = async (request) => {
  expectType<number>(request.query.limit)
  expectType<unknown>(request.params)
}
function textOf(request: RequestOf<{ body: typeof Note }>): string {
  return request.body.text
}
app.get('/pages/:id', { schema: { params: IntegerId, querystring: Page }, preHandler: paging }, async () => 'page')
app.post('/notes/:id', { schema: { params: IntegerId, body: Note } }, async (request) => textOf(request))
// with a path, the helper's params are the path's
expectType<{ id: string }>({} as RequestOf<{ body: typeof Note }, typeof app, '/notes/:id'>['params'])
