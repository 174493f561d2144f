/**
 * Options of the `warren()` factory.
 *
 * @packageDocumentation
 */
import type { IncomingMessage } from 'node:http'
import type { ServerOptions as HttpsServerOptions } from 'node:https'
import type { Options as AjvOptions, Plugin as AjvPlugin } from 'ajv'
import type { DestinationStream, LoggerOptions } from 'pino'
import type { ProtoAction } from './content-type.js'
import type { WarrenLogger } from './logger.js'
import type { SchemaErrorFormatter } from './validation.js'
import type { FrameworkErrorsHandler, RouterOptions } from './router.js'

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
   * Ajv plugins to apply, alone or with their options: `[ajvErrors, [ajvKeywords, ['typeof']]]`. A
   * CommonJS module whose `default` is the plugin (how `import ajvErrors from 'ajv-errors'` is
   * typed) is accepted as is.
   */
  plugins?: Array<AjvPluginLike | [AjvPluginLike, unknown]>
}

/** Options of the `warren()` factory. Every one is optional. */
export interface WarrenOptions {
  /** `true` for a pino logger, pino options, or a logger instance; off by default. */
  logger?: boolean | (LoggerOptions & { /** Where log lines are written (default: stdout). */ stream?: DestinationStream }) | WarrenLogger
  /** Maximum body size in bytes (default 1 MiB). */
  bodyLimit?: number
  /** Generates the id of each request. */
  genReqId?: (req: IncomingMessage) => string
  /** Header whose value becomes the request id, or `false` to ignore any. */
  requestIdHeader?: string | false
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
   * Replaces each request's URL before it is routed (`this` is the root instance); must return a
   * string, else that request answers 500 `SVC_ERR_ROUTE_REWRITE_NOT_STR`. `request.originalUrl`
   * keeps the URL received.
   */
  rewriteUrl?: (this: any, req: IncomingMessage) => string
  /** Answers a request the router refused (bad URL, parameter too long, failing async constraint) instead of warren. */
  frameworkErrors?: FrameworkErrorsHandler
  /** GET routes also answer HEAD (default `true`). */
  exposeHeadRoutes?: boolean
  /** Trust `x-forwarded-*` headers for `ip`, `ips`, `host`, `protocol`. */
  trustProxy?: boolean
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
  /**
   * Keep the code the default compilers generate (Ajv, fast-json-stringify) on disk and load it
   * at the next start instead of compiling: `true` uses `node_modules/.cache/warren` under the
   * working directory, `{ dir }` another directory. Off (`false`) by default. Custom validator
   * and serializer compilers are never cached. See the README, "Schema compile cache".
   */
  schemaCache?: boolean | { dir?: string }
  /** Serve HTTPS with these TLS options (`null` or absent: plain HTTP). */
  https?: HttpsServerOptions | null
  /**
   * 5xx error bodies carry the error's own message. Default: `true` unless `NODE_ENV` is
   * `'production'`, where a 5xx answers the status phrase (`"Internal Server Error"`) and the
   * original message is logged with the request id — a thrown message may hold secrets.
   */
  exposeServerErrors?: boolean
  /**
   * Error bodies exactly as Fastify writes them: an error without a `code` of its own answers
   * without one (default `false`: it gets `SVC_ERR_INTERNAL` for a 5xx, `SVC_ERR_CLIENT` for a 4xx).
   */
  fastifyErrorBodies?: boolean
  /**
   * Whether `setErrorHandler` may be called again in a context that already set one (the last
   * wins). Default `true`; `false` makes the second call throw `SVC_ERR_ERROR_HANDLER_ALREADY_SET`.
   * A child context may always set its own.
   */
  allowErrorHandlerOverride?: boolean
}
