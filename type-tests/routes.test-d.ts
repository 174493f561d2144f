import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import type { IncomingHttpHeaders } from 'node:http'
import warren, { Type, type RouteConfig, type RouteTableOf } from 'warren'

const app = warren()

const Body = Type.Object({ name: Type.String(), age: Type.Optional(Type.Integer()) })
const Query = Type.Object({ page: Type.Integer(), tags: Type.Array(Type.String()) })
const Params = Type.Object({ id: Type.Integer() })
const Headers = Type.Object({ 'X-Api-Key': Type.String(), accept: Type.Optional(Type.String()) })

// ---------- every part from its schema ----------
app.post('/users/:id', { schema: { body: Body, querystring: Query, params: Params, headers: Headers } }, (request) => {
  expectType<{ name: string; age?: number }>(request.body)
  expectType<{ page: number; tags: string[] }>(request.query)
  expectType<{ id: number }>(request.params)
  // header schema keys are lower-cased, like Node's headers
  expectType<string>(request.headers['x-api-key'])
  expectType<string | undefined>(request.headers.accept)
  expectAssignable<IncomingHttpHeaders>(request.headers)
  expectType<string | undefined>(request.headers['user-agent'])
})

// `query` is an alias of `querystring`
app.get('/search', { schema: { query: Query } }, (request) => {
  expectType<{ page: number; tags: string[] }>(request.query)
})

// ---------- no schema: unknown, params from the path ----------
app.get('/users/:id/posts/:postId', (request) => {
  expectType<unknown>(request.body)
  expectType<unknown>(request.query)
  expectType<{ id: string; postId: string }>(request.params)
  expectType<IncomingHttpHeaders>(request.headers)
})
app.get('/files/*', (request) => {
  expectType<{ '*': string }>(request.params)
})
app.get('/flights/:from-:to', (request) => {
  expectType<{ from: string; to: string }>(request.params)
})
app.get('/img/:file.:ext/:size(^\\d+)', (request) => {
  expectType<{ file: string; ext: string; size: string }>(request.params)
})
app.get('/plain', (request) => {
  expectType<{}>(request.params)
})
// an optional last parameter may be missing: `/posts` matches `/posts/:id?`
app.get('/posts/:id?', (request) => {
  expectType<string | undefined>(request.params.id)
  expectType<{ id?: string }>(request.params)
})
app.get('/users/:userId/posts/:postId(^\\d+)?', (request) => {
  expectType<{ userId: string; postId?: string }>(request.params)
})
// a params schema wins over the path
app.get('/items/:id', { schema: { params: Params } }, (request) => {
  expectType<{ id: number }>(request.params)
})
// a path that is not a literal
declare const somePath: string
app.get(somePath, (request) => {
  expectType<Record<string, string>>(request.params)
})

// ---------- body content map: union of its media types ----------
app.post(
  '/upload',
  {
    schema: {
      body: {
        content: {
          'application/json': { schema: Type.Object({ json: Type.Boolean() }) },
          'text/plain': { schema: Type.String() },
        },
      },
    },
  },
  (request) => {
    expectType<{ json: boolean } | string>(request.body)
  },
)

// ---------- every shorthand, both call shapes ----------
const S = { schema: { body: Body } }
app.get('/g', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.head('/h', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.post('/p', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.put('/p', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.delete('/d', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.options('/o', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.patch('/p', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.all('/a', S, (request) => expectType<{ name: string; age?: number }>(request.body))
app.get('/g/:x', (request) => expectType<{ x: string }>(request.params))
app.head('/h/:x', (request) => expectType<{ x: string }>(request.params))
app.post('/p/:x', (request) => expectType<{ x: string }>(request.params))
app.put('/p/:x', (request) => expectType<{ x: string }>(request.params))
app.delete('/d/:x', (request) => expectType<{ x: string }>(request.params))
app.options('/o/:x', (request) => expectType<{ x: string }>(request.params))
app.patch('/p/:x', (request) => expectType<{ x: string }>(request.params))
app.all('/a/:x', (request) => expectType<{ x: string }>(request.params))

// ---------- route() ----------
app.route({
  method: 'POST',
  url: '/route/:id',
  schema: { body: Body, querystring: Query },
  handler(request) {
    expectType<{ name: string; age?: number }>(request.body)
    expectType<{ page: number; tags: string[] }>(request.query)
    expectType<{ id: string }>(request.params)
  },
})
app.route({
  method: ['GET', 'HEAD'],
  path: '/route/:slug',
  handler(request) {
    expectType<{ slug: string }>(request.params)
    expectType<unknown>(request.body)
  },
})
expectError(app.route({ method: 'FETCH', url: '/', handler() {} }))
expectError(app.route({ method: 'GET', handler() {} }))
expectError(app.route({ url: '/', handler() {} }))

// ---------- wrong uses of a typed request are errors ----------
app.post('/typed', { schema: { body: Body } }, (request) => {
  expectError(request.body.nope)
  expectNotAssignable<{ name: number }>(request.body)
})
expectError(app.get('/typed/:id', (request) => request.params.nope))

// ---------- routes return the instance, with the route in its route table (for the typed client) ----------
const chained = app.get('/chain', () => {})
expectAssignable<typeof app>(chained)
expectType<'GET /chain'>(null! as keyof RouteTableOf<typeof chained>)
const chained2 = app.route({ method: ['GET', 'PUT'], url: '/chain2', handler() {} })
expectAssignable<typeof app>(chained2)
expectType<'GET /chain2' | 'PUT /chain2'>(null! as keyof RouteTableOf<typeof chained2>)

// ---------- route options ----------
app.get(
  '/opts',
  {
    config: { rateLimit: 10 },
    attachValidation: true,
    bodyLimit: 1024,
    logLevel: 'warn',
    exposeHeadRoute: false,
    validatorCompiler: () => (data: unknown) => typeof data === 'object',
    serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    errorHandler(error, request, reply) {
      expectType<string | undefined>(error.code)
      reply.code(500).send({ message: error.message })
    },
  },
  (request) => {
    expectType<string | undefined>(request.validationError?.validationContext)
    expectType<RouteConfig>(request.routeOptions.config)
  },
)
expectError(app.get('/bad-opts', { bodyLimit: 'big' }, () => {}))

// ---------- the handler inside the shorthand's options ----------
{
  const inOptions = warren()
  inOptions.post('/in-options/:id', {
    schema: { body: Type.Object({ name: Type.String() }) },
    handler: async (request) => {
      expectType<string>(request.body.name)
      expectType<{ id: string }>(request.params)
      return { ok: true }
    },
  })
  expectError(inOptions.get('/no-handler', { schema: {} }))
}

// ---------- smaller cases ----------
{
  const app = warren()
  // a double colon is a literal colon
  app.post('/jobs/:id::cancel', (request) => {
    expectType<{ id: string }>(request.params)
    return 'ok'
  })
  // every method node knows is a valid method
  app.route({ method: 'SEARCH', url: '/s', handler: () => 'ok' })
  app.route({ method: ['PROPFIND', 'MKCOL', 'M-SEARCH'], url: '/dav', handler: () => 'ok' })
  expectError(app.route({ method: 'FETCH', url: '/f', handler: () => 'ok' }))
  // listen takes a backlog
  void app.listen({ port: 0, backlog: 511 })
  // a misspelt schema key does not compile
  expectError(app.get('/q', { schema: { querystrin: Type.Object({ q: Type.String() }) } }, () => 'ok'))
  app.get('/q', { schema: { querystring: Type.Object({ q: Type.String() }), summary: 'x' } }, (request) => request.query.q)
}
