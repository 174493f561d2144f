/**
 * @module model/request
 * The request object as data: the `Request` class (fields and read-only getters, no behaviour),
 * and the per-context request classes that carry request decorators.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { essenceOf } from '../core/media-type.js'
import { kRoute } from '../core/symbols.js'
import type { Logger } from '../core/logger.js'
import type { ResolvedRouteOptions } from './route-options.js'

/** A request decorator whose value is copied onto every request of its context. */
export interface DecoratorProp {
  key: string | symbol
  value: unknown
}

/** Constructor of the request objects of one context (decorators live on its prototype and props). */
export interface RequestClass {
  new (id: string, params: Record<string, string>, raw: IncomingMessage, query: Record<string, unknown>, log: Logger, route: Request[typeof kRoute]): Request
  prototype: Request
  props: DecoratorProp[]
}

/**
 * The request a handler and the hooks receive: the parsed, validated parts of an HTTP request
 * plus the decorators of the route's context. `[kRoute]`, the route context serving it, is
 * declared with `RouteContext` (model/route-context), which is built from these classes.
 */
export class Request {
  /** The request id (`genReqId`, or the `requestIdHeader` value). */
  declare id: string
  /** Route parameters, validated against `schema.params` when there is one. */
  declare params: any
  /** The parsed query string, validated against `schema.querystring` when there is one. */
  declare query: any
  /** The parsed body, validated against `schema.body` when there is one. */
  declare body: any
  /** The request headers (names lower-case), validated against `schema.headers` when there is one. */
  declare headers: any
  /** The Node.js request. */
  declare raw: IncomingMessage
  /** The request's logger (a child of the server's, tagged with the request id). */
  declare log: Logger
  /** The validation error, when the route has `attachValidation: true` and validation failed. */
  declare validationError: (Error & { validation?: unknown; validationContext?: string }) | undefined

  /** The instance (context) the route was declared in. */
  get server(): any {
    return this[kRoute].server
  }

  /** The request URL (path and query string), as received. */
  get url(): string {
    return this.raw.url as string
  }

  /** The URL before any rewrite. */
  get originalUrl(): string {
    return (this.raw as { originalUrl?: string }).originalUrl ?? (this.raw.url as string)
  }

  /** The connection's socket (`request.raw.socket`), e.g. to answer by hand after `reply.hijack()`. */
  get socket(): Socket {
    return this.raw.socket
  }

  /** The HTTP method. */
  get method(): string {
    return this.raw.method as string
  }

  /** The client address (the first `x-forwarded-for` entry when `trustProxy` is on). */
  get ip(): string | undefined {
    if (this[kRoute].trustProxy) {
      const forwarded = this.raw.headers['x-forwarded-for']
      if (typeof forwarded === 'string') return forwarded.split(',')[0].trim()
    }
    return this.raw.socket?.remoteAddress
  }

  /** Every address in the forwarding chain, client first, when `trustProxy` is on. */
  get ips(): string[] | undefined {
    if (!this[kRoute].trustProxy) return undefined
    const forwarded = this.raw.headers['x-forwarded-for']
    const chain = typeof forwarded === 'string' ? forwarded.split(',').map((s) => s.trim()) : []
    const socketAddress = this.raw.socket?.remoteAddress
    return socketAddress ? [...chain, socketAddress] : chain
  }

  /** The `host` header (with port), or `x-forwarded-host` when `trustProxy` is on. */
  get host(): string | undefined {
    if (this[kRoute].trustProxy) {
      const forwarded = this.raw.headers['x-forwarded-host']
      if (typeof forwarded === 'string') return forwarded
    }
    return this.raw.headers.host ?? (this.raw.headers[':authority'] as string | undefined)
  }

  /** The host name, without the port. */
  get hostname(): string | undefined {
    const host = this.host
    if (host === undefined) return undefined
    if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
    const colon = host.indexOf(':')
    return colon === -1 ? host : host.slice(0, colon)
  }

  /** The port from the host header, if any. */
  get port(): number | null {
    const host = this.host
    const match = host ? /:(\d+)$/.exec(host) : null
    if (match) return Number(match[1])
    return this.raw.socket?.localPort ?? null
  }

  /** `https` on an encrypted socket (or `x-forwarded-proto` when `trustProxy` is on), else `http`. */
  get protocol(): 'http' | 'https' {
    if (this[kRoute].trustProxy) {
      const forwarded = this.raw.headers['x-forwarded-proto']
      if (typeof forwarded === 'string') return forwarded.split(',')[0].trim() === 'https' ? 'https' : 'http'
    }
    return (this.raw.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http'
  }

  /** The options of the route that matched: method, url, config, schema, bodyLimit and friends. */
  get routeOptions(): ResolvedRouteOptions {
    return this[kRoute].routeOptions
  }

  /** True when no route matched and the not-found handler is answering. */
  get is404(): boolean {
    return this[kRoute].is404
  }

  /* ---------- bodies and replies (issue #12) ---------- */

  /** The media type of the request's `content-type` (lower case, without parameters), or undefined. */
  get mediaType(): string | undefined {
    return essenceOf(this.raw.headers['content-type']) || undefined
  }
}

/** Gives a new request or reply its context's value decorators (each its own copy of the value). */
export function assignDecoratorProps(target: object, props: DecoratorProp[]): void {
  for (let i = 0; i < props.length; i++) (target as Record<string | symbol, unknown>)[props[i].key] = props[i].value
}

/** Derives the request class of a new context: the parent's decorators, copied, plus room for its own. */
export function deriveRequestClass(parent: RequestClass | null): RequestClass {
  const props = parent ? parent.props.slice() : []
  // every field set here, in this order, so all requests share one shape
  const ContextRequest = function (
    this: Request,
    id: string,
    params: Record<string, string>,
    raw: IncomingMessage,
    query: Record<string, unknown>,
    log: Logger,
    route: Request[typeof kRoute],
  ) {
    this.id = id
    this.params = params
    this.raw = raw
    this.query = query
    this.log = log
    this.body = undefined
    this.headers = raw.headers
    this.validationError = undefined
    this[kRoute] = route
    assignDecoratorProps(this, props)
  } as unknown as RequestClass
  ContextRequest.prototype = Object.create(parent ? parent.prototype : Request.prototype)
  ContextRequest.props = props
  return ContextRequest
}
