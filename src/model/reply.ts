/**
 * @module model/reply
 * The reply as data: status, headers and the state of its way to the socket, with the methods
 * that only read or change that state. Sending, serializing and failing are the request path's:
 * they are declared here (abstract) and implemented by `serve/reply`, whose class every context's
 * reply class derives from.
 */
import { readDecorator } from '../core/decorator-access.js'
import type { ServerResponse } from 'node:http'
import { finished } from 'node:stream'
import { codes } from '../core/errors.js'
import { essenceOf } from '../core/media-type.js'
import {
  kReplyErrorHandler,
  kReplyFail,
  kReplyHasStatus,
  kReplyHeaders,
  kReplyAwaitingTurn,
  kReplyHookRun,
  kReplyHijacked,
  kReplyOnErrorPhase,
  kReplyPayloadRun,
  kReplySending,
  kReplySendingError,
  kReplySerializer,
  kReplyStartTime,
  kReplyEndTime,
  kReplyTrailers,
  kRoute,
} from '../core/symbols.js'
import { addTrailer, type TrailerFn } from './trailers.js'
import type { Logger } from '../core/logger.js'
import type { HeaderValue, ReplyBase, RequestRouteOptions } from '../types/index.js'
import { assignDecoratorProps, type DecoratorProp, type Request } from './request.js'

// read once: Node defines `performance` on globalThis as a getter, called at every use (and
// node:perf_hooks is not there on every runtime, Cloudflare's workerd for one)
const clock = globalThis.performance

export type { HeaderValue }

/** A custom error handler: `fn(error, request, reply)` with `this` bound to its instance. */
export type ErrorHandlerFn = (this: object, error: unknown, request: Request, reply: Reply) => unknown

/** One link of a context's error-handler chain; an error the handler fails with goes to `parent`. */
export interface ErrorHandlerEntry {
  fn: ErrorHandlerFn
  instance: object
  parent: ErrorHandlerEntry | null
}

/**
 * The onError hooks of a reply: not run yet, running (the reply cannot be sent from them: the
 * error handler answers), or run (an error raised later does not run them again).
 */
export const OnErrorPhase = { Pending: 0, Running: 1, Done: 2 } as const
export type OnErrorPhase = (typeof OnErrorPhase)[keyof typeof OnErrorPhase]

/** Constructor of the reply objects of one context (decorators live on its prototype and props). */
export interface ReplyClass {
  new (raw: ServerResponse, request: Request, log: Logger): Reply
  prototype: Reply
  props: DecoratorProp[]
}

/**
 * The reply a handler and the hooks receive; its members are documented on the public `WarrenReply`
 * (src/types/reply.ts). `[kRoute]`, the route context serving it, is declared in model/route-context.
 */
export abstract class Reply {
  declare raw: ServerResponse
  declare request: Request
  declare log: Logger
  declare [kReplyHeaders]: Record<string, HeaderValue>
  declare [kReplySerializer]: ((payload: unknown) => string) | null
  declare [kReplySending]: boolean
  declare [kReplyHijacked]: boolean
  declare [kReplyAwaitingTurn]: boolean
  /** Opaque here: serve/run-hooks owns what it holds. */
  declare [kReplyHookRun]: object | null
  /** Opaque here: serve/run-hooks owns what it holds. */
  declare [kReplyPayloadRun]: object | null
  declare [kReplyErrorHandler]: ErrorHandlerEntry | null | undefined
  declare [kReplySendingError]: boolean
  declare [kReplyOnErrorPhase]: OnErrorPhase
  declare [kReplyStartTime]: number
  declare [kReplyEndTime]: number | undefined
  declare [kReplyHasStatus]: boolean
  declare [kReplyTrailers]: Map<string, TrailerFn> | null

  get server(): ReplyBase['server'] {
    return this[kRoute].server
  }

  get statusCode(): number {
    return this.raw.statusCode
  }

  set statusCode(code: number) {
    this.code(code)
  }

  get sent(): boolean {
    return this[kReplyHijacked] || this[kReplyAwaitingTurn] || this.raw.writableEnded
  }

  get elapsedTime(): number {
    return (this[kReplyEndTime] ?? clock.now()) - this[kReplyStartTime]
  }

  get routeOptions(): RequestRouteOptions {
    return this[kRoute].routeOptions
  }

  code(statusCode: number): this {
    // as Node's writeHead does, a fractional code counts by its integer part (404.5 is 404)
    const code = Math.trunc(Number(statusCode))
    if (!(code >= 100 && code <= 599)) throw new codes.SVC_ERR_BAD_STATUS_CODE(String(statusCode))
    this.raw.statusCode = code
    this[kReplyHasStatus] = true
    return this
  }

  status(statusCode: number): this {
    return this.code(statusCode)
  }

  /** A value left out (or `undefined`) is the empty string, as Fastify's reply sends it. */
  header(name: string, value: HeaderValue = ''): this {
    const key = name.toLowerCase()
    const headers = this[kReplyHeaders]
    if (key === 'set-cookie' && headers[key] !== undefined) {
      const previous = headers[key]
      headers[key] = (Array.isArray(previous) ? previous : [String(previous)]).concat(value as string | string[])
    } else {
      headers[key] = value
    }
    return this
  }

  headers(values: Record<string, HeaderValue>): this {
    for (const name of Object.keys(values)) this.header(name, values[name])
    return this
  }

  getDecorator<T = unknown>(name: string | symbol): T {
    // the caller states the decorator's type: decorators are typed per context, not on the runtime class
    return readDecorator(this, name, 'reply') as T
  }

  getSerializationFunction(schemaOrStatus: object | string | number, contentType?: string): ((data: unknown) => string) | undefined {
    const schemas = this[kRoute].schemasOnDemand
    if (typeof schemaOrStatus === 'string' || typeof schemaOrStatus === 'number') return schemas.serializerOfStatus(schemaOrStatus, contentType)
    if (typeof schemaOrStatus === 'object' && schemaOrStatus !== null) return schemas.cachedSerializer(schemaOrStatus)
    return undefined
  }

  compileSerializationSchema(schema: object, httpStatus: string | number | null = null, contentType: string | null = null): (data: unknown) => string {
    return this[kRoute].schemasOnDemand.compileSerializer(schema, httpStatus, contentType, this.request)
  }

  serializeInput(input: unknown, schemaOrStatus: object | string | number, httpStatus?: string | number, contentType?: string): string {
    return this[kRoute].schemasOnDemand.serialize(input, schemaOrStatus, httpStatus, contentType, this.request)
  }

  getHeader(name: string): HeaderValue | undefined {
    const key = name.toLowerCase()
    const value = this[kReplyHeaders][key]
    return value !== undefined ? value : this.raw.getHeader(key)
  }

  getHeaders(): Record<string, HeaderValue> {
    return { ...(this.raw.getHeaders() as Record<string, HeaderValue>), ...this[kReplyHeaders] }
  }

  hasHeader(name: string): boolean {
    const key = name.toLowerCase()
    return this[kReplyHeaders][key] !== undefined || this.raw.hasHeader(key)
  }

  removeHeader(name: string): this {
    const key = name.toLowerCase()
    delete this[kReplyHeaders][key]
    this.raw.removeHeader(key)
    return this
  }

  type(contentType: string): this {
    return this.header('content-type', contentType)
  }

  serializer(fn: (payload: unknown) => string): this {
    this[kReplySerializer] = fn
    return this
  }

  abstract serialize(payload: unknown): string

  abstract send(payload?: unknown): this

  // every stage reports its failures here, so none of them needs to know the error handlers
  abstract [kReplyFail](error: unknown): void

  /** `location` and the status: `code`, else one set before (`code(201).redirect(url)`: created, there), else 302. */
  redirect(url: string, code?: number): this {
    const status = code ?? (this[kReplyHasStatus] ? this.statusCode : 302)
    return this.header('location', url).code(status).send()
  }

  abstract callNotFound(): this

  then(fulfilled: () => void, rejected?: (error: Error) => void): void {
    if (this.sent) return fulfilled()
    finished(this.raw, (error) => {
      // a client that went away before the end is not a failure of the reply
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        if (rejected) rejected(error)
        else this.log.warn({ err: error }, 'an awaited reply failed and nothing handled the rejection')
      } else {
        fulfilled()
      }
    })
  }

  hijack(): this {
    this[kReplyHijacked] = true
    return this
  }

  trailer(name: string, fn: TrailerFn): this {
    addTrailer(this, name, fn)
    return this
  }

  hasTrailer(name: string): boolean {
    return this[kReplyTrailers]?.has(name.toLowerCase()) ?? false
  }

  removeTrailer(name: string): this {
    this[kReplyTrailers]?.delete(name.toLowerCase())
    return this
  }

  get mediaType(): string | undefined {
    return essenceOf(this[kReplyHeaders]['content-type'] ?? this.raw.getHeader('content-type')) || undefined
  }

  writeEarlyHints(hints: Record<string, string | string[]>, callback?: () => void): this {
    this.raw.writeEarlyHints(hints, callback)
    return this
  }

  static {
    // state most replies never change, read from here until a reply sets its own: fewer stores per reply
    Object.assign(this.prototype, {
      [kReplySerializer]: null,
      [kReplyHijacked]: false,
      [kReplyErrorHandler]: undefined,
      [kReplySendingError]: false,
      [kReplyOnErrorPhase]: OnErrorPhase.Pending,
      [kReplyTrailers]: null,
      [kReplyPayloadRun]: null,
      [kReplyEndTime]: undefined,
    })
  }
}

/**
 * Derives the reply class of a new context: the parent's decorators, copied, plus room for its own.
 * The root's derives from `base`, the class that implements the request path's methods.
 */
export function deriveReplyClass(parent: ReplyClass | null, base: { prototype: Reply }): ReplyClass {
  const props = parent ? parent.props.slice() : []
  // every field set here, in this order, so all replies share one shape (the rarely changed ones are on the prototype)
  const ContextReply = function (this: Reply, raw: ServerResponse, request: Request, log: Logger) {
    this.raw = raw
    this.request = request
    this.log = log
    this[kRoute] = request[kRoute]
    this[kReplyHeaders] = {}
    this[kReplySending] = false
    this[kReplyAwaitingTurn] = false
    this[kReplyHookRun] = null
    this[kReplyStartTime] = clock.now()
    this[kReplyHasStatus] = false
    assignDecoratorProps(this, props)
  } as unknown as ReplyClass
  ContextReply.prototype = Object.create(parent ? parent.prototype : base.prototype)
  ContextReply.props = props
  return ContextReply
}
