/**
 * @module model/route-context
 * Everything a route needs at request time, resolved once at start-up, and the not-found slot a
 * prefix's not-found route lives in.
 */
import type { Context } from './context.js'
import type { TrustProxy } from './trust-proxy.js'
import { requestHookNames, type RequestHookName } from '../hooks/names.js'
import { hookList, type HookFn, type HookList } from '../hooks/store.js'
import { aliasQuerystring, buildRouteValidation, type RouteValidation } from '../schema/validation.js'
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
import type { ResolvedRouteOptions, RouteHandlerFn } from './route-options.js'

declare module './request.js' {
  interface Request {
    [kRoute]: RouteContext
  }
}

declare module './reply.js' {
  interface Reply {
    [kRoute]: RouteContext
  }
}

export interface NotFoundSlot {
  route: RouteContext
  custom: boolean
}

/** What `request.routeOptions` copies: methods as declared; no method and url when no route matched. */
function requestRouteOptions(routeOptions: ResolvedRouteOptions, is404: boolean): ResolvedRouteOptions {
  if (is404) return { ...routeOptions, method: undefined, url: undefined } as unknown as ResolvedRouteOptions
  const declared = (routeOptions as { [kDeclaredMethod]?: string[] })[kDeclaredMethod]
  return declared === undefined ? routeOptions : ({ ...routeOptions, method: declared } as unknown as ResolvedRouteOptions)
}

/** How a context answers what its routes send and fail with. */
interface ContextAnswering {
  errorHandler: ErrorHandlerEntry
  replySerializer: (payload: unknown, statusCode: number) => string
  schemaErrorFormatter: SchemaErrorFormatter
}

function contextAnswering(server: Context): ContextAnswering {
  const compilers: SchemaCompilers = server[kSchemaCompilers]
  return { errorHandler: server[kErrorHandler], replySerializer: compilers.replySerializer, schemaErrorFormatter: compilers.schemaErrorFormatter }
}

export class RouteContext {
  readonly root: RootState
  readonly server: Context
  readonly routeOptions: ResolvedRouteOptions
  /** Made by {@link resolve}, which the constructor calls. */
  requestRouteOptions!: ResolvedRouteOptions
  readonly is404: boolean
  readonly trustProxy: TrustProxy | null
  handler: RouteHandlerFn
  hooks = {} as Record<RequestHookName, HookList | null>
  Request!: RequestClass
  Reply!: ReplyClass
  parsers!: ParserRegistry
  /** The route's own body limit, which beats its parser's. */
  bodyLimit: number | null = null
  attachValidation = false
  validation: RouteValidation | null = null
  serializers: RouteSerializers | null = null
  errorHandler!: ErrorHandlerEntry
  replySerializer: (payload: unknown, statusCode: number) => string = jsonReplySerializer
  schemaErrorFormatter!: SchemaErrorFormatter
  /** Responses are observed on `finish` (onResponse hooks or request logging). */
  observeFinish = false
  /** A body's callbacks run in the request's async context (hooks may enter an AsyncLocalStorage store). */
  bodyKeepsContext = false
  genReqId!: (req: IncomingMessage) => string
  /** Null: warren's own child loggers. */
  childLoggerFactory: ChildLoggerFactory | null = null
  logOptions: ChildLoggerOptions | null = null
  handlerTimeout = 0
  /** An automatic HEAD route: it answers with the headers its GET answers with, the body's length included. */
  headOfGet = false
  #onDemand: OnDemandSchemas | null = null
  #settled: ContextAnswering | null = null

  constructor(root: RootState, server: Context, routeOptions: ResolvedRouteOptions, is404 = false) {
    this.root = root
    this.server = server
    this.routeOptions = routeOptions
    this.handler = routeOptions.handler
    this.is404 = is404
    this.trustProxy = root.options.trustProxy
    this.resolve()
  }

  /** Reads the context's hooks, decorators, parsers and handlers: at declaration, so a request can be served in any state, and again at start-up. */
  resolve(): void {
    const server = this.server
    const options = this.routeOptions
    this.requestRouteOptions = requestRouteOptions(options, this.is404)
    for (const name of requestHookNames) {
      const own = options[name] as HookFn | HookFn[] | undefined
      const all = own === undefined || own === null ? server[kHooks][name] : server[kHooks][name].concat(own)
      this.hooks[name] = all.length === 0 ? null : hookList(all)
    }
    this.Request = server[kRequestClass]
    this.Reply = server[kReplyClass]
    this.parsers = server[kParsers]
    const own = options[kOwnBodyLimit] !== undefined || options.bodyLimit !== this.root.options.bodyLimit
    this.bodyLimit = own ? options.bodyLimit : null
    this.attachValidation = options.attachValidation
    const routeErrorHandler = options.errorHandler as ErrorHandlerEntry['fn'] | undefined
    const context = this.#settled ?? contextAnswering(server)
    this.errorHandler = routeErrorHandler ? { fn: routeErrorHandler, instance: server, parent: context.errorHandler } : context.errorHandler
    this.replySerializer = context.replySerializer
    // the more specific setting wins
    this.schemaErrorFormatter = (options.schemaErrorFormatter as SchemaErrorFormatter | undefined) ?? context.schemaErrorFormatter
    this.observeFinish = this.hooks.onResponse !== null || this.root.logRequests
    this.bodyKeepsContext = this.hooks.onRequest !== null || this.hooks.preParsing !== null
    this.genReqId = server[kGenReqId]
    this.childLoggerFactory = (options.childLoggerFactory as ChildLoggerFactory | undefined) ?? server[kChildLoggerFactory]
    this.logOptions = childLoggerOptions(options.logLevel, options.logSerializers as LogSerializers | undefined)
    // not-found routes are declared without one: they take the application's
    this.handlerTimeout = options.handlerTimeout ?? this.root.options.handlerTimeout
  }

  /**
   * Fixes the error handler, reply serializer and schema error formatter the route answers with: its
   * context's, as they are once the plugin stage it was declared in has loaded. One set later (after
   * an `await register()` or `after()`) is for the routes declared after it. Until then, and for
   * not-found routes, the context's current ones answer.
   */
  settle(): void {
    this.#settled = contextAnswering(this.server)
  }

  compileSchemas(): void {
    const schema = this.routeOptions.schema
    if (schema === undefined || schema === null) return
    resolveSchemaBuilders(schema)
    aliasQuerystring(schema)
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

  /** Whether the route's compilers are warren's own, which compile a Standard Schema through its JSON Schema. */
  #compilesStandardSchemas(): { validation: boolean; serialization: boolean } {
    const compilers = this.server[kSchemaCompilers] as SchemaCompilers
    return {
      validation: this.routeOptions.validatorCompiler === undefined && compilers.validatesWithDefault,
      serialization: this.routeOptions.serializerCompiler === undefined && compilers.serializesWithDefault,
    }
  }

  #validatorCompiler(): ValidatorCompiler {
    return (this.routeOptions.validatorCompiler as ValidatorCompiler | undefined) ?? (this.server[kSchemaCompilers] as SchemaCompilers).validatorCompiler
  }

  #serializerCompiler(): SerializerCompiler {
    return (this.routeOptions.serializerCompiler as SerializerCompiler | undefined) ?? (this.server[kSchemaCompilers] as SchemaCompilers).serializerCompiler
  }

  /** Validators and serializers a handler asks for itself, made on first use. */
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

  /** The serializer for a status and content type: exact code, then `Nxx`, then `default`. */
  serializerFor(statusCode: number, contentType: string | undefined): SerializerFunction | null {
    return this.serializers === null ? null : this.serializers.forStatus(statusCode, contentType)
  }
}
