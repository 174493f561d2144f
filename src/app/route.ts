/**
 * @module app/route
 * Declaring routes: `route()` and the shorthands, their options normalised and shown to onRoute
 * hooks, one route context per method and URL in the router, automatic HEAD routes, `hasRoute`
 * and `printRoutes`.
 */
import { METHODS } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from '../core/errors.js'
import { kHooks, kLogLevel, kOwnBodyLimit, kPrefix, kRoot, kRouteTable } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { RouteContext } from '../model/route-context.js'
import type { ResolvedRouteOptions } from '../model/route-options.js'
import { handleRequest } from '../serve/pipeline.js'
import type { RouteTable } from './route-table.js'

/** Methods `all(...)` declares. */
export const allMethods = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS', 'SEARCH']
const knownMethods = new Set(METHODS)

function normalizeMethods(method: unknown): string[] {
  const methods = Array.isArray(method) ? method : [method]
  return methods.map((m) => {
    if (typeof m !== 'string' || !knownMethods.has(m.toUpperCase())) throw new codes.SVC_ERR_ROUTE_METHOD_INVALID(String(m))
    return m.toUpperCase()
  })
}

/** The URLs a path declares under a prefix: `'/'` under `/v1` answers both `/v1` and `/v1/`. */
function urlsFor(prefix: string, path: string, ignoreTrailingSlash: boolean): string[] {
  if (prefix === '') return [path === '' ? '/' : path]
  if (path === '') return [prefix]
  if (path === '/') return ignoreTrailingSlash ? [prefix] : [prefix, prefix + '/']
  return [prefix + (path.startsWith('/') ? path : '/' + path)]
}

/**
 * `route(options)`: declares a route in this context. onRoute hooks see (and may change) the
 * options first; the route's compiled state is built when the application starts.
 */
export function route(this: any, options: Record<string, any>): any {
  const root: RootState = this[kRoot]
  root.assertNotStarted('route')
  const path = options.url ?? options.path
  if (typeof path !== 'string') throw new codes.SVC_ERR_ROUTE_URL_INVALID(String(path))
  const methods = normalizeMethods(options.method)
  if (options.handler === undefined) throw new codes.SVC_ERR_ROUTE_MISSING_HANDLER(methods.join(','), path)
  if (typeof options.handler !== 'function') throw new codes.SVC_ERR_ROUTE_HANDLER_NOT_FN(methods.join(','), path)
  if (options.bodyLimit !== undefined && (!Number.isInteger(options.bodyLimit) || options.bodyLimit < 0)) {
    throw new codes.SVC_ERR_ROUTE_BODY_LIMIT_INVALID(options.bodyLimit)
  }
  // a route that wants no limit under a factory-wide one has no way to say so: 0 is refused, as in Fastify
  if (options.handlerTimeout !== undefined && (!Number.isInteger(options.handlerTimeout) || options.handlerTimeout <= 0)) {
    throw new codes.SVC_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT(options.handlerTimeout)
  }
  const prefix: string = this[kPrefix]
  for (const url of urlsFor(prefix, path, root.options.ignoreTrailingSlash)) {
    const view: ResolvedRouteOptions = {
      ...options,
      method: methods.length === 1 ? methods[0] : (methods as unknown as string),
      url,
      path: url,
      routePath: path,
      prefix,
      bodyLimit: options.bodyLimit ?? root.options.bodyLimit,
      handlerTimeout: options.handlerTimeout ?? root.options.handlerTimeout,
      [kOwnBodyLimit]: options.bodyLimit,
      attachValidation: options.attachValidation === true,
      logLevel: options.logLevel ?? this[kLogLevel],
      exposeHeadRoute: options.exposeHeadRoute ?? root.options.exposeHeadRoutes,
      config: { ...options.config, url: path, method: options.method },
      schema: options.schema,
      handler: options.handler,
    }
    for (const hook of this[kHooks].onRoute) hook.call(this, view)
    for (const method of normalizeMethods(view.method)) addRoute(this, root, { ...view, method })
  }
  return this
}

function addRoute(server: any, root: RootState, view: ResolvedRouteOptions): void {
  const constraints = view.constraints as Record<string, unknown> | undefined
  if (root.router.hasRoute(view.method as FindMyWay.HTTPMethod, view.url, constraints)) {
    throw new codes.SVC_ERR_ROUTE_DUPLICATED(view.method, view.url)
  }
  const context = new RouteContext(root, server, view)
  root.router.on(view.method as FindMyWay.HTTPMethod, view.url, { constraints: constraints ?? {} }, handleRequest, context)
  const table: RouteTable = server[kRouteTable]
  table.routes.push(context)
  if (view.method === 'GET' && view.exposeHeadRoute) table.headCandidates.push(context)
}

/** At start-up: a HEAD route for each GET route that has none of its own. */
export function addHeadRoutes(root: RootState, table: RouteTable): void {
  for (const get of table.headCandidates) {
    const view = get.routeOptions
    const constraints = view.constraints as Record<string, unknown> | undefined
    if (root.router.hasRoute('HEAD', view.url, constraints)) continue
    addRoute(get.server, root, { ...view, method: 'HEAD' })
  }
}

/** Builds a shorthand: `get(path, handler)`, `get(path, options, handler)` or `get(path, { handler, ... })`. */
export function shorthand(method: string | string[]) {
  return function declare(this: any, path: string, options?: any, handler?: any): any {
    if (typeof options === 'function') {
      handler = options
      options = {}
    }
    const opts = options ?? {}
    if (handler !== undefined && opts.handler !== undefined && handler !== opts.handler) {
      throw new codes.SVC_ERR_ROUTE_DUPLICATED(String(method), path)
    }
    return route.call(this, { ...opts, method, url: path, handler: handler ?? opts.handler })
  }
}

/** `hasRoute({ method, url, constraints? })`: whether that route is declared. */
export function hasRoute(this: any, options: { method: string; url: string; constraints?: Record<string, unknown> }): boolean {
  const root: RootState = this[kRoot]
  return root.router.hasRoute(options.method.toUpperCase() as FindMyWay.HTTPMethod, options.url, options.constraints)
}

/** `printRoutes()`: the route tree, as text. */
export function printRoutes(this: any, options?: Record<string, unknown>): string {
  const root: RootState = this[kRoot]
  return root.router.prettyPrint(options ?? {})
}
