import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import type { ErrorObject, ValidateFunction } from 'ajv'
import warren, {
  type Warren,
  type WarrenRequest,
  type WarrenReply,
  type RequestOf,
  type ReplyOf,
  type ValidationErrorItem,
  type ValidationFunction,
  type PluginMeta,
  type HeaderValue,
  type HookName,
  type RequestHookName,
  type ApplicationHookName,
  type HTTPPart,
  type ProtoAction,
  type RouteOptionsView,
  type ValidationResult,
  type SchemaErrorFormatter,
} from 'warren'

interface Db {
  find(id: number): string
}
const db: Db = { find: (id) => String(id) }

// ---------- request.server / reply.server carry the context's decorations ----------
const app = warren().decorate('db', db).decorateRequest('tenant', '')
app.get('/a', (request, reply) => {
  expectType<Db>(request.server.db)
  expectType<Db>(reply.server.db)
  expectType<Db>(reply.request.server.db)
  expectType<string>(request.tenant)
  return 'ok'
})
app.addHook('onRequest', async (request, reply) => {
  expectType<Db>(request.server.db)
  expectType<Db>(reply.server.db)
})
// the parent does not see a child's decorations through request.server
warren().get('/b', (request) => {
  // @ts-expect-error db is not decorated in this context
  void request.server.db
  return 'ok'
})
type Api = typeof app
function helper(request: RequestOf<{}, Api>, reply: ReplyOf<{}, Api>): string {
  return request.server.db.find(1) + reply.server.db.find(2)
}
void helper

// the bare request and reply still carry the bare instance
expectType<Warren>({} as WarrenRequest['server'])
expectType<Warren>({} as WarrenReply['server'])

// ---------- contract types the runtime imports ----------
// an Ajv error list and validate function fit the contracts
expectAssignable<ValidationErrorItem>({} as ErrorObject)
expectAssignable<ValidationFunction>({} as ValidateFunction)
expectAssignable<ValidationResult>({ value: 1 })
expectAssignable<ValidationResult>({ error: new Error('x') })
expectNotAssignable<ValidationResult>('valid')
const formatter: SchemaErrorFormatter = (errors, dataVar) => new Error(`${dataVar}${errors[0]?.instancePath} ${errors[0]?.message}`)
void formatter
expectAssignable<PluginMeta>({ name: 'x', dependencies: ['y'], decorators: { request: ['user'] }, fastify: '5.x' })
expectNotAssignable<PluginMeta>({ name: 1 })
expectAssignable<HeaderValue>(['a'])
expectType<HookName>({} as RequestHookName | ApplicationHookName)
expectAssignable<RequestHookName>('preHandler')
expectNotAssignable<RequestHookName>('onRoute')
expectAssignable<HTTPPart>('querystring')
expectAssignable<ProtoAction>('remove')
expectError<RouteOptionsView>({ url: '/' })
