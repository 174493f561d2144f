/**
 * @module types/options
 * Options of the `warren()` factory.
 */

import type { IncomingMessage, RequestListener, Server, ServerOptions as HttpServerOptions } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import type { Duplex } from 'node:stream'
import type { Options as AjvOptions, Plugin as AjvPlugin } from 'ajv'
import type { Options as FjsOptions } from 'fast-json-stringify'
import type { DestinationStream, LoggerOptions } from 'pino'
import type { ProtoAction } from './content-type.js'
import type { ErrorFormat } from './error-format.js'
import type { WarrenLogger } from './logger.js'
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler } from './validation.js'
import type { FrameworkErrorsHandler, RouterOptions } from './router.js'

/** Options of the default serializer, fast-json-stringify (`rounding`, `largeArrayMechanism`, `largeArraySize`, `ajv`…). */
export type SerializerOptions = Omit<FjsOptions, 'schema' | 'mode'>

/** An Ajv plugin, or a CommonJS module whose `default` is one. */
export type AjvPluginLike = AjvPlugin<any> | { default: AjvPlugin<any> }

/** Settings of the default Ajv validator. */
export interface ValidatorOptions {
  /** Ajv options that override warren's baseline (`coerceTypes: 'array'`, `useDefaults`, `removeAdditional`, `allErrors: false`…). */
  customOptions?: AjvOptions & {
    /** Accepted for configurations written for older Ajv versions, and dropped: Ajv 8 always reports JSON Pointers. */
    jsonPointers?: boolean
  }
  /**
   * Ajv plugins to apply, alone or with their options: `[ajvErrors, [ajvKeywords, ['typeof']]]`. A CommonJS module whose `default`
   * is the plugin (how `import ajvErrors from 'ajv-errors'` is typed) is accepted as is.
   */
  plugins?: Array<AjvPluginLike | [AjvPluginLike, unknown]>
}

/**
 * Builds the HTTP server instead of warren (`serverFactory` option): it receives the request handler to serve with and the
 * factory options, and returns a server (http, https, http2 or anything with `listen`, `close` and `address`).
 */
export type ServerFactory = (handler: RequestListener, options: WarrenOptions) => Server | object

/**
 * Builds the logger of one request (`childLoggerFactory` option, `setChildLoggerFactory`): `this` is the route's instance,
 * `logger` the instance's logger, `bindings` holds the request id under `requestIdLogLabel`, `options` holds `level` only when
 * the route sets a `logLevel`.
 */
export type ChildLoggerFactory = (
  this: any,
  logger: WarrenLogger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
  rawRequest: IncomingMessage,
) => WarrenLogger

/**
 * Answers a request Node could not parse or that timed out before it was complete (`clientErrorHandler` option): the server's
 * `clientError` event, with `this` the root instance.
 */
export type ClientErrorHandler = (this: any, error: Error & { code?: string }, socket: Duplex) => void

/** Options of the `warren()` factory. Every one is optional. */
/** A context's schema storage, built by `schemaController.bucket`. */
export interface SchemaBucket {
  /** Stores a schema (`addSchema`). */
  add(schema: unknown): void
  /** The schema with that `$id` (`getSchema`). */
  getSchema(id: string): unknown
  /** Every schema of the context (`getSchemas` answers this; a `Map` or an object by `$id`). */
  getSchemas(): unknown
}

/** The validators and serializers `warren compile <entry> --esm <out.js>` writes, imported whole (`import * as schemas from './schemas.js'`). */
export interface PrecompiledSchemas {
  /** Which version of the module's shape it is. */
  readonly format: string
  /** By key, a function that loads one schema's validator or serializer. */
  readonly entries: { readonly [key: string]: () => unknown }
}

/** Where a context's shared schemas live and how its default compilers are built (the `schemaController` factory option, `setSchemaController` per context). */
export interface SchemaController {
  /** Builds one context's bucket from its parent's `getSchemas()` (nothing for the root). */
  bucket?: (parentSchemas?: unknown) => SchemaBucket
  /** Builders of the context's default compilers, given its shared schemas by `$id`. */
  compilersFactory?: {
    /** Builds the validator compiler (given the application's `validator` options). */
    buildValidator?: (externalSchemas: Record<string, unknown>, validatorOptions: ValidatorOptions) => ValidatorCompiler
    /** Builds the serializer compiler. */
    buildSerializer?: (externalSchemas: Record<string, unknown>, serializerOptions: Record<string, unknown>) => SerializerCompiler
  }
}

export interface WarrenOptions {
  /** `true` for a pino logger, or pino options; off by default (a ready logger goes in `loggerInstance`). */
  logger?: boolean | (LoggerOptions & {
    /** Where log lines are written (default: stdout). */
    stream?: DestinationStream
    /** A file to append log lines to, created if missing (when no `stream` is given). */
    file?: string
  })
  /**
   * A ready logger (a pino instance, or anything with `info`, `error`, `debug`, `fatal`, `warn`, `trace` and `child`); not
   * together with `logger`.
   */
  loggerInstance?: WarrenLogger
  /** Maximum body size in bytes (default 1 MiB). */
  bodyLimit?: number
  /** Generates the id of each request. */
  genReqId?: (req: IncomingMessage) => string
  /** Header whose value becomes the request id (`true`: `request-id`), or `false` / `''` to ignore any. */
  requestIdHeader?: string | boolean
  /** Key of the request id in log lines. */
  requestIdLogLabel?: string
  /** Milliseconds a plugin may take to load before `ready` fails. */
  pluginTimeout?: number
  /** Answer 503 to requests that arrive while the server is closing. */
  return503OnClosing?: boolean
  /** Socket timeout in milliseconds. */
  connectionTimeout?: number
  /** Keep-alive timeout in milliseconds. */
  keepAliveTimeout?: number
  /** Timeout for receiving the entire request, in milliseconds. */
  requestTimeout?: number
  /** Close open connections at `close()`: all (`true`) or only idle ones (`'idle'`). */
  forceCloseConnections?: boolean | 'idle'
  /** `/a` and `/a/` match the same route. */
  ignoreTrailingSlash?: boolean
  /** `//a` and `/a` match the same route. */
  ignoreDuplicateSlashes?: boolean
  /** Paths match case-sensitively (default `true`). */
  caseSensitive?: boolean
  /** Maximum length of one path parameter. */
  maxParamLength?: number
  /** Replaces the query string parser. */
  querystringParser?: (str: string) => Record<string, unknown>
  /** Accept regex route parameters that may backtrack exponentially (default `false`). */
  allowUnsafeRegex?: boolean
  /** `;` also starts the query string (default `false`). */
  useSemicolonDelimiter?: boolean
  /** Custom constraint strategies of the router, by name (find-my-way's `constraints`). */
  constraints?: RouterOptions['constraints']
  /** The router's settings; each beats the top-level option of the same name. */
  routerOptions?: RouterOptions
  /**
   * Replaces each request's URL before it is routed (`this` is the root instance); must return a string, else that request
   * answers 500 `SVC_ERR_ROUTE_REWRITE_NOT_STR`.
   */
  rewriteUrl?: (this: any, req: IncomingMessage) => string
  /** Answers a request the router refused (bad URL, parameter too long, failing async constraint) instead of warren. */
  frameworkErrors?: FrameworkErrorsHandler
  /** GET routes also answer HEAD (default `true`). */
  exposeHeadRoutes?: boolean
  /**
   * Trust `x-forwarded-*` headers for `ip`, `ips`, `host`, `protocol`: `true` (every hop), an address or CIDR list (array, or
   * comma-separated string; `'loopback'`, `'uniquelocal'`… too), or a function `(address, hop) => boolean`.
   */
  trustProxy?: boolean | number | string | readonly string[] | ((address: string, hop: number) => boolean)
  /** Do not log each request and response: `true`, or a function of the request saying which ones. */
  disableRequestLogging?: boolean | ((request: any) => boolean)
  /** What to do with `__proto__` keys in JSON bodies (default `'error'`). */
  onProtoPoisoning?: ProtoAction
  /** What to do with `constructor.prototype` keys in JSON bodies (default `'error'`). */
  onConstructorPoisoning?: ProtoAction
  /** Turns validation errors into the Error sent back. */
  schemaErrorFormatter?: SchemaErrorFormatter
  /** Settings of the default validator. */
  validator?: ValidatorOptions
  /** Options of the default serializer, fast-json-stringify: `{ rounding: 'ceil' }` rounds a non-integer sent for an integer up. */
  serializerOpts?: SerializerOptions
  /**
   * Keep the code the default compilers generate (Ajv, fast-json-stringify) on disk and load it at the next start instead of
   * compiling: `true` uses `node_modules/.cache/warren` under the working directory, `{ dir }` another directory.
   */
  schemaCache?: boolean | { dir?: string }
  /**
   * The module `warren compile --esm` wrote for this application: the default compilers load every schema's validator and
   * serializer from it and compile none, so the application runs where code generation is refused.
   */
  precompiledSchemas?: PrecompiledSchemas
  /** Schema storage and default compiler builders for the application (see {@link SchemaController}). */
  schemaController?: SchemaController
  /** Serve HTTPS with these TLS options (`true`: Node's defaults; `null` or absent: plain HTTP). */
  https?: HttpsServerOptions | boolean | null
  /** Options passed to `http.createServer` (e.g. `requireHostHeader`, `connectionsCheckingInterval`). */
  http?: HttpServerOptions | null
  /** Serve HTTP/2 (with `https`, over TLS; otherwise cleartext h2c). Default `false`. */
  http2?: boolean
  /** Milliseconds an idle HTTP/2 session is kept before it is closed (default 72000). */
  http2SessionTimeout?: number
  /** Builds the server instead of warren: see {@link ServerFactory}. */
  serverFactory?: ServerFactory
  /** Requests one keep-alive connection may carry before the server closes it (0: no limit). */
  maxRequestsPerSocket?: number | null
  /**
   * Milliseconds a request may take, from its arrival to its reply, before warren answers 503 `SVC_ERR_HANDLER_TIMEOUT` and
   * aborts `request.signal` (0, the default: no limit).
   */
  handlerTimeout?: number
  /** Builds each request's logger: see {@link ChildLoggerFactory}. */
  childLoggerFactory?: ChildLoggerFactory
  /** Answers requests the server could not parse or that timed out: see {@link ClientErrorHandler}. */
  clientErrorHandler?: ClientErrorHandler
  /**
   * 5xx error bodies carry the error's own message. Default: `true` unless `NODE_ENV` is `'production'`, where a 5xx answers the
   * status phrase (`"Internal Server Error"`) and the original message is logged with the request id — a thrown message may hold
   * secrets.
   */
  exposeServerErrors?: boolean
  /**
   * The shape of every error body warren writes (thrown errors, validation failures, not-found, body-parser errors, client errors
   * answered on the socket, 503 while closing): `'fastify'` (default, `{ statusCode, code?, error, message }`), `'problem'` (RFC
   * 9457 problem details, `application/problem+json`), or a function answering `{ status?, headers?, body }`.
   */
  errorFormat?: ErrorFormat
  /**
   * Whether `setErrorHandler` may be called again in a context that already set one (the last wins). Default `true`; `false` makes
   * the second call throw `SVC_ERR_ERROR_HANDLER_ALREADY_SET`.
   */
  allowErrorHandlerOverride?: boolean
}
