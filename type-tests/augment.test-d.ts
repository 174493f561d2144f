import { expectError, expectType } from 'tsd'
import warren from 'warren'

// what a plugin (or the app) merges into warren's augmentation points (the merge is global to
// the tsd program, so the names are chosen not to collide with the other tests)
declare module 'warren' {
  interface RouteConfig {
    quotaLimit?: { max: number; timeWindow: string }
  }
  interface RouteOptionsExtensions {
    squeeze?: false | { threshold?: number }
  }
  interface WarrenInstance {
    checkToken(token: string): boolean
  }
  interface WarrenRequest {
    verifyToken(): Promise<{ sub: string }>
  }
  interface ReplyBase {
    denyAccess(message?: string): this
  }
}

const app = warren()
app.get('/limited', { config: { quotaLimit: { max: 10, timeWindow: '1 minute' } }, squeeze: { threshold: 1024 } }, async (request, reply) => {
  expectType<Promise<{ sub: string }>>(request.verifyToken())
  if (!app.checkToken('t')) return reply.denyAccess('no')
  return 'ok'
})
// merged keys are checked
expectError(app.get('/bad', { config: { quotaLimit: { max: 'ten', timeWindow: '1 minute' } } }, () => 'ok'))
expectError(app.get('/bad2', { squeeze: 'yes' }, () => 'ok'))
// an unknown route option is still an error
expectError(app.get('/bad3', { squeez: false }, () => 'ok'))

// merged config keys are typed where they are read back: a hook, onRoute, a helper
app.addHook('onRequest', async (request) => {
  expectType<{ max: number; timeWindow: string } | undefined>(request.routeOptions.config.quotaLimit)
  expectType<unknown>(request.routeOptions.config.anythingElse)
})
app.addHook('onRoute', (routeOptions) => {
  expectType<number | undefined>(routeOptions.config?.quotaLimit?.max)
})

// a name declared by merging is for the application to provide: decorating it compiles, once
declare module 'warren' {
  interface WarrenInstance {
    mergedMailbox: { send(to: string): Promise<void> }
  }
  interface WarrenRequest {
    mergedTenant: string | null
  }
  interface ReplyBase {
    mergedProblem(detail: string): this
  }
}
const provided = warren()
  .decorate('mergedMailbox', { send: async (_to: string) => {} })
  .decorateRequest('mergedTenant', null)
  .decorateReply('mergedProblem', function (detail: string) {
    return this.code(400).send({ detail })
  })
// a second time, through the chain, it is decorated already
expectError(provided.decorate('mergedMailbox', { send: async (_to: string) => {} }))
expectError(provided.decorateRequest('mergedTenant', null))
// a built-in name stays refused
expectError(warren().decorate('register', 1))
expectError(warren().decorateRequest('params', 1))
expectError(warren().decorateReply('code', 1))
