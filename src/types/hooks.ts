/**
 * @module types/hooks
 * Hook signatures.
 */

import type { Readable } from 'node:stream'
import type { RouteReply } from './reply.js'
import type { RouteRequest } from './request.js'
import type { RouteOptionsView } from './route-view.js'
import type { DefaultRouteTypes, RouteTypes } from './schema.js'
import type { Done } from './util.js'
import type { ValidationErrorItem } from './validation.js'

/** The error a handler, hook or parser may raise, as the error hooks and handlers see it. */
export interface HandlerError extends Error {
  /** A code such as `SVC_ERR_VALIDATION`, when the error has one. */
  code?: string
  /** The HTTP status to answer with, when the error carries one. */
  statusCode?: number
  /** The validation failures, for validation errors: Ajv's shape, which warren gives a Standard Schema library's issues too (a custom validator compiler's `{ error }` list is passed as it is). */
  validation?: ValidationErrorItem[]
  /** Which part of the request failed validation. */
  validationContext?: string
}

/** `done` of the payload hooks: an error, or the (possibly replaced) payload. */
export type PayloadDone<P = unknown> = (err?: Error | null, payload?: P) => void

/* Hooks are typed over their request and reply, not over `RT`, which is invariant (it reaches `reply.send` through conditional types): see docs/architecture.md. */

/** A request hook over its request and reply types: `(request, reply, done)` or async `(request, reply)`. */
export type RequestHookFn<Self, Req, Rep> = (this: Self, request: Req, reply: Rep, done: Done) => void | Promise<unknown>

export type PreParsingHookFn<Self, Req, Rep> = (
  this: Self,
  request: Req,
  reply: Rep,
  payload: Readable,
  done: PayloadDone<Readable>,
) => void | Promise<Readable | void>

/*
 * The payload and error hooks are method signatures, whose parameters are compared both ways: a hook
 * may name the payload or error it expects (`payload: string`, `error: FastifyError`), which a value
 * of the wider type warren passes may be. Unannotated, they see `unknown` and `HandlerError`.
 */

/** A payload hook (`preSerialization`, `onSend`). */
export type PayloadHookFn<Self, Req, Rep> = {
  hook(this: Self, request: Req, reply: Rep, payload: unknown, done: PayloadDone): void | Promise<unknown>
}['hook']

export type OnErrorHookFn<Self, Req, Rep> = {
  hook(this: Self, request: Req, reply: Rep, error: HandlerError, done: () => void): void | Promise<unknown>
}['hook']

export type OnRequestAbortHookFn<Self, Req> = (this: Self, request: Req, done: Done) => void | Promise<void>

/** `onRequest`, `preValidation`, `preHandler`, `onResponse`, `onTimeout`: `(request, reply, done)` or async `(request, reply)`. */
export type RequestHook<Self, RT extends RouteTypes, Rq, Rp> = RequestHookFn<Self, RouteRequest<RT, Rq, Self>, RouteReply<RT, Rp, Self>>

/** `preParsing`: may replace the body stream, by resolving to (or passing `done`) a new one. */
export type PreParsingHook<Self, RT extends RouteTypes, Rq, Rp> = PreParsingHookFn<Self, RouteRequest<RT, Rq, Self>, RouteReply<RT, Rp, Self>>

/** `preSerialization` (payload: the handler's value) and `onSend` (payload: the serialized body): may replace the payload. */
export type PayloadHook<Self, RT extends RouteTypes, Rq, Rp> = PayloadHookFn<Self, RouteRequest<RT, Rq, Self>, RouteReply<RT, Rp, Self>>

/** `onError`: observes an error on its way to the error handler; it cannot change the reply. */
export type OnErrorHook<Self, RT extends RouteTypes, Rq, Rp> = OnErrorHookFn<Self, RouteRequest<RT, Rq, Self>, RouteReply<RT, Rp, Self>>

/** `onRequestAbort`: the client closed the connection before the response was sent. */
export type OnRequestAbortHook<Self, RT extends RouteTypes, Rq> = OnRequestAbortHookFn<Self, RouteRequest<RT, Rq, Self>>

/** Route types with the body as it is at a stage: `undefined` before parsing, `unknown` before validation and in hooks that may run after a failure. */
export type BodyAtStage<RT extends RouteTypes, Body> = {
  body: Body
  params: RT['params']
  query: RT['query']
  headers: RT['headers']
  responses: RT['responses']
  input: RT['input']
}

export interface RequestHooks<Self, RT extends RouteTypes, Rq, Rp> {
  /** First hook of the lifecycle, before the body is read: `request.body` is `undefined`. */
  onRequest: RequestHookFn<Self, RouteRequest<BodyAtStage<RT, undefined>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** Before the body is parsed (`request.body` is `undefined`); may replace the body stream. */
  preParsing: PreParsingHookFn<Self, RouteRequest<BodyAtStage<RT, undefined>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** Before validation: the body is parsed, not yet checked (`unknown`). */
  preValidation: RequestHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** After validation, before the handler: the request is typed by the route's schemas. */
  preHandler: RequestHookFn<Self, RouteRequest<RT, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** Before the payload is serialized; may replace it. */
  preSerialization: PayloadHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** Before the serialized payload is written; may replace it. */
  onSend: PayloadHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** After the response was sent. */
  onResponse: RequestHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** When an error is about to be handled. */
  onError: OnErrorHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** When the connection timed out. */
  onTimeout: RequestHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>, RouteReply<RT, Rp, Self>>
  /** When the client aborted the request. */
  onRequestAbort: OnRequestAbortHookFn<Self, RouteRequest<BodyAtStage<RT, unknown>, Rq, Self>>
}

/** Application hooks, by name, for instance `Self`. */
export interface ApplicationHooks<Self> {
  /** A route is being added: its options can be read and changed. */
  onRoute: (this: Self, routeOptions: RouteOptionsView) => void
  /** A plugin created a new context: `instance` is the child, `opts` the plugin's options. Synchronous: no `done`, a returned promise is not awaited. */
  onRegister: (this: Self, instance: Self, opts: Record<string, unknown>) => void | Promise<unknown>
  /** Once, when the application is ready. */
  onReady: (this: Self, done: Done) => void | Promise<unknown>
  /** Once, when the server is listening. */
  onListen: (this: Self, done: Done) => void | Promise<unknown>
  /** At `close()`, before the server stops accepting connections. */
  preClose: (this: Self, done: Done) => void | Promise<unknown>
  /** At `close()`, after the server stopped; or a resource to dispose of then (`Symbol.asyncDispose` / `Symbol.dispose`). */
  onClose: ((this: Self, instance: Self, done: Done) => void | Promise<unknown>) | AsyncDisposable | Disposable
}

export type RequestHookName = keyof RequestHooks<unknown, DefaultRouteTypes, unknown, unknown>
export type ApplicationHookName = keyof ApplicationHooks<unknown>
export type HookName = RequestHookName | ApplicationHookName

/** How many arguments each hook takes before `done`: a function declaring more is callback-style. */
export interface ArgumentsBeforeDone {
  onRequest: 2
  preParsing: 3
  preValidation: 2
  preHandler: 2
  preSerialization: 3
  onSend: 3
  onResponse: 2
  onError: 3
  onTimeout: 2
  onRequestAbort: 1
  onRoute: 1
  onRegister: 2
  onReady: 0
  onListen: 0
  preClose: 0
  onClose: 1
}

/** A message for an async hook that also takes `done` (refused at run time: its promise and `done` would both continue the request). */
export type AsyncHookWithoutDone<K extends HookName, F> = F extends (...args: infer A) => PromiseLike<unknown>
  ? `${ArgumentsBeforeDone[K]}` extends keyof A
    ? `An async '${K}' hook must not also take 'done': drop the parameter or the 'async'`
    : unknown
  : unknown

export type ContextHooks<Self, Rq, Rp> = RequestHooks<Self, DefaultRouteTypes, Rq, Rp> & ApplicationHooks<Self>

export type HookOption<H> = H | H[]
