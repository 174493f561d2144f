/**
 * @module `warren/bearer-auth`: token authentication by context, from the `authorization` header.
 * `bearerAuth` checks static keys (or a yes/no function); `tokenAuth(options)` verifies the token
 * into a principal (a user, a JWT's claims) that the context's requests carry, typed.
 */
import { contributeOpenApi, plugin, type Done, type SharedPlugin, type Warren, type WarrenRequest } from '../index.js'
import { schemeReader } from './auth/authorization-header.js'
import { BearerAuthError } from './auth/error.js'
import { authGuard } from './auth/guard.js'
import { keyMatcher } from './auth/key-matcher.js'
import { securityContribution, type AuthDocumentation } from './auth/security-scheme.js'

export { BearerAuthError }
export type { AuthDocumentation }
export type { BearerAuthErrorCode } from './auth/error.js'

/** What both forms accept besides how the token is checked. */
export interface AuthHeaderOptions {
  /** The scheme the header must start with: `authorization: <scheme> <token>` (default `Bearer`; matched in any case). */
  scheme?: string
  /** Builds the body of a 401 answer; default: the application's error body (its `errorFormat`), with the code. */
  errorResponse?: (error: BearerAuthError) => unknown
  /** How the security scheme is named and described in the OpenAPI document (`warren/openapi`). */
  openapi?: AuthDocumentation
}

/** Options of the {@link bearerAuth} plugin. */
export interface BearerAuthOptions extends AuthHeaderOptions {
  /** The accepted keys (`authorization: Bearer <key>`). Required unless `auth` is given. */
  keys?: readonly string[] | ReadonlySet<string>
  /** Decides whether a key is valid instead of `keys`, sync or async. */
  auth?: (key: string, request: WarrenRequest) => boolean | Promise<boolean>
}

/** What `verify` answers: the principal, or `null`, `undefined` or `false` for a token it refuses. */
export type VerifyResult<P> = P | null | undefined | false

/** Options of {@link tokenAuth}. */
export interface TokenAuthOptions<P, K extends string = 'user', O extends boolean = false> extends AuthHeaderOptions {
  /**
   * The principal a token stands for (sync or async), or `null`/`undefined`/`false` to refuse it
   * with a 401 `invalid_token`. What it throws fails the request with that error (a 500 unless the
   * error has a `statusCode`): return `null` for a bad token, throw when verifying could not be done.
   */
  verify: (token: string, request: WarrenRequest) => VerifyResult<P> | PromiseLike<VerifyResult<P>>
  /** Requests without an `authorization` header pass, their principal `null` (a malformed or refused token is still a 401). */
  optional?: O
  /** The request property that holds the principal (default `user`). */
  property?: K
}

/** The request decoration {@link tokenAuth} adds: the principal, `null` too when authentication is optional. */
export type PrincipalOf<P, K extends string, O extends boolean> = { [N in K]: O extends true ? P | null : P }

/** A shared plugin that adds request decorations `Rq` to the context it is registered in. */
export type AuthPlugin<Rq extends object> = SharedPlugin<(instance: Warren, opts: {}, done: Done) => Promise<Warren<{}, Rq>>>

/**
 * Bearer authentication: registered in a context, every route of that context (and its
 * descendants) requires `authorization: Bearer <key>`; sibling contexts are not affected. A
 * missing, malformed or wrong key is answered 401 with `www-authenticate: Bearer`
 * (`error="invalid_token"` for a wrong key, as RFC 6750 says). `scheme` reads another scheme
 * (`Token <key>`).
 *
 * @example
 * ```ts
 * app.register(async (api) => {
 *   api.register(bearerAuth, { keys: [process.env.API_KEY ?? 'dev-key'] })
 *   api.get('/secret', async () => ({ ok: true }))
 * })
 * ```
 */
const bearerAuth = plugin(
  async function bearerAuth(instance, options: BearerAuthOptions) {
    if (options.keys === undefined && options.auth === undefined) {
      throw new TypeError("bearer-auth needs the 'keys' option (or an 'auth' function)")
    }
    const reader = schemeReader(options.scheme ?? 'Bearer')
    const auth = options.auth
    const isValid = auth === undefined ? keyMatcher(options.keys as Iterable<string>) : async (key: string, request: WarrenRequest) => Boolean(await auth(key, request))
    // documents, for warren/openapi, that this context's operations need the token
    contributeOpenApi(instance, securityContribution(reader.scheme, false, options.openapi, options.errorResponse !== undefined))
    const guard = authGuard({ reader, check: isValid, optional: false, property: undefined, invalidMessage: 'invalid authorization key', errorResponse: options.errorResponse })
    instance.addHook('onRequest', guard)
  },
  { name: 'warren-bearer-auth' },
)

/**
 * Declares the request property that holds the principal. Nested in a context that has it (an
 * outer optional authentication) it shadows that one; a built-in property or one this very
 * context already decorates cannot hold it.
 */
function declarePrincipal(instance: Warren, property: string): void {
  try {
    instance.decorateRequest(property, null)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new TypeError(`tokenAuth: request.${property} cannot hold the principal (${reason}); choose another 'property'`, { cause: error })
  }
}

/**
 * Token authentication with a principal: `verify(token, request)` turns the token of
 * `authorization: <scheme> <token>` into what the request stands for (a user, a JWT's claims),
 * which the routes of the context it is registered in read as `request.user` (or `property`),
 * typed, never `null`. With `optional: true`, a request without the header passes too and its
 * principal is `null`: a route readable anonymously that knows the user when one is given.
 *
 * Returns a shared plugin: register it in the (encapsulated) context to protect and declare the
 * routes on what `register` returns, which carries the principal's type.
 *
 * @example
 * ```ts
 * const requireUser = tokenAuth({ scheme: 'Token', verify: async (token) => users.byToken(token) })
 * app.register(async (api) => {
 *   api.register(requireUser).get('/me', async (request) => ({ name: request.user.name }))
 * })
 * ```
 */
function tokenAuth<P, const K extends string = 'user', O extends boolean = false>(options: TokenAuthOptions<P, K, O>): AuthPlugin<PrincipalOf<P, K, O>> {
  if (typeof options?.verify !== 'function') throw new TypeError("tokenAuth needs a 'verify' function: (token, request) => principal")
  const reader = schemeReader(options.scheme ?? 'Bearer')
  const optional = options.optional === true
  const property: string = options.property ?? 'user'
  const authenticate = plugin(
    async function tokenAuth(instance) {
      contributeOpenApi(instance, securityContribution(reader.scheme, optional, options.openapi, options.errorResponse !== undefined))
      declarePrincipal(instance, property)
      const guard = authGuard({ reader, check: options.verify, optional, property, invalidMessage: 'invalid authorization token', errorResponse: options.errorResponse })
      instance.addHook('onRequest', guard)
      return instance
    },
    { name: 'warren-token-auth' },
  )
  return authenticate as unknown as AuthPlugin<PrincipalOf<P, K, O>>
}

export default bearerAuth
export { bearerAuth, tokenAuth }
