/**
 * @module types/instance
 * The instance type.
 */

import type { AddressInfo } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { TSchema, TUnknown } from '@sinclair/typebox'
import type { InjectChain, InjectOptions, InjectResponse } from './inject.js'
import type { kContext, kRoutes, kShared } from './brand.js'
import type {
  BufferedBodyParser,
  ContentTypeMatcher,
  ContentTypeParserOptions,
  ProtoAction,
  StreamBodyParser,
} from './content-type.js'
import type { ContextOf, ContextShape, Decorated, DecoratorInput } from './context.js'
import type { AsyncHookWithoutDone, ContextHooks, HandlerError, HookName, HookOption, RequestHooks } from './hooks.js'
import type { FastifyBaseLogger, FastifyTypeProviderDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './fastify-generics.js'
import type { WarrenLogger } from './logger.js'
import type { RegisterArgs, RegisterCheck } from './register.js'
import type { ReplyMembers, RouteReply } from './reply.js'
import type { RequestMembers, RouteRequest } from './request.js'
import type { ErrorHandlerFor, HandlerFor, HTTPMethod, RouteOptions, RouteShorthand, WithRoute } from './route.js'
import type { MountOf, RouteTableCarrier, RoutesOf, TrailingSlash } from './route-table.js'
import type { DefaultRouteTypes, JsonSchemaObject, RouteSchema, RouteTypesOf, SchemaBuilder, TypeBoxOneSchema } from './schema.js'
import type { Done, Flatten } from './util.js'
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler } from './validation.js'
import type { ChildLoggerFactory, SchemaController, ValidatorOptions } from './options.js'
import type { AddHttpMethodOptions, ConstraintStrategy, FoundRoute, PrintRoutesOptions, RouteQuery } from './router.js'

/** Kept in intersections, it turns off weak-type detection for `{ K?: never }`. */
interface NotWeak {}
/** `decorate(K)` refuses a name decorated already in this context or an ancestor (a name only declared by merging is for it to provide). */
/** A name taken already reads, in the error, as a sentence saying so (the property's type). */
type AlreadyDecorated<K extends PropertyKey, What extends string> = { [P in K]?: `'${P & string}' is decorated on this ${What} already: decorate each name once` }
type WithoutDecorator<K extends PropertyKey> = { readonly [kContext]: { d: AlreadyDecorated<K, 'instance'> & NotWeak } }
type WithoutRequestDecorator<K extends PropertyKey> = { readonly [kContext]: { rq: AlreadyDecorated<K, 'request'> & NotWeak } }
type WithoutReplyDecorator<K extends PropertyKey> = { readonly [kContext]: { rp: AlreadyDecorated<K, 'reply'> & NotWeak } }
type NotBuiltin<K extends PropertyKey, Builtin, What extends string> = K extends Builtin
  ? `'${K & string}' is a built-in ${What} property`
  : K

/** The instance with the schema in its registry when its `$id` is a literal. */
type WithSchema<Self, D extends object, Rq extends object, Rp extends object, S extends object, R, Sc> = Sc extends {
  $id: infer Id extends string
}
  ? string extends Id
    ? Self
    : Warren<D, Rq, Rp, S & { [P in Id | `${Id}#`]: Sc extends TSchema ? Sc : TUnknown }, R>
  : Self

/** A message when a shared schema with the same literal `$id` is already visible (the runtime refuses it at start-up). */
type SchemaIdFree<Sc, S> = Sc extends { $id: infer Id extends string }
  ? Id extends keyof S
    ? `A shared schema with $id '${Id}' is already visible in this context`
    : unknown
  : unknown

/** Merges a plugin's returned context `B` and routes `Added` into the parent's; the parent unchanged when there is nothing to add. */
type MergeContext<A extends ContextShape, B extends ContextShape, RA, Added, Fallback> = [B] extends [never]
  ? [Added] extends [never]
    ? Fallback
    : Warren<A['d'], A['rq'], A['rp'], A['s'], RA | Added>
  : Warren<Flatten<A['d'] & B['d']>, Flatten<A['rq'] & B['rq']>, Flatten<A['rp'] & B['rp']>, Flatten<A['s'] & B['s']>, RA | Added>

/** A shared plugin widens the parent with what its returned instance carries; an encapsulated one leaves its decorations unchanged. */
export type RegisterResult<This, B, R, Prefix extends string = ''> = B extends { readonly [kShared]: true }
  ? MergeContext<ContextOf<This>, ContextOf<PluginResult<R>>, RoutesOf<This>, MountOf<RoutesOf<PluginResult<R>>, Prefix, true>, This>
  : MergeContext<ContextOf<This>, never, RoutesOf<This>, MountOf<RoutesOf<PluginResult<R>>, Prefix, false>, This>

/** What the plugin's function returns, awaited; a plugin typed as returning `any` adds nothing the types can see. */
type PluginResult<R> = 0 extends 1 & R ? never : R extends Promise<infer I> ? I : R

/** Options of `listen`. Any other key is refused with `SVC_ERR_LISTEN_OPTIONS_INVALID`. */
export interface ListenOptions {
  /** Port to listen on (`0`, the default, picks a free one); a numeric string works too. */
  port?: number | string
  /** Address to listen on (default, and `null`: `localhost`, which binds 127.0.0.1). */
  host?: string | null
  /** A Unix socket (or Windows named pipe) to listen on instead of a port. */
  path?: string
  /** Maximum length of the queue of pending connections (passed to `server.listen`). */
  backlog?: number
  /** Passed to `server.listen`: do not share the handle with cluster workers. */
  exclusive?: boolean
  readableAll?: boolean
  writableAll?: boolean
  /** With host `::`, do not also accept IPv4. */
  ipv6Only?: boolean
  /** Aborting it closes the application (`close()`). */
  signal?: AbortSignal
  /** The text logged once listening, from the address (default `Server listening at <address>`). */
  listenTextResolver?: (address: string) => string
}

/** Options of `setNotFoundHandler(opts, handler)`: hooks that run before the not-found handler. */
export interface NotFoundOptions<Self, Rq, Rp> {
  preValidation?: HookOption<RequestHooks<Self, DefaultRouteTypes, Rq, Rp>['preValidation']>
  preHandler?: HookOption<RequestHooks<Self, DefaultRouteTypes, Rq, Rp>['preHandler']>
}

/**
 * An instance: the root one `warren()` returns, or the one a plugin receives. Its members are
 * {@link InstanceMembers}; what applications and plugins declare by merging lands here.
 */
export interface WarrenInstance<out D extends object = {}, out Rq extends object = {}, out Rp extends object = {}, out S extends object = {}, in R = never>
  extends InstanceMembers<D, Rq, Rp, S, R>, FastifyInstance {}

/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters are Fastify's, for the merges */
/** Fastify's instance type, which plugins merge into (re-exported by `types/fastify-compat`): what plugins add to every instance (`app.jwt`, `app.httpErrors`…). */
export interface FastifyInstance<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = RawRequestDefaultExpression<RawServer>,
  RawReply = RawReplyDefaultExpression<RawServer>,
  Logger = FastifyBaseLogger,
  TypeProvider = FastifyTypeProviderDefault,
> {}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** The instance's own members, apart from what is merged into {@link WarrenInstance}: `decorate` refuses these names, not those. */
export interface InstanceMembers<out D extends object = {}, out Rq extends object = {}, out Rp extends object = {}, out S extends object = {}, in R = never> {
  /** Phantom: the context, for the type layer only. */
  readonly [kContext]: { d: D; rq: Rq; rp: Rp; s: S }
  /** Phantom: the route table, read by the typed client. */
  [kRoutes]?(routes: R): void

  /** Registers a plugin; a shared plugin's decorations appear in the returned instance's type. */
  register<I = Warren<D, Rq, Rp, S>, O = any, Ret = unknown, B = unknown, const Prefix extends string = ''>(
    this: RegisterCheck<{ d: D; rq: Rq; rp: Rp; s: S }, I>,
    plugin: ((instance: I, opts: O, done: Done) => Ret) & B,
    ...opts: RegisterArgs<O, Prefix>
  ): RegisterResult<this, B, Ret, Prefix>
  /** Resolves when the plugins registered so far are loaded. */
  after(): Promise<void>
  after(callback: (err: Error | null) => void): this
  /** Loads every plugin; resolves with the instance when the application is ready. */
  ready(): Promise<this>
  ready(callback: (err: Error | null, instance: this) => void): void
  /** Starts listening; resolves with the address. */
  listen(opts?: ListenOptions): Promise<string>
  /** Starts listening; calls back with the address. */
  listen(opts: ListenOptions, callback: (err: Error | null, address: string) => void): void
  /** Starts listening on the defaults (127.0.0.1, a free port); calls back with the address. */
  listen(callback: (err: Error | null, address: string) => void): void
  /** Adds an `onClose` hook: the same as `addHook('onClose', hook)` (the plugin loader's name for it). */
  onClose(hook: ContextHooks<this, Rq, Rp>['onClose']): this
  /** The router's entry point, `routing(req, res)`: what the server calls for each request (after `rewriteUrl`). */
  readonly routing: (req: IncomingMessage, res: ServerResponse) => void
  /** Stops the server and runs the `preClose` and `onClose` hooks. */
  close(): Promise<void>
  close(callback: (err?: Error | null) => void): void
  /** Sends a fake request through the application (no socket). */
  inject(opts: InjectOptions | string): Promise<InjectResponse>
  inject(opts: InjectOptions | string, callback: (err: Error | undefined, response: InjectResponse | undefined) => void): void
  /** A chainable fake request: `app.inject().get('/').headers({...}).end()`. */
  inject(): InjectChain
  /** The application as a web-standard fetch handler (`Bun.serve({ fetch: app.fetch })`, `export default { fetch: app.fetch }` for Workers). */
  readonly fetch: (request: Request, env?: unknown, ctx?: unknown) => Promise<Response>

  /** Adds a property to the instance; returns the instance with it in its type. */
  decorate<const K extends string | symbol, V>(
    this: WithoutDecorator<K>,
    name: NotBuiltin<K, keyof InstanceMembers, 'instance'>,
    value: V | DecoratorInput<Warren<D, Rq, Rp, S>>,
    dependencies?: readonly (string | symbol)[],
  ): Warren<Flatten<D & { [P in K]: Decorated<V> }>, Rq, Rp, S, R>
  /** Adds a property to every request of this context (and its descendants); returns the instance with it in its requests' type. */
  decorateRequest<const K extends string | symbol, V>(
    this: WithoutRequestDecorator<K>,
    name: NotBuiltin<K, keyof RequestMembers, 'request'>,
    value: V | DecoratorInput<RouteRequest<DefaultRouteTypes, Rq, Warren<D, Rq, Rp, S>>>,
    dependencies?: readonly (string | symbol)[],
  ): Warren<D, Flatten<Rq & { [P in K]: Decorated<V> }>, Rp, S, R>
  /** Adds request decorator(s) whose type is given as a type argument: `decorateRequest<{ user: User | null }>('user', null)`. */
  decorateRequest<T extends object>(
    name: NoInfer<keyof T & (string | symbol)>,
    value: NoInfer<T[keyof T]> | DecoratorInput<RouteRequest<DefaultRouteTypes, Rq & T, Warren<D, Rq, Rp, S>>>,
    dependencies?: readonly (string | symbol)[],
  ): Warren<D, Flatten<Rq & T>, Rp, S, R>
  /** Adds a property to every reply of this context (and its descendants); returns the instance with it in its replies' type. */
  decorateReply<const K extends string | symbol, V>(
    this: WithoutReplyDecorator<K>,
    name: NotBuiltin<K, keyof ReplyMembers, 'reply'>,
    value: V | DecoratorInput<RouteReply<DefaultRouteTypes, Rp, Warren<D, Rq, Rp, S>>>,
    dependencies?: readonly (string | symbol)[],
  ): Warren<D, Rq, Flatten<Rp & { [P in K]: Decorated<V> }>, S, R>
  /** Adds reply decorator(s) whose type is given as a type argument: `decorateReply<{ locale: string | null }>('locale', null)`. */
  decorateReply<T extends object>(
    name: NoInfer<keyof T & (string | symbol)>,
    value: NoInfer<T[keyof T]> | DecoratorInput<RouteReply<DefaultRouteTypes, Rp & T, Warren<D, Rq, Rp, S>>>,
    dependencies?: readonly (string | symbol)[],
  ): Warren<D, Rq, Flatten<Rp & T>, S, R>
  /** Adds an instance decorator whose type is given as a type argument: `decorate<{ db: Db | null }>('db', null)`. */
  decorate<T extends object>(
    name: NoInfer<keyof T & (string | symbol)>,
    value: NoInfer<T[keyof T]> | DecoratorInput<Warren<D, Rq, Rp, S>>,
    dependencies?: readonly (string | symbol)[],
  ): Warren<Flatten<D & T>, Rq, Rp, S, R>
  /** Whether the instance has decorator `name` (own or inherited). */
  hasDecorator(name: string | symbol): boolean
  /** Whether requests of this context have decorator `name`. */
  hasRequestDecorator(name: string | symbol): boolean
  /** Whether replies of this context have decorator `name`. */
  hasReplyDecorator(name: string | symbol): boolean
  /** An instance decorator's value (a function comes bound to the instance); throws `SVC_ERR_DEC_UNDECLARED` if there is none. */
  getDecorator<T = unknown>(name: string | symbol): T

  /** Adds a hook to this context (and its descendants). */
  addHook<K extends HookName, F extends ContextHooks<this, Rq, Rp>[K]>(name: K, hook: F & AsyncHookWithoutDone<K, F>): this

  /** Declares a route. Its schemas type its request and reply; the returned instance has it in its route table. */
  route<Table, const Path extends string, Sc extends RouteSchema = {}, const M extends HTTPMethod = HTTPMethod, const Slash extends TrailingSlash = 'both'>(
    this: RouteTableCarrier<Table>,
    opts: RouteOptions<Warren<D, Rq, Rp, S>, Path, Sc, RouteTypesOf<Sc, Path, S>, Rq, Rp, M> & { prefixTrailingSlash?: Slash },
  ): WithRoute<D, Rq, Rp, S, Table, M, Path, RouteTypesOf<Sc, Path, S>, Slash>
  /** Declares a GET route (and, unless told otherwise, its HEAD twin). */
  get: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'GET', D>
  head: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'HEAD', D>
  post: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'POST', D>
  put: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'PUT', D>
  delete: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'DELETE', D>
  options: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'OPTIONS', D>
  patch: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'PATCH', D>
  trace: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'TRACE', D>
  /** Declares a QUERY route (RFC 10008: a safe request whose query is its body, which must name its `content-type`). */
  query: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, 'QUERY', D>
  /** Declares a route for every method in `supportedMethods` when it is called. */
  all: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, HTTPMethod, D>
  /** Accepts routes for one more of Node's `http.METHODS` (a WebDAV method, say); with `hasBody: true` its bodies are parsed. */
  addHttpMethod<const M extends HTTPMethod>(method: M, options?: AddHttpMethodOptions): this & { [K in Lowercase<M>]: RouteShorthand<Warren<D, Rq, Rp, S>, Rq, Rp, S, M, D> }
  /** The methods routes may be declared for: GET, HEAD, TRACE, DELETE, OPTIONS, PATCH, PUT, POST, QUERY and those added. */
  readonly supportedMethods: string[]
  /** Teaches the router a new route constraint (see {@link ConstraintStrategy}); routes then declare `constraints: { [name]: value }`. */
  addConstraintStrategy(strategy: ConstraintStrategy<any>): this
  /** Whether a constraint strategy of that name was added, or is a built-in one some route uses. */
  hasConstraintStrategy(name: string): boolean
  /** Whether a route with this method, URL pattern (`/users/:id`) and constraints is declared; false when `method` or `url` is missing. */
  hasRoute(opts: RouteQuery & { method?: HTTPMethod | string }): boolean
  /** The route a request for `url` would reach, as a copy `{ handler, params, searchParams }`, or null. */
  findRoute(opts: RouteQuery & { method?: HTTPMethod | string }): FoundRoute | null
  /** The route tree, as text (find-my-way's pretty print). */
  printRoutes(options?: PrintRoutesOptions): string
  /** The plugin tree, as text. */
  printPlugins(): string

  /** Adds a shared schema to this context; a literal `$id` puts it in the context's type, for `Type.Ref`. */
  addSchema<const Sc extends TSchema | JsonSchemaObject | TypeBoxOneSchema | SchemaBuilder>(schema: Sc & SchemaIdFree<Sc, S>): WithSchema<this, D, Rq, Rp, S, R, Sc>
  /** The shared schema with this `$id`, as added. */
  getSchema<Id extends keyof S & string>(id: Id): S[Id]
  /** The shared schema with this `$id`, if visible in this context. */
  getSchema(id: string): unknown
  /** The shared schemas visible in this context, by `$id`. */
  getSchemas(): Record<string, unknown>
  /** Replaces the validator compiler of this context. */
  setValidatorCompiler(compiler: ValidatorCompiler): this
  /** Validator options for this context and its descendants: `customOptions` override the application's key by key, `plugins` are added. */
  setValidatorOptions(options: ValidatorOptions): this
  /** Returns the instance unchanged: warren infers from TypeBox natively; kept so code written for Fastify compiles. */
  withTypeProvider<_Provider = unknown>(): this
  /** Replaces the serializer compiler of this context. */
  setSerializerCompiler(compiler: SerializerCompiler): this
  /** Sets where this context's shared schemas live and how its default compilers are built; its children inherit it. */
  setSchemaController(controller: SchemaController): this
  /** The validator compiler this context's routes use: the one set, or once started the default one; else undefined. */
  readonly validatorCompiler: ValidatorCompiler | undefined
  /** The serializer compiler this context's routes use: the one set, or once started the default one; else undefined. */
  readonly serializerCompiler: SerializerCompiler | undefined
  /** Replaces the formatter of validation errors of this context. */
  setSchemaErrorFormatter(formatter: SchemaErrorFormatter): this
  /** Replaces how replies without a response schema are serialized in this context (default `JSON.stringify`). */
  setReplySerializer(serializer: (payload: unknown, statusCode: number) => string): this

  /** Sets the error handler of this context. */
  setErrorHandler<E = HandlerError>(handler: ErrorHandlerFor<this, Rq, Rp, E>): this
  /** Sets the handler for requests that match no route in this context's prefix. */
  setNotFoundHandler(handler: HandlerFor<this, DefaultRouteTypes, Rq, Rp>): this
  /** Sets the not-found handler, with hooks of its own; without a handler, the default 404 answers after those hooks. */
  setNotFoundHandler(opts: NotFoundOptions<this, Rq, Rp>, handler?: HandlerFor<this, DefaultRouteTypes, Rq, Rp>): this
  /** Keeps the default 404 as this context's not-found answer, so this prefix's hooks run before it (and no other handler can be set here). */
  setNotFoundHandler(): this
  /** The error handler in force in this context (typed without this context's decorations, so instances stay covariant). */
  readonly errorHandler: ErrorHandlerFor<AnyWarren, {}, {}>

  /** Adds a body parser that reads the request stream itself. */
  addContentTypeParser(contentType: ContentTypeMatcher, parser: StreamBodyParser<this, Rq>): this
  /** Adds a body parser that receives the body as a string. */
  addContentTypeParser(
    contentType: ContentTypeMatcher,
    opts: ContentTypeParserOptions & { parseAs: 'string' },
    parser: BufferedBodyParser<string, this, Rq>,
  ): this
  /** Adds a body parser that receives the body as a Buffer. */
  addContentTypeParser(
    contentType: ContentTypeMatcher,
    opts: ContentTypeParserOptions & { parseAs: 'buffer' },
    parser: BufferedBodyParser<Buffer, this, Rq>,
  ): this
  /** Adds a body parser that reads the request stream itself, with options. */
  addContentTypeParser(
    contentType: ContentTypeMatcher,
    opts: ContentTypeParserOptions & { parseAs?: undefined },
    parser: StreamBodyParser<this, Rq>,
  ): this
  /** Whether this context has a parser for the content type. */
  hasContentTypeParser(contentType: string | RegExp): boolean
  /** Removes this context's parser(s) for the content type(s). */
  removeContentTypeParser(contentType: ContentTypeMatcher | Array<string | RegExp>): this
  /** Removes every parser of this context, JSON and text included. */
  removeAllContentTypeParsers(): this
  /** The built-in JSON parser, configured for prototype poisoning; it receives the body as a string. */
  getDefaultJsonParser(onProtoPoisoning: ProtoAction, onConstructorPoisoning: ProtoAction): BufferedBodyParser<string, unknown>
  /** The built-in `text/plain` parser (the body as a string), to register for other media types. */
  readonly defaultTextParser: BufferedBodyParser<string | Buffer, unknown>

  readonly server: Server
  /** The route prefix of this context. */
  readonly prefix: string
  readonly log: WarrenLogger
  /** warren's version. */
  readonly version: string
  /** The names of the plugins that built this context, outermost first, joined with `' -> '`. */
  readonly pluginName: string
  /** The addresses the server listens on. */
  addresses(): AddressInfo[]
  /** `await using app = warren()`: closes the application (`close()`) when it goes out of scope. */
  [Symbol.asyncDispose](): Promise<void>
  /** The origin the server listens on (`http://127.0.0.1:3000`); throws before `listen()`. */
  readonly listeningOrigin: string
  /** The factory options plugins may read back (timeouts, bodyLimit, router and parser settings), frozen. */
  readonly initialConfig: Readonly<Record<string, unknown>>
  /** Whether a plugin of that name built this context (the encapsulated plugin that created it, or a `plugin()`-wrapped one registered into it); ancestors' plugins are not seen. */
  hasPlugin(name: string): boolean

  /** Sets how this context (and its descendants) generates request ids; the `requestIdHeader`, when set and present on a request, still wins. */
  setGenReqId(generator: (req: IncomingMessage) => string): this
  /** The request id generator in force in this context. */
  readonly genReqId: (req: IncomingMessage) => string
  /** Sets how this context (and its descendants) builds each request's logger. */
  setChildLoggerFactory(factory: ChildLoggerFactory): this
  /** The child logger factory set in this context or an ancestor, if any. */
  readonly childLoggerFactory: ChildLoggerFactory
}

/** The public instance type: {@link WarrenInstance} plus its instance decorators as properties. */
export type Warren<D extends object = {}, Rq extends object = {}, Rp extends object = {}, S extends object = {}, R = never> = WarrenInstance<
  D,
  Rq,
  Rp,
  S,
  R
> &
  D

/** Any instance, whatever its decorations. */
export type AnyWarren = WarrenInstance<any, any, any, any, never>

declare module './context.js' {
  /** Names the bare instance for the request and reply types (see {@link BareInstance}). */
  interface InstanceSlot {
    bare: Warren
  }
}

declare module './route-table.js' {
  /** Names the instance with a route table for the route methods (see {@link RoutedInstance}). */
  interface RoutedInstanceSlot<D extends object, Rq extends object, Rp extends object, S extends object, R> {
    instance: Warren<D, Rq, Rp, S, R>
  }
}
