import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { Type, plugin, type RouteTableOf, type Warren } from 'warren'
import { client, type TypedAnswer } from 'warren/client'

const User = Type.Object({ id: Type.Integer(), name: Type.String() })
const NotFound = Type.Object({ message: Type.String() })
const Problem = Type.Object({ code: Type.String() })

async function users(app: Warren) {
  return app
  .get('/', { schema: { querystring: Type.Object({ q: Type.Optional(Type.String()) }), response: { 200: Type.Array(User) } } }, async () => [])
  .get(
    '/:id',
    {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        querystring: Type.Object({ expand: Type.Boolean() }),
        response: { 200: User, 404: NotFound, '4xx': Problem },
      },
    },
    async (request) => ({ id: request.params.id, name: 'Ada' }),
  )
  .post('/', { schema: { body: Type.Object({ name: Type.String() }), response: { 201: User, default: NotFound } } }, async (_r, reply) =>
    reply.code(201).send({ id: 1, name: 'Ada' }),
  )
  .delete('/:id', async () => undefined)
}

const app = warren()
  .get('/health', async () => 'ok')
  .put('/files/:folder/:name', { schema: { headers: Type.Object({ 'x-token': Type.String() }), body: Type.String() } }, async () => 'saved')
  .register(users, { prefix: '/users' })
  .register(async (child) => child.get('/nested', async () => 1), { prefix: 'v2' })
  .register(plugin(async (shared) => shared.patch('/shared', async () => 2)), { prefix: '/not-applied' })

type App = typeof app
interface Api extends RouteTableOf<App> {}

// ---------- the route table: chained routes, plugins under their prefix, shared plugins unprefixed ----------
expectType<
  | 'GET /health'
  | 'PUT /files/:folder/:name'
  | 'GET /users'
  | 'GET /users/'
  | 'GET /users/:id'
  | 'POST /users'
  | 'POST /users/'
  | 'DELETE /users/:id'
  | 'GET /v2/nested'
  | 'PATCH /shared'
>(null! as keyof Api)

// a route declared in a bare statement is not in the table
const bare = warren()
bare.get('/lost', async () => 1)
expectType<never>(null! as keyof RouteTableOf<typeof bare>)

// ---------- calls, typed by the app type ----------
const api = client<App>({ baseUrl: 'http://127.0.0.1:3000' })
// in-process through the app's fetch handler (or a Worker's, Hono's): typed the same
expectType<typeof api>(client<App>({ handler: app.fetch }))
// a fetch handler takes a web Request, not the URL string a fetch takes
expectError(client<App>({ handler: (url: string) => fetch(url) }))
void (async () => {
  {
  const one = await api.get('/users/:id', { params: { id: 7 }, query: { expand: true } })
  if (one.status === 200) expectType<{ id: number; name: string }>(one.body)
  else if (one.status === 404) expectType<{ message: string }>(one.body)
  else if (one.status === 400 || one.status === 422) expectType<{ code: string }>(one.body)
  else expectType<unknown>(one.body) // a status the route does not declare (500…)
  expectType<Headers>(one.headers)

  const created = await api.post('/users', { body: { name: 'Ada' } })
  if (created.status === 201) expectType<{ id: number; name: string }>(created.body)
  else if (created.status === 204 || created.status === 205 || created.status === 304) expectType<undefined>(created.body) // bodiless, though default covers them
  else expectType<{ message: string }>(created.body) // default covers every other status

  const list = await api.get('/users', { query: { q: 'a' } })
  if (list.status === 200) expectType<{ id: number; name: string }[]>(list.body)
  await api.get('/users') // an optional query may be left out
  expectAssignable<TypedAnswer<number, unknown>>(await api.get('/health')) // no response schema: any status, unknown body
  await api.delete('/users/:id', { params: { id: '7' } }) // a path parameter without a schema: a string, or a number
  await api.delete('/users/:id', { params: { id: 7 } })
  await api.put('/files/:folder/:name', { params: { folder: 'a', name: 'b' }, headers: { 'x-token': 't', 'x-other': '1' }, body: 'text' })
  await api.get('/v2/nested')
  await api.patch('/shared')
  await api.head('/health') // GET routes answer HEAD
  await api.request('GET', '/anything') // untyped

  // ---------- negatives ----------
  expectError(await api.get('/nope')) // an undeclared path
  expectError(await api.post('/users/:id', { body: { name: 'Ada' } })) // declared, but not for POST
  expectError(await api.post('/users', { body: { nom: 'Ada' } })) // a wrong body
  expectError(await api.post('/users', { body: { name: 1 } }))
  expectError(await api.post('/users')) // the body is required
  expectError(await api.get('/users/:id', { params: { id: 7 } })) // the query is required (expand)
  expectError(await api.get('/users/:id', { query: { expand: true } })) // params are required
  expectError(await api.get('/users/:id', { params: { id: 'seven' }, query: { expand: true } })) // the params schema says integer
  expectError(await api.put('/files/:folder/:name', { params: { folder: 'a', name: 'b' }, body: 'text' })) // a required header
  }

  // ---------- the same, typed by the route table interface ----------
  const fast = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })
  const one = await fast.get('/users/:id', { params: { id: 7 }, query: { expand: true } })
  if (one.status === 200) expectType<{ id: number; name: string }>(one.body)
  expectError(await fast.get('/nope'))
  expectError(await fast.post('/users', { body: { nom: 'Ada' } }))
})()

// ---------- without a type argument, the client is untyped ----------
const loose = client({ baseUrl: 'http://127.0.0.1:3000' })
void loose.get('/whatever', { body: 1 })

// ---------- a 204 has no body, whatever its schema says ----------
const emptying = warren().delete('/all', { schema: { response: { 204: Type.Null() } } }, async (_request, reply) => reply.code(204).send(null))
void (async () => {
  const answer = await client<typeof emptying>({ baseUrl: 'http://127.0.0.1:3000' }).delete('/all')
  if (answer.status === 204) expectType<undefined>(answer.body)
})()

// ---------- a path that does not start with '/' joins its prefix as written, as the router joins it ----------
const written = warren().register(async (child: Warren) => child.get(':name', async () => 'x').options('*', async () => ''), { prefix: '/prefix' })
expectType<'GET /prefix:name' | 'OPTIONS /prefix*'>(null as unknown as keyof RouteTableOf<typeof written> & string)

// ---------- bytes and streams the server sends arrive as bytes, or as text under a text type ----------
const files = warren()
  .get('/logo.png', { schema: { response: { 200: Type.Unsafe<Buffer | import('node:stream').Readable>({ type: 'string', format: 'binary' }), 404: Type.Object({ missing: Type.String() }) } } }, async (_request, reply) => reply.type('image/png').send(Buffer.from('x')))
void (async () => {
  const logo = await client<typeof files>({ app: files }).get('/logo.png')
  if (logo.status === 200) expectType<Uint8Array | string>(logo.body)
  if (logo.status === 404) expectType<{ missing: string }>(logo.body)
})()
