/**
 * @module serve/not-found
 * Requests no route matches: the not-found route of the URL's prefix (the longest prefix that set a
 * handler), the root's default 404 answer, `reply.callNotFound()`, and URLs the router refuses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from '../core/errors.js'
import { kReplyFail, kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import type { RootState } from '../model/root-state.js'
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'
import { createExchange, handleRequest, runHandler } from './pipeline.js'
import { runRequestHooks } from './run-hooks.js'

const notFoundCode = codes.SVC_ERR_NOT_FOUND.code

/** The root not-found handler: 404 with `Route METHOD:/url not found`. */
export function defaultNotFoundHandler(request: Request, reply: Reply): void {
  // the error body written directly: an Error here would capture a stack trace per unknown URL
  // (a fifth of the CPU a 404 cost), and nothing ever throws or logs it
  const body = { statusCode: 404, code: notFoundCode, error: 'Not Found', message: `Route ${request.method}:${request.url} not found` }
  reply.code(404).send(body)
}

/**
 * The not-found route answering `method url`: the one of the longest prefix that set a handler,
 * else the root's (a URL that is not a path, such as `*`, belongs to the root).
 */
export function findNotFoundRoute(root: RootState, method: string, url: string): RouteContext | null {
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const found = root.notFoundRouter.find(method as FindMyWay.HTTPMethod, path) ?? root.notFoundRouter.find('GET', '/')
  // the not-found router's stores are the slots the app layer registers (app/not-found)
  const slot = found?.store as NotFoundSlot | undefined
  return slot === undefined ? null : slot.route
}

/**
 * `reply.callNotFound()`: hands the request to the not-found handler of its URL's context, with
 * that context's preHandler hooks.
 */
export function callNotFound(request: Request, reply: Reply): void {
  const notFound = findNotFoundRoute(request[kRoute].root, request.method, request.url)
  if (notFound === null) return defaultNotFoundHandler(request, reply)
  request[kRoute] = notFound
  reply[kRoute] = notFound
  reply.code(404)
  if (notFound.hooks.preHandler === null) return runHandler(request, reply)
  runRequestHooks(notFound.hooks.preHandler, request, reply, runHandler)
}

/** Serves a request no route matched (find-my-way's default route), or one with a bad URL (`error`). */
export function handleUnrouted(root: RootState, req: IncomingMessage, res: ServerResponse, error?: Error): void {
  const url = req.url ?? '/'
  // the root's not-found route always exists (registered by the factory)
  const route = findNotFoundRoute(root, req.method ?? 'GET', url) as RouteContext
  const queryStart = url.indexOf('?')
  const query = queryStart === -1 ? {} : root.parseQuery(url.slice(queryStart + 1))
  if (error === undefined) return handleRequest(req, res, {}, route, query)
  createExchange(req, res, {}, route, query)[kReplyFail](error)
}
