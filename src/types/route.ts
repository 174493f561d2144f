/**
 * @module types/route
 * Route declaration types: handlers, route options, and the shorthand methods.
 */

import type { LogSerializers } from './logger.js'
import type { HandlerError, HookOption, RequestHooks } from './hooks.js'
import type { RouteConfig, RouteOptionsExtensions } from './augment.js'
import type { AnyReply, RouteReply } from './reply.js'
import type { RouteRequest } from './request.js'
import type { DefaultRouteTypes, RouteSchema, RouteTypes, RouteTypesOf } from './schema.js'
import type { SuccessPayload } from './status.js'
import type { ChildLoggerFactory } from './options.js'
import type { RouteConstraints } from './router.js'
import type { SerializerCompiler, ValidatorCompiler } from './validation.js'
import type { RouteEntry, RoutedInstance, RoutedInstanceSlot, RouteTableCarrier, TrailingSlash } from './route-table.js'
import type { kContext } from './brand.js'
import type { ContextShape } from './context.js'

/** The HTTP methods a route can be declared for, as keys: node's `http.METHODS` (Node 20). */
export interface HTTPMethods {
  'ACL': true
  'BIND': true
  'CHECKOUT': true
  'CONNECT': true
  'COPY': true
  'DELETE': true
  'GET': true
  'HEAD': true
  'LINK': true
  'LOCK': true
  'M-SEARCH': true
  'MERGE': true
  'MKACTIVITY': true
  'MKCALENDAR': true
  'MKCOL': true
  'MOVE': true
  'NOTIFY': true
  'OPTIONS': true
  'PATCH': true
  'POST': true
  'PROPFIND': true
  'PROPPATCH': true
  'PURGE': true
  'PUT': true
  'QUERY': true
  'REBIND': true
  'REPORT': true
  'SEARCH': true
  'SOURCE': true
  'SUBSCRIBE': true
  'TRACE': true
  'UNBIND': true
  'UNLINK': true
  'UNLOCK': true
  'UNSUBSCRIBE': true
}

/** An HTTP method a route can be declared for (a key of {@link HTTPMethods}). */
export type HTTPMethod = keyof HTTPMethods & string

/** A route handler: `this` is the instance, `request` and `reply` are typed by the route. */
export type HandlerFor<Self, RT extends RouteTypes, Rq, Rp> = (
  this: Self,
  request: RouteRequest<RT, Rq, Self>,
  reply: RouteReply<RT, Rp, Self>,
) => Status200Payload<SuccessPayload<RT['responses']>>

/** What a handler may return (`P`: the payload for 200): `P`, the reply, or nothing, or a promise of one, not of a mix of `P` and `undefined`. */
export type Status200Payload<P> = P | AnyReply | void | Promise<P | AnyReply> | Promise<void | undefined | Unsent<P>>

/** A value no handler resolves with. */
interface Unsent<P> {
  readonly unsent: P
}

/** An error handler (`setErrorHandler`, route option `errorHandler`). */
export type ErrorHandlerFor<Self, Rq, Rp, E = HandlerError> = (
  this: Self,
  error: E,
  request: RouteRequest<DefaultRouteTypes, Rq, Self>,
  reply: RouteReply<DefaultRouteTypes, Rp, Self>,
) => unknown

/** Refuses the keys of a route's `schema` that `RouteSchema` does not know, with a message naming the key. */
type KnownSchemaKeys<Sc> = string extends keyof Sc
  ? unknown // a schema typed as a plain record (built at run time): its keys are not known here
  : { [K in Exclude<keyof Sc, keyof RouteSchema>]: `'${K & string}' is not a route schema key` }

/** Route options other than the method, path and handler: what the shorthands take as `opts`. */
export interface RouteShorthandOptions<Self, Sc, RT extends RouteTypes, Rq, Rp> extends RouteOptionsExtensions {
  /** The route's schemas: they validate and serialize at run time and type the route here; an unknown key does not compile. */
  schema?: Sc & KnownSchemaKeys<Sc>
  /** Free data for the route, readable as `request.routeOptions.config`. */
  config?: RouteConfig
  /** Let the handler see validation failures on `request.validationError` instead of answering 400. */
  attachValidation?: boolean
  /** Validator compiler for this route's schemas. */
  validatorCompiler?: ValidatorCompiler
  /** Serializer compiler for this route's response schemas. */
  serializerCompiler?: SerializerCompiler
  /** Maximum body size in bytes for this route. */
  bodyLimit?: number
  /** Milliseconds from arrival to reply before warren answers 503 `SVC_ERR_HANDLER_TIMEOUT` and aborts `request.signal` (default: the `handlerTimeout` factory option). */
  handlerTimeout?: number
  logLevel?: string
  /** Serializers of this route's request loggers, by key of the logged object, over those of the instance and its plugins. */
  logSerializers?: LogSerializers
  /** Whether a GET route also answers HEAD (default from the `exposeHeadRoutes` factory option). */
  exposeHeadRoute?: boolean
  /** The route answers only requests that match these constraints: `version` (`Accept-Version`), `host`, or an added strategy's. */
  constraints?: RouteConstraints
  /** How a `'/'` route under a prefix answers: `/prefix` and `/prefix/` (`'both'`, the default), or only one of them. */
  prefixTrailingSlash?: 'both' | 'slash' | 'no-slash'
  /** Builds the logger of each request of this route (instead of its context's `setChildLoggerFactory` one). */
  childLoggerFactory?: ChildLoggerFactory
  errorHandler?: ErrorHandlerFor<Self, Rq, Rp>
  onRequest?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['onRequest']>>
  preParsing?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['preParsing']>>
  preValidation?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['preValidation']>>
  preHandler?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['preHandler']>>
  preSerialization?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['preSerialization']>>
  onSend?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['onSend']>>
  onResponse?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['onResponse']>>
  onError?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['onError']>>
  onTimeout?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['onTimeout']>>
  onRequestAbort?: HookOption<NoInfer<RequestHooks<Self, RT, Rq, Rp>['onRequestAbort']>>
}

/** The path of a full route declaration: `url`, or its alias `path`. */
export type RoutePath<Path extends string> = { url: Path; path?: never } | { path: Path; url?: never }

/** Options of `route()`: method, path, handler and the shorthand options. `M`: the method(s), as declared. */
export type RouteOptions<Self, Path extends string, Sc, RT extends RouteTypes, Rq, Rp, M extends HTTPMethod = HTTPMethod> = RouteShorthandOptions<Self, Sc, RT, Rq, Rp> &
  RoutePath<Path> & {
    method: M | M[]
    handler: HandlerFor<Self, RT, Rq, Rp>
  }

/** The instance a route declaration returns: the route's entry appended to its route table `R`, which the typed client reads. */
export type WithRoute<D extends object, Rq extends object, Rp extends object, Reg extends object, R, M extends string, Path extends string, RT extends RouteTypes, Slash extends TrailingSlash = 'both'> =
  RoutedInstance<D, Rq, Rp, Reg, R | RouteEntry<M, Path, RT, Slash>>

/** A shorthand route method (`get`, `post`…): `(path, handler)` or `(path, opts, handler)`. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- `Self` names the declaring instance; the signatures read it from the receiver
export interface RouteShorthand<Self, Rq extends object, Rp extends object, Reg extends object, M extends string = never, D extends object = {}> {
  <Table, const Path extends string, Sc extends RouteSchema = {}, C extends ContextShape = { d: D; rq: Rq; rp: Rp; s: Reg }, const Slash extends TrailingSlash = 'both'>(
    this: RouteCarrier<Table, C>,
    path: Path,
    opts: RouteShorthandOptions<SelfOf<C>, Sc, RouteTypesOf<Sc, Path, C['s']>, C['rq'], C['rp']> & SlashOption<Path, Slash>,
    handler: HandlerFor<SelfOf<C>, RouteTypesOf<Sc, NoInfer<Path>, C['s']>, C['rq'], C['rp']>,
  ): WithRoute<C['d'], C['rq'], C['rp'], C['s'], Table, M, Path, RouteTypesOf<Sc, Path, C['s']>, Slash>
  <Table, const Path extends string, C extends ContextShape = { d: D; rq: Rq; rp: Rp; s: Reg }>(
    this: RouteCarrier<Table, C>,
    path: Path,
    handler: HandlerFor<SelfOf<C>, RouteTypesOf<{}, NoInfer<Path>, C['s']>, C['rq'], C['rp']>,
  ): WithRoute<C['d'], C['rq'], C['rp'], C['s'], Table, M, Path, RouteTypesOf<{}, Path, C['s']>>
  /** The handler inside the options: `get(path, { schema, handler })`. */
  <Table, const Path extends string, Sc extends RouteSchema = {}, C extends ContextShape = { d: D; rq: Rq; rp: Rp; s: Reg }, const Slash extends TrailingSlash = 'both'>(
    this: RouteCarrier<Table, C>,
    path: Path,
    opts: RouteShorthandOptions<SelfOf<C>, Sc, RouteTypesOf<Sc, Path, C['s']>, C['rq'], C['rp']> & { handler: HandlerFor<SelfOf<C>, RouteTypesOf<Sc, NoInfer<Path>, C['s']>, C['rq'], C['rp']> } & SlashOption<Path, Slash>,
  ): WithRoute<C['d'], C['rq'], C['rp'], C['s'], Table, M, Path, RouteTypesOf<Sc, Path, C['s']>, Slash>
}

/** Only a `'/'` route under a prefix has a `prefixTrailingSlash` to follow, so only its options give the type argument. */
type SlashOption<Path extends string, Slash extends TrailingSlash> = Path extends '/' ? { prefixTrailingSlash?: Slash } : unknown

/** What a route method reads its receiver's route table `Table` and context `C` from. */
interface RouteCarrier<Table, C extends ContextShape> extends RouteTableCarrier<Table> {
  readonly [kContext]: C
}

/** The instance type handlers see for context `C` (without a route table). */
type SelfOf<C extends ContextShape> = RoutedInstanceSlot<C['d'], C['rq'], C['rp'], C['s'], never>['instance']
