/**
 * @module model/request
 * The request object as data (fields and getters, no behaviour), and the per-context request classes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { readDecorator, writeDecorator } from '../core/decorator-access.js'
import { essenceOf } from '../core/media-type.js'
import { kRequestAbort, kRequestHeaders, kRequestResponse, kRoute } from '../core/symbols.js'
import type { Logger } from '../core/logger.js'
import type { HTTPPart, RequestRouteOptions, ValidationError, ValidationFunction, WarrenRequest } from '../types/index.js'
import { forwardingChain, type TrustProxy } from './trust-proxy.js'

export interface DecoratorProp {
  key: string | symbol
  value: unknown
}

/** The route context a request carries (declared in model/route-context); `never` where that declaration is not loaded, as in a published `.d.ts` read alone. */
type RouteOf<T> = T extends { [kRoute]: infer Route } ? Route : never

export interface RequestClass {
  new (id: string, params: Record<string, string>, raw: IncomingMessage, response: ServerResponse, query: Record<string, unknown>, log: Logger, route: RouteOf<Request>): Request
  prototype: Request
  props: DecoratorProp[]
}

/** The request a handler and hooks receive; its members are documented on `WarrenRequest`. */
export class Request {
  declare id: string
  declare params: WarrenRequest['params']
  declare query: WarrenRequest['query']
  declare body: WarrenRequest['body']
  declare raw: IncomingMessage
  declare log: Logger
  declare validationError: ValidationError | undefined
  declare [kRequestResponse]: ServerResponse | null
  declare [kRequestAbort]: AbortController | null
  declare [kRequestHeaders]: WarrenRequest['headers'] | undefined

  static {
    // what most requests never set, read from here until a request sets its own: fewer stores per request
    Object.assign(this.prototype, { validationError: undefined, [kRequestAbort]: null, [kRequestHeaders]: undefined })
  }

  // read from the raw request when asked: its record may be built on first read (Node's, `app.fetch`'s)
  get headers(): WarrenRequest['headers'] {
    return this[kRequestHeaders] ?? (this.raw.headers as WarrenRequest['headers'])
  }

  /** Adds to the received headers (a record given replaces none of them), for this request only. */
  set headers(headers: WarrenRequest['headers']) {
    this[kRequestHeaders] = Object.assign({}, this.raw.headers, headers) as WarrenRequest['headers']
  }

  get server(): WarrenRequest['server'] {
    return this[kRoute].server
  }

  get url(): string {
    return this.raw.url as string
  }

  get originalUrl(): string {
    return (this.raw as { originalUrl?: string }).originalUrl ?? (this.raw.url as string)
  }

  get socket(): Socket {
    return this.raw.socket
  }

  get method(): string {
    return this.raw.method as string
  }

  get ip(): string | undefined {
    const trust = this[kRoute].trustProxy
    if (trust === null) return this.raw.socket?.remoteAddress
    const chain = forwardingChain(this.raw, trust)
    return chain[chain.length - 1]
  }

  get ips(): string[] | undefined {
    const trust = this[kRoute].trustProxy
    return trust === null ? undefined : forwardingChain(this.raw, trust)
  }

  get host(): string {
    const headers = this.headers
    const forwarded = headers['x-forwarded-host']
    if (typeof forwarded === 'string' && forwarded !== '' && peerIsTrustedProxy(this.raw, this[kRoute].trustProxy)) return lastEntry(forwarded)
    // HTTP/2 sends a single :authority, never a list
    return headers.host ?? (headers[':authority'] as string | undefined) ?? ''
  }

  get hostname(): string {
    const host = this.host
    if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
    const colon = host.indexOf(':')
    return colon === -1 ? host : host.slice(0, colon)
  }

  get port(): number | null {
    const match = /:(\d+)$/.exec(this.host)
    return match ? Number(match[1]) : null
  }

  get protocol(): 'http' | 'https' {
    const forwarded = this.raw.headers['x-forwarded-proto']
    if (typeof forwarded === 'string' && forwarded !== '' && peerIsTrustedProxy(this.raw, this[kRoute].trustProxy)) return lastEntry(forwarded) as 'http' | 'https'
    return (this.raw.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http'
  }

  // a copy per read: an assignment to it is one caller's, not the next request's (nor the route's)
  get routeOptions(): RequestRouteOptions {
    const shared = this[kRoute].requestRouteOptions
    const version = this.raw.headers['accept-version']
    return version === undefined ? { ...shared } : { ...shared, version: Array.isArray(version) ? version[0] : version }
  }

  get is404(): boolean {
    return this[kRoute].is404
  }

  getDecorator<T = unknown>(name: string | symbol): T {
    return readDecorator(this, name, 'request') as T
  }

  setDecorator<T = unknown>(name: string | symbol, value: T): void {
    writeDecorator(this, name, value, 'request')
  }


  getValidationFunction(httpPartOrSchema: HTTPPart | 'query' | object): ValidationFunction | undefined {
    const schemas = this[kRoute].schemasOnDemand
    if (typeof httpPartOrSchema === 'string') return schemas.validatorOfPart(httpPartOrSchema)
    if (typeof httpPartOrSchema === 'object' && httpPartOrSchema !== null) return schemas.cachedValidator(httpPartOrSchema)
    return undefined
  }

  compileValidationSchema(schema: object, httpPart: HTTPPart | null = null): ValidationFunction {
    return this[kRoute].schemasOnDemand.compileValidator(schema, httpPart, this)
  }

  validateInput(input: unknown, schemaOrPart: object | HTTPPart | 'query', httpPart?: HTTPPart): boolean {
    // the public type says boolean; an async or custom validator answers with a promise or a result object
    return this[kRoute].schemasOnDemand.validate(input, schemaOrPart, httpPart, this) as boolean
  }

  get mediaType(): string | undefined {
    return essenceOf(this.raw.headers['content-type']) || undefined
  }

  // created on first read, so requests that never read it pay nothing
  get signal(): AbortSignal {
    let controller = this[kRequestAbort]
    if (controller === null) {
      controller = this[kRequestAbort] = new AbortController()
      abortOnDisconnect(controller, this[kRequestResponse])
    }
    return controller.signal
  }
}

/** Aborts `controller` when `res` closes before its response ended: the client went away. */
function abortOnDisconnect(controller: AbortController, res: ServerResponse | null): void {
  if (res === null || res.writableEnded) return
  if (res.destroyed) return controller.abort()
  res.once('close', () => {
    if (!res.writableEnded) controller.abort()
  })
}

/** `x-forwarded-host` and `x-forwarded-proto` are read only from a trusted proxy. */
function peerIsTrustedProxy(raw: IncomingMessage, trust: TrustProxy | null): boolean {
  const peer = raw.socket?.remoteAddress
  return trust !== null && typeof peer === 'string' && trust(peer, 0)
}

function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',')
  return comma === -1 ? value : value.slice(comma + 1).trim()
}

/**
 * Sets each decorator's initial value on a new request or reply. The first four have store sites
 * of their own: a site that sees one name stays fast, where a loop's single site sees every name
 * and goes megamorphic (a lookup in V8's global cache at each store).
 */
export function assignDecoratorProps(target: object, props: DecoratorProp[]): void {
  const count = props.length
  if (count === 0) return
  const fields = target as Record<string | symbol, unknown>
  fields[props[0].key] = props[0].value
  if (count === 1) return
  fields[props[1].key] = props[1].value
  if (count === 2) return
  fields[props[2].key] = props[2].value
  if (count === 3) return
  fields[props[3].key] = props[3].value
  for (let i = 4; i < count; i++) fields[props[i].key] = props[i].value
}

export function deriveRequestClass(parent: RequestClass | null): RequestClass {
  const props = parent ? parent.props.slice() : []
  // every field set here, in this order, so all requests share one shape (the rarely set ones are on the prototype)
  const ContextRequest = function (
    this: Request,
    id: string,
    params: Record<string, string>,
    raw: IncomingMessage,
    response: ServerResponse,
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
    this[kRoute] = route
    this[kRequestResponse] = response
    assignDecoratorProps(this, props)
  } as unknown as RequestClass
  ContextRequest.prototype = Object.create(parent ? parent.prototype : Request.prototype)
  ContextRequest.props = props
  return ContextRequest
}
