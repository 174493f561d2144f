/**
 * @module model/route-context
 * Everything a route needs at request time, resolved once when the application starts: its hooks,
 * compiled validators and serializers, parsers, error handler and decorated request/reply classes.
 * Also where requests and replies learn their route's type (`[kRoute]`), and the not-found slot
 * a prefix's not-found route lives in.
 */
import type { TrustProxy } from './trust-proxy.js'
import { requestHookNames, type RequestHookName } from '../hooks/names.js'
import type { HookFn } from '../hooks/store.js'
import { buildRouteValidation, type RouteValidation } from '../schema/validation.js'
import { OnDemandSchemas } from '../schema/on-demand.js'
import { resolveSchemaBuilders } from '../schema/fluent.js'
import { buildRouteSerializers, type RouteSerializers } from '../schema/serialization.js'
import type { IncomingMessage } from 'node:http'
import { childLoggerOptions, type ChildLoggerOptions, type LogSerializers } from '../core/logger.js'
import {
  kChildLoggerFactory,
  kDeclaredMethod,
  kErrorHandler,
  kGenReqId,
  kHooks,
  kOwnBodyLimit,
  kParsers,
  kReplyClass,
  kRequestClass,
  kRoute,
  kSchemaCompilers,
} from '../core/symbols.js'
import type { ParserRegistry } from '../content-type/registry.js'
import { jsonReplySerializer, type SchemaCompilers } from '../schema/compilers.js'
import type { ChildLoggerFactory, SchemaErrorFormatter, SerializerCompiler, SerializerFunction, ValidatorCompiler } from '../types/index.js'
import type { ErrorHandlerEntry, ReplyClass } from './reply.js'
import type { RequestClass } from './request.js'
import type { RootState } from './root-state.js'
import type { ResolvedRouteOptions } from './route-options.js'

declare module './request.js' {
  interface Request {
    /** The route context serving this request. */
    [kRoute]: RouteContext
  }
}

declare module './reply.js' {
  interface Reply {
    /** The route context serving this reply. */
    [kRoute]: RouteContext
  }
}

/** A not-found route registered for a prefix; its route is replaced when the context sets its own handler. */
export interface NotFoundSlot {
  route: RouteContext
  custom: boolean
}

/**
 * What `request.routeOptions` shows of a route: its options, with the methods as declared (a
 * list stays a list, though each method has its own context); no method and url when no route
 * matched (as in Fastify).
 */
function requestRouteOptions(routeOptions: ResolvedRouteOptions, is404: boolean): ResolvedRouteOptions {
  if (is404) return { ...routeOptions, method: undefined, url: undefined } as unknown as ResolvedRouteOptions
  const declared = (routeOptions as { [kDeclaredMethod]?: string[] })[kDeclaredMethod]
  return declared === undefined ? routeOptions : ({ ...routeOptions, method: declared } as unknown as ResolvedRouteOptions)
}

/**
 * Everything a route needs at request time, resolved once when the application starts: its
 * hooks, compiled validators and serializers, parsers, error handler and decorated classes.
 */
export class RouteContext {
  readonly root: RootState
  readonly server: any
  readonly routeOptions: ResolvedRouteOptions
  /** What `request.routeOptions` shows (see {@link requestRouteOptions}). */
  readonly requestRouteOptions: ResolvedRouteOptions
  readonly is404: boolean
  /** Whether a hop is a trusted proxy (the `trustProxy` option); null: forwarded headers are ignored. */
  readonly trustProxy: TrustProxy | null
  handler: (...args: any[]) => unknown
  hooks = {} as Record<RequestHookName, HookFn[] | null>
  Request!: RequestClass
  Reply!: ReplyClass
  parsers!: ParserRegistry
  /** The route's own body limit, which beats its parser's; null when it has none of its own. */
  bodyLimit: number | null = null
  attachValidation = false
  validation: RouteValidation | null = null
  serializers: RouteSerializers | null = null
  errorHandler!: ErrorHandlerEntry
  replySerializer: (payload: unknown, statusCode: number) => string = jsonReplySerializer
  schemaErrorFormatter!: SchemaErrorFormatter
  /** True when responses must be observed on `finish` (onResponse hooks or request logging). */
  observeFinish = false
  /** True when a body's callbacks must run in the request's async context (onRequest or preParsing hooks may enter an AsyncLocalStorage store). */
  bodyKeepsContext = false
  /** The request id generator of the route's context. */
  genReqId!: (req: IncomingMessage) => string
  /** The child logger factory of the route's context, or null for warren's own child loggers. */
  childLoggerFactory: ChildLoggerFactory | null = null
  /** The level and serializers of the route's request loggers (null: the application logger's). */
  logOptions: ChildLoggerOptions | null = null
  /** Milliseconds the route has to answer before a 503 (0: no limit). */
  handlerTimeout = 0
  #onDemand: OnDemandSchemas | null = null

  constructor(root: RootState, server: any, routeOptions: ResolvedRouteOptions, is404 = false) {
    this.root = root
    this.server = server
    this.routeOptions = routeOptions
    this.requestRouteOptions = requestRouteOptions(routeOptions, is404)
    this.handler = routeOptions.handler
    this.is404 = is404
    this.trustProxy = root.options.trustProxy
    this.resolve()
  }

  /**
   * Reads the context's hooks, decorators, parsers and handlers. Called at declaration (so a
   * request can be served in any state) and again at start-up, when the context is complete.
   */
  resolve(): void {
    const server = this.server
    const options = this.routeOptions
    for (const name of requestHookNames) {
      const own = options[name] as HookFn | HookFn[] | undefined
      const all = own === undefined || own === null ? server[kHooks][name] : server[kHooks][name].concat(own)
      this.hooks[name] = all.length === 0 ? null : all
    }
    this.Request = server[kRequestClass]
    this.Reply = server[kReplyClass]
    this.parsers = server[kParsers]
    // declared on the route, or changed by an onRoute hook
    const own = options[kOwnBodyLimit] !== undefined || options.bodyLimit !== this.root.options.bodyLimit
    this.bodyLimit = own ? options.bodyLimit : null
    this.attachValidation = options.attachValidation
    const routeErrorHandler = options.errorHandler as ErrorHandlerEntry['fn'] | undefined
    this.errorHandler = routeErrorHandler
      ? { fn: routeErrorHandler, instance: server, parent: server[kErrorHandler] }
      : server[kErrorHandler]
    const compilers: SchemaCompilers = server[kSchemaCompilers]
    this.replySerializer = compilers.replySerializer
    // a route's own `schemaErrorFormatter` option (as in Fastify) wins over its context's
    this.schemaErrorFormatter = (options.schemaErrorFormatter as SchemaErrorFormatter | undefined) ?? compilers.schemaErrorFormatter
    this.observeFinish = this.hooks.onResponse !== null || this.root.logRequests
    this.bodyKeepsContext = this.hooks.onRequest !== null || this.hooks.preParsing !== null
    this.genReqId = server[kGenReqId]
    // a route's own `childLoggerFactory` option (as in Fastify) wins over its context's
    this.childLoggerFactory = (options.childLoggerFactory as ChildLoggerFactory | undefined) ?? server[kChildLoggerFactory]
    this.logOptions = childLoggerOptions(options.logLevel, options.logSerializers as LogSerializers | undefined)
    // not-found routes are declared without one: they take the application's
    this.handlerTimeout = options.handlerTimeout ?? this.root.options.handlerTimeout
  }

  /** Compiles the route's schemas; run once, at start-up. */
  compileSchemas(): void {
    const schema = this.routeOptions.schema
    if (schema === undefined || schema === null) return
    resolveSchemaBuilders(schema)
    const { method, url } = this.routeOptions
    const standard = this.#compilesStandardSchemas()
    this.validation = buildRouteValidation({
      schema,
      method,
      url,
      compile: this.#validatorCompiler(),
      standardSchemas: standard.validation,
      formatError: (items, part) => this.schemaErrorFormatter.call(this.server, items, part),
    })
    if (schema.response === undefined || schema.response === null) return
    this.serializers = buildRouteSerializers({
      response: schema.response,
      method,
      url,
      compile: this.#serializerCompiler(),
      standardSchemas: standard.serialization,
    })
  }

  /** Whether the route's compilers are warren's own (not the route's, its context's or a schema controller's), which compile a Standard Schema through its JSON Schema. */
  #compilesStandardSchemas(): { validation: boolean; serialization: boolean } {
    const compilers = this.server[kSchemaCompilers] as SchemaCompilers
    return {
      validation: this.routeOptions.validatorCompiler === undefined && compilers.validatesWithDefault,
      serialization: this.routeOptions.serializerCompiler === undefined && compilers.serializesWithDefault,
    }
  }

  /** The route's validator compiler: its own option, else its context's. */
  #validatorCompiler(): ValidatorCompiler {
    return (this.routeOptions.validatorCompiler as ValidatorCompiler | undefined) ?? (this.server[kSchemaCompilers] as SchemaCompilers).validatorCompiler
  }

  /** The route's serializer compiler: its own option, else its context's. */
  #serializerCompiler(): SerializerCompiler {
    return (this.routeOptions.serializerCompiler as SerializerCompiler | undefined) ?? (this.server[kSchemaCompilers] as SchemaCompilers).serializerCompiler
  }

  /** The route's validators and serializers a handler asks for itself (`request.compileValidationSchema`…), made on first use. */
  get schemasOnDemand(): OnDemandSchemas {
    if (this.#onDemand === null) {
      this.#onDemand = new OnDemandSchemas({
        validation: () => this.validation,
        serializers: () => this.serializers,
        validatorCompiler: () => this.#validatorCompiler(),
        serializerCompiler: () => this.#serializerCompiler(),
        compilesStandardSchemas: () => this.#compilesStandardSchemas(),
      })
    }
    return this.#onDemand
  }

  /** The compiled serializer for a status and content type: exact code, then `Nxx`, then `default`. */
  serializerFor(statusCode: number, contentType: string | undefined): SerializerFunction | null {
    return this.serializers === null ? null : this.serializers.forStatus(statusCode, contentType)
  }
}
