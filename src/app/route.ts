/**
 * @module app/route
 * Declaring routes (`route()`, the shorthands, automatic HEAD routes, prefix rules) and querying them (`hasRoute`, `findRoute`, `printRoutes`).
 */
import type { Context } from '../model/context.js'
import type { RouteHandlerFn } from '../model/route-options.js'
import { METHODS } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from '../core/errors.js'
import { mergeLogSerializers } from '../core/logger.js'
import { assertValidRouteHooks, requestHookNames } from '../hooks/names.js'
import { kDeclaredMethod, kHooks, kLogLevel, kLogSerializers, kOwnBodyLimit, kPrefix, kRoot, kRouteTable } from '../core/symbols.js'
import type { HttpMethods } from '../model/http-methods.js'
import type { RootState } from '../model/root-state.js'
import { RouteContext } from '../model/route-context.js'
import type { ResolvedRouteOptions } from '../model/route-options.js'
import { handleRequest } from '../serve/pipeline.js'
import type { FoundRoute, PrintRoutesOptions, RouteOptionsView, RouteQuery, Warren as WarrenInstance } from '../types/index.js'
import type { RouteTable } from './route-table.js'

const nodeMethods = new Set(METHODS)

/** The route's methods, upper-cased; each must be known to Node and accepted by the application. */
function normalizeMethods(method: unknown, accepted: HttpMethods): string[] {
  const methods = Array.isArray(method) ? method : [method]
  return methods.map((m) => {
    if (typeof m !== 'string') throw new codes.SVC_ERR_ROUTE_METHOD_INVALID()
    const upper = m.toUpperCase()
    if (!nodeMethods.has(upper)) throw unknownToNode(upper)
    if (!accepted.has(upper)) throw new codes.SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED(upper, upper)
    return upper
  })
}

/** A method Node's parser cannot read is not supported, and no `addHttpMethod` makes it so. */
function unknownToNode(method: string): Error {
  const error = new codes.SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED(method, method)
  error.message = `${method} method is not supported: Node's HTTP parser does not know it`
  return error
}

function errorHandlerNotFunction(label: string, path: string): Error {
  const error = new codes.SVC_ERR_ROUTE_HANDLER_NOT_FN(label, path)
  error.message = `Error Handler for ${label}:${path} route, if defined, must be a function`
  return error
}

/** A route's `logLevel` must be a level of the logger, when the logger lists its levels. */
function assertLogLevel(level: unknown, label: string, path: string, logger: object): void {
  if (level === undefined || level === null || level === '') return
  const known = (logger as { levels?: { values?: Record<string, number> } }).levels?.values
  if (known === undefined || known === null) return
  if (typeof level !== 'string' || !Object.hasOwn(known, level)) throw new codes.SVC_ERR_ROUTE_LOG_LEVEL_INVALID(label, path, String(level))
}

/** Route options as given: `route()` checks each field it reads. */
export interface RouteInput {
  [key: string]: unknown
  method?: string | string[]
  url?: string
  path?: string
  handler?: RouteHandlerFn
  bodyLimit?: number
  handlerTimeout?: number
  attachValidation?: boolean
  logLevel?: string
  logSerializers?: unknown
  exposeHeadRoute?: boolean
  prefixTrailingSlash?: ResolvedRouteOptions['prefixTrailingSlash']
  config?: Record<string, unknown>
  schema?: Record<string, unknown>
  constraints?: unknown
  errorHandler?: unknown
  childLoggerFactory?: unknown
}

type CheckedRouteInput = RouteInput & { handler: RouteHandlerFn }

function assertRouteOptions(options: RouteInput, methods: string[], path: string, root: RootState): asserts options is CheckedRouteInput {
  const accepted = root.methods
  const label = methods.join(',')
  if (options.handler === undefined) throw new codes.SVC_ERR_ROUTE_MISSING_HANDLER(label, path)
  if (typeof options.handler !== 'function') throw new codes.SVC_ERR_ROUTE_HANDLER_NOT_FN(label, path)
  if (options.errorHandler !== undefined && typeof options.errorHandler !== 'function') throw errorHandlerNotFunction(label, path)
  if (root.loggerEnabled) assertLogLevel(options.logLevel, label, path, root.logger)
  if (options.childLoggerFactory !== undefined && typeof options.childLoggerFactory !== 'function') {
    throw new codes.SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN(typeof options.childLoggerFactory)
  }
  // 0 is refused rather than read as "no limit": a typo must not switch the limit off
  if (options.handlerTimeout !== undefined && (!Number.isInteger(options.handlerTimeout) || options.handlerTimeout <= 0)) {
    throw new codes.SVC_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT(options.handlerTimeout)
  }
  const constraints = options.constraints
  if (constraints !== undefined && (constraints === null || typeof constraints !== 'object' || Array.isArray(constraints))) {
    throw new codes.SVC_ERR_ROUTE_CONSTRAINTS_INVALID(label, path, JSON.stringify(constraints) ?? typeof constraints)
  }
  // a body schema where no body is ever read would promise a validation that never happens
  if (options.schema?.body !== undefined && options.schema.body !== null) {
    const bodyless = methods.find((method) => !accepted.hasBody(method))
    if (bodyless !== undefined) throw new codes.SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED(bodyless, path)
  }
}

type PrefixTrailingSlash = 'both' | 'slash' | 'no-slash'

/** The URL a path declares under a prefix, and whether the router needs its trailing-slash twin too. */
function urlFor(prefix: string, path: string, trailing: PrefixTrailingSlash, root: RootState): { url: string; slashTwin: boolean } {
  if (prefix === '') return { url: path, slashTwin: false }
  if (path === '/') {
    if (trailing === 'slash') return { url: prefix + '/', slashTwin: false }
    const { ignoreTrailingSlash, ignoreDuplicateSlashes } = root.options
    // under `/v1/`, the twin `/v1//` is one the router folds into `/v1/` already
    const slashTwin = trailing === 'both' && !ignoreTrailingSlash && !(ignoreDuplicateSlashes && prefix.endsWith('/'))
    return { url: prefix, slashTwin }
  }
  if (prefix.endsWith('/')) return { url: prefix + (path.startsWith('/') ? path.slice(1) : path), slashTwin: false }
  // joined as written: under `/v1`, `'*'` is `/v1*` (the prefix itself and everything under it), `':id'` is `/v1:id`
  return { url: prefix + path, slashTwin: false }
}

function prefixTrailingSlash(value: unknown): PrefixTrailingSlash {
  if (value === undefined) return 'both'
  if (value === 'both' || value === 'slash' || value === 'no-slash') return value
  throw new codes.SVC_ERR_ROUTE_PREFIX_TRAILING_SLASH_INVALID(String(value))
}

export function route(this: Context, options: RouteInput): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('route')
  if (options.bodyLimit !== undefined && (!Number.isInteger(options.bodyLimit) || options.bodyLimit <= 0)) {
    throw new codes.SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(options.bodyLimit)
  }
  const path = options.url ?? options.path
  if (typeof path !== 'string') throw new codes.SVC_ERR_INVALID_URL(String(path))
  const prefix: string = this[kPrefix]
  if (path === '' && prefix === '') throw new codes.SVC_ERR_ROUTE_PATH_EMPTY()
  const methods = normalizeMethods(options.method, root.methods)
  assertRouteOptions(options, methods, path, root)
  const { url, slashTwin } = urlFor(prefix, path, prefixTrailingSlash(options.prefixTrailingSlash), root)
  const view = routeView(this, options, methods, url, routePathFor(prefix, url))
  const onRoute: Array<(this: Context, view: RouteOptionsView) => void> = this[kHooks].onRoute
  // HEAD is built from the options as declared: onRoute hooks then change it as they changed the GET route
  const head = automaticHead(this, root, onRoute.length > 0 ? { ...view } : view)
  for (const hook of onRoute) hook.call(this, view)
  // checked once onRoute hooks ran: a plugin's hook may complete them (compress turns `onRequest: null` into a list)
  assertValidRouteHooks(view)
  const resolved = withDefaults(view, root)
  const table: RouteTable = this[kRouteTable]
  table.declared.push({ routeOptions: view, instance: this })
  for (const method of normalizeMethods(resolved.method, root.methods)) {
    const methodView = viewOfMethod(resolved, method)
    addRoute(this, root, methodView, resolved.url, head)
    if (slashTwin) addRoute(this, root, methodView, resolved.url + '/', head)
  }
  return this
}

/** What the route's URL adds to its prefix: `''` for a `'/'` route answering at the bare prefix. */
function routePathFor(prefix: string, url: string): string {
  return prefix !== '' && url.startsWith(prefix) ? url.slice(prefix.length) : url
}

/** One method's options; `routeOptions.method` keeps a declared list as declared. */
function viewOfMethod(view: ResolvedRouteOptions, method: string): ResolvedRouteOptions {
  const own = { ...view, method }
  if (Array.isArray(view.method)) (own as Record<symbol, unknown>)[kDeclaredMethod] = view.method
  return own
}

/** The automatic HEAD route's options, made once so onRoute hooks see it once. */
function automaticHead(server: Context, root: RootState, declared: RouteOptionsView): () => ResolvedRouteOptions {
  let head: ResolvedRouteOptions | undefined
  return () => {
    if (head === undefined) {
      const view: RouteOptionsView = { ...declared, method: 'HEAD', [kAutomaticHead]: true }
      for (const hook of server[kHooks].onRoute) hook.call(server, view)
      assertValidRouteHooks(view)
      head = withDefaults(view, root)
    }
    return head
  }
}

const kAutomaticHead = Symbol('warren.automatic-head')

/**
 * The routes declared so far on `instance` and the contexts inside it, in order, each with the
 * options its onRoute hooks saw and the instance it was declared on (automatic HEAD routes left
 * out): what a plugin that collects routes through `onRoute` missed when registered after them.
 */
export function declaredRoutes(instance: object): ReadonlyArray<{ routeOptions: RouteOptionsView; instance: WarrenInstance }> {
  const table = (instance as { [kRouteTable]?: RouteTable })[kRouteTable]
  if (table === undefined) return []
  // a context is made with Object.create(parent): the ones inside `instance` have it on their prototype chain
  const inside = table.declared.filter((route) => route.instance === instance || Object.prototype.isPrototypeOf.call(instance, route.instance))
  return inside.map((route) => ({ routeOptions: route.routeOptions as unknown as RouteOptionsView, instance: route.instance as unknown as WarrenInstance }))
}

/** Whether options an `onRoute` hook sees are of the HEAD route warren added beside a GET route (a docs plugin skips it). */
export function isAutomaticHeadRoute(routeOptions: object): boolean {
  return (routeOptions as { [kAutomaticHead]?: boolean })[kAutomaticHead] === true
}

/**
 * The options `onRoute` hooks see: the route's own, with its method, URL, prefix and log level
 * settled. What the route leaves to the application (`bodyLimit`, `config`…) stays unset, so a hook
 * can tell a route's own setting from the default, which {@link withDefaults} fills in after them.
 */
function routeView(server: Context, options: CheckedRouteInput, methods: string[], url: string, routePath: string): RouteOptionsView {
  const { logSerializers: ownSerializers, ...own } = options
  const view: RouteOptionsView = {
    ...own,
    method: Array.isArray(options.method) ? methods : methods[0],
    url,
    path: url,
    routePath,
    prefix: server[kPrefix],
    // '' when neither the route nor a context sets one, as plugins reading routeOptions expect a string
    logLevel: options.logLevel || server[kLogLevel] || '',
    attachValidation: options.attachValidation === true,
    handler: options.handler,
  }
  const logSerializers = mergeLogSerializers(server[kLogSerializers] ?? null, ownSerializers)
  if (logSerializers !== null) view.logSerializers = logSerializers
  return view
}

/** The options a route runs with, what `request.routeOptions` shows: the application's defaults where the route (or an onRoute hook) set nothing. */
function withDefaults(view: RouteOptionsView, root: RootState): ResolvedRouteOptions {
  const method = view.method as string
  return {
    ...view,
    method,
    url: view.url,
    path: view.path ?? view.url,
    routePath: view.routePath ?? view.url,
    prefix: view.prefix ?? '',
    bodyLimit: view.bodyLimit ?? root.options.bodyLimit,
    [kOwnBodyLimit]: view.bodyLimit,
    handlerTimeout: view.handlerTimeout ?? root.options.handlerTimeout,
    attachValidation: view.attachValidation === true,
    logLevel: view.logLevel,
    exposeHeadRoute: view.exposeHeadRoute ?? root.options.exposeHeadRoutes,
    prefixTrailingSlash: view.prefixTrailingSlash ?? 'both',
    // the URL the route answers at, prefix included: what a plugin keys its metrics or limits by
    config: { ...view.config, url: view.url, method: view.method },
    schema: view.schema as Record<string, unknown> | undefined,
    handler: view.handler as RouteHandlerFn,
  }
}

/** Registers one method of a route at `routerPath`; a GET brings its HEAD twin, which a HEAD declared later replaces. */
function addRoute(server: Context, root: RootState, view: ResolvedRouteOptions, routerPath: string, head: (() => ResolvedRouteOptions) | null, automatic = false): void {
  const method = view.method as FindMyWay.HTTPMethod
  const constraints = (view.constraints as Record<string, unknown> | undefined) ?? {}
  const table: RouteTable = server[kRouteTable]
  const existing = root.router.findRoute(method, routerPath, constraints)
  if (existing !== null) {
    // a HEAD route declared later for the same URL replaces its automatic one
    if (method !== 'HEAD' || !(existing.store as RouteContext).headOfGet) throw new codes.SVC_ERR_DUPLICATED_ROUTE(view.method, routerPath)
    removeRoute(root, table, existing.store as RouteContext, routerPath, constraints)
  }
  const context = new RouteContext(root, server, view)
  onRouter(root, method, routerPath, constraints, context)
  table.routes.push(context)
  settleAfterStage(server, context)
  context.headOfGet = automatic
  if (method === 'GET' && view.exposeHeadRoute && head !== null && !root.router.hasRoute('HEAD', routerPath, constraints)) {
    addRoute(server, root, head(), routerPath, null, true)
  }
}

/** Routes declared in a context's current plugin stage, waiting for it to load: one `after` settles them all. */
const unsettled = new WeakMap<Context, RouteContext[]>()

/** The route answers with what its context has once the stage it was declared in has loaded (see {@link RouteContext.settle}). */
function settleAfterStage(server: Context, context: RouteContext): void {
  const waiting = unsettled.get(server)
  if (waiting !== undefined) return void waiting.push(context)
  const routes = [context]
  unsettled.set(server, routes)
  server.after((error: Error | null, done: (error?: Error | null) => void) => {
    unsettled.delete(server)
    for (const route of routes) route.settle()
    done(error)
  })
}

/** Adds a route context to the router, which refuses `/:b` beside `/:a` as a duplicate. */
function onRouter(root: RootState, method: FindMyWay.HTTPMethod, routerPath: string, constraints: Record<string, unknown>, context: RouteContext): void {
  try {
    root.router.on(method, routerPath, { constraints }, handleRequest, context)
  } catch (error) {
    if (error instanceof Error && / already declared for route /.test(error.message)) throw new codes.SVC_ERR_DUPLICATED_ROUTE(method, routerPath)
    throw error
  }
}

function removeRoute(root: RootState, table: RouteTable, context: RouteContext, routerPath: string, constraints: Record<string, unknown>): void {
  root.router.off('HEAD', routerPath, constraints)
  table.routes.splice(table.routes.indexOf(context), 1)
}

function declare(server: Context, method: string | string[], path: string, options?: RouteInput | RouteHandlerFn, handler?: RouteHandlerFn): Context {
  if (typeof options === 'function') {
    handler = options
    options = {}
  }
  if (typeof handler === 'function') {
    // the second argument is the options when a handler comes third (`undefined` and `null` are refused)
    if (Object.prototype.toString.call(options) !== '[object Object]') throw new codes.SVC_ERR_ROUTE_OPTIONS_NOT_OBJ(String(method), path)
    if (options?.handler !== undefined) throw new codes.SVC_ERR_ROUTE_DUPLICATED_HANDLER(String(method), path)
  }
  const opts = options ?? {}
  return route.call(server, { ...opts, method, url: path, handler: handler ?? opts.handler })
}

export function shorthand(method: string) {
  return function declareMethod(this: Context, path: string, options?: RouteInput | RouteHandlerFn, handler?: RouteHandlerFn): Context {
    return declare(this, method, path, options, handler)
  }
}

export function all(this: Context, path: string, options?: RouteInput | RouteHandlerFn, handler?: RouteHandlerFn): Context {
  const root: RootState = this[kRoot]
  return declare(this, root.methods.list(), path, options, handler)
}

function queried(options: RouteQuery | undefined): { method: FindMyWay.HTTPMethod; url: string } | null {
  if (options === null || typeof options !== 'object') return null
  const { method, url } = options
  if (typeof method !== 'string' || typeof url !== 'string' || url === '') return null
  return { method: method.toUpperCase() as FindMyWay.HTTPMethod, url }
}

function queriedConstraints(options: RouteQuery): Record<string, unknown> | undefined {
  const constraints = options.constraints
  return constraints !== null && typeof constraints === 'object' && !Array.isArray(constraints) ? constraints : undefined
}

export function hasRoute(this: Context, options: RouteQuery): boolean {
  const query = queried(options)
  if (query === null) return false
  const root: RootState = this[kRoot]
  return root.router.hasRoute(query.method, query.url, queriedConstraints(options))
}

/** The route a request for `url` would reach, as a copy, or null; `/users/:id` matches itself with `params.id === ':id'`. */
export function findRoute(this: Context, options: RouteQuery): FoundRoute | null {
  const query = queried(options)
  if (query === null) return null
  const root: RootState = this[kRoot]
  const found = root.router.find(query.method, query.url, queriedConstraints(options))
  if (found === null || found.store === null) return null
  const route = found.store as RouteContext
  return { handler: route.handler, params: { ...found.params }, searchParams: { ...found.searchParams } }
}

export function printRoutes(this: Context, options?: PrintRoutesOptions): string {
  const root: RootState = this[kRoot]
  // a copy: the router writes into the options it is given
  const print: Record<string, unknown> = { ...options }
  if (options?.includeHooks === true) {
    const asked = options.includeMeta
    print.includeMeta = Array.isArray(asked) ? [...requestHookNames, ...asked] : requestHookNames
  }
  return root.router.prettyPrint(print as Parameters<RootState['router']['prettyPrint']>[0])
}
