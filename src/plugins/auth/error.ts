/**
 * @module The 401 error a request refused by token authentication carries, with its challenge.
 */

/** No readable credentials, or credentials not accepted. */
export type BearerAuthErrorCode = 'SVC_ERR_BEARER_AUTH_MISSING' | 'SVC_ERR_BEARER_AUTH_INVALID'

export class BearerAuthError extends Error {
  readonly statusCode = 401
  readonly code: BearerAuthErrorCode

  constructor(code: BearerAuthErrorCode, message: string) {
    super(message)
    this.name = 'BearerAuthError'
    this.code = code
  }
}
