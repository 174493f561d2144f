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
  kReplyHijacked,
  kReplyOnErrorPhase,
  kReplySending,
  kReplySendingError,
  kReplySerializer,
  kReplyStartTime,
  kReplyTrailers,
  kRoute,
} from '../core/symbols.js'
import { addTrailer, type TrailerFn } from './trailers.js'
import type { Logger } from '../core/logger.js'
import type { HeaderValue } from '../types/index.js'
import { assignDecoratorProps, type DecoratorProp, type Request } from './request.js'
import type { ResolvedRouteOptions } from './route-options.js'

// read once: Node defines `performance` on globalThis as a getter, called at every use (and
// node:perf_hooks is not there on every runtime, Cloudflare's workerd for one)
const clock = globalThis.performance

export type { HeaderValue }

/** A custom error handler: `fn(error, request, reply)` with `this` bound to its instance. */
export type ErrorHandlerFn = (this: any, error: any, request: Request, reply: Reply) => unknown

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
 * The reply a handler and the hooks receive: status, headers and the payload to send, which
 * goes through the route's serializer and the onSend hooks on its way to the socket.
 * `[kRoute]`, the route context serving it, is declared with `RouteContext` (model/route-context).
 */
export abstract class Reply {
  /** The Node.js response. */
  declare raw: ServerResponse
  /** The request this reply answers. */
  declare request: Request
  /** The request's logger. */
  declare log: Logger
  declare [kReplyHeaders]: Record<string, HeaderValue>
  declare [kReplySerializer]: ((payload: unknown) => string) | null
  declare [kReplySending]: boolean
  declare [kReplyHijacked]: boolean
  declare [kReplyErrorHandler]: ErrorHandlerEntry | null | undefined
  declare [kReplySendingError]: boolean
  declare [kReplyOnErrorPhase]: OnErrorPhase
  declare [kReplyStartTime]: number
  declare [kReplyHasStatus]: boolean
  declare [kReplyTrailers]: Map<string, TrailerFn> | null

  /** The instance (context) the route was declared in. */
  get server(): any {
    return this[kRoute].server
  }

  /** The status code that will be (or was) sent. */
  get statusCode(): number {
    return this.raw.statusCode
  }

  set statusCode(code: number) {
    this.code(code)
  }

  /** True once the response is finished or the reply was hijacked. */
  get sent(): boolean {
    return this[kReplyHijacked] || this.raw.writableEnded
  }

  /** Milliseconds since the request arrived. */
  get elapsedTime(): number {
    return clock.now() - this[kReplyStartTime]
  }

  /** The options of the route that matched. */
  get routeOptions(): ResolvedRouteOptions {
    return this[kRoute].routeOptions
  }

  /** Sets the status code. */
  code(statusCode: number): this {
    // as Node's writeHead does, a fractional code counts by its integer part (404.5 is 404)
    const code = Math.trunc(Number(statusCode))
    if (!(code >= 100 && code <= 599)) throw new codes.SVC_ERR_BAD_STATUS_CODE(String(statusCode))
    this.raw.statusCode = code
    this[kReplyHasStatus] = true
    return this
  }

  /** Alias of {@link Reply.code}. */
  status(statusCode: number): this {
    return this.code(statusCode)
  }

  /** Sets a response header (`set-cookie` values accumulate). */
  header(name: string, value: HeaderValue): this {
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

  /** Sets several response headers. */
  headers(values: Record<string, HeaderValue>): this {
    for (const name of Object.keys(values)) this.header(name, values[name])
    return this
  }

  /** A reply decorator's value (a function comes bound to this reply); `SVC_ERR_DEC_UNDECLARED` if there is none. */
  getDecorator(name: string | symbol): unknown {
    return readDecorator(this, name, 'reply')
  }

  /**
   * The route's serializer of a response status key (`200`, `'2xx'`, `'default'`), with a media
   * type for a `content` map, or the one {@link compileSerializationSchema} made for this schema
   * object; undefined when there is none.
   */
  getSerializationFunction(schemaOrStatus: object | string | number, contentType?: string): ((data: unknown) => string) | undefined {
    const schemas = this[kRoute].schemasOnDemand
    if (typeof schemaOrStatus === 'string' || typeof schemaOrStatus === 'number') return schemas.serializerOfStatus(schemaOrStatus, contentType)
    if (typeof schemaOrStatus === 'object' && schemaOrStatus !== null) return schemas.cachedSerializer(schemaOrStatus)
    return undefined
  }

  /** Compiles a schema with the route's serializer compiler (once per schema object and route) and returns the serializer. */
  compileSerializationSchema(schema: object, httpStatus: string | number | null = null, contentType: string | null = null): (data: unknown) => string {
    return this[kRoute].schemasOnDemand.compileSerializer(schema, httpStatus, contentType, this.request)
  }

  /**
   * Serializes `input` with the route's serializer of a status (`serializeInput(data, 201)`, or
   * `(data, 200, 'application/json')` for a `content` map) or with a schema (`serializeInput(data, schema)`).
   */
  serializeInput(input: unknown, schemaOrStatus: object | string | number, httpStatus?: string | number, contentType?: string): string {
    return this[kRoute].schemasOnDemand.serialize(input, schemaOrStatus, httpStatus, contentType, this.request)
  }

  /** A response header, whether set on the reply or directly on `reply.raw`. */
  getHeader(name: string): HeaderValue | undefined {
    const key = name.toLowerCase()
    const value = this[kReplyHeaders][key]
    return value !== undefined ? value : this.raw.getHeader(key)
  }

  /** Every response header set so far. */
  getHeaders(): Record<string, HeaderValue> {
    return { ...(this.raw.getHeaders() as Record<string, HeaderValue>), ...this[kReplyHeaders] }
  }

  /** Whether a response header is set. */
  hasHeader(name: string): boolean {
    const key = name.toLowerCase()
    return this[kReplyHeaders][key] !== undefined || this.raw.hasHeader(key)
  }

  /** Removes a response header. */
  removeHeader(name: string): this {
    const key = name.toLowerCase()
    delete this[kReplyHeaders][key]
    this.raw.removeHeader(key)
    return this
  }

  /** Sets the `content-type` header. */
  type(contentType: string): this {
    return this.header('content-type', contentType)
  }

  /** Serializes this reply's payload with `fn` instead of the route's serializer. */
  serializer(fn: (payload: unknown) => string): this {
    this[kReplySerializer] = fn
    return this
  }

  /**
   * Serializes `payload` as `send` would, without sending it: with this reply's serializer, else
   * the route's response schema for the current status and content type, else the context's
   * default JSON serializer.
   */
  abstract serialize(payload: unknown): string

  /** Sends the payload: an object (JSON), string, Buffer, stream, Error, or nothing. */
  abstract send(payload?: unknown): this

  /**
   * Reports a failure on the request path: the onError hooks, then the error handlers. Every stage
   * of the request path reports its errors here, so none of them needs to know the error handler.
   */
  abstract [kReplyFail](error: unknown): void

  /** Redirects to `url` with `code` (default: the status already set if it is 3xx, else 302). */
  redirect(url: string, code?: number): this {
    const status = code ?? (this[kReplyHasStatus] && this.statusCode >= 300 && this.statusCode < 400 ? this.statusCode : 302)
    return this.header('location', url).code(status).send()
  }

  /** Answers with the not-found handler of the request's context. */
  abstract callNotFound(): this

  /**
   * Makes the reply awaitable: `await reply` settles once the response has been written
   * (immediately when it already was, or when the reply was hijacked), and rejects when writing it
   * failed. A hook or handler that returns the reply waits for the response the same way.
   */
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

  /** Takes the response over: warren will not write to `reply.raw` any more. */
  hijack(): this {
    this[kReplyHijacked] = true
    return this
  }

  /* ---------- bodies and replies (issue #12) ---------- */

  /**
   * Adds an HTTP trailer: `fn(reply, payload, done)` (or an async `fn(reply, payload)`) computes
   * its value once the payload is written; the response is then sent chunked, with a `Trailer` header.
   */
  trailer(name: string, fn: TrailerFn): this {
    addTrailer(this, name, fn)
    return this
  }

  /** Whether a trailer of that name was added. */
  hasTrailer(name: string): boolean {
    return this[kReplyTrailers]?.has(name.toLowerCase()) ?? false
  }

  /** Removes the trailer of that name. */
  removeTrailer(name: string): this {
    this[kReplyTrailers]?.delete(name.toLowerCase())
    return this
  }

  /**
   * The media type of the reply's `content-type` (lower case, without parameters), from
   * `reply.type()`/`reply.header()` first, then from `reply.raw`; undefined when none is set.
   */
  get mediaType(): string | undefined {
    return essenceOf(this[kReplyHeaders]['content-type'] ?? this.raw.getHeader('content-type')) || undefined
  }

  /** Sends a `103 Early Hints` informational response (e.g. `link` preloads) before the real one. */
  writeEarlyHints(hints: Record<string, string | string[]>, callback?: () => void): this {
    this.raw.writeEarlyHints(hints, callback)
    return this
  }
}

/**
 * Derives the reply class of a new context: the parent's decorators, copied, plus room for its own.
 * The root's derives from `base`, the class that implements the request path's methods.
 */
export function deriveReplyClass(parent: ReplyClass | null, base: { prototype: Reply }): ReplyClass {
  const props = parent ? parent.props.slice() : []
  // every field set here, in this order, so all replies share one shape
  const ContextReply = function (this: Reply, raw: ServerResponse, request: Request, log: Logger) {
    this.raw = raw
    this.request = request
    this.log = log
    this[kRoute] = request[kRoute]
    this[kReplyHeaders] = {}
    this[kReplySerializer] = null
    this[kReplySending] = false
    this[kReplyHijacked] = false
    this[kReplyErrorHandler] = undefined
    this[kReplySendingError] = false
    this[kReplyOnErrorPhase] = OnErrorPhase.Pending
    this[kReplyStartTime] = clock.now()
    this[kReplyHasStatus] = false
    this[kReplyTrailers] = null
    assignDecoratorProps(this, props)
  } as unknown as ReplyClass
  ContextReply.prototype = Object.create(parent ? parent.prototype : base.prototype)
  ContextReply.props = props
  return ContextReply
}
