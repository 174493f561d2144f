/**
 * @module serve/fail
 * The failure path of every request: the onError hooks, then the nearest error handler —
 * one that throws, rejects or sends an Error hands it to its parent's — down to the default
 * handler, which answers `{ statusCode, code, error, message }`; when even sending that fails, the
 * onError hooks see the new error and a plain error body is written, with the status the reply had.
 * Only the reply (`serve/reply`) calls in here.
 */
import { STATUS_CODES } from 'node:http'
import { codes } from '../core/errors.js'
import { JSON_TYPE } from '../core/media-type.js'
import {
  kReplyErrorHandler,
  kReplyHeaders,
  kReplyHijacked,
  kReplyOnErrorPhase,
  kReplySending,
  kReplySendingError,
  kRoute,
} from '../core/symbols.js'
import { OnErrorPhase, type Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import type { HookFn } from '../hooks/store.js'
import { errorStatusFor } from './error-status.js'
import { isRequestLogged } from './request-logging.js'
import { runObserverHooks } from './run-hooks.js'
import { traceOf } from './handler-trace.js'
import { sendReturnValue } from './return-value.js'
import { runOnSend } from './send.js'

/** The shape of every error response warren writes itself. */
interface ErrorBody {
  statusCode: number
  code?: string
  error: string
  message: string
}

/**
 * Answers a request that failed with `thrown` (see the module comment). What was thrown reaches
 * the onError hooks and the error handlers as it was: an Error, or any other value.
 */
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
  const onError = reply[kRoute].hooks.onError
  if (reply[kReplySendingError]) {
    // sending the error response failed (an onSend hook, a header Node refuses): a new error the
    // onError hooks see too, as in Fastify; then the plain answer, which goes through no hook
    if (onError === null || reply[kReplyOnErrorPhase] === OnErrorPhase.Running) return writeLastResort(reply, thrown)
    return runOnError(reply, onError, thrown, writeLastResort)
  }
  if (onError !== null && reply[kReplyOnErrorPhase] === OnErrorPhase.Pending) return runOnError(reply, onError, thrown, callErrorHandler)
  callErrorHandler(reply, thrown)
}

/** Runs the onError hooks with `thrown` (`reply.send()` is refused meanwhile), then `next`. */
function runOnError(reply: Reply, hooks: HookFn[], thrown: unknown, next: (reply: Reply, thrown: unknown) => void): void {
  reply[kReplyOnErrorPhase] = OnErrorPhase.Running
  runObserverHooks(hooks, reply.request, reply, [reply, thrown], () => {
    reply[kReplyOnErrorPhase] = OnErrorPhase.Done
    next(reply, thrown)
  })
}

/** An error once the user took the response over: theirs to answer; it is only logged. */
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
  // the error payload's type is decided afresh by whoever answers
  delete reply[kReplyHeaders]['content-type']
  delete reply[kReplyHeaders]['content-length']

  let result: unknown
  try {
    result = entry.fn.call(entry.instance, thrown, reply.request, reply)
  } catch (thrownAgain) {
    return handleError(reply, thrownAgain)
  }
  // a promise from the error handler continues the trace of the handler, if it has one (the
  // default handler returns nothing: no lookup on its path)
  sendReturnValue(reply, result, result === undefined ? null : traceOf(reply))
}

/**
 * The root context's error handler: logs (a 5xx with its stack at error level; a 4xx, an expected
 * client error, at info without one) and answers `{ statusCode, code, error, message }`. A value
 * thrown that is not an Error is sent as the payload it is (see {@link sendThrownValue}).
 */
export function defaultErrorHandler(error: any, request: Request, reply: Reply): void {
  const headers = error?.headers
  if (headers !== null && typeof headers === 'object') reply.headers(headers)
  reply.code(errorStatusFor(reply, error))
  if (!(error instanceof Error)) return sendThrownValue(reply, error)
  if (isRequestLogged(request)) {
    if (reply.statusCode >= 500) request.log.error({ req: request, res: reply, err: error }, error.message)
    else request.log.info({ res: reply, err: clientErrorSummary(error) }, error.message)
  }
  sendErrorBody(reply, error)
}

/**
 * A thrown (or rejected) value that is not an Error is the answer, as in Fastify: sent as any
 * payload is (a string as text, anything else as JSON) with the status set above. Under
 * `exposeServerErrors: false` a 5xx hides it behind the standard body, as it hides a message.
 */
function sendThrownValue(reply: Reply, value: unknown): void {
  if (isRequestLogged(reply.request)) {
    if (reply.statusCode >= 500) reply.log.error({ err: value }, 'a value that is not an Error was thrown')
    else reply.log.info({ res: reply, err: value }, 'a value that is not an Error was thrown')
  }
  if (reply.statusCode >= 500 && !reply[kRoute].root.options.exposeServerErrors) return sendErrorBody(reply, value)
  reply.send(value)
}

/**
 * What the log keeps of a client error: what went wrong, not where in the server (no stack).
 * Without a prototype, so that pino's standard error serializer (an application's own logger)
 * names its type by `name` rather than by the constructor, `Object`.
 */
function clientErrorSummary(error: Error & { code?: unknown; statusCode?: unknown }): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, { type: error.name, name: error.name, code: error.code, statusCode: error.statusCode, message: error.message })
}

const internalCode = codes.SVC_ERR_INTERNAL.code
const clientCode = codes.SVC_ERR_CLIENT.code
const asyncConstraintCode = codes.SVC_ERR_ASYNC_CONSTRAINT.code
const serializationCode = codes.SVC_ERR_RESPONSE_SERIALIZATION.code

type ErrorFields = { code?: unknown; message?: unknown; cause?: unknown }

/**
 * What Fastify's body shows of an error (`fastifyErrorBodies`): its own code and message, except
 * where Fastify answers a failure of its own without warren's wrapping — a response serializer's
 * error as the serializer threw it, an async constraint's failure with no code.
 */
function fastifyView(error: ErrorFields): ErrorFields {
  if (error.code === asyncConstraintCode) return { message: error.message }
  if (error.code === serializationCode && error.cause !== null && typeof error.cause === 'object') return error.cause as ErrorFields
  return error
}

/**
 * Builds the error body a status and an error give. Every body has a `code` (a generic one for an
 * error without its own, unless `fastifyErrorBodies`), and a 5xx keeps its message only with
 * `exposeServerErrors` (else the status phrase: a thrown message may hold secrets). `serverFault`
 * treats the error as a 5xx's whatever the status (see {@link writeLastResort}).
 */
function errorBody(reply: Reply, statusCode: number, thrown: unknown, serverFault = statusCode >= 500): ErrorBody {
  const options = reply[kRoute].root.options
  const phrase = STATUS_CODES[statusCode] ?? 'Unknown Error'
  // a thrown value that is not an object has no code nor message of its own
  const own = (thrown !== null && typeof thrown === 'object' ? thrown : {}) as ErrorFields
  const error = options.fastifyErrorBodies ? fastifyView(own) : own
  const ownCode = typeof error.code === 'string' ? error.code : undefined
  const hidden = serverFault && !options.exposeServerErrors
  return {
    statusCode,
    code: ownCode ?? (options.fastifyErrorBodies ? undefined : serverFault ? internalCode : clientCode),
    error: phrase,
    message: hidden ? phrase : typeof error.message === 'string' ? error.message : '',
  }
}

/** Serializes the error body (with the route's response schema for the status, if any) and sends it. */
function sendErrorBody(reply: Reply, error: unknown): void {
  const statusCode = reply.statusCode
  const body = errorBody(reply, statusCode, error)
  let payload: string
  try {
    const bySchema = reply[kRoute].serializerFor(statusCode, 'application/json')
    // under a schema, the error's own properties (details, validationContext, ...) stay readable
    // behind the standard fields, as in Fastify
    const own = error !== null && typeof error === 'object' ? error : null
    payload = bySchema !== null ? bySchema(Object.assign(Object.create(own), body)) : JSON.stringify(body)
  } catch (serializationError) {
    reply.code(500)
    return writeLastResort(reply, new codes.SVC_ERR_FAILED_ERROR_SERIALIZATION((serializationError as Error).message, body.message))
  }
  reply[kReplySending] = true
  reply[kReplySendingError] = true
  reply[kReplyHeaders]['content-type'] = JSON_TYPE
  runOnSend(reply, payload)
}

/**
 * The answer when answering an error failed too, written directly, no hooks: with the error
 * status the reply had (a 404 whose onSend hook fails stays a 404, as in Fastify), else 500. The
 * new error is a fault of the server whatever that status, so its message is hidden as a 5xx's is.
 */
function writeLastResort(reply: Reply, error: unknown): void {
  const res = reply.raw
  reply.log.error({ err: error }, 'failed to send an error response')
  if (res.headersSent) {
    res.destroy()
    return
  }
  reply[kReplySending] = true
  const statusCode = reply.statusCode >= 400 ? reply.statusCode : 500
  const body = JSON.stringify(errorBody(reply, statusCode, error, true))
  res.writeHead(statusCode, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) })
  res.end(body)
}
