/**
 * @module examples/conduit/errors
 * Errors in the RealWorld format, `{ errors: { body: [...] } }`: a failed validation is a 422 (as
 * the RealWorld specification asks, where warren's default is 400), an unknown route a 404, a
 * failure of the server a 500 whose details stay in the log. Handlers throw an {@link HttpError}
 * for the other answers (401, 403, 404, 422).
 */
import type { Warren } from 'warren'

/** An answer other than success, with the message the client reads. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404 | 422,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`)
export const forbidden = (message: string): HttpError => new HttpError(403, message)
export const unprocessable = (message: string): HttpError => new HttpError(422, message)

/** The body of every error answer. */
export function errorBody(...messages: string[]): { errors: { body: string[] } } {
  return { errors: { body: messages } }
}

interface FailedRequest extends Error {
  statusCode?: number
  validation?: unknown
}

/** The status an error is answered with: its own 4xx or 5xx, else 500. */
function statusOf(error: FailedRequest): number {
  if (error.validation !== undefined) return 422
  const status = error.statusCode
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500
}

/** Installs the error and not-found handlers on the root instance (every plugin inherits them). */
export function answerErrorsInRealWorldFormat(app: Warren): void {
  app.setErrorHandler((error: FailedRequest, request, reply) => {
    const status = statusOf(error)
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(status).send(errorBody('the server could not answer this request'))
    }
    return reply.code(status).send(errorBody(error.message))
  })
  app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(`no route for ${request.method} ${request.url}`)))
}
