import { expectError, expectNotType, expectType } from 'tsd'
import warren, { Type, type Warren } from 'warren'

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
