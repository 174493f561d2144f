import { expectError, expectType } from 'tsd'
import type { Readable } from 'node:stream'
import warren, { declaredRoutes, Type, type Warren, type RouteOptionsView, type HandlerError } from 'warren'

const app = warren().decorate('db', { ok: true }).decorateRequest('user', '').decorateReply('tag', 0)
type App = typeof app

// ---------- request hooks see the context's decorations; both async and callback forms ----------
app.addHook('onRequest', async function (request, reply) {
  expectType<App>(this)
  expectType<string>(request.user)
  expectType<number>(reply.tag)
})
app.addHook('onRequest', function (request, _reply, done) {
  expectType<string>(request.user)
  done()
})
app.addHook('preParsing', async (_request, _reply, payload) => {
  expectType<Readable>(payload)
  return payload
})
app.addHook('preParsing', (_request, _reply, payload, done) => done(null, payload))
app.addHook('preValidation', async (request) => {
  expectType<unknown>(request.body)
})
app.addHook('preHandler', (_request, _reply, done) => done())
app.addHook('preSerialization', async (_request, _reply, payload) => {
  expectType<unknown>(payload)
  return payload
})
app.addHook('onSend', (_request, _reply, payload, done) => done(null, payload))
app.addHook('onResponse', async (_request, reply) => {
  expectType<number>(reply.statusCode)
})
app.addHook('onError', async (_request, _reply, error) => {
  expectType<HandlerError>(error)
})
app.addHook('onTimeout', async () => {})
app.addHook('onRequestAbort', async (request) => {
  expectType<string>(request.user)
})
app.addHook('onRequestAbort', (_request, done) => done())

// ---------- application hooks ----------
app.addHook('onRoute', (routeOptions) => {
  expectType<RouteOptionsView>(routeOptions)
  expectType<string>(routeOptions.url)
})
// the routes declared before a collecting plugin loaded: the options onRoute saw, and where
for (const declared of declaredRoutes(app)) {
  expectType<RouteOptionsView>(declared.routeOptions)
  expectType<Warren>(declared.instance)
}
expectError(declaredRoutes())
app.addHook('onRegister', (instance, opts) => {
  expectType<App>(instance)
  expectType<Record<string, unknown>>(opts)
})
app.addHook('onReady', async function () {
  expectType<{ ok: boolean }>(this.db)
})
app.addHook('onReady', (done) => done())
app.addHook('onListen', async () => {})
app.addHook('preClose', (done) => done())
app.addHook('onClose', async (instance) => {
  expectType<App>(instance)
})
app.addHook('onClose', (_instance, done) => done())
// a resource to dispose of at close
app.addHook('onClose', { async [Symbol.asyncDispose]() {} })
app.addHook('onClose', { [Symbol.dispose]() {} })

// ---------- wrong hooks ----------
expectError(app.addHook('onNothing', async () => {}))
expectError(app.addHook('onRequest', async (request) => request.nope))
expectError(app.addHook('onRoute', (routeOptions: number) => routeOptions))

// ---------- route-level hooks see the route's schema types and the decorations ----------
const Body = Type.Object({ name: Type.String() })
app.post(
  '/items/:id',
  {
    schema: { body: Body, response: { 200: Type.Object({ ok: Type.Boolean() }), 403: Type.Object({ reason: Type.String() }) } },
    onRequest: async (request) => {
      expectType<{ id: string }>(request.params)
    },
    preValidation: [async (request) => expectType<unknown>(request.body)], // parsed, not validated yet
    preHandler: async function (request, reply) {
      expectType<App>(this)
      expectType<{ name: string }>(request.body)
      expectType<string>(request.user)
      expectType<number>(reply.tag)
      if (!request.user) return reply.code(403).send({ reason: 'no user' })
    },
    preSerialization: (_request, _reply, payload, done) => done(null, payload),
    onSend: async (_request, _reply, payload) => payload,
    onResponse: async () => {},
    onError: async (_request, _reply, error) => {
      expectType<string | undefined>(error.code)
    },
    onTimeout: async () => {},
    onRequestAbort: async () => {},
  },
  async (request) => ({ ok: request.body.name.length > 0 }),
)
expectError(
  app.post('/bad-hook', { schema: { body: Body }, preHandler: async (request) => request.body.nope }, async () => {}),
)
expectError(
  app.get(
    '/bad-hook-reply',
    { schema: { response: { 200: Body } }, preHandler: async (_request, reply) => reply.code(500).send({}) },
    async () => ({ name: 'x' }),
  ),
)

// ---------- error and not-found handlers ----------
app.setErrorHandler(async function (error, request, reply) {
  expectType<App>(this)
  expectType<HandlerError>(error)
  expectType<number | undefined>(error.statusCode)
  expectType<string>(request.user)
  reply.code(500).send({ message: error.message })
})
app.setErrorHandler<Error & { custom: true }>((error) => {
  expectType<true>(error.custom)
})
app.setNotFoundHandler(async (request, reply) => {
  expectType<string>(request.user)
  reply.code(404).send({ message: 'not found' })
})
app.setNotFoundHandler({ preHandler: async (request) => expectType<string>(request.user) }, async () => 'not found')
// without a handler the default 404 stays, after the context's (and these) hooks
warren().register(async (scope) => void scope.setNotFoundHandler())
expectType<typeof app>(app.setNotFoundHandler({ preHandler: async (request) => expectType<string>(request.user) }))
expectError(app.setNotFoundHandler({ preHandler: async () => {} }, 'not a handler'))

// nested contexts keep hooks typed
app.register(async (child: Warren) => {
  child.addHook('onRequest', async (request) => {
    expectError(request.user)
  })
})

// ---------- a hook is async or callback-style, never both ----------
app.addHook('onRequest', (_request, _reply, done) => done())
app.addHook('onSend', async (_request, _reply, payload) => payload)
app.addHook('onRoute', async (routeOptions) => {
  expectType<string>(routeOptions.url)
})
app.addHook('onReady', async function () {
  expectType<App>(this)
})
expectError(app.addHook('onRequest', async (_request, _reply, done) => done()))
expectError(app.addHook('onSend', async (_request, _reply, payload, done) => done(null, payload)))
expectError(app.addHook('onReady', async (done) => done()))
expectError(app.addHook('onClose', async (_instance, done) => done()))
expectError(app.addHook('onClose', { close() {} }))
expectError(app.addHook('onReady', { [Symbol.dispose]() {} }))
