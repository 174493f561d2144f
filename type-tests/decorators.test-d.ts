import { expectError, expectNotType, expectType } from 'tsd'
import warren, { plugin, Type, type Warren } from 'warren'

interface Db {
  find(id: number): { id: number; name: string }
}
interface User {
  id: number
  name: string
}
declare const db: Db

const root = warren()
const app = root
  .decorate('db', db)
  .decorate('version2', { getter: (): number => 2 })
  .decorateRequest('user', null as User | null)
  .decorateReply('startedAt', 0)

// the chain's type carries the decorations
expectType<Db>(app.db)
expectType<number>(app.version2)
expectType<Warren<{ db: Db; version2: number }, { user: User | null }, { startedAt: number }>>(app)

// routes on that instance see them on this, request and reply
app.get('/users/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, function (request, reply) {
  expectType<Db>(this.db)
  expectType<User | null>(request.user)
  expectType<number>(reply.startedAt)
  // still there after narrowing the reply
  expectType<number>(reply.code(200).startedAt)
  return this.db.find(request.params.id)
})
app.route({
  method: 'GET',
  url: '/me',
  handler(request, reply) {
    expectType<Db>(this.db)
    expectType<User | null>(request.user)
    expectType<number>(reply.startedAt)
  },
})

// hooks on that instance see them too
app.addHook('onRequest', async function (request, reply) {
  expectType<Db>(this.db)
  expectType<User | null>(request.user)
  expectType<number>(reply.startedAt)
})

// the parent's type does not change
expectType<Warren>(root)
expectError(root.db)
root.get('/', function (request, reply) {
  expectError(this.db)
  expectError(request.user)
  expectError(reply.startedAt)
})

// a decoration that already exists, or a built-in name, is an error
expectError(app.decorate('db', db))
expectError(app.decorate('get', 1))
expectError(app.decorateRequest('user', null))
expectError(app.decorateRequest('body', 1))
expectError(app.decorateReply('startedAt', 1))
expectError(app.decorateReply('send', 1))

// function decorators keep their signature
const withFn = warren().decorate('sum', (a: number, b: number) => a + b)
expectType<number>(withFn.sum(1, 2))
expectError(withFn.sum('1', 2))

// decorations are not widened to something else
expectNotType<unknown>(app.db)

// decorator checks
expectType<boolean>(app.hasDecorator('db'))
expectType<boolean>(app.hasRequestDecorator('user'))
expectType<boolean>(app.hasReplyDecorator('startedAt'))

// instances are covariant in their decorations: a richer instance is accepted where fewer are asked for
declare function needsDb(instance: Warren<{ db: Db }>): void
needsDb(app)
needsDb(app.decorate('extra', 1))
expectError(needsDb(root))
expectError(needsDb(root.decorate('db', 'not a db')))

// dependencies: decorators that must exist already (checked at run time)
warren().decorate('a', 1).decorate('b', 2, ['a'])
warren().decorateRequest('r', 0, ['x']).decorateReply('p', 0, [])

// ---------- `this` in function and getter decorators ----------
{
  const app = warren()
    .decorate('db', { size: 3 })
    .decorate('double', function () {
      return this.db.size * 2
    })
    .decorateRequest('hostName', function () {
      return this.headers.host
    })
    .decorateRequest('tenant', {
      getter() {
        return this.headers['x-tenant']
      },
    })
    .decorateRequest('dbSize', function () {
      return this.server.db.size
    })
    .decorateReply('created', function (id: number) {
      return this.code(201).send({ id })
    })
  expectType<number>(app.double())
  app.get('/t', (request, reply) => {
    expectType<string | undefined>(request.hostName())
    expectType<string | string[] | undefined>(request.tenant)
    expectType<number>(request.dbSize())
    reply.created(1)
    return 'ok'
  })
  // `this` is typed, not `any`: unknown members are errors
  // @ts-expect-error `nope` is not a request property
  warren().decorateRequest('a', function () { return this.nope })
  // @ts-expect-error `nope` is not a request property (getter)
  warren().decorateRequest('b', { getter() { return this.nope } })
  // @ts-expect-error `nope` is not a reply property
  warren().decorateReply('c', function () { return this.nope })
  // @ts-expect-error `nope` is not an instance property
  warren().decorate('d', function () { return this.nope })
  // a getter's value is what it returns, not `any`
  const withGetter = warren().decorateRequest('n', { getter: () => 1 })
  withGetter.get('/n', (request) => {
    expectType<number>(request.n)
    return 'ok'
  })
}

// ---------- a decorator's type as a type argument ----------
{
  interface Account {
    id: number
  }
  const app = warren().decorateRequest<{ account: Account | null }>('account', null)
  app.addHook('preHandler', async (request) => {
    request.account = { id: 1 }
  })
  app.get('/me', (request) => {
    expectType<Account | null>(request.account)
    return 'ok'
  })
  const app2 = warren().decorateReply<{ locale: string | null }>('locale', null).decorate<{ pool: Account[] | null }>('pool', null)
  expectType<Account[] | null>(app2.pool)
  // the value must fit the stated type, and the name must be its key
  expectError(warren().decorateRequest<{ account: Account | null }>('account', 'nobody'))
  expectError(warren().decorateRequest<{ account: Account | null }>('acount', null))
  // without a type argument, `null` stays `null`
  const plain = warren().decorateRequest('account', null)
  plain.addHook('preHandler', async (request) => {
    // @ts-expect-error the decorator was declared as null; state its type to set something else
    request.account = { id: 1 }
  })
}

// An object with methods, returned from a plugin: its methods' `this` does not let the plugin's return type decide the value's type
const clockPlugin = plugin(async (app) =>
  app.decorate('clock', { now() { return new Date(0) }, async later(n: number) { return n } }).decorateRequest('who', { getter(): string { return 'ada' } }),
)
const withClock = await warren().register(clockPlugin)
expectType<Date>(withClock.clock.now())
expectType<Promise<number>>(withClock.clock.later(1))
withClock.get('/', async (request) => {
  expectType<string>(request.who)
  return 'ok'
})
const registered = warren().register(async (child) => child.decorate('clock', { now() { return 1 } }))
expectType<typeof registered>(registered)
