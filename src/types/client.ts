/**
 * @module types/client
 * The types of the typed client (`client<App>()` in `warren/client`): which paths each method can
 * call, what a call sends (params, query, headers and body, typed by the route's schemas and
 * required where they require), and what it answers (a union discriminated by `status`, one member
 * per declared response key, plus the statuses the route does not declare).
 *
 * Everything is read from the route table of the app's type ({@link RouteTableOf}), unfolded once
 * per app; a call looks its route up by key, so its cost does not grow with the number of routes.
 *
 * @packageDocumentation
 */
import type { ErrorFormatKind, ErrorFormatOfTable, UndeclaredAnswers } from './error-answers.js'
import type { RouteTableOf, RoutesOf } from './route-table.js'
import type { RouteTypes } from './schema.js'

/* ---------- status codes ---------- */

/** The status codes of each class, as registered with IANA (what `'2xx'`, `'4xx'`… and undeclared statuses stand for). */
export interface StatusCodesByClass {
  /** Informational. */
  1: 100 | 101 | 102 | 103
  /** Success. */
  2: 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226
  /** Redirection. */
  3: 300 | 301 | 302 | 303 | 304 | 305 | 307 | 308
  /** Client error. */
  4:
    | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418
    | 421 | 422 | 423 | 424 | 425 | 426 | 428 | 429 | 431 | 451
  /** Server error. */
  5: 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511
}

/** Any registered status code. */
export type StatusCode = StatusCodesByClass[keyof StatusCodesByClass]

/** The codes a response key covers by itself: `'404'` gives `404`, `'4xx'` every 4xx code, `'default'` nothing. */
type KeyCodes<K> = K extends `${infer N extends number}`
  ? N
  : K extends `${infer C extends keyof StatusCodesByClass}${'xx' | 'XX'}`
    ? StatusCodesByClass[C]
    : never

/** The exact codes (`'200'`, `404`) among a response map's keys. */
type ExactCodes<Keys> = Keys extends `${infer N extends number}` ? N : never

/**
 * The statuses a response key answers with, as the server picks the schema: the exact code, else
 * its class, else `default`. So `'4xx'` stands for the 4xx codes without an exact key, and
 * `'default'` for the codes no other key covers.
 */
type StatusOf<K, Keys> = K extends `${number}`
  ? KeyCodes<K>
  : K extends 'default'
    ? Exclude<StatusCode, KeyCodes<Keys>>
    : Exclude<KeyCodes<K>, ExactCodes<Keys>>

/* ---------- answers ---------- */

/** One answer of a typed call: the status, the body as its schema types it, and the response headers. */
export interface TypedAnswer<Status extends number, Body> {
  /** The status code: test it to narrow `body`. */
  status: Status
  /** The parsed body (JSON parsed, text as a string, `undefined` when empty). */
  body: Body
  /** The response headers. */
  headers: Headers
}

/** The answers for a response map `Res` with keys `Keys`: one member per declared key (a 204 or 304 has no body to read). */
type DeclaredAnswers<Res, Keys extends keyof Res> = { [K in Keys]: TypedAnswer<StatusOf<K, Keys>, K extends '204' | '304' ? undefined : Res[K]> }[Keys]

/**
 * What a call to a route with types `RT` resolves with: one member per declared response key
 * (`200`, `'2xx'`, `'default'`…), discriminated by `status`, and — unless a `default` key covers
 * them — the statuses the route does not declare: a 4xx or 5xx with warren's error body in the
 * application's error format `F` (a validation error, a 500: the server answers them whatever the
 * schema says), any other with an `unknown` body. Without a response schema, any status.
 */
export type AnswerOf<RT extends RouteTypes, F extends ErrorFormatKind = 'fastify'> = AnswersFor<RT['responses'], keyof RT['responses'], F>

/**
 * {@link AnswerOf} for a response map `Res` with keys `Keys`. The keys are a type argument of their
 * own so that what depends on them only (the undeclared statuses, a union of some 60 codes) is
 * computed once per set of keys, not once per route: routes mostly share their keys.
 */
type AnswersFor<Res, Keys extends keyof Res, F extends ErrorFormatKind> = [Keys] extends [never] ? TypedAnswer<number, unknown> : DeclaredAnswers<Res, Keys> | UndeclaredAnswer<Keys, F>

/** The answers for the statuses no key declares (`types/error-answers`); none when a `default` key covers them. */
type UndeclaredAnswer<Keys, F extends ErrorFormatKind> = 'default' extends Keys ? never : UndeclaredAnswers<KeyCodes<Keys>, F, StatusCodesByClass>

/* ---------- what a call sends ---------- */

/** A value a path or query parameter takes on the wire. */
export type WireValue = string | number | boolean | bigint | Date | null | undefined

/** Path parameters as the client sends them: a plain `string` parameter also takes a number (it is a URL segment either way). */
type WireParams<P> = { [K in keyof P]: string extends P[K] ? P[K] | number : P[K] }

/** The `params` of a call: required when the route has path parameters. */
type ParamsPart<P> = {} extends P ? { params?: WireParams<P> } : { params: WireParams<P> }

/** The `query` of a call: typed by the querystring schema, required when it requires a key. */
type QueryPart<Q> = unknown extends Q
  ? { query?: Record<string, WireValue | readonly WireValue[]> }
  : {} extends Q
    ? { query?: Q }
    : { query: Q }

/** Any request headers. */
type AnyHeaders = Record<string, string | number | boolean>

/** The `headers` of a call: typed by the headers schema (other headers allowed), required when it requires one. */
type HeadersPart<H> = unknown extends H ? { headers?: AnyHeaders } : {} extends H ? { headers?: H & AnyHeaders } : { headers: H & AnyHeaders }

/** The `body` of a call: typed by the body schema, required unless it accepts `undefined`. */
type BodyPart<B> = unknown extends B ? { body?: unknown } : undefined extends B ? { body?: B } : { body: B }

/**
 * What a call to route `_Route` (`'GET /users/:id'`, there to name the route in messages) with types
 * `RT` sends besides its method and path.
 */
export type CallInput<_Route extends string, RT extends RouteTypes> = ParamsPart<RT['params']> &
  QueryPart<RT['query']> &
  HeadersPart<RT['headers']> &
  BodyPart<RT['body']> & {
    /** Aborts the call. */
    signal?: AbortSignal
  }

/** A call's second argument: optional when nothing in it is required. */
export type CallArgs<Route extends string, RT extends RouteTypes> = {} extends CallInput<Route, RT>
  ? [options?: CallInput<Route, RT>]
  : [options: CallInput<Route, RT>]

/* ---------- the client ---------- */

/** The paths of a route table that have a route for method `M`. */
export type PathsFor<Table, M extends string> = KeysOf<Table> extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never

/** A route table: `'<METHOD> <path>'` to the route's types. */
export type AnyRouteTable = { [route: string]: RouteTypes }

/** The types of the route for method `M` at path `P` of a table (one lookup: the key is not intersected with the table's keys, which would visit them all). */
export type RouteAt<Table, M extends string, P extends string> = M extends string
  ? `${M} ${P}` extends infer K extends KeysOf<Table>
    ? Table[K] extends infer RT extends RouteTypes
      ? RT
      : never
    : never
  : never

/**
 * `keyof Table`, computed once per table: a conditional type's instantiations are cached, while
 * `keyof` of the unfolded table (a mapped type with an `as` clause) visits every route each time.
 */
type KeysOf<Table> = Table extends object ? keyof Table : never

/** One method of the typed client: `(path, options)` for the paths declared with that method. */
export interface TypedCall<Table, M extends string> {
  <const P extends PathsFor<Table, M>>(path: P, ...options: CallArgs<`${M} ${P}`, RouteAt<Table, M, P>>): Promise<AnswerOf<RouteAt<Table, M, P>, ErrorFormatOfTable<Table>>>
}

/**
 * The client `client<App>()` returns: one method per HTTP method, each taking the paths declared
 * with that method on `App` (chained routes and plugins that return their chained instance; see
 * docs/guide/typed-client.md), typed by the route's schemas; `request` calls any method and path, untyped.
 */
export interface TypedClientOf<Table> {
  /** GET a declared path. */
  get: TypedCall<Table, 'GET'>
  /** POST to a declared path. */
  post: TypedCall<Table, 'POST'>
  /** PUT to a declared path. */
  put: TypedCall<Table, 'PUT'>
  /** PATCH a declared path. */
  patch: TypedCall<Table, 'PATCH'>
  /** DELETE a declared path. */
  delete: TypedCall<Table, 'DELETE'>
  /** HEAD a declared path (a GET route answers HEAD too, unless `exposeHeadRoute: false`). */
  head: TypedCall<Table, 'HEAD' | 'GET'>
  /** OPTIONS a declared path. */
  options: TypedCall<Table, 'OPTIONS'>
  /** A call with any method and path, untyped. */
  request(method: string, path: string, options?: UntypedCallInput): Promise<TypedAnswer<number, unknown>>
}

/** What an untyped call sends. */
export interface UntypedCallInput {
  /** Values for the path's `:name` segments. */
  params?: Record<string, WireValue>
  /** The query: a key repeats for each item of an array. */
  query?: Record<string, WireValue | readonly WireValue[]>
  /** Headers of this call (over the client's). */
  headers?: Record<string, string>
  /** Sent as JSON unless it is a string. */
  body?: unknown
  /** Aborts the call. */
  signal?: AbortSignal
}

/** The typed client for app type `App` (`typeof app`), or for a route table (`interface Api extends RouteTableOf<typeof app> {}`). */
export type TypedClient<App> = TypedClientOf<[RoutesOf<App>] extends [never] ? App : RouteTableOf<App>>
