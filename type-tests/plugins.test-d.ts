import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { plugin, type RouteTableOf, type Warren, type SharedPlugin } from 'warren'

interface Db {
  query(sql: string): unknown[]
}
declare const db: Db

const app = warren()

// ---------- shared plugins add what their returned instance carries ----------
const dbPlugin = plugin(async (instance) => instance.decorate('db', db))
const withDb = app.register(dbPlugin)
expectType<Db>(withDb.db)
withDb.get('/', function () {
  expectType<Db>(this.db)
})
// the parent variable's type does not change
expectError(app.db)

// callback style, sync: returning the instance works the same
const syncPlugin = plugin((instance, _opts, done) => {
  const decorated = instance.decorateRequest('tenant', '')
  done()
  return decorated
})
const withTenant = app.register(syncPlugin)
withTenant.get('/', (request) => {
  expectType<string>(request.tenant)
})

// encapsulate: false is the default; encapsulate: true adds nothing
const explicitShared = plugin(async (i) => i.decorate('a', 1), { name: 'a', encapsulate: false })
expectType<number>(app.register(explicitShared).a)
const encapsulatedMeta = plugin(async (i) => i.decorate('b', 1), { name: 'b', encapsulate: true })
expectError(app.register(encapsulatedMeta).b)

// ---------- encapsulated plugins add nothing ----------
const plain = async (instance: Warren) => instance.decorate('hidden', true)
const afterPlain = app.register(plain)
expectType<typeof app>(afterPlain)
expectError(afterPlain.hidden)
// inline plugins see the parent's decorations
withDb.register(async (child) => {
  expectType<Db>(child.db)
  child.get('/inner', function () {
    expectType<Db>(this.db)
  })
})

// ---------- requirements ----------
// typed parameter
const needsDb = async (instance: Warren<{ db: Db }>) => {
  instance.db.query('select 1')
}
withDb.register(needsDb)
expectError(app.register(needsDb))
// curried plugin<Req>(): requirements stated, additions inferred
const repoPlugin = plugin<{ db: Db }>()(async (instance) => instance.decorate('repo', { all: () => instance.db.query('x') }))
expectError(app.register(repoPlugin))
const withRepo = withDb.register(repoPlugin)
expectType<{ all: () => unknown[] }>(withRepo.repo)
expectType<Db>(withRepo.db)
// requirement on request decorators
const needsUser = plugin<{}, { user: string }>()(async (instance) => instance)
expectError(app.register(needsUser))
app.decorateRequest('user', '').register(needsUser)
// incompatible type
expectError(app.decorate('db', 'not a db').register(needsDb))
// typed parameter through plugin()
const sharedNeedsDb = plugin(async (instance: Warren<{ db: Db }>) => instance.decorate('cache', new Map<string, string>()))
expectError(app.register(sharedNeedsDb))
expectType<Map<string, string>>(withDb.register(sharedNeedsDb).cache)

// ---------- options ----------
const withOpts = plugin(async (instance, opts: { keys: string[]; realm?: string }) => {
  expectType<string[]>(opts.keys)
  return instance.decorate('keys', opts.keys)
})
app.register(withOpts, { keys: ['k'] })
app.register(withOpts, { keys: ['k'], realm: 'r', prefix: '/v1', logLevel: 'info' })
expectError(app.register(withOpts))
expectError(app.register(withOpts, {}))
expectError(app.register(withOpts, { keys: 'k' }))
// plugins without options accept the register options only
app.register(dbPlugin, { prefix: '/db' })
expectError(app.register(dbPlugin, { nope: 1 }))
// callback-style plain plugin with options
app.register(
  (_instance: Warren, opts: { n: number }, done) => {
    expectType<number>(opts.n)
    done()
  },
  { n: 1 },
)

// ---------- the plugin value ----------
expectAssignable<SharedPlugin<Function>>(dbPlugin)
plugin(async () => {}, { name: 'p', dependencies: ['other'], decorators: { fastify: ['db'], request: ['user'] }, fastify: '5.x' })

// register returns the instance (not a promise-like), so it chains
app.register(dbPlugin).register(repoPlugin).get('/', function () {
  expectType<Db>(this.db)
})

// metadata lists may be readonly (as const)
const needs = { instance: ['db'], request: ['user'] } as const
plugin(async () => {}, { name: 'needy', decorators: needs, dependencies: ['db-plugin'] as const })

// ---------- a plugin typed as returning any (a JavaScript plugin's loose declarations) ----------
declare function looselyTyped(instance: Warren, opts: { origin: string }): any
const afterLoose = warren()
  .register(looselyTyped, { origin: 'https://app.example' })
  .get('/after', async () => 'ok')
// what it returns says nothing of routes: the chain keeps its own
expectType<'GET /after'>(null as unknown as keyof RouteTableOf<typeof afterLoose> & string)
