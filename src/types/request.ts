/**
 * @module types/request
 * The request object's type: the route's typed parts plus the fields every request has.
 */

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { RouteConfig } from './augment.js'
import type { BareInstance } from './context.js'
import type { ContextConfigDefault, FastifyBaseLogger, FastifySchema, FastifyTypeProviderDefault, RawRequestDefaultExpression, RawServerBase, RawServerDefault, RouteGenericInterface } from './fastify-generics.js'
import type { WarrenLogger, LogSerializers } from './logger.js'
import type { DefaultRouteTypes, RouteSchema, RouteTypes } from './schema.js'
import type { HTTPPart, ValidationError, ValidationFunction } from './validation.js'

/** The options of the route that matched, as `request.routeOptions` exposes them. */
export interface RequestRouteOptions {
  method: string | string[]
  /** The route's path (`undefined` when no route matched). */
  url: string | undefined
  /** The route's `config` option: keys declared on {@link RouteConfig} are typed. */
  config: RouteConfig
  /** The route's `schema` option (absent for the not-found handler). */
  schema?: RouteSchema
  /** The body limit in force for the route, in bytes. */
  bodyLimit: number
  /** The handler timeout in force for the route, in ms (0: none). */
  handlerTimeout?: number
  /** Whether validation errors are attached to the request instead of answered. */
  attachValidation: boolean
  logLevel?: string
  /** The serializers of the route's request loggers (its own `logSerializers` over its plugins'). */
  logSerializers?: LogSerializers
  handler: Function
  /** Whether a HEAD route was derived from this GET route. */
  exposeHeadRoute: boolean
  /** How a `'/'` route under a prefix answers (`'both'` unless the route said otherwise). */
  prefixTrailingSlash?: 'both' | 'slash' | 'no-slash'
  /** The version the request asked for (its `Accept-Version` header), if any. */
  version?: string
}

/**
 * A request as a handler or hook receives it: {@link RequestMembers}, and what is merged into it (or
 * into Fastify's `FastifyRequest`, which has the members for any route: the route's are restated here).
 */
export interface WarrenRequest<RT extends RouteTypes = DefaultRouteTypes, Server = BareInstance> extends RequestMembers<RT, Server>, FastifyRequest {
  params: RT['params']
  query: RT['query']
  body: RT['body']
  headers: IncomingHttpHeaders & RT['headers']
  readonly server: Server
}

/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters are Fastify's, for the merges */
/** Fastify's request type, which plugins merge into (`declare module 'fastify'`, re-exported by `types/fastify-compat`): what plugins add to every request (`request.jwtVerify()`, `request.cookies`…), beside a request's own members (a plugin's callbacks typed with it read them). */
export interface FastifyRequest<
  RouteGeneric = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = RawRequestDefaultExpression<RawServer>,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  ContextConfig = ContextConfigDefault,
  Logger = FastifyBaseLogger,
  RequestType = unknown,
> extends RequestMembers<FastifyRouteTypes<RouteGeneric>, unknown> {}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** A Fastify route generic (`{ Params; Querystring; Body; Headers }`) read as a route's types: a part it leaves out is `unknown`. */
interface FastifyRouteTypes<G> extends DefaultRouteTypes {
  params: G extends { Params: infer P } ? P : unknown
  query: G extends { Querystring: infer Q } ? Q : unknown
  body: G extends { Body: infer B } ? B : unknown
  headers: G extends { Headers: infer H } ? H : unknown
}

/** The request's own members, apart from what is merged into {@link WarrenRequest}: `decorateRequest` refuses these names. */
export interface RequestMembers<RT extends RouteTypes = DefaultRouteTypes, Server = BareInstance> {
  /** The request id (`genReqId`, or the `requestIdHeader` value). */
  id: string
  /** Route parameters: from `schema.params`, else from the names in the path. */
  params: RT['params']
  /** The parsed query string: from `schema.querystring` (or `schema.query`), else `unknown`. */
  query: RT['query']
  /** The parsed body: from `schema.body` (a `content` map gives the union of its media types), else `unknown`. */
  body: RT['body']
  /** The request headers, names lower-case; the properties of `schema.headers` are typed by it. */
  headers: IncomingHttpHeaders & RT['headers']
  raw: IncomingMessage
  /** The request's logger (a child of the server's, tagged with the request id). */
  log: WarrenLogger
  /** The validation error, when the route has `attachValidation: true` and validation failed. */
  validationError?: ValidationError
  /** The instance the route was declared in, with that context's decorations. */
  readonly server: Server
  /** The request URL (path and query string), as received. */
  readonly url: string
  /** The URL before any rewrite. */
  readonly originalUrl: string
  readonly method: string
  /** The connection's socket (`raw.socket`), e.g. to answer by hand after `reply.hijack()`. */
  readonly socket: Socket
  /** The client address (the first `x-forwarded-for` entry when `trustProxy` is on). */
  readonly ip: string | undefined
  /** Every address in the forwarding chain, client first, when `trustProxy` is on. */
  readonly ips: string[] | undefined
  /** The `host` header (with port), or the last `x-forwarded-host` entry when `trustProxy` is on; `''` when absent. */
  readonly host: string
  /** The host name, without the port; `''` when the request names no host. */
  readonly hostname: string
  /** The port named by `host`, or null when it names none. */
  readonly port: number | null
  /** `'https'` on an encrypted socket (or per `x-forwarded-proto` with `trustProxy`), else `'http'`. */
  readonly protocol: 'http' | 'https'
  readonly routeOptions: Readonly<RequestRouteOptions>
  /** True when no route matched and the not-found handler is answering. */
  readonly is404: boolean

  /** The route's validator of an HTTP part (`'body'`, `'query'`…), or the one `compileValidationSchema` made for this schema object. */
  getValidationFunction(httpPartOrSchema: HTTPPart | 'query' | object): ValidationFunction | undefined
  /** Compiles a schema with the route's validator compiler (once per schema object and route). */
  compileValidationSchema(schema: object, httpPart?: HTTPPart | null): ValidationFunction
  /** Validates `input` with the route's validator of an HTTP part, or with a schema's; given neither, throws `SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION`. */
  validateInput(input: unknown, schemaOrPart: object | HTTPPart | 'query', httpPart?: HTTPPart): boolean

  /** A request decorator's value (a function comes bound to this request); throws `SVC_ERR_DEC_UNDECLARED` if there is none. */
  getDecorator<T = unknown>(name: string | symbol): T
  /** Replaces a request decorator's value on this request; throws `SVC_ERR_DEC_UNDECLARED` if there is none. */
  setDecorator<T = unknown>(name: string | symbol, value: T): void
  /** The media type of the request's `content-type` (lower case, no parameters), or undefined. */
  readonly mediaType: string | undefined

  /** Aborted when the client goes away before the response is finished, or when `handlerTimeout` expires (reason: the `SVC_ERR_HANDLER_TIMEOUT` error). */
  readonly signal: AbortSignal
}

/** The request of a route with types `RT` and request decorations `Rq`; `request.server` carries its context's decorations. */
export type RouteRequest<RT extends RouteTypes, Rq, Server = BareInstance> = WarrenRequest<RT, Server> & Rq
