/**
 * @module `warren/bearer-auth`: token authentication by context, from the `authorization` header:
 * static keys (`bearerAuth`) or a token verified into a typed principal (`tokenAuth`).
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

export interface AuthHeaderOptions {
  /** The scheme of `authorization: <scheme> <token>` (default `Bearer`, any case). */
  scheme?: string
  /** Builds the body of a 401; default: the application's error body. */
  errorResponse?: (error: BearerAuthError) => unknown
  /** How the security scheme appears in the OpenAPI document. */
  openapi?: AuthDocumentation
}

/** Static keys, or an `auth` function deciding (which `keys` then do not limit): one of the two is required. */
export type BearerAuthOptions = AuthHeaderOptions & (
  | {
      /** The accepted keys. */
      keys: readonly string[] | ReadonlySet<string>
      /** Decides whether a key is valid, instead of `keys`. */
      auth?: BearerAuthCheck
    }
  | {
      keys?: readonly string[] | ReadonlySet<string>
      auth: BearerAuthCheck
    }
)

/** Whether a key is valid. */
export type BearerAuthCheck = (key: string, request: WarrenRequest) => boolean | Promise<boolean>

/** A plugin registered with options it cannot work with: refused at start-up, with a code to tell it by. */
function optionsError(message: string, cause?: unknown): TypeError & { code: 'SVC_ERR_AUTH_OPTIONS' } {
  return Object.assign(new TypeError(message, { cause }), { code: 'SVC_ERR_AUTH_OPTIONS' as const })
}

export type VerifyResult<P> = P | null | undefined | false

export interface TokenAuthOptions<P, K extends string = 'user', O extends boolean = false> extends AuthHeaderOptions {
  /** The principal a token stands for, or `null`/`undefined`/`false` to refuse it (401); throw only when verifying could not be done. */
  verify: (token: string, request: WarrenRequest) => VerifyResult<P> | PromiseLike<VerifyResult<P>>
  /** Requests without an `authorization` header pass with a `null` principal. */
  optional?: O
  /** The request property that holds the principal (default `user`). */
  property?: K
}

export type PrincipalOf<P, K extends string, O extends boolean> = { [N in K]: O extends true ? P | null : P }

export type AuthPlugin<Rq extends object> = SharedPlugin<(instance: Warren, opts: {}, done: Done) => Promise<Warren<{}, Rq>>>

/**
 * Bearer authentication for the context it is registered in (and its descendants): a missing or
 * wrong key is a 401 with a `www-authenticate` challenge. `scheme` reads another scheme.
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
    if (options.keys === undefined && options.auth === undefined) throw optionsError("bearer-auth needs the 'keys' option (or an 'auth' function)")
    const reader = schemeReader(options.scheme ?? 'Bearer')
    const auth = options.auth
    const isValid = auth === undefined ? keyMatcher(options.keys as Iterable<string>) : async (key: string, request: WarrenRequest) => Boolean(await auth(key, request))
    contributeOpenApi(instance, securityContribution(reader.scheme, false, options.openapi, options.errorResponse !== undefined))
    const guard = authGuard({ reader, check: isValid, optional: false, property: undefined, invalidMessage: 'invalid authorization key', errorResponse: options.errorResponse })
    instance.addHook('onRequest', guard)
  },
  { name: 'warren-bearer-auth' },
)

/** The request properties each context's token authentication declared for its principal. */
const principalsDeclared = new WeakMap<object, Set<string>>()

/** Whether an enclosing context's token authentication declared `property` (contexts inherit from their parent). */
function declaredAbove(instance: object, property: string): boolean {
  for (let context: object | null = instance; context !== null; context = Object.getPrototypeOf(context) as object | null) {
    if (principalsDeclared.get(context)?.has(property)) return true
  }
  return false
}

/**
 * Declares the principal's request property, never over a built-in. One an enclosing token
 * authentication declared is written again (a required one inside an optional one): a value
 * decorator is declared once per branch of contexts.
 */
function declarePrincipal(instance: Warren, property: string): void {
  if (declaredAbove(instance, property)) return
  try {
    instance.decorateRequest(property, null)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw optionsError(`tokenAuth: request.${property} cannot hold the principal (${reason}); choose another 'property'`, error)
  }
  let declared = principalsDeclared.get(instance)
  if (declared === undefined) principalsDeclared.set(instance, (declared = new Set()))
  declared.add(property)
}

/**
 * Token authentication: `verify` turns the token into a principal that the context's routes read,
 * typed, as `request.user` (or `property`). Declare routes on what `register` returns, which carries the type.
 * @example
 * ```ts
 * const requireUser = tokenAuth({ scheme: 'Token', verify: async (token) => users.byToken(token) })
 * app.register(async (api) => {
 *   api.register(requireUser).get('/me', async (request) => ({ name: request.user.name }))
 * })
 * ```
 */
function tokenAuth<P, const K extends string = 'user', O extends boolean = false>(options: TokenAuthOptions<P, K, O>): AuthPlugin<PrincipalOf<P, K, O>> {
  if (typeof options?.verify !== 'function') throw optionsError("tokenAuth needs a 'verify' function: (token, request) => principal")
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
