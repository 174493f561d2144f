/**
 * @module serve/client-error
 * Requests that never reach the router: Node could not parse them (a bad request line or header,
 * a non-numeric content-length, a missing Host), their headers were too large, or they were not
 * complete within `requestTimeout`. The default `clientErrorHandler` answers them on the raw socket.
 */
import type { Duplex } from 'node:stream'
import { codes } from '../core/errors.js'
import type { RootState } from '../model/root-state.js'

interface ClientErrorAnswer {
  statusCode: number
  phrase: string
  message: string
}

function answerFor(code: string | undefined): ClientErrorAnswer {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { statusCode: 408, phrase: 'Request Timeout', message: 'Client Timeout' }
  if (code === 'HPE_HEADER_OVERFLOW') return { statusCode: 431, phrase: 'Request Header Fields Too Large', message: 'Exceeded maximum allowed HTTP header size' }
  return { statusCode: 400, phrase: 'Bad Request', message: 'Client Error' }
}

/** The error body: warren's shape (with a code), or Fastify's exactly under `fastifyErrorBodies`. */
function bodyFor(answer: ClientErrorAnswer, fastifyErrorBodies: boolean): string {
  const { statusCode, phrase, message } = answer
  if (fastifyErrorBodies) return JSON.stringify({ error: phrase, message, statusCode })
  return JSON.stringify({ statusCode, code: codes.SVC_ERR_CLIENT.code, error: phrase, message })
}

/**
 * Whether a response on this connection is being written: another one written now would corrupt
 * it. One already ended (an earlier request of a keep-alive connection) is all in the socket's
 * queue, so the answer goes after it.
 */
function responseInProgress(socket: Duplex): boolean {
  // Node's own default handler looks at the same response (documented under the `clientError` event)
  const current = (socket as { _httpMessage?: { headersSent?: boolean; writableEnded?: boolean } | null })._httpMessage
  return current !== null && current !== undefined && current.headersSent === true && current.writableEnded !== true
}

/**
 * The default client error handler: 408 for a request not complete in time, 431 for headers too
 * large, 400 otherwise, written on the socket, which is then destroyed. A connection the client
 * reset, or one already gone, is only closed.
 */
export function answerClientError(root: RootState, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const answer = answerFor(error.code)
  root.logger.debug({ err: error }, `client error: ${answer.message}`)
  if (socket.writable && !responseInProgress(socket)) {
    const body = bodyFor(answer, root.options.fastifyErrorBodies)
    socket.write(`HTTP/1.1 ${answer.statusCode} ${answer.phrase}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`)
  }
  socket.destroy()
}
