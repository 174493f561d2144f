import { requestHookNames, type HookFn, type RequestHookName } from './hooks.js'
import { buildRouteValidation, type RouteValidation } from './schema/validation.js'
import { buildRouteSerializers, type RouteSerializers } from './schema/serialization.js'
import {
  kErrorHandler,
  kHooks,
  kOwnBodyLimit,
  kParsers,
  kReplyClass,
  kRequestClass,
  kSchemaCompilers,
} from './symbols.js'
import type { ErrorHandlerEntry } from './error-handler.js'
import type { ParserRegistry } from './content-type/registry.js'
import type { ReplyClass } from './reply.js'
import type { RequestClass } from './request.js'
import type { RootState } from './root-state.js'

/** The options a route was declared with, normalised, as `request.routeOptions` shows them. */
export interface RouteOptionsView {
  method: string
  url: string
  path: string
  routePath: string
  prefix: string
  bodyLimit: number
  [kOwnBodyLimit]?: number
  attachValidation: boolean
  logLevel: string | undefined
  exposeHeadRoute: boolean
  config: Record<string | symbol, unknown>
  schema: Record<string, any> | undefined
  handler: (...args: any[]) => unknown
  [option: string]: unknown
}

/**
 * Everything a route needs at request time, resolved once when the application starts: its
 * hooks, compiled validators and serializers, parsers, error handler and decorated classes.
 */
export class RouteContext {
  readonly root: RootState
  readonly server: any
  readonly routeOptions: RouteOptionsView
  readonly is404: boolean
  readonly trustProxy: boolean
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
  replySerializer: (payload: unknown) => string = JSON.stringify
  schemaErrorFormatter!: (errors: any[], dataVar: string) => Error
  /** True when responses must be observed on `finish` (onResponse hooks or request logging). */
  observeFinish = false

  constructor(root: RootState, server: any, routeOptions: RouteOptionsView, is404 = false) {
    this.root = root
    this.server = server
    this.routeOptions = routeOptions
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
      const all = own === undefined ? server[kHooks][name] : server[kHooks][name].concat(own)
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
    const compilers = server[kSchemaCompilers]
    this.replySerializer = compilers.replySerializer
    // a route's own `schemaErrorFormatter` option (as in Fastify) wins over its context's
    this.schemaErrorFormatter = (options.schemaErrorFormatter as RouteContext['schemaErrorFormatter'] | undefined) ?? compilers.schemaErrorFormatter
    this.observeFinish = this.hooks.onResponse !== null || this.root.logRequests
  }

  /** Compiles the route's schemas; run once, at start-up. */
  compileSchemas(): void {
    const schema = this.routeOptions.schema
    if (schema === undefined || schema === null) return
    const compilers = this.server[kSchemaCompilers]
    this.validation = buildRouteValidation(this, schema, compilers)
    this.serializers = buildRouteSerializers(this, schema, compilers)
  }

  /** The compiled serializer for a status and content type: exact code, then `Nxx`, then `default`. */
  serializerFor(statusCode: number, contentType: string | undefined): ((payload: unknown) => string) | null {
    return this.serializers === null ? null : this.serializers.forStatus(statusCode, contentType)
  }
}
