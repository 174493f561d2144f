/**
 * @module model/router-options
 * The router's settings: the `routerOptions` factory option merged over the router options
 * still accepted at the top level (`routerOptions` wins), each checked, and the find-my-way
 * configuration built from them. The user's object is never changed, so it can be reused.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type FindMyWay from 'find-my-way'
import { codes } from '../core/errors.js'
import { requestHookNames } from '../hooks/names.js'

type RawHandler = (req: IncomingMessage, res: ServerResponse) => void
type PathHandler = (path: string, req: IncomingMessage, res: ServerResponse) => void

/** The router's settings once checked: what find-my-way is built with, before warren's own handlers. */
export interface RouterSettings {
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  caseSensitive: boolean
  maxParamLength: number
  allowUnsafeRegex: boolean
  useSemicolonDelimiter: boolean
  /** Build a lookup function per method tree at start-up (find-my-way's `compile()`). */
  compile: boolean
  querystringParser?: (query: string) => Record<string, unknown>
  buildPrettyMeta?: (route: unknown) => Record<string, unknown>
  constraints?: Record<string, unknown>
  /** A user's handlers replace warren's: no route matched, a URL that cannot be decoded, a parameter too long. */
  defaultRoute?: RawHandler
  onBadUrl?: PathHandler
  onMaxParamLength?: PathHandler
}

type Check = (value: unknown) => boolean
const isBoolean: Check = (value) => typeof value === 'boolean'
const isFunction: Check = (value) => typeof value === 'function'
const isNonNegativeInteger: Check = (value) => Number.isInteger(value) && (value as number) >= 0
const isObject: Check = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Every key `routerOptions` accepts: its type check, and whether the top level accepts it too. */
const keys: Record<keyof RouterSettings, { check: Check; expected: string; topLevel: boolean }> = {
  ignoreTrailingSlash: { check: isBoolean, expected: 'a boolean', topLevel: true },
  ignoreDuplicateSlashes: { check: isBoolean, expected: 'a boolean', topLevel: true },
  caseSensitive: { check: isBoolean, expected: 'a boolean', topLevel: true },
  maxParamLength: { check: isNonNegativeInteger, expected: 'a non-negative integer', topLevel: true },
  allowUnsafeRegex: { check: isBoolean, expected: 'a boolean', topLevel: true },
  useSemicolonDelimiter: { check: isBoolean, expected: 'a boolean', topLevel: true },
  // checked apart: its error is Fastify's SVC_ERR_QSP_NOT_FN
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

/** The `routerOptions` each application was given, as given (frozen copies): what `initialConfig` shows. */
const givenOptions = new WeakMap<RouterSettings, Readonly<Record<string, unknown>>>()

/** The `routerOptions` the application was created with (a frozen copy), or undefined when it was given none. */
export function givenRouterOptions(settings: RouterSettings): Readonly<Record<string, unknown>> | undefined {
  return givenOptions.get(settings)
}

/** The router keys the factory accepts at the top level (`routerOptions` is the place for all of them). */
export const topLevelRouterKeys = (Object.keys(keys) as Array<keyof RouterSettings>).filter((key) => keys[key].topLevel)

/**
 * Reads the router settings from the factory options: `routerOptions.x`, else the top-level `x`
 * (for the keys the top level accepts), else the default. A wrong type throws
 * `SVC_ERR_INIT_OPTS_INVALID` naming the key; a `querystringParser` that is not a function throws
 * `SVC_ERR_QSP_NOT_FN`; a key find-my-way does not know is refused, as unknown factory options are.
 */
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

/** warren's answers to what the router cannot route; the user's `routerOptions` handlers win over them. */
export interface RouterHandlers {
  defaultRoute: RawHandler
  onBadUrl: PathHandler
  onMaxParamLength: PathHandler
}

/** The find-my-way configuration of the application's router. */
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

/** What a route context (the router's store) shows to `printRoutes`. */
interface RouteMetaSource {
  errorHandler: { fn: unknown }
  routeOptions: { logLevel?: string }
  hooks: Record<string, unknown[] | null>
}

/**
 * What `printRoutes({ includeMeta })` shows of a route by default: its error handler, log level
 * and request hooks (`includeHooks` selects the hooks). Never the route context itself.
 */
function routeMeta(route: { store?: unknown }): Record<string, unknown> {
  // the router's stores are route contexts (model/route-context), read here by their shape
  const context = route.store as RouteMetaSource | null | undefined
  if (context === null || context === undefined) return {}
  const meta: Record<string, unknown> = {
    errorHandler: context.errorHandler.fn,
    logLevel: context.routeOptions.logLevel,
  }
  for (const name of requestHookNames) meta[name] = context.hooks[name] ?? undefined
  return meta
}
