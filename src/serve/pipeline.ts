/**
 * @module serve/pipeline
 * A matched request from start to handler: request and reply built, the hooks, body parsing and
 * validation in order, the handler (traced when someone listens), and the response watched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { codes } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { factoryLogger, requestLogger } from '../core/logger.js'
import { kReplyEndTime, kReplyFail, kReplyHijacked, kReplySending, kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import type { RouteContext } from '../model/route-context.js'
import type { ValidationError, ValidationOutcome } from '../schema/validation.js'
import { continueAfter } from './continue-after.js'
import { isRequestLogged } from './request-logging.js'
import { armHandlerTimeout } from './handler-timeout.js'
import { hasBody, missesContentType, parseBody } from './parse-body.js'
import { isHandlerTraced, publishError, runInTrace, type HandlerTrace } from './handler-trace.js'
import { sendReturnValue } from './return-value.js'
import { runObserverHooks, runPayloadHooks, runRequestHooks } from './run-hooks.js'
import { closeConnectionAfter, keepOpenForQueuedAnswer } from './write.js'

const clock = globalThis.performance

export function createExchange(
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string | undefined>,
  route: RouteContext,
  query: Record<string, unknown>,
): Reply {
  const root = route.root
  const id = route.genReqId(req)
  const label = root.options.requestIdLogLabel
  const log = route.childLoggerFactory === null
    ? requestLogger(root.logger, root.loggerEnabled, label, id, route.logOptions)
    : factoryLogger(route.childLoggerFactory, route.server, root.logger, label, id, route.logOptions, req)
  const request = new route.Request(id, params as Record<string, string>, req, res, query, log, route)
  return new route.Reply(res, request, log)
}

export function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string | undefined>,
  route: RouteContext,
  query: Record<string, unknown>,
): void {
  const reply = createExchange(req, res, params, route, query)
  const request = reply.request
  if (route.observeFinish) observeFinish(request, reply)
  if (route.hooks.onRequestAbort !== null) observeAbort(request, reply)
  if (route.hooks.onTimeout !== null) observeTimeout(request, reply)
  if (route.handlerTimeout > 0) armHandlerTimeout(reply, route.handlerTimeout)
  const root = route.root
  if (root.closing) {
    // closing its connection afterwards, so close() does not wait on it
    keepOpenForQueuedAnswer(reply)
    closeConnectionAfter(reply)
    // refused after its onRequest hooks, as a malformed URL is: the hooks that see it end see it start
    if (root.options.return503OnClosing) {
      if (route.hooks.onRequest === null) return refuseWhileClosing(reply)
      return runRequestHooks(route.hooks.onRequest, request, reply, () => refuseWhileClosing(reply))
    }
  }
  if (route.hooks.onRequest === null) return runPreParsing(request, reply)
  runRequestHooks(route.hooks.onRequest, request, reply, runPreParsing)
}

/**
 * A request the router refused (a malformed URL, a parameter too long): observed as any other
 * (logged, `onResponse`), its `onRequest` hooks run, then it fails with `error`: the hooks that
 * see it end (`onSend`, `onResponse`) see it start too.
 */
export function handleRefusedRequest(req: IncomingMessage, res: ServerResponse, route: RouteContext, error: unknown): void {
  const reply = createExchange(req, res, {}, route, {})
  const request = reply.request
  if (route.observeFinish) observeFinish(request, reply)
  if (route.hooks.onRequest === null) return reply[kReplyFail](error)
  runRequestHooks(route.hooks.onRequest, request, reply, () => reply[kReplyFail](error))
}

function refuseWhileClosing(reply: Reply): void {
  reply.log.info('request aborted: the server is closing and refuses new requests')
  reply[kReplyFail](new codes.SVC_ERR_SERVICE_UNAVAILABLE())
}

function runPreParsing(request: Request, reply: Reply): void {
  const hooks = request[kRoute].hooks.preParsing
  if (hooks === null) return runParsing(reply, request.raw)
  runPayloadHooks(hooks, request, reply, request.raw, runParsing)
}

function runParsing(reply: Reply, payload: unknown): void {
  if (reply[kReplySending] || reply[kReplyHijacked]) return
  const request = reply.request
  if (missesContentType(request)) return reply[kReplyFail](new codes.SVC_ERR_ROUTE_MISSING_CONTENT_TYPE(request.raw.method))
  if (!hasBody(request)) return runPreValidation(request, reply)
  parseBody(request, reply, payload as NodeJS.ReadableStream, runPreValidation)
}

function runPreValidation(request: Request, reply: Reply): void {
  const hooks = request[kRoute].hooks.preValidation
  if (hooks === null) return runValidation(request, reply)
  runRequestHooks(hooks, request, reply, runValidation)
}

function runValidation(request: Request, reply: Reply): void {
  const validation = request[kRoute].validation
  if (validation === null) return runPreHandler(request, reply)
  let outcome: ValidationOutcome
  try {
    // the content type picks a body validator only with a content map: a request's headers may be built on first read
    const contentType = validation.bodyByMediaType === null ? undefined : request.headers['content-type']
    outcome = validation.validate(request, contentType)
  } catch (thrown) {
    // validators must return { error }, but one that throws still only fails its request
    return reply[kReplyFail](thrown)
  }
  if (isThenable(outcome)) {
    continueAfter(outcome, reply, (error) => afterValidation(request, reply, error), (thrown) => reply[kReplyFail](thrown))
    return
  }
  afterValidation(request, reply, outcome)
}

function afterValidation(request: Request, reply: Reply, error: ValidationError | null): void {
  if (error !== null) {
    if (!request[kRoute].attachValidation) return reply[kReplyFail](error)
    request.validationError = error
  }
  runPreHandler(request, reply)
}

function runPreHandler(request: Request, reply: Reply): void {
  const hooks = request[kRoute].hooks.preHandler
  if (hooks === null) return runHandler(request, reply)
  runRequestHooks(hooks, request, reply, runHandler, failBeforeHandler)
}

/** A preHandler failure fails the request inside the handler's trace when it is traced (start, error, end). */
function failBeforeHandler(reply: Reply, failure: unknown): void {
  if (!isTraced(reply.request)) return reply[kReplyFail](failure)
  runInTrace(reply.request, reply, (trace) => failAtHandler(reply, failure, trace))
}

/** Traced when someone listens, never for a not-found handler. */
function isTraced(request: Request): boolean {
  return !request[kRoute].is404 && isHandlerTraced()
}

export function runHandler(request: Request, reply: Reply): void {
  if (reply[kReplySending] || reply[kReplyHijacked]) return
  if (isTraced(request)) return runInTrace(request, reply, callTracedHandler)
  callHandler(request, reply, null)
}

function callTracedHandler(trace: HandlerTrace): void {
  callHandler(trace.request, trace.reply, trace)
}

function callHandler(request: Request, reply: Reply, trace: HandlerTrace | null): void {
  const route = request[kRoute]
  let result: unknown
  try {
    result = route.handler.call(route.server, request, reply)
  } catch (thrown) {
    return failAtHandler(reply, thrown, trace)
  }
  sendReturnValue(reply, result, trace)
}

function failAtHandler(reply: Reply, error: unknown, trace: HandlerTrace | null): void {
  if (trace !== null) publishError(trace, error)
  reply[kReplyFail](error)
}

function observeFinish(request: Request, reply: Reply): void {
  const logging = isRequestLogged(request)
  if (logging) request.log.info({ req: request }, 'incoming request')
  reply.raw.once('finish', () => {
    // the time the response took, without the onResponse hooks that run after it
    reply[kReplyEndTime] = clock.now()
    const hooks = reply[kRoute].hooks.onResponse
    if (hooks === null) return logCompletion(reply, logging, undefined)
    // the completion line comes after the onResponse hooks, so it can name their first error
    let failure: unknown
    runObserverHooks(hooks, request, reply, [reply], () => logCompletion(reply, logging, failure), (error) => {
      failure ??= error
    })
  })
}

/** The request's last line: 'request completed', or 'request errored' when an onResponse hook failed. */
function logCompletion(reply: Reply, logging: boolean, failure: unknown): void {
  if (!logging) return
  if (failure !== undefined) reply.log.error({ res: reply, err: failure, responseTime: reply.elapsedTime }, 'request errored')
  else reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
}

function observeAbort(request: Request, reply: Reply): void {
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return
    const hooks = request[kRoute].hooks.onRequestAbort
    if (hooks !== null) runObserverHooks(hooks, request, reply, [])
  })
}

function observeTimeout(request: Request, reply: Reply): void {
  const socket = request.raw.socket
  if (socket === null || socket === undefined) return
  const onTimeout = (): void => {
    const hooks = request[kRoute].hooks.onTimeout
    if (hooks !== null) runObserverHooks(hooks, request, reply, [reply])
  }
  socket.once('timeout', onTimeout)
  reply.raw.once('finish', () => socket.removeListener('timeout', onTimeout))
}
