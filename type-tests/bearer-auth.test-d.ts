import { expectError, expectNotAssignable, expectType } from 'tsd'
import warren, { type WarrenRequest } from 'warren'
import bearerAuth, { tokenAuth, type AuthPlugin, type BearerAuthError } from 'warren/bearer-auth'

interface User {
  id: number
  name: string
}
declare function findUser(token: string): Promise<User | null>
declare function decodeClaims(token: string): { sub: string } | undefined

const app = warren()

// ---------- the principal verify returns is typed on the protected context's requests ----------
const requireUser = tokenAuth({ scheme: 'Token', verify: (token) => findUser(token) })
expectType<AuthPlugin<{ user: User }>>(requireUser)
app.register(async (api) => {
  const secured = api.register(requireUser)
  secured.get('/me', async (request) => {
    // never null behind a required authentication: no check in the handler
    expectType<User>(request.user)
    return request.user.name
  })
  secured.addHook('preHandler', async (request) => {
    expectType<number>(request.user.id)
  })
  // the context the plugin was registered from is not widened: declare routes on what register returned
  api.get('/other', async (request) => {
    expectError(request.user)
  })
})
// the parent of the protected context never sees the principal
app.get('/public', async (request) => {
  expectError(request.user)
})

// ---------- a sync verify, another property name ----------
app.register(async (api) => {
  const secured = api.register(tokenAuth({ verify: decodeClaims, property: 'claims' }))
  secured.get('/claims', async (request) => {
    expectType<{ sub: string }>(request.claims)
    expectError(request.user)
    return request.claims.sub
  })
})

// ---------- optional authentication: the principal or null ----------
app.register(async (api) => {
  const reader = api.register(tokenAuth({ scheme: 'Token', verify: findUser, optional: true }))
  reader.get('/articles', async (request) => {
    expectType<User | null>(request.user)
    // the null check is required
    expectNotAssignable<User>(request.user)
    return request.user?.name ?? 'anonymous'
  })
})

// ---------- a required authentication nested in an optional one narrows the principal ----------
app.register(async (api) => {
  const anyone = api.register(tokenAuth({ verify: findUser, optional: true }))
  anyone.register(async (inner) => {
    const members = inner.register(tokenAuth({ verify: findUser }))
    members.get('/members', async (request) => {
      expectType<User>(request.user)
      return request.user.name
    })
  })
})

// ---------- the options are checked ----------
// verify is required
expectError(tokenAuth({ scheme: 'Token' }))
// verify takes the token (a string) and the request
tokenAuth({
  verify: (token, request) => {
    expectType<string>(token)
    expectType<WarrenRequest>(request)
    return { id: 1, name: token }
  },
})
// verify must be a function
expectError(tokenAuth({ verify: 'secret' }))
// optional is a boolean, property a string
expectError(tokenAuth({ verify: findUser, optional: 'yes' }))
expectError(tokenAuth({ verify: findUser, property: 42 }))
// errorResponse receives the error
tokenAuth({
  verify: findUser,
  errorResponse: (error) => {
    expectType<BearerAuthError>(error)
    expectType<'SVC_ERR_BEARER_AUTH_MISSING' | 'SVC_ERR_BEARER_AUTH_INVALID'>(error.code)
    return { errors: { body: [error.message] } }
  },
})

// ---------- bearerAuth: static keys or a yes/no function, any scheme ----------
app.register(bearerAuth, { keys: ['k'] })
app.register(bearerAuth, { keys: new Set(['k']), scheme: 'Token', openapi: { name: 'Token' } })
app.register(bearerAuth, { auth: async (key, request) => key.length > 0 && request.url !== '/' })
expectError(app.register(bearerAuth, { keys: ['k'], scheme: 1 }))
expectError(app.register(bearerAuth, { kyes: ['k'] }))
// neither keys nor an auth function: nothing could ever pass
expectError(app.register(bearerAuth, {}))
expectError(app.register(bearerAuth, { scheme: 'Token' }))
app.register(bearerAuth, { keys: ['k'], auth: (key) => key === 'k' })
// bearerAuth adds no principal
app.register(async (api) => {
  const secured = api.register(bearerAuth, { keys: ['k'] })
  secured.get('/x', async (request) => {
    expectError(request.user)
    return 'x'
  })
})
