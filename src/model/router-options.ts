/**
 * @module model/router-options
 * The router's settings: `routerOptions` over the top-level router options, checked, and the
 * find-my-way configuration built from them (the user's object is never changed).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from '../core/errors.js'
import { requestHookNames } from '../hooks/names.js'

type RawHandler = (req: IncomingMessage, res: ServerResponse) => void
type PathHandler = (path: string, req: IncomingMessage, res: ServerResponse) => void

export interface RouterSettings {
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  caseSensitive: boolean
  maxParamLength: number
  allowUnsafeRegex: boolean
  useSemicolonDelimiter: boolean
  /** Build a lookup function per method tree at start-up. */
  compile: boolean
  querystringParser?: (query: string) => Record<string, unknown>
  buildPrettyMeta?: (route: unknown) => Record<string, unknown>
  constraints?: Record<string, unknown>
  /** A user's handlers replace warren's for what the router cannot route. */
  defaultRoute?: RawHandler
  onBadUrl?: PathHandler
  onMaxParamLength?: PathHandler
}

type Check = (value: unknown) => boolean
const isBoolean: Check = (value) => typeof value === 'boolean'
const isFunction: Check = (value) => typeof value === 'function'
const isNonNegativeInteger: Check = (value) => Number.isInteger(value) && (value as number) >= 0
const isObject: Check = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)

const keys: Record<keyof RouterSettings, { check: Check; expected: string; topLevel: boolean }> = {
  ignoreTrailingSlash: { check: isBoolean, expected: 'a boolean', topLevel: true },
  ignoreDuplicateSlashes: { check: isBoolean, expected: 'a boolean', topLevel: true },
  caseSensitive: { check: isBoolean, expected: 'a boolean', topLevel: true },
  maxParamLength: { check: isNonNegativeInteger, expected: 'a non-negative integer', topLevel: true },
  allowUnsafeRegex: { check: isBoolean, expected: 'a boolean', topLevel: true },
  useSemicolonDelimiter: { check: isBoolean, expected: 'a boolean', topLevel: true },
  // checked apart, with its own error code
  querystringParser: { check: isFunction, expected: 'a function', topLevel: true },
  compile: { check: isBoolean, expected: 'a boolean', topLevel: false },
  buildPrettyMeta: { check: isFunction, expected: 'a function', topLevel: false },
  constraints: { check: isObject, expected: 'an object of constraint strategies', topLevel: true },
  defaultRoute: { check: isFunction, expected: 'a function', topLevel: false },
  onBadUrl: { check: isFunction, expected: 'a function', topLevel: false },
  onMaxParamLength: { check: isFunction, expected: 'a function', topLevel: false },
}

const defaults = {
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  caseSensitive: true,
  maxParamLength: 100,
  allowUnsafeRegex: false,
  useSemicolonDelimiter: false,
  compile: false,
}

const givenOptions = new WeakMap<RouterSettings, Readonly<Record<string, unknown>>>()

export function givenRouterOptions(settings: RouterSettings): Readonly<Record<string, unknown>> | undefined {
  return givenOptions.get(settings)
}

/** Router keys the top level still accepts (`routerOptions` is the place for all of them). */
export const topLevelRouterKeys = (Object.keys(keys) as Array<keyof RouterSettings>).filter((key) => keys[key].topLevel)

/** `routerOptions.x`, else the top-level `x`, else the default; a key find-my-way does not know is refused. */
export function resolveRouterOptions(options: Record<string, unknown>): RouterSettings {
  const given = options.routerOptions ?? {}
  if (!isObject(given)) throw new codes.SVC_ERR_INIT_OPTS_INVALID('routerOptions', 'expected an object')
  const own = given as Record<string, unknown>
  for (const key of Object.keys(own)) {
    if (!Object.hasOwn(keys, key) && own[key] !== undefined) throw new codes.SVC_ERR_INIT_OPTS_INVALID(`routerOptions.${key}`, 'unknown option')
  }
  const settings: Record<string, unknown> = { ...defaults }
  for (const key of Object.keys(keys) as Array<keyof RouterSettings>) {
    const { check, expected, topLevel } = keys[key]
    const inRouterOptions = own[key] !== undefined
    const value = inRouterOptions ? own[key] : topLevel ? options[key] : undefined
    if (value === undefined) continue
    if (key === 'querystringParser' && !check(value)) throw new codes.SVC_ERR_QSP_NOT_FN(typeof value)
    if (!check(value)) {
      const name = inRouterOptions ? `routerOptions.${key}` : key
      throw new codes.SVC_ERR_INIT_OPTS_INVALID(name, `expected ${expected}, got ${JSON.stringify(value) ?? typeof value}`)
    }
    settings[key] = value
  }
  const resolved = Object.freeze(settings) as unknown as RouterSettings
  if (options.routerOptions !== undefined) givenOptions.set(resolved, Object.freeze({ ...own }))
  return resolved
}

export interface RouterHandlers {
  defaultRoute: RawHandler
  onBadUrl: PathHandler
  onMaxParamLength: PathHandler
}

export function routerConfig(settings: RouterSettings, handlers: RouterHandlers): FindMyWay.Config<FindMyWay.HTTPVersion.V1> {
  const { compile: _compile, ...config } = settings
  return {
    ...config,
    defaultRoute: settings.defaultRoute ?? handlers.defaultRoute,
    onBadUrl: settings.onBadUrl ?? handlers.onBadUrl,
    onMaxParamLength: settings.onMaxParamLength ?? handlers.onMaxParamLength,
    buildPrettyMeta: settings.buildPrettyMeta ?? routeMeta,
  } as FindMyWay.Config<FindMyWay.HTTPVersion.V1>
}

interface RouteMetaSource {
  errorHandler: { fn: unknown }
  routeOptions: { logLevel?: string }
  hooks: Record<string, unknown[] | null>
}

/** What `printRoutes({ includeMeta })` shows by default: error handler, log level and request hooks, never the route context. */
function routeMeta(route: { store?: unknown }): Record<string, unknown> {
  const context = route.store as RouteMetaSource | null | undefined
  if (context === null || context === undefined) return {}
  const meta: Record<string, unknown> = {
    errorHandler: context.errorHandler.fn,
    logLevel: context.routeOptions.logLevel,
  }
  for (const name of requestHookNames) meta[name] = context.hooks[name] ?? undefined
  return meta
}
