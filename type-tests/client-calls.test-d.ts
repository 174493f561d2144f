import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { Type, type RouteTableOf, type Warren } from 'warren'
import { client } from 'warren/client'

// What a call sends and what it answers, for the path forms and schemas real applications use.

const Listing = Type.Object({ limit: Type.Integer({ minimum: 1, default: 20 }), offset: Type.Optional(Type.Integer({ default: 0 })), tag: Type.Optional(Type.Array(Type.String())) })
const NewMember = Type.Object({ name: Type.String(), roles: Type.Optional(Type.Array(Type.String(), { default: [] })), level: Type.Integer({ default: 1 }) })

async function members(app: Warren) {
  return app
    .get('/', { schema: { querystring: Listing, response: { '2xx': Type.Object({ count: Type.Integer() }) } } }, async (request) => ({ count: request.query.limit }))
    .get('/:memberId', async (request) => `${request.params.memberId}`)
    .get('/:memberId/badge', { schema: { params: Type.Object({ memberId: Type.Integer() }) } }, async (request) => request.params.memberId)
    .post('/', { schema: { body: NewMember, headers: Type.Object({ 'X-Api-Key': Type.String(), 'x-trace': Type.Optional(Type.String()) }) } }, async (request) => request.body.name)
    .delete('/:memberId', { schema: { response: { default: Type.Object({ message: Type.String() }) } } }, async (_request, reply) => reply.code(404).send({ message: 'no such member' }))
}
async function settings(app: Warren) {
  return app
    .get('/', { prefixTrailingSlash: 'no-slash' }, async () => 'settings')
    .route({ method: 'PUT', url: '/', prefixTrailingSlash: 'slash', handler: async () => 'saved' })
    .get('/files/*', async (request) => request.params['*'])
    .get('/range/:from-:to', async (request) => `${request.params.from}..${request.params.to}`)
    .get('/pages/:page?', async (request) => request.params.page ?? 'first')
    .get('/items/:id(^\\d+)', async (request) => request.params.id)
    .post(
      '/profile',
      { schema: { body: Type.Object({ profile: Type.Object({ name: Type.String(), theme: Type.String({ default: 'light' }), links: Type.Optional(Type.Object({ site: Type.String(), public: Type.Boolean({ default: true }) })) }) }) } },
      async (request) => request.body.profile.theme.length + (request.body.profile.links?.public ? 1 : 0),
    )
}

const app = warren()
  .get('/health', { schema: { response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }))
  .register(members, { prefix: '/projects/:projectId/members' })
  .register(settings, { prefix: '/settings' })
interface Api extends RouteTableOf<typeof app> {}
const api = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })

void (async () => {
  // ---------- a register prefix's parameters are the route's ----------
  await api.get('/projects/:projectId/members/:memberId', { params: { projectId: 'p1', memberId: 'm1' } })
  await api.get('/projects/:projectId/members/:memberId/badge', { params: { projectId: 7, memberId: 3 } })
  expectError(await api.get('/projects/:projectId/members/:memberId', { params: { memberId: 'm1' } })) // projectId is required
  expectError(await api.get('/projects/:projectId/members/:memberId/badge', { params: { projectId: 'p1', memberId: 'three' } })) // the schema types memberId

  // ---------- properties with a default may be left out; a query's arrays may be readonly ----------
  const tags: readonly string[] = ['a', 'b']
  await api.get('/projects/:projectId/members', { params: { projectId: 'p1' } })
  await api.get('/projects/:projectId/members', { params: { projectId: 'p1' }, query: { tag: tags, limit: 5 } })
  await api.post('/projects/:projectId/members', { params: { projectId: 'p1' }, body: { name: 'Ada', roles: ['a'] }, headers: { 'X-Api-Key': 'k' } })
  expectError(await api.get('/projects/:projectId/members', { params: { projectId: 'p1' }, query: { limit: 'five' } }))
  expectError(await api.post('/projects/:projectId/members', { params: { projectId: 'p1' }, body: {}, headers: { 'X-Api-Key': 'k' } })) // name has no default
  // in nested object schemas too, an optional object staying optional
  await api.post('/settings/profile', { body: { profile: { name: 'Ada' } } })
  await api.post('/settings/profile', { body: { profile: { name: 'Ada', links: { site: 'a.dev' } } } })
  expectError(await api.post('/settings/profile', { body: { profile: { theme: 'dark' } } })) // name has no default
  expectError(await api.post('/settings/profile', { body: { profile: { name: 'Ada', links: {} } } })) // links.site has no default

  // ---------- header names are case-insensitive: the schema's spelling or lower-case ----------
  await api.post('/projects/:projectId/members', { params: { projectId: 'p1' }, body: { name: 'Ada' }, headers: { 'x-api-key': 'k', 'X-Trace': 'ignored spelling, any header goes' } })
  expectError(await api.post('/projects/:projectId/members', { params: { projectId: 'p1' }, body: { name: 'Ada' } })) // the header is required
  expectError(await api.post('/projects/:projectId/members', { params: { projectId: 'p1' }, body: { name: 'Ada' }, headers: { 'x-api-key': 7 } }))

  // ---------- every path form: wildcard, several parameters in a segment, regexp parameters ----------
  await api.get('/settings/files/*', { params: { '*': 'docs/a.pdf' } })
  await api.get('/settings/range/:from-:to', { params: { from: 1, to: 9 } })
  // an optional last parameter may be left out, and its segment with it
  await api.get('/settings/pages/:page?', { params: { page: 2 } })
  await api.get('/settings/pages/:page?', { params: {} })
  await api.get('/settings/pages/:page?')
  await api.get('/settings/items/:id(^\\d+)', { params: { id: 42 } })
  expectError(await api.get('/settings/files/*')) // the wildcard is a parameter
  expectError(await api.get('/settings/range/:from-:to', { params: { from: 1 } }))

  // ---------- params on a path without parameters are refused ----------
  await api.get('/health')
  expectError(await api.get('/health', { params: { id: 1 } }))

  // ---------- prefixTrailingSlash ----------
  await api.get('/settings')
  expectError(await api.get('/settings/')) // 'no-slash': only /settings answers
  await api.put('/settings/')
  expectError(await api.put('/settings')) // 'slash': only /settings/ answers
  expectType<'GET /projects/:projectId/members' | 'GET /projects/:projectId/members/'>(null! as Extract<keyof Api, 'GET /projects/:projectId/members' | 'GET /projects/:projectId/members/'>)

  // ---------- bodiless answers: 204, 205, 304 whatever key covers them, and any answer to HEAD ----------
  const listed = await api.get('/projects/:projectId/members', { params: { projectId: 'p1' } })
  if (listed.status === 204 || listed.status === 205) expectType<undefined>(listed.body)
  else if (listed.status === 200 || listed.status === 201) expectType<{ count: number }>(listed.body)
  const removed = await api.delete('/projects/:projectId/members/:memberId', { params: { projectId: 'p1', memberId: 'm1' } })
  if (removed.status === 204) expectType<undefined>(removed.body)
  else if (removed.status === 304) expectType<undefined>(removed.body)
  else if (removed.status === 404) expectType<{ message: string }>(removed.body)
  const head = await api.head('/health')
  expectType<undefined>(head.body)
  expectAssignable<number>(head.status)
})()

// ---------- a body or query given by Type.Ref: its defaults may be left out, as inline ones ----------
{
  const NewTask = Type.Object({ title: Type.String(), done: Type.Boolean({ default: false }) }, { $id: 'NewTask' })
  const Paging = Type.Object({ limit: Type.Integer({ default: 20 }), cursor: Type.Optional(Type.String()) }, { $id: 'Paging' })
  const tasks = warren()
    .addSchema(NewTask)
    .addSchema(Paging)
    .post('/tasks', { schema: { body: Type.Ref('NewTask') } }, async (request) => request.body.done)
    .get('/tasks', { schema: { querystring: Type.Ref('Paging') } }, async (request) => request.query.limit)
  interface TasksApi extends RouteTableOf<typeof tasks> {}
  const tasksApi = client<TasksApi>({ baseUrl: 'http://127.0.0.1:3000' })
  void (async () => {
    await tasksApi.post('/tasks', { body: { title: 'write' } })
    await tasksApi.post('/tasks', { body: { title: 'write', done: true } })
    expectError(await tasksApi.post('/tasks', { body: { done: true } }))
    await tasksApi.get('/tasks')
    await tasksApi.get('/tasks', { query: { limit: 5 } })
  })()
}
