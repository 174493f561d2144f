/**
 * @module serve/not-found
 * Requests no route matches: the not-found route of the URL's longest prefix, the default 404,
 * `reply.callNotFound()`, and what the router refuses (to `frameworkErrors` when set).
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
import { formatError, siteOf } from './error-format.js'
import { createExchange, handleRefusedRequest, handleRequest, runHandler } from './pipeline.js'
import { isRequestLogged } from './request-logging.js'
import { runRequestHooks } from './run-hooks.js'

export function defaultNotFoundHandler(request: Request, reply: Reply): void {
  const message = `Route ${request.method}:${request.url} not found`
  if (isRequestLogged(request)) request.log.info(message)
  // Fastify's body, keys in its order: an ETag or a cache keyed on the bytes sees the same 404
  if (reply[kRoute].root.options.errorFormat === 'fastify') return void reply.code(404).send({ message, error: 'Not Found', statusCode: 404 })
  const answer = formatError(reply[kRoute].root.options.errorFormat, notFoundError(message), siteOf(reply, 404, false))
  if (answer.headers !== null) reply.headers(answer.headers)
  reply.code(answer.status).type(answer.contentType).send(answer.body)
}

const notFoundProto = Object.create(Error.prototype, {
  name: { value: 'NotFoundError', writable: true, configurable: true },
  statusCode: { value: 404, writable: true, enumerable: true, configurable: true },
}) as Error & { statusCode: 404 }

/** A 404 error without a stack, which would cost a fifth of an unknown URL's CPU for a failure nothing throws. */
function notFoundError(message: string): Error & { statusCode: 404 } {
  const error = Object.create(notFoundProto) as Error & { statusCode: 404 }
  error.message = message
  return error
}

/** The not-found route of the longest prefix that set a handler, else the root's. */
export function findNotFoundRoute(root: RootState, method: string, url: string): RouteContext | null {
  return slotRoute(root, findSlot(root, method, url), url)
}

type Found = FindMyWay.FindResult<FindMyWay.HTTPVersion.V1> | null

function findSlot(root: RootState, method: string, url: string): Found {
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const router = root.notFoundRouter
  // a method node does not know (HTTP/2) has no slots of its own: its URL still belongs to its prefix
  return router.find(method as FindMyWay.HTTPMethod, path) ?? router.find('GET', path) ?? router.find('GET', '/')
}

/**
 * The slot of a URL the router cannot decode (it finds one without a store): the prefix the path
 * falls under up to its first undecodable segment, so `/api/%zz` is answered by `/api`'s context.
 */
function slotOfUndecodable(root: RootState, url: string): Found {
  const percent = url.indexOf('%')
  const decodable = percent === -1 ? '/' : url.slice(0, url.lastIndexOf('/', percent) + 1) || '/'
  const found = root.notFoundRouter.find('GET', decodable)
  return found !== null && found.store !== null ? found : root.notFoundRouter.find('GET', '/')
}

function slotRoute(root: RootState, found: Found, url: string): RouteContext | null {
  if (found !== null && found.store === null) found = slotOfUndecodable(root, url)
  const slot = found?.store as NotFoundSlot | undefined
  return slot === undefined ? null : slot.route
}

/**
 * Hands the request to its URL context's not-found handler, keeping the calling route's `onSend`
 * hooks (the headers its context sets, a static plugin's cache or CSP headers, reach its 404s too);
 * from inside a not-found handler, a plain 404 instead (it would call itself).
 */
export function callNotFound(request: Request, reply: Reply): void {
  if (reply[kRoute].is404) return sendPlainNotFound(reply)
  const caller = request[kRoute]
  const found = findNotFoundRoute(caller.root, request.method, request.url)
  if (found === null) return defaultNotFoundHandler(request, reply)
  const notFound = withOnSendOf(caller, found)
  request[kRoute] = notFound
  reply[kRoute] = notFound
  reply.code(404)
  if (notFound.hooks.preHandler === null) return runHandler(request, reply)
  runRequestHooks(notFound.hooks.preHandler, request, reply, runHandler)
}

/** Each route's not-found contexts with its own `onSend` hooks, made on a first `callNotFound()`. */
const notFoundOfCaller = new WeakMap<RouteContext, Map<RouteContext, RouteContext>>()

/** The not-found context `found`, its `onSend` hooks the caller's; the rest read from `found` itself. */
function withOnSendOf(caller: RouteContext, found: RouteContext): RouteContext {
  if (caller.hooks.onSend === found.hooks.onSend) return found
  let byFound = notFoundOfCaller.get(caller)
  if (byFound === undefined) notFoundOfCaller.set(caller, (byFound = new Map()))
  let derived = byFound.get(found)
  if (derived === undefined) {
    derived = Object.create(found) as RouteContext
    derived.hooks = { ...found.hooks, onSend: caller.hooks.onSend }
    byFound.set(found, derived)
  }
  return derived
}

function sendPlainNotFound(reply: Reply): void {
  reply.log.warn('Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.')
  reply.code(404).send('404 Not Found')
}

/** find-my-way's default route; a method without routes skips the router's URL check, so a bad URL is caught here too. */
export function handleUnrouted(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/'
  const found = findSlot(root, req.method ?? 'GET', url)
  if (found !== null && found.store === null) return void found.handler(req, res, {}, null, {})
  const route = slotRoute(root, found, url) as RouteContext
  const queryStart = url.indexOf('?')
  const query = queryStart === -1 ? {} : root.parseQuery(url.slice(queryStart + 1))
  // the slot's wildcard: `params['*']` is the path under the prefix whose handler answers
  handleRequest(req, res, found?.params ?? {}, route, query)
}

/** A request the router refused goes to `frameworkErrors` when set, else to the error handler of its prefix. */
export function answerRouterError(root: RootState, req: IncomingMessage, res: ServerResponse, error: WarrenError): void {
  const frameworkErrors = root.options.frameworkErrors
  const method = req.method ?? 'GET'
  if (frameworkErrors === undefined) return handleRefusedRequest(req, res, findNotFoundRoute(root, method, req.url ?? '/') as RouteContext, error)
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
