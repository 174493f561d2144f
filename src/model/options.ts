/**
 * @module model/options
 * The factory options, checked and completed with their defaults.
 */
import type { IncomingMessage, ServerOptions as HttpServerOptions } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import { codes } from '../core/errors.js'
import type { ChildLoggerFactory, ClientErrorHandler, ErrorFormat, FrameworkErrorsHandler, PrecompiledSchemas, ProtoAction, SchemaController, SchemaErrorFormatter, SerializerOptions, ServerFactory, ValidatorOptions, WarrenOptions } from '../types/index.js'
import { isSchemaCacheOption, type SchemaCacheOption } from '../schema/cache-option.js'
import { precompiledModuleProblem } from '../schema/precompiled.js'
import { resolveRouterOptions, type RouterSettings } from './router-options.js'
import type { Request } from './request.js'
import { compileTrustProxy, isTrustProxyOption, type TrustProxy, type TrustProxyOption } from './trust-proxy.js'

export type { WarrenOptions }

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
  constraints: Record<string, unknown> | undefined
  /** `routerOptions` over the top-level router options. */
  routerOptions: RouterSettings
  /** Called with the root instance as `this`. */
  rewriteUrl: ((this: unknown, req: IncomingMessage) => string) | undefined
  frameworkErrors: FrameworkErrorsHandler | undefined
  exposeHeadRoutes: boolean
  /** Null: forwarded headers are ignored. */
  trustProxy: TrustProxy | null
  disableRequestLogging: boolean | ((request: Request) => boolean)
  onProtoPoisoning: ProtoAction
  onConstructorPoisoning: ProtoAction
  schemaErrorFormatter: SchemaErrorFormatter | undefined
  validator: ValidatorOptions
  serializerOpts: SerializerOptions
  schemaCache: SchemaCacheOption
  precompiledSchemas: PrecompiledSchemas | null
  schemaController: SchemaController | null
  https: HttpsServerOptions | null
  http: HttpServerOptions | null
  http2: boolean
  http2SessionTimeout: number
  serverFactory: ServerFactory | undefined
  maxRequestsPerSocket: number
  /** Milliseconds from arrival to reply before a 503 (0: no limit). */
  handlerTimeout: number
  childLoggerFactory: ChildLoggerFactory | undefined
  clientErrorHandler: ClientErrorHandler | undefined
  exposeServerErrors: boolean
  errorFormat: ErrorFormat
  allowErrorHandlerOverride: boolean
}

type Check = (value: unknown) => boolean
const isBoolean: Check = (value) => typeof value === 'boolean'
const isFunction: Check = (value) => typeof value === 'function'
const isFunctionOrNull: Check = (value) => value === null || typeof value === 'function'
// the schema error formatter is synchronous (an async one would answer a Promise)
const isSyncFunction: Check = (value) => isFunction(value) && (value as Function).constructor.name !== 'AsyncFunction'
const isString: Check = (value) => typeof value === 'string'
const isNonNegativeInteger: Check = (value) => Number.isInteger(value) && (value as number) >= 0
const isPoisoningAction: Check = (value) => value === 'error' || value === 'remove' || value === 'ignore'
const isObject: Check = (value) => value !== null && typeof value === 'object' && !Array.isArray(value)
const isErrorFormat: Check = (value) => value === 'fastify' || value === 'problem' || isFunction(value)

/** A schema error formatter runs inside validation, which cannot wait: it must be synchronous. */
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

function precompiledSchemasOption(value: unknown): PrecompiledSchemas | null {
  if (value === undefined || value === null) return null
  const problem = precompiledModuleProblem(value)
  if (problem !== null) throw new codes.SVC_ERR_INIT_OPTS_INVALID('precompiledSchemas', problem)
  return value as PrecompiledSchemas
}

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
    frameworkErrors: option(o, 'frameworkErrors', isFunctionOrNull, 'a function', undefined) ?? undefined,
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
    precompiledSchemas: precompiledSchemasOption(o.precompiledSchemas),
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

/** fast-json-stringify options; `schema` and `mode` are warren's to set, so they are refused. */
function serializerOptions(o: Record<string, unknown>): SerializerOptions {
  const value = option<SerializerOptions>(o, 'serializerOpts', isObject, 'an object', {})
  for (const key of ['schema', 'mode']) {
    if ((value as Record<string, unknown>)[key] !== undefined) throw new codes.SVC_ERR_INIT_OPTS_INVALID(`serializerOpts.${key}`, 'warren sets it itself')
  }
  return value
}

function requestIdHeader(value: string | boolean): string | false {
  if (value === true) return 'request-id'
  return value === '' ? false : value
}

function httpsOption(value: HttpsServerOptions | boolean | null): HttpsServerOptions | null {
  if (value === true) return {}
  return value === false ? null : value
}

const replacedOptions: Record<string, string> = {
  ajv: "warren has no 'ajv' option: configure its Ajv with 'validator: { customOptions, plugins }'",
  fastifyErrorBodies: "removed: error bodies are Fastify's by default; 'errorFormat' chooses another shape ('problem' or a function)",
}

/** A misspelt or foreign option would be ignored in silence and surface later as a puzzle, so it is refused. */
function refuseUnknown(given: Record<string, unknown>, known: NormalizedOptions): void {
  for (const key of Object.keys(given)) {
    // an option spelt out as undefined is an option not given
    if (Object.hasOwn(known, key) || given[key] === undefined) continue
    const hint = Object.hasOwn(replacedOptions, key) ? replacedOptions[key] : 'unknown option'
    throw new codes.SVC_ERR_INIT_OPTS_INVALID(key, hint)
  }
}

/** A schema controller: an object whose `bucket` and `compilersFactory` builders, if given, are functions. */
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
