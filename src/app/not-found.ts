/**
 * @module app/not-found
 * `setNotFoundHandler` (once per prefix) and the not-found route each prefix's slot holds.
 */
import type { Context } from '../model/context.js'
import type { RouteHandlerFn } from '../model/route-options.js'
import { METHODS } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from '../core/errors.js'
import { kLogLevel, kLogSerializers, kPrefix, kRoot, kRouteTable } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { RouteContext, type NotFoundSlot } from '../model/route-context.js'
import type { ResolvedRouteOptions } from '../model/route-options.js'
import { defaultNotFoundHandler } from '../serve/not-found.js'
import type { RouteTable } from './route-table.js'

/** Without a handler, the context's not-found answer stays the default 404, with the given hooks (and this prefix's own hooks) before it. */
export function setNotFoundHandler(this: Context, options?: Record<string, unknown> | RouteHandlerFn | null, handler?: RouteHandlerFn): Context {
  if (typeof options === 'function') {
    handler = options
    options = {}
  }
  const root: RootState = this[kRoot]
  root.assertNotStarted('setNotFoundHandler')
  if (handler !== undefined && typeof handler !== 'function') throw new codes.SVC_ERR_ROUTE_MISSING_HANDLER('*', this[kPrefix] + '/*')
  registerNotFoundHandler(this, handler ?? (defaultNotFoundHandler as RouteHandlerFn), options ?? {}, true)
  return this
}

export function registerNotFoundHandler(server: Context, handler: ResolvedRouteOptions['handler'], options: Record<string, unknown>, custom: boolean): void {
  const root: RootState = server[kRoot]
  const table: RouteTable = server[kRouteTable]
  const prefix: string = server[kPrefix]
  const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix
  const existing = table.notFoundSlots.get(base)
  if (existing?.custom) throw new codes.SVC_ERR_NOT_FOUND_HANDLER_ALREADY_SET(prefix || '/')
  const view: ResolvedRouteOptions = {
    ...options,
    method: '*',
    url: base + '/*',
    path: base + '/*',
    routePath: '/*',
    prefix,
    bodyLimit: root.options.bodyLimit,
    handlerTimeout: root.options.handlerTimeout,
    attachValidation: false,
    logLevel: server[kLogLevel] || '',
    logSerializers: server[kLogSerializers] ?? undefined,
    exposeHeadRoute: false,
    config: {},
    schema: undefined,
    handler,
  }
  const route = new RouteContext(root, server, view, true)
  table.routes.push(route)
  if (existing) {
    existing.route = route
    existing.custom = custom
    return
  }
  const slot: NotFoundSlot = { route, custom }
  table.notFoundSlots.set(base, slot)
  const paths = slotPaths(base, root.options.routerOptions.ignoreTrailingSlash === true)
  for (const path of paths) root.notFoundRouter.on(METHODS as FindMyWay.HTTPMethod[], path, noop, slot)
}

/** The prefix, with and without its slash unless the router takes them as one path, and all below it. */
function slotPaths(base: string, ignoreTrailingSlash: boolean): string[] {
  if (base === '') return ['/', '/*']
  return ignoreTrailingSlash ? [base, base + '/*'] : [base, base + '/', base + '/*']
}

function noop(): void {}
