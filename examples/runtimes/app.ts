/**
 * The application the runtime matrix serves on Node, Bun, Deno and Cloudflare's workerd: a
 * validated POST with a response schema, params and a query string, hooks, an encapsulated
 * plugin with its own decorator, a failing handler, a body limit, and the OpenAPI plugin. Every runtime must give
 * the same answers (test/runtimes/matrix.test.ts).
 */
import warren, { Type, type PrecompiledSchemas } from 'warren'
import openapi from 'warren/openapi'

const Item = Type.Object({ name: Type.String({ minLength: 1 }), price: Type.Number({ minimum: 0 }) })
const SavedItem = Type.Object({ id: Type.Integer(), name: Type.String(), price: Type.Number() })
const Row = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  score: Type.Number(),
  active: Type.Boolean(),
  note: Type.Optional(Type.String()),
  owner: Type.Object({ name: Type.String() }),
  tags: Type.Array(Type.String()),
})

/** Values a response schema converts, leaves out or escapes: written the same way whichever way the runtime serializes. */
const looseRows = [
  { id: '7', name: 5, score: '3.5', active: 0, owner: { name: 'Ada', password: 'left out' }, tags: ['a', 'quote " and \u0001'], internal: true },
  { id: 1.6, name: null, score: 2, active: 'yes', note: undefined, owner: { name: 'Grace' }, tags: [] },
  { id: 3, name: { toJSON: () => 'ignored', toString: () => 'as text' }, score: -0.5, active: true, note: 'kept', owner: { name: 'Linus' }, tags: ['x'] },
]

/**
 * Builds the matrix application (not readied: each entry decides when). `pluginTimeout: 0` where
 * start-up must finish without timers (a Worker's module scope); `precompiledSchemas` where
 * nothing may be compiled. The default export, so that `warren compile --esm` can build it too.
 */
export function buildApp(options: { pluginTimeout?: number; precompiledSchemas?: PrecompiledSchemas } = {}) {
  const app = warren({ bodyLimit: 1024, ...options })
  // the document everywhere; the reference page where the runtime can read swagger-ui-dist's files
  app.register(openapi, { info: { title: 'Runtime matrix', version: '1.0.0' } })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-hooked', 'onRequest')
  })

  app.post('/items', { schema: { body: Item, response: { 201: SavedItem } } }, async (request, reply) => {
    // `internal` is not in the response schema: the serializer leaves it out
    const saved = { id: 7, ...request.body, internal: 'never sent' }
    return reply.code(201).send(saved)
  })

  app.get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer() }), querystring: Type.Object({ detail: Type.Boolean({ default: false }) }) } }, async (request) => ({
    id: request.params.id,
    detail: request.query.detail,
  }))

  app.register(async (scoped) => {
    scoped.addHook('preHandler', async (_request, reply) => {
      reply.header('x-scope', 'inner')
    })
    scoped.decorateRequest('member', 'scoped member').get('/me', async (request) => ({ member: request.member }))
  }, { prefix: '/scoped' })

  app.get('/open', async (request) => ({ member: (request as { member?: string }).member ?? null }))

  // inject() on every runtime (workerd included): the same application answering an in-process request
  app.get('/injected/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => {
    const answer = await app.inject({ method: 'GET', url: `/items/${request.params.id}?detail=true` })
    return { status: answer.statusCode, body: answer.json() as unknown, hooked: answer.headers['x-hooked'] ?? null }
  })

  // a body as the parser made it: the same on every runtime, byte order marks included
  app.post('/echo', async (request) => ({ body: request.body }))

  // Node's record of the request's headers, as each runtime's entry makes it
  app.get('/headers', async (request) => {
    const headers = request.headers
    return { dup: headers['x-dup'], cookie: headers.cookie, nodePrototype: Object.getPrototypeOf(headers) === Object.prototype, ownProto: Object.hasOwn(headers, '__proto__') }
  })

  app.get('/rows', { schema: { response: { 200: Type.Array(Row) } } }, async () => looseRows as never)
  app.get('/rows/unnamed', { schema: { response: { 200: Type.Array(Row) } } }, async () => [{ name: 'no id' }] as never)

  app.get('/boom', async () => {
    throw new Error('kaput')
  })
  return app
}

export default buildApp
