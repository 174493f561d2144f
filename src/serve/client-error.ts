/**
 * @module serve/client-error
 * Requests that never reach the router (unparsable, headers too large, not complete in time),
 * answered on the raw socket by the default `clientErrorHandler`.
 */
import type { Duplex } from 'node:stream'
import type { RootState } from '../model/root-state.js'
import { answerBytes, formatError, phraseOf, type ErrorAnswer } from './error-format.js'

/** The error a client error is answered for, naming no parser detail (such a request may be a probe). */
function clientErrorFor(nodeError: Error & { code?: string }): Error & { statusCode: number } {
  const answered = (statusCode: number, message: string) => Object.assign(new Error(message, { cause: nodeError }), { statusCode })
  if (nodeError.code === 'ERR_HTTP_REQUEST_TIMEOUT') return answered(408, 'Client Timeout')
  if (nodeError.code === 'HPE_HEADER_OVERFLOW') return answered(431, 'Exceeded maximum allowed HTTP header size')
  return answered(400, 'Client Error')
}

/** Whether a response on this connection is being written, which an answer now would corrupt. */
function responseInProgress(socket: Duplex): boolean {
  // Node's own default handler looks at the same response (documented under the `clientError` event)
  const current = (socket as { _httpMessage?: { headersSent?: boolean; writableEnded?: boolean } | null })._httpMessage
  return current !== null && current !== undefined && current.headersSent === true && current.writableEnded !== true
}

/** 408, 431 or 400 in the application's `errorFormat`, written on the socket, which is then destroyed. */
export function answerClientError(root: RootState, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const clientError = clientErrorFor(error)
  root.logger.trace({ err: error }, `client error: ${clientError.message}`)
  const { answer, body } = formatClientError(root, clientError)
  // one write: the whole answer leaves in one piece, before the socket is destroyed
  if (socket.writable && !responseInProgress(socket)) socket.write(wholeAnswer(responseHead(answer, Buffer.byteLength(body)), body))
  socket.destroy()
}

export function defaultClientErrorAnswer(root: RootState, error: Error & { code?: string }): { answer: ErrorAnswer; body: string | Uint8Array } {
  return formatClientError(root, clientErrorFor(error))
}

function formatClientError(root: RootState, clientError: Error & { statusCode: number }): { answer: ErrorAnswer; body: string | Uint8Array } {
  if (root.options.errorFormat === 'fastify') return fastifySocketAnswer(clientError)
  const answer = formatError(root.options.errorFormat, clientError, {
    status: clientError.statusCode,
    url: undefined,
    exposeServerErrors: root.options.exposeServerErrors,
    serverFault: false,
    request: null,
    reply: null,
    log: root.logger,
  })
  return { answer, body: answerBytes(answer) }
}

/**
 * In the default format, the answer Fastify's own handler writes, to the byte (its key order, a
 * bare `application/json`): what a client or proxy reads before any application code ran.
 */
function fastifySocketAnswer(clientError: Error & { statusCode: number }): { answer: ErrorAnswer; body: string } {
  const status = clientError.statusCode
  const body = JSON.stringify({ error: phraseOf(status), message: clientError.message, statusCode: status })
  return { answer: { status, contentType: 'application/json', headers: null, body, asPayload: false }, body }
}

function wholeAnswer(head: string, body: string | Uint8Array): string | Buffer {
  return typeof body === 'string' ? head + body : Buffer.concat([Buffer.from(head), body])
}

/** The status line and headers; a header that would break the response's framing is left out. */
function responseHead(answer: ErrorAnswer, length: number): string {
  let head = `HTTP/1.1 ${answer.status} ${phraseOf(answer.status)}\r\nContent-Length: ${length}\r\nContent-Type: ${answer.contentType}\r\n`
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      const line = `${name}: ${String(one)}`
      if (!/[\r\n]/.test(line) && !/^content-length$/i.test(name)) head += `${line}\r\n`
    }
  }
  return head + '\r\n'
}
