/**
 * @module model/request
 * The request object as data: the `Request` class (fields and read-only getters, no behaviour),
 * and the per-context request classes that carry request decorators.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { readDecorator, writeDecorator } from '../core/decorator-access.js'
import { essenceOf } from '../core/media-type.js'
import { kRequestAbort, kRequestResponse, kRoute } from '../core/symbols.js'
import type { Logger } from '../core/logger.js'
import type { HTTPPart, RequestRouteOptions, ValidationFunction, WarrenRequest } from '../types/index.js'
import { forwardingChain, type TrustProxy } from './trust-proxy.js'

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
  declare params: WarrenRequest['params']
  /** The parsed query string, validated against `schema.querystring` when there is one. */
  declare query: WarrenRequest['query']
  /** The parsed body, validated against `schema.body` when there is one. */
  declare body: WarrenRequest['body']
  /** The request headers (names lower-case), validated against `schema.headers` when there is one. */
  declare headers: WarrenRequest['headers']
  /** The Node.js request. */
  declare raw: IncomingMessage
  /** The request's logger (a child of the server's, tagged with the request id). */
  declare log: Logger
  /** The validation error, when the route has `attachValidation: true` and validation failed. */
  declare validationError: (Error & { validation?: unknown; validationContext?: string }) | undefined
  /** The response this request is answered on (set as the exchange is built). */
  declare [kRequestResponse]: ServerResponse | null
  /** The controller of {@link signal}, once read. */
  declare [kRequestAbort]: AbortController | null

  /** The instance (context) the route was declared in. */
  get server(): WarrenRequest['server'] {
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

  /**
   * The client address: the socket's peer, or with `trustProxy` the furthest address of the
   * `x-forwarded-for` chain reached through trusted proxies.
   */
  get ip(): string | undefined {
    const trust = this[kRoute].trustProxy
    if (trust === null) return this.raw.socket?.remoteAddress
    const chain = forwardingChain(this.raw, trust)
    return chain[chain.length - 1]
  }

  /** With `trustProxy`: the socket's peer and the `x-forwarded-for` addresses, nearest first, up to the first untrusted one. */
  get ips(): string[] | undefined {
    const trust = this[kRoute].trustProxy
    return trust === null ? undefined : forwardingChain(this.raw, trust)
  }

  /**
   * The `host` header (with port), or the `:authority` of an HTTP/2 request; with `trustProxy`,
   * the last `x-forwarded-host` entry (the one the nearest proxy added). `''` when the request
   * has none (HTTP/1.0, `http.requireHostHeader: false`, or a headers schema that removed it).
   */
  get host(): string {
    const headers = this.headers
    const forwarded = headers['x-forwarded-host']
    if (typeof forwarded === 'string' && forwarded !== '' && peerIsTrustedProxy(this.raw, this[kRoute].trustProxy)) return lastEntry(forwarded)
    // HTTP/2 sends a single :authority, never a list
    return headers.host ?? (headers[':authority'] as string | undefined) ?? ''
  }

  /** The host name, without the port (IPv6 addresses keep their brackets); `''` without a host. */
  get hostname(): string {
    const host = this.host
    if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
    const colon = host.indexOf(':')
    return colon === -1 ? host : host.slice(0, colon)
  }

  /** The port named by {@link host}, or null when it names none. */
  get port(): number | null {
    const match = /:(\d+)$/.exec(this.host)
    return match ? Number(match[1]) : null
  }

  /**
   * `https` on an encrypted socket, else `http`; with `trustProxy` and a trusted peer, the last
   * `x-forwarded-proto` entry as the proxy wrote it.
   */
  get protocol(): 'http' | 'https' {
    const forwarded = this.raw.headers['x-forwarded-proto']
    if (typeof forwarded === 'string' && forwarded !== '' && peerIsTrustedProxy(this.raw, this[kRoute].trustProxy)) return lastEntry(forwarded) as 'http' | 'https'
    return (this.raw.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http'
  }

  /**
   * The options of the route that matched: method, url, config, schema, bodyLimit and friends (no
   * method or url for a not-found request), and the `version` the request asked for
   * (its `Accept-Version` header; a copy is made only then).
   */
  get routeOptions(): RequestRouteOptions {
    const shared = this[kRoute].requestRouteOptions
    const version = this.raw.headers['accept-version']
    return version === undefined ? shared : { ...shared, version: Array.isArray(version) ? version[0] : version }
  }

  /** True when no route matched and the not-found handler is answering. */
  get is404(): boolean {
    return this[kRoute].is404
  }

  /** A request decorator's value (a function comes bound to this request); `SVC_ERR_DEC_UNDECLARED` if there is none. */
  getDecorator<T = unknown>(name: string | symbol): T {
    // the caller states the decorator's type: decorators are typed per context, not on the runtime class
    return readDecorator(this, name, 'request') as T
  }

  /** Replaces a request decorator's value on this request; `SVC_ERR_DEC_UNDECLARED` if there is none. */
  setDecorator<T = unknown>(name: string | symbol, value: T): void {
    writeDecorator(this, name, value, 'request')
  }

  /* ---------- validation on demand ---------- */

  /**
   * The route's validator of an HTTP part (`'body'`, `'headers'`, `'params'`, `'querystring'` or
   * `'query'`), or the one {@link compileValidationSchema} made for this schema object; undefined
   * when there is none.
   */
  getValidationFunction(httpPartOrSchema: HTTPPart | 'query' | object): ValidationFunction | undefined {
    const schemas = this[kRoute].schemasOnDemand
    if (typeof httpPartOrSchema === 'string') return schemas.validatorOfPart(httpPartOrSchema)
    if (typeof httpPartOrSchema === 'object' && httpPartOrSchema !== null) return schemas.cachedValidator(httpPartOrSchema)
    return undefined
  }

  /** Compiles a schema with the route's validator compiler (once per schema object and route) and returns the validator. */
  compileValidationSchema(schema: object, httpPart: HTTPPart | null = null): ValidationFunction {
    return this[kRoute].schemasOnDemand.compileValidator(schema, httpPart, this)
  }

  /**
   * Validates `input` against the route's validator of an HTTP part (`validateInput(input, 'body')`),
   * or against a schema (`validateInput(input, schema, httpPart?)`); returns the validator's result.
   */
  validateInput(input: unknown, schemaOrPart: object | HTTPPart | 'query', httpPart?: HTTPPart): boolean {
    // the public type says boolean; an async or custom validator answers with a promise or a result object
    return this[kRoute].schemasOnDemand.validate(input, schemaOrPart, httpPart, this) as boolean
  }

  /** The media type of the request's `content-type` (lower case, without parameters), or undefined. */
  get mediaType(): string | undefined {
    return essenceOf(this.raw.headers['content-type']) || undefined
  }

  /**
   * Aborted when the client goes away before the response is finished, or when the route's
   * `handlerTimeout` expires (the reason is then its `SVC_ERR_HANDLER_TIMEOUT` error). Created on
   * first read, so requests that never read it pay nothing.
   */
  get signal(): AbortSignal {
    let controller = this[kRequestAbort]
    if (controller === null) {
      controller = this[kRequestAbort] = new AbortController()
      abortOnDisconnect(controller, this[kRequestResponse])
    }
    return controller.signal
  }
}

/** Aborts `controller` when `res` closes before its response was ended: the client went away first. */
function abortOnDisconnect(controller: AbortController, res: ServerResponse | null): void {
  if (res === null || res.writableEnded) return
  if (res.destroyed) return controller.abort()
  res.once('close', () => {
    if (!res.writableEnded) controller.abort()
  })
}

/** The last entry of a comma-separated header value (`a, b` gives `b`). */
/** Whether `x-forwarded-host` and `x-forwarded-proto` may be read: the socket's peer is a trusted proxy. */
function peerIsTrustedProxy(raw: IncomingMessage, trust: TrustProxy | null): boolean {
  const peer = raw.socket?.remoteAddress
  return trust !== null && typeof peer === 'string' && trust(peer, 0)
}

function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',')
  return comma === -1 ? value : value.slice(comma + 1).trim()
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
    this[kRequestResponse] = null
    this[kRequestAbort] = null
    assignDecoratorProps(this, props)
  } as unknown as RequestClass
  ContextRequest.prototype = Object.create(parent ? parent.prototype : Request.prototype)
  ContextRequest.props = props
  return ContextRequest
}
