/**
 * @module serve/fail
 * The failure path: onError hooks, then the nearest error handler (a failing one hands on to its
 * parent's) down to the default one; when sending that fails, a plain error body. Only `serve/reply` calls in.
 */
import { Buffer } from 'node:buffer'
import { codes } from '../core/errors.js'
import {
  kReplyErrorHandler,
  kReplyHeaders,
  kReplyHijacked,
  kReplyOnErrorPhase,
  kReplyPayloadRun,
  kReplySending,
  kReplySendingError,
  kRoute,
} from '../core/symbols.js'
import { OnErrorPhase, type Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import type { HookList } from '../hooks/store.js'
import { errorStatusFor } from './error-status.js'
import { formatError, isPrimitiveText, siteOf, type ErrorAnswer } from './error-format.js'
import { isRequestLogged } from './request-logging.js'
import { runObserverHooks } from './run-hooks.js'
import { traceOf } from './handler-trace.js'
import { sendReturnValue } from './return-value.js'
import { runOnSend } from './send.js'

/** Answers a request that failed; what was thrown reaches hooks and handlers as it was. */
export function handleError(reply: Reply, thrown: unknown): void {
  const res = reply.raw
  if (reply[kReplyHijacked]) return reportDropped(reply, thrown)
  if (res.headersSent) {
    reply.log.error({ err: thrown }, 'error after the response headers were sent')
    // a response cut in the middle must not look complete; one already complete is left alone
    if (!res.writableEnded) res.destroy()
    return
  }
  reply[kReplySending] = false
  // a preSerialization or onSend run that failed is over: what the error handler sends starts anew
  reply[kReplyPayloadRun] = null
  const onError = reply[kRoute].hooks.onError
  if (reply[kReplySendingError]) {
    // sending the error response failed: the onError hooks see the new error, then the plain answer goes through no hook
    if (onError === null || reply[kReplyOnErrorPhase] === OnErrorPhase.Running) return writeLastResort(reply, thrown)
    return runOnError(reply, onError, thrown, writeLastResort)
  }
  if (onError !== null && reply[kReplyOnErrorPhase] === OnErrorPhase.Pending) return runOnError(reply, onError, thrown, callErrorHandler)
  callErrorHandler(reply, thrown)
}

function runOnError(reply: Reply, hooks: HookList, thrown: unknown, next: (reply: Reply, thrown: unknown) => void): void {
  reply[kReplyOnErrorPhase] = OnErrorPhase.Running
  runObserverHooks(hooks, reply.request, reply, [reply, thrown], () => {
    reply[kReplyOnErrorPhase] = OnErrorPhase.Done
    next(reply, thrown)
  })
}

function reportDropped(reply: Reply, thrown: unknown): void {
  const dropped = new codes.SVC_ERR_REP_ALREADY_SENT(reply.request.url, reply.request.method)
  dropped.cause = thrown
  reply.log.warn({ err: dropped }, dropped.message)
}

function callErrorHandler(reply: Reply, thrown: unknown): void {
  const current = reply[kReplyErrorHandler]
  const entry = current === undefined ? reply[kRoute].errorHandler : current
  if (entry === null) return writeLastResort(reply, thrown)
  reply[kReplyErrorHandler] = entry.parent
  delete reply[kReplyHeaders]['content-type']
  delete reply[kReplyHeaders]['content-length']

  let result: unknown
  try {
    result = entry.fn.call(entry.instance, thrown, reply.request, reply)
  } catch (thrownAgain) {
    return handleError(reply, thrownAgain)
  }
  // a promise from the error handler continues the handler's trace
  sendReturnValue(reply, result, result === undefined ? null : traceOf(reply))
}

/** The root's error handler: logs (5xx with stack at error, 4xx at info without) and answers in the `errorFormat`. */
export function defaultErrorHandler(error: any, request: Request, reply: Reply): void {
  const headers = error?.headers
  if (headers !== null && typeof headers === 'object') reply.headers(headers)
  reply.code(errorStatusFor(reply, error))
  if (isRequestLogged(request)) logError(request, reply, error)
  sendErrorBody(reply, error)
}

function logError(request: Request, reply: Reply, error: any): void {
  if (!(error instanceof Error)) {
    // an object thrown with a message is logged under it, as an Error is
    const own = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined
    const message = typeof own === 'string' && own !== '' ? own : 'a value that is not an Error was thrown'
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, message)
    else reply.log.info({ res: reply, err: error }, message)
  } else if (reply.statusCode >= 500) request.log.error({ req: request, res: reply, err: error }, error.message)
  else request.log.info({ res: reply, err: clientErrorSummary(error) }, error.message)
}

/**
 * A client error for the log: the error itself seen through an object whose own `stack` is empty,
 * so pino's serializer writes its class, message, cause and properties (`validation`, a `detail`)
 * as for any error, and a custom serializer still gets an `Error`, but not a stack for a 4xx.
 */
function clientErrorSummary(error: Error): Error {
  return Object.create(error, { stack: { value: '', writable: true, configurable: true } }) as Error
}

/** Sends the formatted answer through the route's response schema for its status, then the onSend hooks. */
function sendErrorBody(reply: Reply, error: unknown): void {
  const answer = formatError(reply[kRoute].root.options.errorFormat, error, siteOf(reply, reply.statusCode, false))
  if (answer.asPayload) {
    reply.send(answer.body)
    return
  }
  if (answer.status !== reply.statusCode) reply.code(answer.status)
  if (answer.headers !== null) reply.headers(answer.headers)
  let payload: string | Uint8Array
  try {
    payload = errorPayload(reply, answer, error)
  } catch (serializationError) {
    reply.code(500)
    return writeLastResort(reply, new codes.SVC_ERR_FAILED_ERROR_SERIALIZATION((serializationError as Error).message, messageOf(error)))
  }
  reply[kReplySending] = true
  reply[kReplySendingError] = true
  reply[kReplyHeaders]['content-type'] = answer.contentType
  runOnSend(reply, payload)
}

function errorPayload(reply: Reply, answer: ErrorAnswer, error: unknown): string | Uint8Array {
  const body = answer.body
  if (typeof body === 'string' || body instanceof Uint8Array) return body
  const bySchema = body !== null && typeof body === 'object' ? reply[kRoute].serializerFor(answer.status, answer.contentType) : null
  if (bySchema === null) return JSON.stringify(body)
  const own = error !== null && typeof error === 'object' ? error : null
  return bySchema(Object.assign(Object.create(own), body))
}

function messageOf(thrown: unknown): string {
  const message = thrown !== null && typeof thrown === 'object' ? (thrown as { message?: unknown }).message : thrown
  return isPrimitiveText(message) ? String(message) : ''
}

/** Written directly when answering failed too, with the reply's error status (a 404 stays a 404) else 500; the message hidden. */
function writeLastResort(reply: Reply, error: unknown): void {
  const res = reply.raw
  reply.log.error({ err: error }, 'failed to send an error response')
  if (res.headersSent) {
    res.destroy()
    return
  }
  reply[kReplySending] = true
  const status = reply.statusCode >= 400 ? reply.statusCode : 500
  // a thrown value that is not an Error is described, not sent as it is: this answer has the format's shape
  const described = error instanceof Error ? error : new Error(messageOf(error))
  const answer = formatError(reply[kRoute].root.options.errorFormat, described, siteOf(reply, status, true))
  const body = typeof answer.body === 'string' || answer.body instanceof Uint8Array ? answer.body : JSON.stringify(answer.body)
  const own = plainHeaders(reply, body, answer.contentType)
  // the reply's other headers stay (CORS, cookies, security headers): only those describing the body it failed to send go
  const headers = { ...answer.headers, ...withoutBodyHeaders(reply[kReplyHeaders]), ...own }
  try {
    res.writeHead(answer.status, headers as Record<string, string>)
  } catch {
    // a header Node refuses (the reply's, or an errorFormat function's): the answer goes with its own only
    res.writeHead(answer.status, own)
  }
  res.end(body)
}

/** The headers of the body a reply meant to send, which the last-resort body replaces. */
const bodyHeaders = new Set(['content-type', 'content-length', 'content-encoding', 'content-range', 'transfer-encoding', 'etag', 'last-modified', 'trailer'])

function withoutBodyHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const name of Object.keys(headers)) if (!bodyHeaders.has(name) && headers[name] !== undefined) kept[name] = headers[name]
  return kept
}

function plainHeaders(reply: Reply, body: string | Uint8Array, contentType: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) }
  // a refused body may be unread still: what follows it on the connection is no request
  if (reply[kReplyHeaders].connection === 'close') headers.connection = 'close'
  return headers
}
