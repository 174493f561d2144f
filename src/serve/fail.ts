/**
 * @module serve/fail
 * The failure path of every request: the onError hooks (once), then the nearest error handler —
 * one that throws, rejects or sends an Error hands it to its parent's — down to the default
 * handler, which answers `{ statusCode, code, error, message }`; when even that fails, a plain 500.
 * Only the reply (`serve/reply`) calls in here.
 */
import { STATUS_CODES } from 'node:http'
import { codes, toError } from '../core/errors.js'
import { JSON_TYPE } from '../core/media-type.js'
import {
  kReplyErrorHandler,
  kReplyHasStatus,
  kReplyHeaders,
  kReplyOnErrorRan,
  kReplySending,
  kReplySendingError,
  kRoute,
} from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import { runObserverHooks } from './run-hooks.js'
import { sendReturnValue } from './return-value.js'
import { runOnSend } from './send.js'

/** The shape of every error response warren writes itself. */
interface ErrorBody {
  statusCode: number
  code?: string
  error: string
  message: string
}

/** Answers a request that failed with `thrown` (see the module comment). */
export function handleError(reply: Reply, thrown: unknown): void {
  const error = toError(thrown)
  const res = reply.raw
  if (res.headersSent) {
    reply.log.error({ err: error }, 'error after the response headers were sent')
    res.destroy()
    return
  }
  reply[kReplySending] = false
  if (reply[kReplySendingError]) return writeLastResort(reply, error)

  const onError = reply[kRoute].hooks.onError
  if (onError !== null && !reply[kReplyOnErrorRan]) {
    reply[kReplyOnErrorRan] = true
    runObserverHooks(onError, reply.request, reply, [reply, error], () => callErrorHandler(reply, error))
    return
  }
  callErrorHandler(reply, error)
}

function callErrorHandler(reply: Reply, error: Error): void {
  const current = reply[kReplyErrorHandler]
  const entry = current === undefined ? reply[kRoute].errorHandler : current
  if (entry === null) return writeLastResort(reply, error)
  reply[kReplyErrorHandler] = entry.parent
  // the error payload's type is decided afresh by whoever answers
  delete reply[kReplyHeaders]['content-type']
  delete reply[kReplyHeaders]['content-length']

  let result: unknown
  try {
    result = entry.fn.call(entry.instance, error, reply.request, reply)
  } catch (thrownAgain) {
    return handleError(reply, thrownAgain)
  }
  sendReturnValue(reply, result)
}

/** The error's own status when it is a 4xx/5xx, else 500. */
function statusOf(error: { statusCode?: unknown; status?: unknown }): number {
  const status = Number(error.statusCode ?? error.status)
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500
}

/**
 * The root context's error handler: logs (a 5xx with its stack at error level; a 4xx, an expected
 * client error, at info without one) and answers `{ statusCode, code, error, message }`.
 */
export function defaultErrorHandler(error: any, request: Request, reply: Reply): void {
  if (error.headers !== null && typeof error.headers === 'object') reply.headers(error.headers)
  if (!reply[kReplyHasStatus] || reply.statusCode < 400) reply.code(statusOf(error))
  if (reply.statusCode >= 500) request.log.error({ req: request, res: reply, err: error }, error.message)
  else request.log.info({ res: reply, err: clientErrorSummary(error) }, error.message)
  sendErrorBody(reply, error)
}

/** What the log keeps of a client error: what went wrong, not where in the server (no stack). */
function clientErrorSummary(error: Error & { code?: unknown; statusCode?: unknown }): Record<string, unknown> {
  return { type: error.name, code: error.code, statusCode: error.statusCode, message: error.message }
}

const internalCode = codes.SVC_ERR_INTERNAL.code
const clientCode = codes.SVC_ERR_CLIENT.code

/**
 * Builds the error body a status and an error give. Every body has a `code` (a generic one for an
 * error without its own, unless `fastifyErrorBodies`), and a 5xx keeps its message only with
 * `exposeServerErrors` (else the status phrase: a thrown message may hold secrets).
 */
function errorBody(reply: Reply, statusCode: number, error: { code?: unknown; message?: unknown }): ErrorBody {
  const options = reply[kRoute].root.options
  const phrase = STATUS_CODES[statusCode] ?? 'Unknown Error'
  const ownCode = typeof error.code === 'string' ? error.code : undefined
  const hidden = statusCode >= 500 && !options.exposeServerErrors
  return {
    statusCode,
    code: ownCode ?? (options.fastifyErrorBodies ? undefined : statusCode >= 500 ? internalCode : clientCode),
    error: phrase,
    message: hidden ? phrase : typeof error.message === 'string' ? error.message : '',
  }
}

/** Serializes the error body (with the route's response schema for the status, if any) and sends it. */
function sendErrorBody(reply: Reply, error: Error): void {
  const statusCode = reply.statusCode
  const body = errorBody(reply, statusCode, error as Error & { code?: string })
  let payload: string
  try {
    const bySchema = reply[kRoute].serializerFor(statusCode, 'application/json')
    // under a schema, the error's own properties (details, validationContext, ...) stay readable
    // behind the standard fields, as in Fastify
    payload = bySchema !== null ? bySchema(Object.assign(Object.create(error), body)) : JSON.stringify(body)
  } catch (serializationError) {
    return writeLastResort(reply, new codes.SVC_ERR_FAILED_ERROR_SERIALIZATION((serializationError as Error).message, error.message))
  }
  reply[kReplySending] = true
  reply[kReplySendingError] = true
  reply[kReplyHeaders]['content-type'] = JSON_TYPE
  runOnSend(reply, payload)
}

/** The answer when answering an error failed too: a plain 500, written directly, no hooks. */
function writeLastResort(reply: Reply, error: Error): void {
  const res = reply.raw
  reply.log.error({ err: error }, 'failed to send an error response')
  if (res.headersSent) {
    res.destroy()
    return
  }
  reply[kReplySending] = true
  const body = JSON.stringify(errorBody(reply, 500, error))
  res.writeHead(500, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) })
  res.end(body)
}
