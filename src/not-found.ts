import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from './errors.js'
import { kLogLevel, kPrefix, kRoot, kRoute } from './symbols.js'
import { handleError } from './error-handler.js'
import { runRequestHooks } from './hooks.js'
import { handleRequest, runHandler } from './handle-request.js'
import { requestLogger } from './logger.js'
import { RouteContext, type RouteOptionsView } from './route-context.js'
import type { NotFoundSlot, RootState } from './root-state.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'

const notFoundCode = codes.SVC_ERR_NOT_FOUND.code

/** The root not-found handler: 404 with `Route METHOD:/url not found`. */
export function defaultNotFoundHandler(request: Request, reply: Reply): void {
  // the error body written directly: an Error here would capture a stack trace per unknown URL
  // (a fifth of the CPU a 404 cost), and nothing ever throws or logs it
  const body = { statusCode: 404, code: notFoundCode, error: 'Not Found', message: `Route ${request.method}:${request.url} not found` }
  reply.code(404).send(body)
}

/**
 * `reply.callNotFound()`: hands the request to the not-found handler of its URL's context, with
 * that context's preHandler hooks.
 */
export function callNotFound(request: Request, reply: Reply): void {
  const notFound: RouteContext | null = request[kRoute].root.findNotFoundRoute(request.method, request.url)
  if (notFound === null) return defaultNotFoundHandler(request, reply)
  request[kRoute] = notFound
  reply[kRoute] = notFound
  reply.code(404)
  if (notFound.hooks.preHandler === null) return runHandler(request, reply)
  runRequestHooks(notFound.hooks.preHandler, request, reply, runHandler)
}

/**
 * `setNotFoundHandler([options], handler)`: the handler for unmatched URLs under this context's
 * prefix, with this context's hooks (and `options.preValidation` / `options.preHandler`).
 */
export function setNotFoundHandler(this: any, options: any, handler?: any): any {
  if (typeof options === 'function') {
    handler = options
    options = {}
  }
  const root: RootState = this[kRoot]
  root.assertNotStarted('setNotFoundHandler')
  registerNotFoundHandler(this, handler, options ?? {}, true)
  return this
}

/** Declares the not-found route of a context's prefix (the root's default one included). */
export function registerNotFoundHandler(server: any, handler: RouteOptionsView['handler'], options: Record<string, unknown>, custom: boolean): void {
  const root: RootState = server[kRoot]
  const prefix: string = server[kPrefix]
  const existing = root.notFoundSlots.get(prefix)
  if (existing?.custom) throw new codes.SVC_ERR_NOT_FOUND_HANDLER_ALREADY_SET(prefix || '/')
  const view: RouteOptionsView = {
    ...options,
    method: '*',
    url: prefix + '/*',
    path: prefix + '/*',
    routePath: '/*',
    prefix,
    bodyLimit: root.options.bodyLimit,
    attachValidation: false,
    logLevel: server[kLogLevel],
    exposeHeadRoute: false,
    config: {},
    schema: undefined,
    handler,
  }
  const route = new RouteContext(root, server, view, true)
  root.routes.push(route)
  if (existing) {
    existing.route = route
    existing.custom = custom
    return
  }
  const slot: NotFoundSlot = { route, custom }
  root.notFoundSlots.set(prefix, slot)
  const paths = prefix === '' ? ['/', '/*'] : [prefix, prefix + '/', prefix + '/*']
  for (const path of paths) root.notFoundRouter.on(METHODS as FindMyWay.HTTPMethod[], path, noop, slot)
}

function noop(): void {}

/** Serves a request no route matched (find-my-way's default route), or one with a bad URL. */
export function handleUnrouted(root: RootState, req: IncomingMessage, res: ServerResponse, error?: Error): void {
  const url = req.url ?? '/'
  // the root's not-found route always exists (registered by the factory)
  const route = root.findNotFoundRoute(req.method ?? 'GET', url) as RouteContext
  const queryStart = url.indexOf('?')
  const query = queryStart === -1 ? {} : root.parseQuery(url.slice(queryStart + 1))
  if (error === undefined) return handleRequest(req, res, {}, route, query)
  const id = root.genReqId(req)
  const log = requestLogger(root.logger, root.loggerEnabled, root.options.requestIdLogLabel, id)
  const request = new route.Request(id, {}, req, query, log, route)
  handleError(new route.Reply(res, request, log), error)
}
