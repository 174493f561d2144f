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
  /** Ajv plugins, alone or with options: `[ajvErrors, [ajvKeywords, ['typeof']]]`; a CommonJS module whose `default` is the plugin works too. */
  plugins?: Array<AjvPluginLike | [AjvPluginLike, unknown]>
}

/** Builds the server instead of warren from the request handler and the factory options: anything with `listen`, `close` and `address`. */
export type ServerFactory = (handler: RequestListener, options: WarrenOptions) => Server | object

/** Builds one request's logger: `this` is the route's instance, `bindings` hold the request id, `options.level` is the route's `logLevel`. */
export type ChildLoggerFactory = (
  this: any,
  logger: WarrenLogger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
  rawRequest: IncomingMessage,
) => WarrenLogger

/** Answers a request Node could not parse or that timed out (the `clientError` event); `this` is the root instance. */
export type ClientErrorHandler = (this: any, error: Error & { code?: string }, socket: Duplex) => void

/** A context's schema storage, built by `schemaController.bucket`. */
export interface SchemaBucket {
  add(schema: unknown): void
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
    buildSerializer?: (externalSchemas: Record<string, unknown>, serializerOptions: Record<string, unknown>) => SerializerCompiler
  }
}

/** Options of the `warren()` factory. Every one is optional. */
export interface WarrenOptions {
  /** `true` for a pino logger, or pino options; off by default (a ready logger goes in `loggerInstance`). */
  logger?: boolean | (LoggerOptions & {
    /** Where log lines are written (default: stdout). */
    stream?: DestinationStream
    /** A file to append log lines to, created if missing (when no `stream` is given). */
    file?: string
  })
  /** A ready logger (pino, or anything with `info`, `error`, `debug`, `fatal`, `warn`, `trace`, `child`); not together with `logger`. */
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
  querystringParser?: (str: string) => Record<string, unknown>
  /** Accept regex route parameters that may backtrack exponentially (default `false`). */
  allowUnsafeRegex?: boolean
  /** `;` also starts the query string (default `false`). */
  useSemicolonDelimiter?: boolean
  /** Custom constraint strategies of the router, by name (find-my-way's `constraints`). */
  constraints?: RouterOptions['constraints']
  /** The router's settings; each beats the top-level option of the same name. */
  routerOptions?: RouterOptions
  /** Replaces each request's URL before routing (`this`: the root instance); a non-string answers 500 `SVC_ERR_ROUTE_REWRITE_NOT_STR`. */
  rewriteUrl?: (this: any, req: IncomingMessage) => string
  /** Answers a request the router refused (bad URL, parameter too long, failing async constraint) instead of warren. */
  frameworkErrors?: FrameworkErrorsHandler | null
  /** GET routes also answer HEAD (default `true`). */
  exposeHeadRoutes?: boolean
  /** Trust `x-forwarded-*` for `ip`, `ips`, `host`, `protocol`: `true`, a hop count, addresses or CIDRs (`'loopback'`…), or `(address, hop) => boolean`. */
  trustProxy?: boolean | number | string | readonly string[] | ((address: string, hop: number) => boolean)
  /** Do not log each request and response: `true`, or a function of the request saying which ones. */
  disableRequestLogging?: boolean | ((request: any) => boolean)
  /** What to do with `__proto__` keys in JSON bodies (default `'error'`). */
  onProtoPoisoning?: ProtoAction
  /** What to do with `constructor.prototype` keys in JSON bodies (default `'error'`). */
  onConstructorPoisoning?: ProtoAction
  /** Turns validation errors into the Error sent back. */
  schemaErrorFormatter?: SchemaErrorFormatter
  validator?: ValidatorOptions
  /** Options of the default serializer, fast-json-stringify: `{ rounding: 'ceil' }` rounds a non-integer sent for an integer up. */
  serializerOpts?: SerializerOptions
  /** Keep the generated validator and serializer code on disk and load it at the next start: `true` uses `node_modules/.cache/warren`, `{ dir }` another directory. */
  schemaCache?: boolean | { dir?: string }
  /** The module `warren compile --esm` wrote: validators and serializers are loaded from it, none compiled, so the app runs where code generation is refused. */
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
  /** Milliseconds from arrival to reply before warren answers 503 `SVC_ERR_HANDLER_TIMEOUT` and aborts `request.signal` (default 0: no limit). */
  handlerTimeout?: number
  /** Builds each request's logger: see {@link ChildLoggerFactory}. */
  childLoggerFactory?: ChildLoggerFactory
  /** Answers requests the server could not parse or that timed out: see {@link ClientErrorHandler}. */
  clientErrorHandler?: ClientErrorHandler
  /** 5xx bodies carry the error's message. Default: `true` unless `NODE_ENV` is `'production'`, where a 5xx answers the status phrase (a message may hold secrets). */
  exposeServerErrors?: boolean
  /** The shape of every error body: `'fastify'` (default, `{ statusCode, code?, error, message }`), `'problem'` (RFC 9457), or a function answering `{ status?, headers?, body }`. */
  errorFormat?: ErrorFormat
  /** Whether `setErrorHandler` may be called again in a context that set one (default `true`); `false` makes that throw `SVC_ERR_ERROR_HANDLER_ALREADY_SET`. */
  allowErrorHandlerOverride?: boolean
}
