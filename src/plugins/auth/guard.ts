/**
 * @module The `onRequest` hook of token authentication: the principal stored on the request, or a
 * 401 with its `www-authenticate` challenge.
 */
import type { WarrenReply, WarrenRequest } from '../../index.js'
import type { SchemeReader } from './authorization-header.js'
import { BearerAuthError } from './error.js'

export interface GuardOptions {
  reader: SchemeReader
  check: (token: string, request: WarrenRequest) => unknown
  optional: boolean
  property: string | undefined
  invalidMessage: string
  errorResponse: ((error: BearerAuthError) => unknown) | undefined
}

function isRefusal(principal: unknown): boolean {
  return principal === null || principal === undefined || principal === false
}

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
