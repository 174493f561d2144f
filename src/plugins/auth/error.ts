/**
 * @module The error a request refused by token authentication carries: status 401, the reason in
 * `code`, and the `www-authenticate` challenge the answer sends.
 */

/** Why a request was refused: no (readable) credentials, or credentials that were not accepted. */
export type BearerAuthErrorCode = 'SVC_ERR_BEARER_AUTH_MISSING' | 'SVC_ERR_BEARER_AUTH_INVALID'

/** The error a refused request carries: 401, with the reason in `code`. */
export class BearerAuthError extends Error {
  readonly statusCode = 401
  readonly code: BearerAuthErrorCode

  constructor(code: BearerAuthErrorCode, message: string) {
    super(message)
    this.name = 'BearerAuthError'
    this.code = code
  }
}
