import { expectError, expectType } from 'tsd'
import warren, { Type, type RouteHook } from 'warren'

// What a request holds at each stage, what a handler may resolve, and what the validator fills in.

interface User {
  name: string
}
const app = warren().decorate('db', { ok: true }).decorateRequest('user', null as User | null)
type App = typeof app

const IdParams = Type.Object({ id: Type.Integer() })
const Body = Type.Object({ title: Type.String() })

// ---------- request.body as it is when each hook runs ----------
app.post(
  '/notes/:id',
  {
    schema: { params: IdParams, body: Body },
    onRequest: async (request) => {
      expectType<undefined>(request.body) // not read yet
      expectType<{ id: number }>(request.params)
    },
    preParsing: async (request, _reply, payload) => {
      expectType<undefined>(request.body) // not parsed yet
      return payload
    },
    preValidation: async (request) => {
      expectType<unknown>(request.body) // parsed, not validated
      expectError(request.body.title)
    },
    preHandler: async (request) => {
      expectType<{ title: string }>(request.body) // validated
    },
    onResponse: async (request) => {
      expectType<unknown>(request.body) // also after a failure, at any stage
    },
  },
  async (request) => request.body.title,
)
app.addHook('onRequest', async (request) => {
  expectType<undefined>(request.body)
})
app.addHook('preHandler', async (request) => {
  expectType<unknown>(request.body) // any route
})
// a hook written for the body as the handler sees it cannot run before validation
const needsTitle: RouteHook<'preHandler', { body: typeof Body }, App> = async (request) => {
  expectType<string>(request.body.title)
}
app.post('/titled', { schema: { body: Body }, preHandler: needsTitle }, async () => 'ok')
expectError(app.post('/titled-early', { schema: { body: Body }, onRequest: needsTitle }, async () => 'ok'))

// ---------- a hook typed for some parts fits every route that has them ----------
const noteExists: RouteHook<'preHandler', { params: typeof IdParams }, App> = async function (request, reply) {
  expectType<number>(request.params.id)
  expectType<{ ok: boolean }>(this.db)
  if (request.params.id === 0) return reply.code(404).send({ message: 'no note' })
}
app.put(
  '/notes/:id',
  { schema: { params: IdParams, body: Body, response: { 200: Body, 404: Type.Object({ message: Type.String() }) } }, preHandler: [noteExists] },
  async (request) => {
    expectType<{ title: string }>(request.body) // the hook does not take over the body
    return { title: request.body.title }
  },
)
app.delete('/notes/:id', { schema: { params: IdParams, querystring: Type.Object({ hard: Type.Optional(Type.Boolean()) }) }, preHandler: noteExists }, async (request) => {
  expectType<boolean | undefined>(request.query.hard)
  return 'deleted'
})
app.get('/notes/:id/:rev', { schema: { params: Type.Object({ id: Type.Integer(), rev: Type.Integer() }) }, preHandler: noteExists }, async (request) => request.params.rev)
expectError(app.get('/by-title/:title', { schema: { params: Type.Object({ title: Type.String() }) }, preHandler: noteExists }, async () => 'no id'))

// ---------- a 200 route's handler may not resolve undefined on some path ----------
const Note = Type.Object({ title: Type.String() })
expectError(
  app.get('/maybe/:id', { schema: { params: IdParams, response: { 200: Note } } }, async (request) => {
    if (request.params.id > 0) return { title: 'found' }
  })
)
app.get('/sure/:id', { schema: { params: IdParams, response: { 200: Note, 404: Type.Object({ message: Type.String() }) } } }, async (request, reply) => {
  if (request.params.id > 0) return { title: 'found' }
  return reply.code(404).send({ message: 'no note' })
})
app.get('/sent', { schema: { response: { 200: Note } } }, async (_request, reply) => {
  reply.send({ title: 'sent, nothing returned' })
})
app.get('/optional', { schema: { response: { 200: Type.Union([Note, Type.Undefined()]) } } }, async () => (Math.random() > 0.5 ? { title: 'x' } : undefined))
app.get('/no-schema', async () => (Math.random() > 0.5 ? { anything: 1 } : undefined))

// ---------- what the validator fills in: a property with a default is always there ----------
const Listing = Type.Object({ limit: Type.Optional(Type.Integer({ default: 20 })), sort: Type.Optional(Type.String()), page: Type.Integer({ default: 1 }) })
app.post(
  '/search',
  { schema: { querystring: Listing, body: Type.Object({ filters: Type.Object({ tags: Type.Optional(Type.Array(Type.String(), { default: [] })) }) }) } },
  async (request) => {
    expectType<number>(request.query.limit) // optional with a default: filled in
    expectType<string | undefined>(request.query.sort) // optional without one
    expectType<number>(request.query.page)
    expectType<string[]>(request.body.filters.tags) // nested, too
    return 'found'
  },
)
// a response property with a default is typed as present, as the client reads it (the serializer writes the default)
app.get('/listing', { schema: { response: { 200: Listing } } }, async () => ({ page: 1, limit: 20 }))
expectError(app.get('/listing-short', { schema: { response: { 200: Listing } } }, async () => ({ page: 1 })))
