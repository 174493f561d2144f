import type { IncomingMessage, ServerResponse } from 'node:http'
import { continueAfter } from './continue-after.js'
import { codes } from './errors.js'
import { isThenable } from './is-thenable.js'
import { handleError } from './error-handler.js'
import { runObserverHooks, runPayloadHooks, runRequestHooks } from './hooks.js'
import { sendReturnValue } from './send.js'
import { requestLogger } from './logger.js'
import { hasBody, parseBody } from './content-type/parse-body.js'
import { validateRequest, type ValidationError } from './schema/validation.js'
import { kReplyHijacked, kReplySending, kRoute } from './symbols.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'
import type { RouteContext } from './route-context.js'

/**
 * Entry point of a matched request (find-my-way's handler): builds the request and reply, then
 * runs onRequest → preParsing → body parsing → preValidation → validation → preHandler → handler.
 */
export function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string | undefined>,
  route: RouteContext,
  query: Record<string, unknown>,
): void {
  const root = route.root
  const id = root.genReqId(req)
  const log = requestLogger(root.logger, root.loggerEnabled, root.options.requestIdLogLabel, id, route.routeOptions.logLevel)
  const request = new route.Request(id, params as Record<string, string>, req, query, log, route)
  const reply = new route.Reply(res, request, log)

  if (route.observeFinish) observeFinish(request, reply)
  if (route.hooks.onRequestAbort !== null) observeAbort(request, reply)
  if (route.hooks.onTimeout !== null) observeTimeout(request, reply)
  if (root.closing && root.options.return503OnClosing) {
    reply.header('connection', 'close')
    return handleError(reply, new codes.SVC_ERR_SERVICE_UNAVAILABLE())
  }
  if (route.hooks.onRequest === null) return runPreParsing(request, reply)
  runRequestHooks(route.hooks.onRequest, request, reply, runPreParsing)
}

function runPreParsing(request: Request, reply: Reply): void {
  const hooks = request[kRoute].hooks.preParsing
  if (hooks === null) return runParsing(reply, request.raw)
  runPayloadHooks(hooks, request, reply, request.raw, runParsing)
}

function runParsing(reply: Reply, payload: unknown): void {
  if (reply[kReplySending] || reply[kReplyHijacked]) return
  const request = reply.request
  if (!hasBody(request)) return runPreValidation(request, reply)
  parseBody(request, reply, payload as NodeJS.ReadableStream, runPreValidation)
}

function runPreValidation(request: Request, reply: Reply): void {
  const hooks = request[kRoute].hooks.preValidation
  if (hooks === null) return runValidation(request, reply)
  runRequestHooks(hooks, request, reply, runValidation)
}

function runValidation(request: Request, reply: Reply): void {
  const route = request[kRoute]
  if (route.validation === null) return runPreHandler(request, reply)
  let outcome: ReturnType<typeof validateRequest>
  try {
    outcome = validateRequest(route, request)
  } catch (thrown) {
    // validators must return { error }, but one that throws still only fails its request
    return handleError(reply, thrown)
  }
  if (isThenable(outcome)) {
    continueAfter(outcome, reply, (error) => afterValidation(request, reply, error), (thrown) => handleError(reply, thrown))
    return
  }
  afterValidation(request, reply, outcome)
}

function afterValidation(request: Request, reply: Reply, error: ValidationError | null): void {
  if (error !== null) {
    if (!request[kRoute].attachValidation) return handleError(reply, error)
    request.validationError = error
  }
  runPreHandler(request, reply)
}

function runPreHandler(request: Request, reply: Reply): void {
  const hooks = request[kRoute].hooks.preHandler
  if (hooks === null) return runHandler(request, reply)
  runRequestHooks(hooks, request, reply, runHandler)
}

/** Calls the route handler and sends what it returns or resolves to. */
export function runHandler(request: Request, reply: Reply): void {
  if (reply[kReplySending] || reply[kReplyHijacked]) return
  const route = request[kRoute]
  let result: unknown
  try {
    result = route.handler.call(route.server, request, reply)
  } catch (thrown) {
    return handleError(reply, thrown)
  }
  sendReturnValue(reply, result)
}

function observeFinish(request: Request, reply: Reply): void {
  const route = request[kRoute]
  const logging = route.root.logRequests
  if (logging) request.log.info({ req: request }, 'incoming request')
  reply.raw.once('finish', () => {
    if (logging) reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
    const hooks = reply[kRoute].hooks.onResponse
    if (hooks !== null) runObserverHooks(hooks, request, [reply])
  })
}

function observeAbort(request: Request, reply: Reply): void {
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return
    const hooks = request[kRoute].hooks.onRequestAbort
    if (hooks !== null) runObserverHooks(hooks, request, [])
  })
}

function observeTimeout(request: Request, reply: Reply): void {
  const socket = request.raw.socket
  if (socket === null || socket === undefined) return
  const onTimeout = (): void => {
    const hooks = request[kRoute].hooks.onTimeout
    if (hooks !== null) runObserverHooks(hooks, request, [reply])
  }
  socket.once('timeout', onTimeout)
  reply.raw.once('finish', () => socket.removeListener('timeout', onTimeout))
}
