/**
 * @module The `onRequest` hook of token authentication: reads the `authorization` header, asks the
 * check for the token's principal and stores it on the request, or refuses the request with a 401
 * and its `www-authenticate` challenge. A check that throws fails the request like any hook does.
 */
import type { WarrenReply, WarrenRequest } from '../../index.js'
import type { SchemeReader } from './authorization-header.js'
import { BearerAuthError } from './error.js'

/** What a guard needs: how to read the header and what to do with the token. */
export interface GuardOptions {
  reader: SchemeReader
  /** The principal of a token; `null`, `undefined` or `false` refuses it. */
  check: (token: string, request: WarrenRequest) => unknown
  /** Requests without an `authorization` header pass, with a `null` principal. */
  optional: boolean
  /** The request property the principal is stored in; none when `undefined`. */
  property: string | undefined
  /** The message of a refused token. */
  invalidMessage: string
  /** Builds the body of a 401 answer instead of the error handler. */
  errorResponse: ((error: BearerAuthError) => unknown) | undefined
}

function isRefusal(principal: unknown): boolean {
  return principal === null || principal === undefined || principal === false
}

/** The hook; registered with `addHook('onRequest', …)` in the context to protect. */
export function authGuard(options: GuardOptions) {
  const { reader, check, optional, property, invalidMessage, errorResponse } = options
  const refuse = (reply: WarrenReply, error: BearerAuthError, challenge: string): WarrenReply => {
    reply.header('www-authenticate', challenge)
    if (errorResponse === undefined) throw error
    return reply.code(401).send(errorResponse(error))
  }
  const store = (request: WarrenRequest, principal: unknown): void => {
    if (property !== undefined) (request as unknown as Record<string, unknown>)[property] = principal
  }

  return async function authenticate(request: WarrenRequest, reply: WarrenReply): Promise<WarrenReply | undefined> {
    const header = request.headers.authorization
    if (header === undefined && optional) {
      store(request, null)
      return undefined
    }
    const token = header === undefined ? null : reader.tokenOf(header)
    if (token === null) {
      const message = header === undefined ? 'missing authorization header' : `malformed authorization header: expected "${reader.scheme} <token>"`
      return refuse(reply, new BearerAuthError('SVC_ERR_BEARER_AUTH_MISSING', message), reader.missingChallenge)
    }
    const principal = await check(token, request)
    if (isRefusal(principal)) {
      return refuse(reply, new BearerAuthError('SVC_ERR_BEARER_AUTH_INVALID', invalidMessage), reader.invalidChallenge)
    }
    store(request, principal)
    return undefined
  }
}
