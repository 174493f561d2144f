import type { IncomingMessage } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import { codes } from './errors.js'
import type { WarrenOptions } from './types/options.js'
import type { PoisoningAction } from './content-type/json-parser.js'
import type { SchemaErrorFormatter } from './schema/error-formatter.js'
import type { ValidatorOptions } from './schema/ajv-compiler.js'

export type { WarrenOptions }

/** The factory options after validation, with defaults filled. */
export interface NormalizedOptions {
  logger: unknown
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
  exposeHeadRoutes: boolean
  trustProxy: boolean
  disableRequestLogging: boolean
  onProtoPoisoning: PoisoningAction
  onConstructorPoisoning: PoisoningAction
  schemaErrorFormatter: SchemaErrorFormatter | undefined
  validator: ValidatorOptions
  https: HttpsServerOptions | null
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

function option<T>(options: Record<string, unknown>, name: string, check: Check, expected: string, fallback: T): T {
  const value = options[name]
  if (value === undefined) return fallback
  if (!check(value)) throw new codes.SVC_ERR_INIT_OPTS_INVALID(name, `expected ${expected}, got ${JSON.stringify(value) ?? typeof value}`)
  return value as T
}

/** Validates the factory options; a wrong type throws `SVC_ERR_INIT_OPTS_INVALID` naming the option. */
export function normalizeOptions(input: unknown): NormalizedOptions {
  if (input === undefined || input === null) input = {}
  if (!isObject(input)) throw new codes.SVC_ERR_INIT_OPTS_INVALID('options', 'expected an object')
  const o = input as Record<string, unknown>
  const validator = option<ValidatorOptions>(o, 'validator', isObject, 'an object', {})
  if (validator.customOptions !== undefined && !isObject(validator.customOptions)) {
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('validator.customOptions', 'expected an object')
  }
  if (validator.plugins !== undefined && !Array.isArray(validator.plugins)) {
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('validator.plugins', 'expected an array')
  }
  return {
    logger: option(o, 'logger', (v) => isBoolean(v) || isObject(v), 'a boolean, pino options or a logger', false),
    bodyLimit: option(o, 'bodyLimit', isNonNegativeInteger, 'a non-negative integer', 1024 * 1024),
    genReqId: option(o, 'genReqId', isFunction, 'a function', undefined),
    requestIdHeader: option(o, 'requestIdHeader', (v) => v === false || isString(v), 'a string or false', false),
    requestIdLogLabel: option(o, 'requestIdLogLabel', isString, 'a string', 'reqId'),
    pluginTimeout: option(o, 'pluginTimeout', isNonNegativeInteger, 'a non-negative integer', 10000),
    return503OnClosing: option(o, 'return503OnClosing', isBoolean, 'a boolean', true),
    connectionTimeout: option(o, 'connectionTimeout', isNonNegativeInteger, 'a non-negative integer', 0),
    keepAliveTimeout: option(o, 'keepAliveTimeout', isNonNegativeInteger, 'a non-negative integer', 72000),
    requestTimeout: option(o, 'requestTimeout', isNonNegativeInteger, 'a non-negative integer', 0),
    forceCloseConnections: option(o, 'forceCloseConnections', (v) => isBoolean(v) || v === 'idle', "a boolean or 'idle'", 'idle'),
    ignoreTrailingSlash: option(o, 'ignoreTrailingSlash', isBoolean, 'a boolean', false),
    ignoreDuplicateSlashes: option(o, 'ignoreDuplicateSlashes', isBoolean, 'a boolean', false),
    caseSensitive: option(o, 'caseSensitive', isBoolean, 'a boolean', true),
    maxParamLength: option(o, 'maxParamLength', isNonNegativeInteger, 'a non-negative integer', 100),
    querystringParser: option(o, 'querystringParser', isFunction, 'a function', undefined),
    exposeHeadRoutes: option(o, 'exposeHeadRoutes', isBoolean, 'a boolean', true),
    trustProxy: option(o, 'trustProxy', isBoolean, 'a boolean', false),
    disableRequestLogging: option(o, 'disableRequestLogging', isBoolean, 'a boolean', false),
    onProtoPoisoning: option(o, 'onProtoPoisoning', isPoisoningAction, "'error', 'remove' or 'ignore'", 'error'),
    onConstructorPoisoning: option(o, 'onConstructorPoisoning', isPoisoningAction, "'error', 'remove' or 'ignore'", 'error'),
    schemaErrorFormatter: option(o, 'schemaErrorFormatter', isSyncFunction, 'a synchronous function', undefined),
    validator,
    https: option(o, 'https', (v) => v === null || isObject(v), 'an object', null),
  }
}
