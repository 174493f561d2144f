/**
 * @module types/reply
 * The reply object's type.
 */

import type { ServerResponse } from 'node:http'
import type { kReply, kReplyTypes } from './brand.js'
import type { BareInstance } from './context.js'
import type { ContextConfigDefault, FastifySchema, FastifyTypeProviderDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault, RouteGenericInterface } from './fastify-generics.js'
import type { WarrenLogger } from './logger.js'
import type { RequestRouteOptions, WarrenRequest } from './request.js'
import type { DefaultRouteTypes, RouteTypes } from './schema.js'
import type { DeclaredCode, PayloadForCode, SuccessPayload } from './status.js'
import type { SerializerFunction } from './validation.js'

export type HeaderValue = string | number | string[]

/** The part of a reply that does not depend on the route: headers, state, raw objects. `Server` is the instance the route belongs to. What is merged into a reply lands here. */
export interface ReplyBase<Server = BareInstance> extends ReplyBaseMembers<Server>, FastifyReply {
  // Fastify's reply has the members for any instance: the instance's are restated here
  readonly request: WarrenRequest<DefaultRouteTypes, Server>
  readonly server: Server
}

/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters are Fastify's, for the merges */
/** Fastify's reply type, which plugins merge into (re-exported by `types/fastify-compat`): what plugins add to every reply (`reply.unauthorized()`, `reply.setCookie()`…), beside a reply's own members. */
export interface FastifyReply<
  RouteGeneric = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest = RawRequestDefaultExpression<RawServer>,
  RawReply = RawReplyDefaultExpression<RawServer>,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler = FastifySchema,
  TypeProvider = FastifyTypeProviderDefault,
  ReplyType = unknown,
> extends ReplyBaseMembers<unknown> {
  // for code written against Fastify's types (`reply.code(404).send(…)` in a helper): any status, any payload
  code(statusCode: number): FastifyReply
  status(statusCode: number): FastifyReply
  send(payload?: unknown): FastifyReply
}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** {@link ReplyBase}'s own members, apart from what is merged into it. */
export interface ReplyBaseMembers<Server = BareInstance> {
  /** Phantom brand: lets a handler return its reply. Not present at run time. */
  readonly [kReply]: true
  /** The status code that will be (or was) sent. */
  statusCode: number
  /** Whether the response has been sent (or hijacked). */
  readonly sent: boolean
  /** Milliseconds since the request was received. */
  readonly elapsedTime: number
  readonly raw: ServerResponse
  readonly request: WarrenRequest<DefaultRouteTypes, Server>
  /** The instance the route was declared in, with that context's decorations. */
  readonly server: Server
  readonly log: WarrenLogger
  readonly routeOptions: Readonly<RequestRouteOptions>
  header(name: string, value: HeaderValue): this
  headers(values: Record<string, HeaderValue>): this
  getHeader(name: string): HeaderValue | undefined
  /** A reply decorator's value (a function comes bound to this reply); throws `SVC_ERR_DEC_UNDECLARED` if there is none. */
  getDecorator<T = unknown>(name: string | symbol): T
  getHeaders(): Record<string, HeaderValue>
  hasHeader(name: string): boolean
  removeHeader(name: string): this
  /** Sets the `content-type` header. */
  type(contentType: string): this
  /** Serializes this reply's payload with `fn` instead of the route's serializer. */
  serializer(fn: (payload: unknown) => string): this
  /** Serializes `payload` as this reply would (its serializer, else the route's schema for the status, else JSON). */
  serialize(payload: unknown): string
  /** The route's serializer for a status key (with a media type for a `content` map), or the one compiled for this schema object. */
  getSerializationFunction(schemaOrStatus: object | string | number, contentType?: string): SerializerFunction | undefined
  /** Compiles a schema with the route's serializer compiler (once per schema object and route). */
  compileSerializationSchema(schema: object, httpStatus?: string | number | null, contentType?: string | null): SerializerFunction
  /** Serializes `input` with the route's serializer of a status (`serializeInput(data, 201)`), else with a schema's. */
  serializeInput(input: unknown, schemaOrStatus: object | string | number, httpStatus?: string | number, contentType?: string): string
  /** Redirects to `url` with `code` (302 unless given, or unless a code was set). */
  redirect(url: string, code?: number): this
  /** Answers with the not-found handler of the context. */
  callNotFound(): this
  /** Takes the response over: warren will not send anything for this request. */
  hijack(): this
}

/** Any reply, known by its brand alone: what a handler may return besides its payload. */
export interface AnyReply {
  readonly [kReply]: true
}

/** `send`'s arguments: the payload is optional only when the selected schema admits `undefined` or `null`. */
type SendArgs<P> = undefined extends P ? [payload?: P] : null extends P ? [payload?: P] : [payload: P]

/** What `code` and `status` read from their receiver: response map `RS`, `send`'s payload `P`, reply decorations `Rp`, instance `Server`. */
export interface ReplyTypes<RS = {}, P = unknown, Rp = {}, Server = BareInstance> {
  readonly rs: RS
  readonly p: P
  readonly rp: Rp
  readonly server: Server
}

interface CarriesReplyTypes {
  readonly [kReplyTypes]: ReplyTypes<unknown, unknown, unknown, unknown>
}

type CodeReply<T extends ReplyTypes<unknown, unknown, unknown, unknown>, C extends number> = ReplyFor<T['rs'], PayloadForCode<T['rs'], C>, T['rp'], T['server']>

/** A reply on a route with response map `RS`, whose `send` currently accepts `P`, in a context with reply decorators `Rp`. */
export interface WarrenReply<RS = {}, P = unknown, Rp = {}, Server = BareInstance, A extends unknown[] = SendArgs<P>> extends ReplyBase<Server> {
  /** Phantom: the route's reply types, for the type layer only. Not present at run time. */
  readonly [kReplyTypes]: ReplyTypes<RS, P, Rp, Server>
  /** Sets the status code and narrows `send` to that status's response schema. An undeclared code does not compile. */
  code<C extends number, R extends CarriesReplyTypes>(this: R, statusCode: DeclaredCode<R[typeof kReplyTypes]['rs'], C>): CodeReply<R[typeof kReplyTypes], C>
  /** Alias of {@link WarrenReply.code}. */
  status<C extends number, R extends CarriesReplyTypes>(this: R, statusCode: DeclaredCode<R[typeof kReplyTypes]['rs'], C>): CodeReply<R[typeof kReplyTypes], C>
  /** Sends the payload, checked against the response schema selected by the status (2xx before any `code`). `A`: `send`'s arguments for `P`. First: a wrong payload's message comes first. */
  send(...payload: A): this
  /** Sends an error to the route's error handler, whatever the response schema (its answer is the error handler's). */
  send(error: Error): this

  /** Adds an HTTP trailer, computed after the payload is written: `fn(reply, payload, done)`, or an async `fn(reply, payload)` returning the value. */
  trailer(name: string, fn: (reply: this, payload: string | Buffer | null, done: (error: Error | null, value?: string) => void) => unknown): this
  /** Whether a trailer of that name was added. */
  hasTrailer(name: string): boolean
  removeTrailer(name: string): this
  /** Sends a `103 Early Hints` informational response (e.g. `link` preloads) before the real one. */
  writeEarlyHints(hints: Record<string, string | string[]>, callback?: () => void): this
  /** The media type of the reply's `content-type` (lower case, no parameters), or undefined. */
  readonly mediaType: string | undefined
}

export type ReplyFor<RS, P, Rp, Server = BareInstance> = WarrenReply<RS, P, Rp, Server> & Rp

/** The reply of a route with types `RT`, in a context with reply decorations `Rp`, declared on instance `Server`; `send` starts at the schemas a plain send uses. */
export type RouteReply<RT extends RouteTypes, Rp, Server = BareInstance> = ReplyFor<RT['responses'], SuccessPayload<RT['responses']>, Rp, Server>

/** The reply's own members, apart from what is merged into {@link ReplyBase}: `decorateReply` refuses these names. */
export type ReplyMembers = ReplyBaseMembers & Omit<WarrenReply, Exclude<keyof ReplyBase, 'code' | 'status' | 'send'>>
