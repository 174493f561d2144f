/**
 * @module types/client
 * The types of the typed client: the paths each method takes, what a call sends and what it answers.
 */

import type { ErrorFormatKind, ErrorFormatOfTable, UndeclaredAnswers } from './error-answers.js'
import type { RouteTableOf, RoutesOf } from './route-table.js'
import type { RouteInputTypes, RouteTypes } from './schema.js'

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

/** The statuses a response key answers with, as the server picks the schema: the exact code, else its class, else `default`. */
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

/** Statuses whose answers have no body (RFC 9110): a 204, 205 or 304 reads `undefined`, whatever key covers it. */
export type BodilessStatus = 204 | 205 | 304

/**
 * The answers a key whose statuses are `S` stands for: the bodiless ones among them apart, one answer each with an `undefined`
 * body (one each, so that testing `status` narrows them away).
 */
type SplitBodiless<S extends number, Body> = TypedAnswer<Exclude<S, BodilessStatus>, Body> | BodilessAnswer<Extract<S, BodilessStatus>>

/** One answer per bodiless status of `B`, each with an `undefined` body. */
type BodilessAnswer<B> = B extends number ? TypedAnswer<B, undefined> : never

/** The answer(s) of key `K` of a response map with keys `Keys` and payload `Body`. */
type AnswerAt<K, Keys, Body> = K extends '204' | '205' | '304' | '2xx' | '2XX' | '3xx' | '3XX' | 'default'
  ? K extends '204' | '205' | '304'
    ? TypedAnswer<KeyCodes<K>, undefined>
    : SplitBodiless<StatusOf<K, Keys> & number, Body>
  : TypedAnswer<StatusOf<K, Keys>, Body>

/** The answers for a response map `Res` with keys `Keys`: one member per declared key, bodiless statuses apart. */
type DeclaredAnswers<Res, Keys extends keyof Res> = { [K in Keys]: AnswerAt<K, Keys, Res[K]> }[Keys]

/**
 * What a call to a route with types `RT` resolves with: one member per declared response key (`200`, `'2xx'`, `'default'`…),
 * discriminated by `status`, and — unless a `default` key covers them — the statuses the route does not declare: a 4xx or 5xx
 * with warren's error body in the application's error format `F` (a validation error, a 500: the server answers them whatever the
 * schema says), any other with an `unknown` body.
 */
export type AnswerOf<RT extends RouteTypes, F extends ErrorFormatKind = 'fastify'> = AnswersFor<RT['responses'], keyof RT['responses'], F>

/** {@link AnswerOf} for a response map `Res` with keys `Keys`. */
type AnswersFor<Res, Keys extends keyof Res, F extends ErrorFormatKind> = [Keys] extends [never] ? TypedAnswer<number, unknown> : DeclaredAnswers<Res, Keys> | UndeclaredAnswer<Keys, F>

/** The answers for the statuses no key declares (`types/error-answers`); none when a `default` key covers them. */
type UndeclaredAnswer<Keys, F extends ErrorFormatKind> = 'default' extends Keys ? never : UndeclaredAnswers<KeyCodes<Keys>, F, StatusCodesByClass>

/** What a HEAD call resolves with: the statuses the route answers with, never a body. */
type HeadAnswer<A> = A extends { status: infer S extends number } ? TypedAnswer<S, undefined> : never

/* ---------- what a call sends ---------- */

/** A value a path or query parameter takes on the wire. */
export type WireValue = string | number | boolean | bigint | Date | null | undefined

/** Path parameters as the client sends them: a plain `string` parameter also takes a number (it is a URL segment either way). */
type WireParams<P> = { [K in keyof P]: string extends P[K] ? P[K] | number : P[K] }

/**
 * The `params` of a call: required when the route has path parameters, refused when it has none (a params schema that types
 * nothing, plain JSON Schema, takes any).
 */
type ParamsPart<P> = {} extends P ? (unknown extends P ? { params?: Record<string, WireValue> } : keyof P extends never ? { params?: NoParams } : { params?: WireParams<P> }) : { params: WireParams<P> }

/** The `params` of a call to a path without parameters: none, and a message if some are given. */
type NoParams = 'This path has no parameters'

/** The `query` of a call: typed by the querystring schema, required when it requires a key. */
type QueryPart<Q> = unknown extends Q
  ? { query?: Record<string, WireValue | readonly WireValue[]> }
  : {} extends Q
    ? { query?: QueryValues<Q> }
    : { query: QueryValues<Q> }

/** A query's values as a call sends them: an array value may be a readonly one (it is only read). */
type QueryValues<Q> = { [K in keyof Q]: ReadonlyArrays<Q[K]> }

/** `V`, its array members readonly. */
type ReadonlyArrays<V> = V extends readonly (infer I)[] ? readonly I[] : V

/** Any request headers. */
type AnyHeaders = Record<string, string | number | boolean>

/** The keys of `H` a value is required for. */
type RequiredKeys<H> = { [K in keyof H]-?: {} extends Pick<H, K> ? never : K }[keyof H]

/** Header `K` of `H` under either spelling, as the schema writes it or lower-case, boxed (one box per header). */
type EitherSpelling<H, K extends keyof H> = K extends string ? [{ [N in K]: H[K] } | { [N in Lowercase<K>]: H[K] }] : never

/** The intersection of the members of union `U`. */
type AllOf<U> = (U extends unknown ? (member: U) => void : never) extends (member: infer I) => void ? I : never

/** The required headers of `H`: each under either spelling. */
type RequiredHeaders<H, Required extends keyof H> = [Required] extends [never] ? {} : AllOf<EitherSpelling<H, Required>> extends infer Boxes extends [unknown] ? Boxes[0] : never

/**
 * The schema's headers as a call sends them: header names are case-insensitive, so each is typed under the schema's spelling and
 * lower-case (either one gives a required header).
 */
type HeaderInput<H> = { [K in keyof H]?: H[K] } & { [K in keyof H as Lowercase<K & string>]?: H[K] } & RequiredHeaders<H, RequiredKeys<H>>

/** The `headers` of a call: typed by the headers schema (other headers allowed), required when it requires one. */
type HeadersPart<H> = unknown extends H ? { headers?: AnyHeaders } : {} extends H ? { headers?: HeaderInput<H> & AnyHeaders } : { headers: HeaderInput<H> & AnyHeaders }

/** The `body` of a call: typed by the body schema, required unless it accepts `undefined`. */
type BodyPart<B> = unknown extends B ? { body?: unknown } : undefined extends B ? { body?: B } : { body: B }

/** What a call to route `_Route` (`'GET /users/:id'`, there to name the route in messages) with types `RT` sends besides its method and path. */
export type CallInput<_Route extends string, RT extends RouteTypes> = CallParts<RT['params'], RT['input']>

/** {@link CallInput} from the route's params and what it sends. */
type CallParts<P, I extends RouteInputTypes> = ParamsPart<P> &
  QueryPart<I['query']> &
  HeadersPart<I['headers']> &
  BodyPart<I['body']> & {
    /** Aborts the call. */
    signal?: AbortSignal
  }

/** A call's second argument: optional when nothing in it is required. */
export type CallArgs<Route extends string, RT extends RouteTypes> = OptionsArgs<CallInput<Route, RT>>

/** The second argument of a call that sends `I`: optional when nothing in `I` is required. */
type OptionsArgs<I> = {} extends I ? [options?: I] : [options: I]

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

/** `keyof Table`, computed once per table (a conditional type is cached; `keyof` of the unfolded table visits every route). */
type KeysOf<Table> = Table extends object ? keyof Table : never

/** One method of the typed client: `(path, options)` for the paths declared with that method. */
export interface TypedCall<Table, M extends string> {
  <const P extends PathsFor<Table, M>, RT extends RouteTypes = RouteAt<Table, M, P>, I = CallInput<`${M} ${P}`, RT>>(path: P, ...options: OptionsArgs<NoInfer<I>>): Promise<AnswerOf<RT, ErrorFormatOfTable<Table>>>
}

/** The client's `head`: the paths declared for HEAD or GET; an answer to HEAD has no body. */
export interface HeadCall<Table> {
  <const P extends PathsFor<Table, 'HEAD' | 'GET'>, RT extends RouteTypes = RouteAt<Table, 'HEAD' | 'GET', P>, I = CallInput<`HEAD ${P}`, RT>>(path: P, ...options: OptionsArgs<NoInfer<I>>): Promise<HeadAnswer<AnswerOf<RT, ErrorFormatOfTable<Table>>>>
}

/**
 * The client `client<App>()` returns: one method per HTTP method, each taking the paths declared with that method on `App`
 * (chained routes and plugins that return their chained instance; see docs/guide/typed-client.md), typed by the route's schemas;
 * `request` calls any method and path, untyped.
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
  /** HEAD a declared path (a GET route answers HEAD too, unless `exposeHeadRoute: false`): the answer has no body. */
  head: HeadCall<Table>
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
