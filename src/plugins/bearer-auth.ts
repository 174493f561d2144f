import { createHash, timingSafeEqual } from 'node:crypto'
import { contributeOpenApi, plugin } from '../index.js'

/** Options of the bearer-authentication plugin. */
export interface BearerAuthOptions {
  /** The accepted keys (`authorization: Bearer <key>`). Required unless `auth` is given. */
  keys?: readonly string[] | ReadonlySet<string>
  /** Decides whether a key is valid instead of `keys`, sync or async. */
  auth?: (key: string, request: any) => boolean | Promise<boolean>
  /** Builds the body of a 401 answer; default: the application's error body (its `errorFormat`), with the code. */
  errorResponse?: (error: BearerAuthError) => unknown
}

/** The error a refused request carries: 401, with the reason in `code`. */
export class BearerAuthError extends Error {
  readonly statusCode = 401
  readonly code: 'SVC_ERR_BEARER_AUTH_MISSING' | 'SVC_ERR_BEARER_AUTH_INVALID'

  constructor(code: BearerAuthError['code'], message: string) {
    super(message)
    this.name = 'BearerAuthError'
    this.code = code
  }
}

// Keys are compared as SHA-256 digests: equal lengths, so timingSafeEqual reveals neither where
// a key differs nor how long the accepted keys are.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

function keyMatcher(keys: Iterable<string>): (key: string) => boolean {
  const accepted = [...keys].map(digest)
  return (key) => {
    const candidate = digest(key)
    let matched = false
    // every key is compared, so the time taken does not say which one (if any) matched
    for (const acceptedKey of accepted) matched = timingSafeEqual(candidate, acceptedKey) || matched
    return matched
  }
}

function tokenOf(header: string | undefined): string | null {
  if (header === undefined) return null
  const match = /^Bearer +(\S+) *$/i.exec(header)
  return match ? match[1] : null
}

/**
 * Bearer authentication: registered in a context, every route of that context (and its
 * descendants) requires `authorization: Bearer <key>`; sibling contexts are not affected. A
 * missing, malformed or wrong key is answered 401 with `www-authenticate: Bearer`
 * (`error="invalid_token"` for a wrong key, as RFC 6750 says).
 *
 * @example
 * app.register(async (api) => {
 *   api.register(bearerAuth, { keys: [process.env.API_KEY ?? 'dev-key'] })
 *   api.get('/secret', async () => ({ ok: true }))
 * })
 */
const bearerAuth = plugin(
  async function bearerAuth(instance, options: BearerAuthOptions) {
    if (options.keys === undefined && options.auth === undefined) {
      throw new TypeError("bearer-auth needs the 'keys' option (or an 'auth' function)")
    }
    const isValid = options.auth ?? keyMatcher(options.keys as Iterable<string>)
    // documents, for warren/openapi, that this context's operations need a bearer token; the 401
    // is the application's error body unless errorResponse builds another
    const refused = 'Missing, malformed or invalid bearer token'
    contributeOpenApi(instance, {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      security: [{ bearerAuth: [] }],
      ...(options.errorResponse === undefined ? { errors: { 401: refused } } : { responses: { 401: { description: refused } } }),
    })
    const refuse = (reply: any, error: BearerAuthError, challenge: string) => {
      reply.header('www-authenticate', challenge)
      if (options.errorResponse === undefined) throw error
      return reply.code(401).send(options.errorResponse(error))
    }
    instance.addHook('onRequest', async (request, reply) => {
      const token = tokenOf(request.headers.authorization)
      if (token === null) {
        const missing = request.headers.authorization === undefined
        const message = missing ? 'missing authorization header' : 'malformed authorization header: expected "Bearer <key>"'
        return refuse(reply, new BearerAuthError('SVC_ERR_BEARER_AUTH_MISSING', message), 'Bearer')
      }
      if (!(await isValid(token, request))) {
        return refuse(reply, new BearerAuthError('SVC_ERR_BEARER_AUTH_INVALID', 'invalid authorization key'), 'Bearer error="invalid_token"')
      }
    })
  },
  { name: 'warren-bearer-auth' },
)

export default bearerAuth
export { bearerAuth }
