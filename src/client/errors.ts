/**
 * @module client/errors
 * The errors a client call can fail with, each with a `code` to branch on.
 */

export type ClientErrorCode =
  | 'CLIENT_ERR_NETWORK'
  | 'CLIENT_ERR_INVALID_JSON'
  | 'CLIENT_ERR_MISSING_PARAM'
  | 'CLIENT_ERR_RESPONSE_VALIDATION'
  | 'CLIENT_ERR_RESPONSE_SCHEMA'

/** The error a client call rejects with (an HTTP error status is an answer, not an error: see `status`). */
export class WarrenClientError extends Error {
  readonly code: ClientErrorCode
  readonly status: number | undefined
  /** The body as text, when there was one and it could not be read as declared. */
  readonly text: string | undefined

  constructor(code: ClientErrorCode, message: string, details: { status?: number; text?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'WarrenClientError'
    this.code = code
    this.status = details.status
    this.text = details.text
  }
}
