/**
 * @module serve/not-found
 * Requests no route matches: the not-found route of the URL's prefix (the longest prefix that set a
 * handler), the root's default 404 answer, `reply.callNotFound()`, and what the router refuses: a
 * URL it cannot decode, a parameter too long, a failing async constraint (to `frameworkErrors` when set).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type FindMyWay from 'find-my-way'
import type { WarrenError } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kReplyFail, kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import type { RootState } from '../model/root-state.js'
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'
import { continueAfter } from './continue-after.js'
import { formatError } from './error-format.js'
import { createExchange, handleRequest, runHandler } from './pipeline.js'
import { isRequestLogged } from './request-logging.js'
import { runRequestHooks } from './run-hooks.js'

/** The root not-found handler: 404 with `Route METHOD:/url not found`, in the application's `errorFormat`. */
export function defaultNotFoundHandler(request: Request, reply: Reply): void {
  const message = `Route ${request.method}:${request.url} not found`
  if (isRequestLogged(request)) request.log.info(message)
  const options = reply[kRoute].root.options
  const answer = formatError(options.errorFormat, notFoundError(message), {
    status: 404,
    url: request.url,
    exposeServerErrors: options.exposeServerErrors,
    serverFault: false,
    request,
    reply,
    log: reply.log,
  })
  if (answer.headers !== null) reply.headers(answer.headers)
  reply.code(answer.status).type(answer.contentType).send(answer.body)
}

/** What every 404 error shares: an Error's prototype, its name and status. */
const notFoundProto = Object.create(Error.prototype, {
  name: { value: 'NotFoundError', writable: true, configurable: true },
  statusCode: { value: 404, writable: true, enumerable: true, configurable: true },
}) as Error & { statusCode: 404 }

/**
 * The error a 404 is answered for: an Error without a stack, which would cost a fifth of the CPU
 * an unknown URL takes, for a failure nothing throws. No code: a 404 says all there is to say.
 */
function notFoundError(message: string): Error & { statusCode: 404 } {
  const error = Object.create(notFoundProto) as Error & { statusCode: 404 }
  error.message = message
  return error
}

/**
 * The not-found route answering `method url`: the one of the longest prefix that set a handler,
 * else the root's (a URL that is not a path, such as `*`, belongs to the root).
 */
export function findNotFoundRoute(root: RootState, method: string, url: string): RouteContext | null {
  return slotRoute(root, findSlot(root, method, url))
}

type Found = FindMyWay.FindResult<FindMyWay.HTTPVersion.V1> | null

function findSlot(root: RootState, method: string, url: string): Found {
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const router = root.notFoundRouter
  // a method node does not know (over HTTP/2, which has no method list) has no slots of its own:
  // its URL still belongs to the context of its prefix
  return router.find(method as FindMyWay.HTTPMethod, path) ?? router.find('GET', path) ?? router.find('GET', '/')
}

function slotRoute(root: RootState, found: Found): RouteContext | null {
  // the not-found router's stores are the slots the app layer registers (app/not-found); a URL
  // it cannot decode finds its bad-URL handler, with no store: such a URL belongs to the root
  if (found !== null && found.store === null) found = root.notFoundRouter.find('GET', '/')
  const slot = found?.store as NotFoundSlot | undefined
  return slot === undefined ? null : slot.route
}

/**
 * `reply.callNotFound()`: hands the request to the not-found handler of its URL's context, with
 * that context's preHandler hooks. Called while a not-found route answers (its handler, or
 * `frameworkErrors`), it answers a plain `404 Not Found` instead: that handler would call itself.
 */
export function callNotFound(request: Request, reply: Reply): void {
  if (reply[kRoute].is404) return sendPlainNotFound(reply)
  const notFound = findNotFoundRoute(request[kRoute].root, request.method, request.url)
  if (notFound === null) return defaultNotFoundHandler(request, reply)
  request[kRoute] = notFound
  reply[kRoute] = notFound
  reply.code(404)
  if (notFound.hooks.preHandler === null) return runHandler(request, reply)
  runRequestHooks(notFound.hooks.preHandler, request, reply, runHandler)
}

function sendPlainNotFound(reply: Reply): void {
  reply.log.warn('Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.')
  reply.code(404).send('404 Not Found')
}

/**
 * Serves a request no route matched (find-my-way's default route). A method without routes never
 * reaches the router's URL check, so a URL that cannot be decoded is caught here too.
 */
export function handleUnrouted(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/'
  const found = findSlot(root, req.method ?? 'GET', url)
  if (found !== null && found.store === null) return void found.handler(req, res, {}, null, {})
  // the root's not-found route always exists (registered by the factory)
  const route = slotRoute(root, found) as RouteContext
  const queryStart = url.indexOf('?')
  const query = queryStart === -1 ? {} : root.parseQuery(url.slice(queryStart + 1))
  handleRequest(req, res, {}, route, query)
}

/**
 * Answers a request the router refused (`SVC_ERR_BAD_URL`, `SVC_ERR_MAX_PARAM_LENGTH`,
 * `SVC_ERR_ASYNC_CONSTRAINT`): the `frameworkErrors` option gets it with a request (logged as
 * any request is) and a reply of the root; without it, the error handler of the URL's prefix.
 */
export function answerRouterError(root: RootState, req: IncomingMessage, res: ServerResponse, error: WarrenError): void {
  const frameworkErrors = root.options.frameworkErrors
  const method = req.method ?? 'GET'
  if (frameworkErrors === undefined) {
    const route = findNotFoundRoute(root, method, req.url ?? '/') as RouteContext
    return createExchange(req, res, {}, route, {})[kReplyFail](error)
  }
  const reply = createExchange(req, res, {}, findNotFoundRoute(root, 'GET', '/') as RouteContext, {})
  const request = reply.request
  if (isRequestLogged(request)) request.log.info({ req: request }, 'incoming request')
  let result: unknown
  try {
    result = frameworkErrors(error, request, reply)
  } catch (thrown) {
    return reply[kReplyFail](thrown)
  }
  // an async frameworkErrors that rejects still only fails its request
  if (isThenable(result)) continueAfter(result as PromiseLike<unknown>, reply, noop, (thrown) => reply[kReplyFail](thrown))
}

function noop(): void {}
