/**
 * @module model/options
 * The factory options: checked (a wrong type throws `SVC_ERR_INIT_OPTS_INVALID` naming the
 * option) and completed with their defaults.
 */
import type { IncomingMessage, ServerOptions as HttpServerOptions } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import { codes } from '../core/errors.js'
import type { ChildLoggerFactory, ClientErrorHandler, ErrorFormat, FrameworkErrorsHandler, ProtoAction, SchemaController, SchemaErrorFormatter, SerializerOptions, ServerFactory, ValidatorOptions, WarrenOptions } from '../types/index.js'
import { isSchemaCacheOption, type SchemaCacheOption } from '../schema/cache-option.js'
import { resolveRouterOptions, type RouterSettings } from './router-options.js'
import { compileTrustProxy, isTrustProxyOption, type TrustProxy, type TrustProxyOption } from './trust-proxy.js'

export type { WarrenOptions }

/** The factory options after validation, with defaults filled. */
export interface NormalizedOptions {
  logger: unknown
  loggerInstance: unknown
  bodyLimit: number
  genReqId: ((req: IncomingMessage) => string) | undefined
  requestIdHeader: string | false
  requestIdLogLabel: string
  pluginTimeout: number
  return503OnClosing: boolean
  connectionTimeout: number
  keepAliveTimeout: number
  requestTimeout: number
  forceCloseConnections: boolean | 'idle'
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  caseSensitive: boolean
  maxParamLength: number
  querystringParser: ((query: string) => Record<string, unknown>) | undefined
  allowUnsafeRegex: boolean
  useSemicolonDelimiter: boolean
  /** Custom constraint strategies of the router, by name. */
  constraints: Record<string, unknown> | undefined
  /** The router's settings: `routerOptions` over the top-level router options (model/router-options). */
  routerOptions: RouterSettings
  /** Replaces each request's URL before it is routed (`this` is the root instance). */
  rewriteUrl: ((this: any, req: IncomingMessage) => string) | undefined
  /** Answers what the router refuses (a bad URL, a parameter too long, a failing async constraint) instead of warren. */
  frameworkErrors: FrameworkErrorsHandler | undefined
  exposeHeadRoutes: boolean
  /** Whether a hop is a trusted proxy; null: forwarded headers are ignored. */
  trustProxy: TrustProxy | null
  /** `true`, or a function of the request saying whether that request is not logged. */
  disableRequestLogging: boolean | ((request: any) => boolean)
  onProtoPoisoning: ProtoAction
  onConstructorPoisoning: ProtoAction
  schemaErrorFormatter: SchemaErrorFormatter | undefined
  validator: ValidatorOptions
  /** Options of the default serializer (fast-json-stringify). */
  serializerOpts: SerializerOptions
  schemaCache: SchemaCacheOption
  /** The application's schema controller; null: warren's store and compilers. */
  schemaController: SchemaController | null
  https: HttpsServerOptions | null
  /** Options given to `http.createServer` (or `http2.createServer`). */
  http: HttpServerOptions | null
  http2: boolean
  http2SessionTimeout: number
  /** Builds the server instead of warren: `serverFactory(handler, options)`. */
  serverFactory: ServerFactory | undefined
  maxRequestsPerSocket: number
  /** Milliseconds a request may take from arrival to its reply before a 503 (0: no limit). */
  handlerTimeout: number
  childLoggerFactory: ChildLoggerFactory | undefined
  clientErrorHandler: ClientErrorHandler | undefined
  /** 5xx answers carry the error's own message (else the status phrase; the message is logged). */
  exposeServerErrors: boolean
  /** The shape of the error bodies warren writes: `'fastify'`, `'problem'` or a function. */
  errorFormat: ErrorFormat
  /** Whether `setErrorHandler` may replace the handler a context already set. */
  allowErrorHandlerOverride: boolean
}

type Check = (value: unknown) => boolean
const isBoolean: Check = (value) => typeof value === 'boolean'
const isFunction: Check = (value) => typeof value === 'function'
// the schema error formatter is synchronous (an async one would answer a Promise)
const isSyncFunction: Check = (value) => isFunction(value) && (value as Function).constructor.name !== 'AsyncFunction'
const isString: Check = (value) => typeof value === 'string'
const isNonNegativeInteger: Check = (value) => Number.isInteger(value) && (value as number) >= 0
const isPoisoningAction: Check = (value) => value === 'error' || value === 'remove' || value === 'ignore'
const isObject: Check = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)
const isErrorFormat: Check = (value) => value === 'fastify' || value === 'problem' || isFunction(value)

/**
 * A schema error formatter (factory option or `setSchemaErrorFormatter`) runs inside validation,
 * which cannot wait: it must be a synchronous function. Fastify's code and wording otherwise.
 */
export function checkSchemaErrorFormatter(value: unknown): SchemaErrorFormatter {
  if (isSyncFunction(value)) return value as SchemaErrorFormatter
  throw new codes.SVC_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN(typeof value === 'function' ? value.constructor.name : typeof value)
}

function option<T>(options: Record<string, unknown>, name: string, check: Check, expected: string, fallback: T): T {
  const value = options[name]
  if (value === undefined) return fallback
  if (!check(value)) throw new codes.SVC_ERR_INIT_OPTS_INVALID(name, `expected ${expected}, got ${JSON.stringify(value) ?? typeof value}`)
  return value as T
}

/** Validates the factory options; a wrong type throws `SVC_ERR_INIT_OPTS_INVALID` naming the option. */
export function normalizeOptions(input: unknown): NormalizedOptions {
  if (input === undefined || input === null) input = {}
  if (!isObject(input)) throw new codes.SVC_ERR_OPTIONS_NOT_OBJ()
  const o = input as Record<string, unknown>
  const validator = option<ValidatorOptions>(o, 'validator', isObject, 'an object', {})
  if (validator.customOptions !== undefined && !isObject(validator.customOptions)) {
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('validator.customOptions', 'expected an object')
  }
  if (validator.plugins !== undefined && !Array.isArray(validator.plugins)) {
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('validator.plugins', 'expected an array')
  }
  const router = resolveRouterOptions(o)
  const normalized: NormalizedOptions = {
    logger: option(o, 'logger', (v) => isBoolean(v) || isObject(v), 'a boolean, pino options or a logger', false),
    // checked by createLogger (core/logger), which knows what a logger is
    loggerInstance: o.loggerInstance,
    bodyLimit: option(o, 'bodyLimit', isNonNegativeInteger, 'a non-negative integer', 1024 * 1024),
    genReqId: option(o, 'genReqId', isFunction, 'a function', undefined),
    requestIdHeader: requestIdHeader(option(o, 'requestIdHeader', (v) => isBoolean(v) || isString(v), 'a string or a boolean', false)),
    requestIdLogLabel: option(o, 'requestIdLogLabel', isString, 'a string', 'reqId'),
    pluginTimeout: option(o, 'pluginTimeout', isNonNegativeInteger, 'a non-negative integer', 10000),
    return503OnClosing: option(o, 'return503OnClosing', isBoolean, 'a boolean', true),
    connectionTimeout: option(o, 'connectionTimeout', isNonNegativeInteger, 'a non-negative integer', 0),
    keepAliveTimeout: option(o, 'keepAliveTimeout', isNonNegativeInteger, 'a non-negative integer', 72000),
    requestTimeout: option(o, 'requestTimeout', isNonNegativeInteger, 'a non-negative integer', 0),
    forceCloseConnections: option(o, 'forceCloseConnections', (v) => isBoolean(v) || v === 'idle', "a boolean or 'idle'", 'idle'),
    ignoreTrailingSlash: router.ignoreTrailingSlash,
    ignoreDuplicateSlashes: router.ignoreDuplicateSlashes,
    caseSensitive: router.caseSensitive,
    maxParamLength: router.maxParamLength,
    querystringParser: router.querystringParser,
    allowUnsafeRegex: router.allowUnsafeRegex,
    useSemicolonDelimiter: router.useSemicolonDelimiter,
    constraints: router.constraints,
    routerOptions: router,
    frameworkErrors: option(o, 'frameworkErrors', isFunction, 'a function', undefined),
    rewriteUrl: option(o, 'rewriteUrl', isFunction, 'a function', undefined),
    exposeHeadRoutes: option(o, 'exposeHeadRoutes', isBoolean, 'a boolean', true),
    trustProxy: compileTrustProxy(option<TrustProxyOption>(o, 'trustProxy', isTrustProxyOption, 'a boolean, a hop count, an address list (array or comma-separated string) or a function', false)),
    disableRequestLogging: option(o, 'disableRequestLogging', (v) => isBoolean(v) || isFunction(v), 'a boolean or a function', false),
    onProtoPoisoning: option(o, 'onProtoPoisoning', isPoisoningAction, "'error', 'remove' or 'ignore'", 'error'),
    onConstructorPoisoning: option(o, 'onConstructorPoisoning', isPoisoningAction, "'error', 'remove' or 'ignore'", 'error'),
    schemaErrorFormatter: o.schemaErrorFormatter === undefined ? undefined : checkSchemaErrorFormatter(o.schemaErrorFormatter),
    validator,
    serializerOpts: serializerOptions(o),
    schemaCache: option(o, 'schemaCache', isSchemaCacheOption, 'a boolean or { dir: string }', false),
    schemaController: o.schemaController === undefined ? null : checkSchemaController(o.schemaController, 'schemaController'),
    // `https: true` is TLS with Node's defaults (certificates set later, e.g. by SNI callbacks)
    https: httpsOption(option(o, 'https', (v) => v === null || v === true || v === false || isObject(v), 'an object or a boolean', null)),
    http: option(o, 'http', (v) => v === null || isObject(v), 'an object', null),
    http2: option(o, 'http2', isBoolean, 'a boolean', false),
    http2SessionTimeout: option(o, 'http2SessionTimeout', isNonNegativeInteger, 'a non-negative integer', 72000),
    serverFactory: option(o, 'serverFactory', isFunction, 'a function', undefined),
    maxRequestsPerSocket: option(o, 'maxRequestsPerSocket', (v) => v === null || isNonNegativeInteger(v), 'a non-negative integer', 0) ?? 0,
    handlerTimeout: option(o, 'handlerTimeout', isNonNegativeInteger, 'a non-negative integer', 0),
    childLoggerFactory: option(o, 'childLoggerFactory', isFunction, 'a function', undefined),
    clientErrorHandler: option(o, 'clientErrorHandler', isFunction, 'a function', undefined),
    // on by default outside production: a thrown message may hold secrets, but in development it is what you need to see
    exposeServerErrors: option(o, 'exposeServerErrors', isBoolean, 'a boolean', process.env.NODE_ENV !== 'production'),
    errorFormat: option<ErrorFormat>(o, 'errorFormat', isErrorFormat, "'fastify', 'problem' or a function (error, request, reply) => { status?, headers?, body }", 'fastify'),
    allowErrorHandlerOverride: option(o, 'allowErrorHandlerOverride', isBoolean, 'a boolean', true),
  }
  refuseUnknown(o, normalized)
  return normalized
}

/**
 * `serializerOpts`: an object of fast-json-stringify options. Its `schema` (the shared schemas) and
 * `mode` (which must give a function) are warren's to set, so they are refused.
 */
function serializerOptions(o: Record<string, unknown>): SerializerOptions {
  const value = option<SerializerOptions>(o, 'serializerOpts', isObject, 'an object', {})
  for (const key of ['schema', 'mode']) {
    if ((value as Record<string, unknown>)[key] !== undefined) throw new codes.SVC_ERR_INIT_OPTS_INVALID(`serializerOpts.${key}`, 'warren sets it itself')
  }
  return value
}

/** `true` names the conventional `request-id` header; `''` and `false` turn the header off. */
function requestIdHeader(value: string | boolean): string | false {
  if (value === true) return 'request-id'
  return value === '' ? false : value
}

function httpsOption(value: HttpsServerOptions | boolean | null): HttpsServerOptions | null {
  if (value === true) return {}
  return value === false ? null : value
}

/** Options warren does not have, with what to use instead. */
const replacedOptions: Record<string, string> = {
  ajv: "warren has no 'ajv' option: configure its Ajv with 'validator: { customOptions, plugins }'",
  fastifyErrorBodies: "removed: error bodies are Fastify's by default; 'errorFormat' chooses another shape ('problem' or a function)",
}

/**
 * Every option given must be one warren knows: a misspelt or foreign option would otherwise be
 * ignored in silence and surface later as a puzzle (Fastify's `ajv` option most of all).
 */
function refuseUnknown(given: Record<string, unknown>, known: NormalizedOptions): void {
  for (const key of Object.keys(given)) {
    // an option spelt out as undefined is an option not given
    if (Object.hasOwn(known, key) || given[key] === undefined) continue
    const hint = Object.hasOwn(replacedOptions, key) ? replacedOptions[key] : 'unknown option'
    throw new codes.SVC_ERR_INIT_OPTS_INVALID(key, hint)
  }
}

/**
 * Checks a schema controller (the factory option, or `setSchemaController`'s argument): an
 * object whose `bucket`, if given, is a function, and whose `compilersFactory` builders are.
 */
export function checkSchemaController(value: unknown, name: string): SchemaController {
  if (value === null || typeof value !== 'object') throw new codes.SVC_ERR_INIT_OPTS_INVALID(name, `expected an object, got ${value === null ? "null" : typeof value}`)
  const controller = value as SchemaController
  if (controller.bucket !== undefined && typeof controller.bucket !== 'function') {
    throw new codes.SVC_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN(typeof controller.bucket)
  }
  const factory = controller.compilersFactory as Record<string, unknown> | undefined
  if (factory !== undefined) {
    if (factory === null || typeof factory !== 'object') throw new codes.SVC_ERR_INIT_OPTS_INVALID(`${name}.compilersFactory`, 'expected an object')
    for (const key of ['buildValidator', 'buildSerializer']) {
      if (factory[key] !== undefined && typeof factory[key] !== 'function') throw new codes.SVC_ERR_INIT_OPTS_INVALID(`${name}.compilersFactory.${key}`, 'expected a function')
    }
  }
  return controller
}
