/**
 * @module types/fastify-compat
 * A stand-in for the `fastify` module's types: published Fastify plugins type-check in a warren app without Fastify, and what they declare reaches warren's types.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters exist for the merges */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Server as HttpsServer } from 'node:https'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import type { BareInstance } from './context.js'
import type { WarrenLogger } from './logger.js'
import type { WarrenOptions } from './options.js'
import type { ReplyBaseMembers } from './reply.js'
import type { RegisterOptions as WarrenRegisterOptions } from './register.js'
import type { RequestMembers } from './request.js'
import type { HTTPMethod } from './route.js'
import type { DefaultRouteTypes, RouteSchema } from './schema.js'
import type { Done } from './util.js'

/** The servers an instance may run on. */
export type RawServerBase = Server | HttpsServer | Http2Server | Http2SecureServer
export type RawServerDefault = Server
export type RawRequestDefaultExpression<RawServer extends RawServerBase = RawServerDefault> = IncomingMessage
export type RawReplyDefaultExpression<RawServer extends RawServerBase = RawServerDefault> = ServerResponse
export type FastifySchema = RouteSchema
export type FastifyBaseLogger = WarrenLogger
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
export type ContextConfigDefault = unknown
/** Fastify's route generics (`Body`, `Querystring`…); warren types routes from their schemas instead. */
export interface RouteGenericInterface {
  Body?: unknown
  Querystring?: unknown
  Params?: unknown
  Headers?: unknown
  Reply?: unknown
}
/** Fastify's request generics by their other name. */
export type RequestGenericInterface = RouteGenericInterface
/** Fastify's factory options: warren's (fastify-cli's TypeScript template extends them). */
export type FastifyServerOptions<RawServer extends RawServerBase = RawServerDefault, Logger = FastifyBaseLogger> = WarrenOptions
/** The method names, in upper and lower case, as Fastify's union gives them. */
export type HTTPMethods = HTTPMethod | Lowercase<HTTPMethod>
/** A type provider (warren reads TypeBox natively). */
export interface FastifyTypeProvider {
  readonly schema: unknown
  readonly validator: unknown
  readonly serializer: unknown
}
export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}
export type RegisterOptions = WarrenRegisterOptions
/** The error Fastify's hooks and handlers receive. */
export interface FastifyError extends Error {
  code: string
  statusCode?: number
}
export type HookHandlerDoneFunction = Done

/* ---------- the receivers: plugins merge into these, warren's interfaces extend them ---------- */

/** What plugins add to every instance (`app.jwt`, `app.httpErrors`…). */
export interface FastifyInstance<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = RawRequestDefaultExpression<RawServer>,
  RawReply = RawReplyDefaultExpression<RawServer>,
  Logger = FastifyBaseLogger,
  TypeProvider = FastifyTypeProviderDefault,
> {}

/** What plugins add to every request (`request.jwtVerify()`, `request.cookies`…), beside a request's own members (a plugin's callbacks typed with it read them). */
export interface FastifyRequest<
  RouteGeneric = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = RawRequestDefaultExpression<RawServer>,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  ContextConfig = ContextConfigDefault,
  Logger = FastifyBaseLogger,
  RequestType = unknown,
> extends RequestMembers<DefaultRouteTypes, unknown> {}

/** What plugins add to every reply (`reply.unauthorized()`, `reply.setCookie()`…), beside a reply's own members. */
export interface FastifyReply<
  RouteGeneric = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = RawRequestDefaultExpression<RawServer>,
  RawReply = RawReplyDefaultExpression<RawServer>,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  ReplyType = unknown,
> extends ReplyBaseMembers<unknown> {}

/** Keys plugins add to a route's `config` (`config.rateLimit`…). */
export interface FastifyContextConfig {}

/** Route options plugins add (`helmet`, `compress`…), as shorthand options. */
export interface RouteShorthandOptions<RawServer extends RawServerBase = RawServerDefault> {}

/** Route options plugins add, as full route options. */
export interface RouteOptions<RawServer extends RawServerBase = RawServerDefault> {}

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
> = (request: FastifyRequest, reply: FastifyReply, done: Done) => void

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
> = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

export type onRequestHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = (request: FastifyRequest, reply: FastifyReply, done: Done) => void

/** A callback-style `preValidation` hook, as plugins take them (`@fastify/http-proxy`'s `preValidation`). */
export type preValidationHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = (request: FastifyRequest, reply: FastifyReply, done: Done) => void

/** An async `preValidation` hook. */
export type preValidationAsyncHookHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = unknown,
  RawReply = unknown,
  RouteGeneric = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  Logger = FastifyBaseLogger,
> = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
