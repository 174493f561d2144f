/**
 * @module types/fastify-compat
 * A stand-in for the `fastify` module's types: published Fastify plugins type-check in a warren app without Fastify, and what they declare reaches warren's types.
 * The interfaces plugins merge into live beside warren's own (request, reply, instance, augment) and are re-exported here.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters exist for the merges */
import type { Readable } from 'node:stream'
import type { FastifyContextConfig, RouteOptions, RouteShorthandOptions } from './augment.js'
import type { BareInstance } from './context.js'
import type { FastifyBaseLogger, FastifySchema, FastifyTypeProviderDefault, RawServerBase, RawServerDefault, RouteGenericInterface, ContextConfigDefault } from './fastify-generics.js'
import type { FastifyInstance, ListenOptions } from './instance.js'
import type { WarrenOptions } from './options.js'
import type { FastifyReply } from './reply.js'
import type { RegisterOptions as WarrenRegisterOptions } from './register.js'
import type { FastifyRequest } from './request.js'
import type { HTTPMethod } from './route.js'
import type { PayloadDone } from './hooks.js'
import type { RouteOptionsView } from './route-view.js'
import type { Done } from './util.js'

export type { FastifyContextConfig, RouteOptions, RouteShorthandOptions } from './augment.js'
export type { ContextConfigDefault, FastifyBaseLogger, FastifySchema, FastifyTypeProvider, FastifyTypeProviderDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault, RouteGenericInterface } from './fastify-generics.js'
export type { FastifyInstance } from './instance.js'
export type { FastifyReply } from './reply.js'
export type { FastifyRequest } from './request.js'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
/** Fastify's request generics by their other name. */
export type RequestGenericInterface = RouteGenericInterface
/** Fastify's factory options: warren's (fastify-cli's TypeScript template extends them). */
export type FastifyServerOptions<RawServer extends RawServerBase = RawServerDefault, Logger = FastifyBaseLogger> = WarrenOptions
/** The method names, in upper and lower case, as Fastify's union gives them. */
export type HTTPMethods = HTTPMethod | Lowercase<HTTPMethod>
export type RegisterOptions = WarrenRegisterOptions
/** One validation failure, as Ajv reports it (`error.validation` of a 400). */
export interface FastifySchemaValidationError {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  message?: string
}
/** The error Fastify's hooks and handlers receive. */
export interface FastifyError extends Error {
  code: string
  statusCode?: number
  /** The validator's failures, on a validation error. */
  validation?: FastifySchemaValidationError[]
  /** The part that failed validation (`'body'`, `'querystring'`…). */
  validationContext?: string
}
/** `listen()`'s options. */
export type FastifyListenOptions = ListenOptions
/** `register()`'s options. */
export type FastifyRegisterOptions<Options> = Options & WarrenRegisterOptions
/** `inject()`'s options and answer (light-my-request's names). */
export type { InjectOptions, InjectResponse as LightMyRequestResponse } from './inject.js'

/** A route handler written apart from its route, typed by a Fastify route generic (`{ Params; Body }`). */
export type RouteHandlerMethod<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = (this: FastifyInstance & BareInstance, request: FastifyRequest<RouteGeneric>, reply: FastifyReply) => unknown
/** {@link RouteHandlerMethod} with the route generic first. */
export type RouteHandler<
  RouteGeneric = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = RouteHandlerMethod<RawServer, RawRequest, RawReply, RouteGeneric>
export type HookHandlerDoneFunction = Done

/** A callback-style plugin. */
export type FastifyPluginCallback<Options = Record<never, never>, RawServer extends RawServerBase = RawServerDefault, TypeProvider = FastifyTypeProviderDefault, Logger = FastifyBaseLogger> = (
  instance: BareInstance,
  opts: Options,
  done: (err?: Error) => void,
) => void

/** An async plugin; its instance is warren's bare instance, as for {@link FastifyPluginCallback}. */
export type FastifyPluginAsync<Options = Record<never, never>, RawServer extends RawServerBase = RawServerDefault, TypeProvider = FastifyTypeProviderDefault, Logger = FastifyBaseLogger> = (
  instance: BareInstance,
  opts: Options,
) => Promise<void>

/** A plugin's options as Fastify types them (fastify-plugin's declarations import it). */
export type FastifyPluginOptions = Record<string, any>
export type FastifyPlugin<Options = Record<never, never>> = FastifyPluginCallback<Options> | FastifyPluginAsync<Options>

/** A callback-style request hook, as plugins return them (`app.auth([...])`, `app.rateLimit()`). */
export type preHandlerHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, done: Done) => void

/** An async `preHandler` hook. */
export type preHandlerAsyncHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply) => Promise<unknown>

/** The other request hooks plugins take or return, typed as the `preHandler` ones. */
export type {
  preHandlerHookHandler as onRequestHookHandler,
  preHandlerAsyncHookHandler as onRequestAsyncHookHandler,
  preHandlerHookHandler as preValidationHookHandler,
  preHandlerAsyncHookHandler as preValidationAsyncHookHandler,
  preHandlerHookHandler as onResponseHookHandler,
  preHandlerAsyncHookHandler as onResponseAsyncHookHandler,
  preHandlerHookHandler as onTimeoutHookHandler,
  preHandlerAsyncHookHandler as onTimeoutAsyncHookHandler,
}

/** An `onSend` hook: may replace the serialized payload (`done(null, payload)`). */
export type onSendHookHandler<
  OnSendPayload = unknown,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, payload: OnSendPayload, done: PayloadDone) => void

/** An async `onSend` hook: resolves to the payload to send instead, or nothing to keep it. */
export type onSendAsyncHookHandler<
  OnSendPayload = unknown,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, payload: OnSendPayload) => Promise<unknown>

/** `preSerialization` hooks, shaped as the `onSend` ones (their payload is the handler's value). */
export type { onSendHookHandler as preSerializationHookHandler, onSendAsyncHookHandler as preSerializationAsyncHookHandler }

/** An `onError` hook: observes the error on its way to the error handler (typed `FastifyError`, as Fastify does; an error thrown without a `code` has none). */
export type onErrorHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  TError extends Error = FastifyError,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, error: TError, done: () => void) => void

/** An async `onError` hook. */
export type onErrorAsyncHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  TError extends Error = FastifyError,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, error: TError) => Promise<unknown>

/** The request body stream a `preParsing` hook receives and may replace. */
export interface RequestPayload extends Readable {
  /** The bytes received before decoding, when a hook decompresses the body. */
  receivedEncodedLength?: number
}

/** A `preParsing` hook: passes on the body stream, or another one, through `done`. */
export type preParsingHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, payload: RequestPayload, done: (err?: Error | null, res?: RequestPayload) => void) => void

/** An async `preParsing` hook: resolves to the stream to read instead, or nothing to keep it. */
export type preParsingAsyncHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
> = (request: FastifyRequest<RouteGeneric>, reply: FastifyReply, payload: RequestPayload) => Promise<RequestPayload | void>

/** An `onRequestAbort` hook: the client left before the answer was sent. */
export type onRequestAbortHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
> = (request: FastifyRequest<RouteGeneric>, done: Done) => void

/** An async `onRequestAbort` hook. */
export type onRequestAbortAsyncHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
> = (request: FastifyRequest<RouteGeneric>) => Promise<unknown>

/** An `onRoute` hook: sees (and may change) each route's options as it is added. */
export type onRouteHookHandler = (this: BareInstance, opts: RouteOptionsView) => void

/** An `onRegister` hook: a plugin made a new context (synchronous; no `done`). */
export type onRegisterHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  Logger = FastifyBaseLogger,
  TypeProvider = FastifyTypeProviderDefault,
  Options extends FastifyPluginOptions = FastifyPluginOptions,
> = (this: BareInstance, instance: BareInstance, opts: WarrenRegisterOptions & Options) => Promise<unknown> | void

/** An `onReady`, `onListen` or `preClose` hook, called with `done`. */
export type onReadyHookHandler = (this: BareInstance, done: Done) => void
/** An async `onReady`, `onListen` or `preClose` hook. */
export type onReadyAsyncHookHandler = (this: BareInstance) => Promise<unknown>
export type {
  onReadyHookHandler as onListenHookHandler,
  onReadyAsyncHookHandler as onListenAsyncHookHandler,
  onReadyHookHandler as preCloseHookHandler,
  onReadyAsyncHookHandler as preCloseAsyncHookHandler,
}

/** An `onClose` hook, given the instance closing and `done`. */
export type onCloseHookHandler = (this: BareInstance, instance: BareInstance, done: Done) => void
/** An async `onClose` hook. */
export type onCloseAsyncHookHandler = (this: BareInstance, instance: BareInstance) => Promise<unknown>
