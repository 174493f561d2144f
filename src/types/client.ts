/**
 * @module types/client
 * The types of the typed client: the paths each method takes, what a call sends and what it answers.
 */

import type { ErrorFormatKind, ErrorFormatOfTable, UndeclaredAnswers } from './error-answers.js'
import type { RouteTableOf, RoutesOf } from './route-table.js'
import type { DefaultRouteTypes, RouteInputTypes, RouteTypes } from './schema.js'

/** The status codes of each class, as registered with IANA (what `'2xx'`, `'4xx'`… and undeclared statuses stand for). */
export interface StatusCodesByClass {
  1: 100 | 101 | 102 | 103
  2: 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226
  3: 300 | 301 | 302 | 303 | 304 | 305 | 307 | 308
  4:
    | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418
    | 421 | 422 | 423 | 424 | 425 | 426 | 428 | 429 | 431 | 451
  5: 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511
}

export type StatusCode = StatusCodesByClass[keyof StatusCodesByClass]

/** The codes a response key covers by itself: `'404'` gives `404`, `'4xx'` every 4xx code, `'default'` nothing. */
type KeyCodes<K> = K extends `${infer N extends number}`
  ? N
  : K extends `${infer C extends keyof StatusCodesByClass}${'xx' | 'XX'}`
    ? StatusCodesByClass[C]
    : never

type ExactCodes<Keys> = Keys extends `${infer N extends number}` ? N : never

/** The statuses a response key answers with, as the server picks the schema: the exact code, else its class, else `default`. */
type StatusOf<K, Keys> = K extends `${number}`
  ? KeyCodes<K>
  : K extends 'default'
    ? Exclude<StatusCode, KeyCodes<Keys>>
    : Exclude<KeyCodes<K>, ExactCodes<Keys>>

/** One answer of a typed call: the status, the body as its schema types it, and the response headers. */
export interface TypedAnswer<Status extends number, Body> {
  /** The status code: test it to narrow `body`. */
  status: Status
  /** The parsed body (JSON parsed, text as a string, `undefined` when empty). */
  body: Body
  headers: Headers
}

/** Statuses whose answers have no body (RFC 9110): a 204, 205 or 304 reads `undefined`, whatever key covers it. */
export type BodilessStatus = 204 | 205 | 304

/** A key's answers with the bodiless statuses split off, one member each, so that testing `status` narrows them away. */
type SplitBodiless<S extends number, Body> = TypedAnswer<Exclude<S, BodilessStatus>, Body> | BodilessAnswer<Extract<S, BodilessStatus>>

type BodilessAnswer<B> = B extends number ? TypedAnswer<B, undefined> : never

type AnswerAt<K, Keys, Body> = K extends '204' | '205' | '304' | '2xx' | '2XX' | '3xx' | '3XX' | 'default'
  ? K extends '204' | '205' | '304'
    ? TypedAnswer<KeyCodes<K>, undefined>
    : SplitBodiless<StatusOf<K, Keys> & number, Body>
  : TypedAnswer<StatusOf<K, Keys>, Body>

/**
 * A body as the client reads it: bytes or a stream the server sends (a Buffer, a Node or web stream)
 * arrive as bytes, or as a string under a text type (a streamed CSV); anything else as its schema types it.
 */
export type ReceivedBody<B> = B extends Uint8Array | { pipe: Function } | { getReader: Function } ? Uint8Array | string : B

type DeclaredAnswers<Res, Keys extends keyof Res> = { [K in Keys]: AnswerAt<K, Keys, ReceivedBody<Res[K]>> }[Keys]

/** What a call resolves with: one member per declared response key, discriminated by `status`, plus (unless a `default` key covers them) undeclared 4xx/5xx with warren's error body in format `F`, and any other status with an `unknown` body. */
export type AnswerOf<RT extends RouteTypes, F extends ErrorFormatKind = 'fastify'> = AnswersFor<RT['responses'], keyof RT['responses'], F>

type AnswersFor<Res, Keys extends keyof Res, F extends ErrorFormatKind> = [Keys] extends [never] ? TypedAnswer<number, unknown> : DeclaredAnswers<Res, Keys> | UndeclaredAnswer<Keys, F>

/** The statuses no key declares; none when a `default` key covers them. */
type UndeclaredAnswer<Keys, F extends ErrorFormatKind> = 'default' extends Keys ? never : UndeclaredAnswers<KeyCodes<Keys>, F, StatusCodesByClass>

/** What a HEAD call resolves with: the statuses the route answers with, never a body. */
type HeadAnswer<A> = A extends { status: infer S extends number } ? TypedAnswer<S, undefined> : never

export type WireValue = string | number | boolean | bigint | Date | null | undefined

/** Path parameters as the client sends them: a plain `string` parameter also takes a number (it is a URL segment either way). */
type WireParams<P> = { [K in keyof P]: string extends P[K] ? P[K] | number : P[K] }

/** Required when the route has path parameters, refused when it has none; a params schema that types nothing takes any. */
type ParamsPart<P> = {} extends P ? (unknown extends P ? { params?: Record<string, WireValue> } : keyof P extends never ? { params?: NoParams } : { params?: WireParams<P> }) : { params: WireParams<P> }

type NoParams = 'This path has no parameters'

type QueryPart<Q> = unknown extends Q
  ? { query?: Record<string, WireValue | readonly WireValue[]> }
  : {} extends Q
    ? { query?: QueryValues<Q> }
    : { query: QueryValues<Q> }

/** An array value may be readonly: it is only read. A value the schema types as `unknown` (a coercing schema's input) is still a query value. */
type QueryValues<Q> = { [K in keyof Q]: unknown extends Q[K] ? WireValue | readonly WireValue[] : ReadonlyArrays<Q[K]> }

type ReadonlyArrays<V> = V extends readonly (infer I)[] ? readonly I[] : V

type AnyHeaders = Record<string, string | number | boolean>

type RequiredKeys<H> = { [K in keyof H]-?: {} extends Pick<H, K> ? never : K }[keyof H]

/** Header `K` of `H` under either spelling, as the schema writes it or lower-case, boxed (one box per header). */
type EitherSpelling<H, K extends keyof H> = K extends string ? [{ [N in K]: H[K] } | { [N in Lowercase<K>]: H[K] }] : never

type AllOf<U> = (U extends unknown ? (member: U) => void : never) extends (member: infer I) => void ? I : never

type RequiredHeaders<H, Required extends keyof H> = [Required] extends [never] ? {} : AllOf<EitherSpelling<H, Required>> extends infer Boxes extends [unknown] ? Boxes[0] : never

/** Header names are case-insensitive: each is typed under the schema's spelling and lower-case; either gives a required header. */
type HeaderInput<H> = { [K in keyof H]?: H[K] } & { [K in keyof H as Lowercase<K & string>]?: H[K] } & RequiredHeaders<H, RequiredKeys<H>>

type HeadersPart<H> = unknown extends H ? { headers?: AnyHeaders } : {} extends H ? { headers?: HeaderInput<H> & AnyHeaders } : { headers: HeaderInput<H> & AnyHeaders }

type BodyPart<B> = unknown extends B ? { body?: unknown } : undefined extends B ? { body?: B } : { body: B }

/** What a call sends besides method and path; `_Route` (`'GET /users/:id'`) is there to name the route in messages. */
export type CallInput<_Route extends string, RT extends RouteTypes> = CallParts<RT['params'], RT['input']>

type CallParts<P, I extends RouteInputTypes> = ParamsPart<P> &
  QueryPart<I['query']> &
  HeadersPart<I['headers']> &
  BodyPart<I['body']> & {
    signal?: AbortSignal
  }

/** A call's second argument: optional when nothing in it is required. */
export type CallArgs<Route extends string, RT extends RouteTypes> = OptionsArgs<CallInput<Route, RT>>

type OptionsArgs<I> = {} extends I ? [options?: I] : [options: I]

export type PathsFor<Table, M extends string> = KeysOf<Table> extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never

/** The paths a method may call, or, when the table has none, a message in their place: a call's path is then refused by it. */
type CallablePaths<Table, M extends string> = [PathsFor<Table, M>] extends [never] ? NoRoutesRecorded<M> : PathsFor<Table, M>

type NoRoutesRecorded<M extends string> = `No ${M} route is recorded in this app's type: routes declared in statements (app.get(...); on its own line) are not; declare them in one chain and type the client with the chain's end`

export type AnyRouteTable = { [route: string]: RouteTypes }

/** One lookup: intersecting the key with the table's keys would visit them all. */
export type RouteAt<Table, M extends string, P extends string> = M extends string
  ? `${M} ${P}` extends infer K extends KeysOf<Table>
    ? Table[K] extends infer RT extends RouteTypes
      ? RT
      : never
    : never
  : never

/**
 * A path that is no route's is any route's, so that what the call is told is that its path is
 * refused, not that its options are missing: {@link RouteAt} for one method, and for HEAD's two.
 */
type RouteOfCall<Table, M extends string, P extends string> = `${M} ${P}` extends infer K extends KeysOf<Table>
  ? Table[K] extends infer RT extends RouteTypes
    ? RT
    : never
  : DefaultRouteTypes

type RouteOrAny<RT> = [RT] extends [never] ? DefaultRouteTypes : RT

/** `keyof Table`, computed once per table (a conditional type is cached; `keyof` of the unfolded table visits every route). */
type KeysOf<Table> = Table extends object ? keyof Table : never

/** One method of the typed client: `(path, options)` for the paths declared with that method. */
export interface TypedCall<Table, M extends string> {
  <const P extends string, RT extends RouteTypes = RouteOfCall<Table, M, P>, I = CallInput<`${M} ${P}`, RT>>(path: P extends PathsFor<Table, M> ? P : CallablePaths<Table, M>, ...options: OptionsArgs<NoInfer<I>>): Promise<AnswerOf<RT, ErrorFormatOfTable<Table>>>
}

/** The client's `head`: the paths declared for HEAD or GET; an answer to HEAD has no body. */
export interface HeadCall<Table> {
  <const P extends string, RT extends RouteTypes = RouteOrAny<RouteAt<Table, 'HEAD' | 'GET', P>>, I = CallInput<`HEAD ${P}`, RT>>(path: P extends PathsFor<Table, 'HEAD' | 'GET'> ? P : CallablePaths<Table, 'HEAD' | 'GET'>, ...options: OptionsArgs<NoInfer<I>>): Promise<HeadAnswer<AnswerOf<RT, ErrorFormatOfTable<Table>>>>
}

/** The client `client<App>()` returns: per HTTP method, the paths declared with it on `App`, typed by their schemas; `request` is untyped. */
export interface TypedClientOf<Table> {
  get: TypedCall<Table, 'GET'>
  post: TypedCall<Table, 'POST'>
  put: TypedCall<Table, 'PUT'>
  patch: TypedCall<Table, 'PATCH'>
  delete: TypedCall<Table, 'DELETE'>
  /** HEAD a declared path (a GET route answers HEAD too, unless `exposeHeadRoute: false`): the answer has no body. */
  head: HeadCall<Table>
  options: TypedCall<Table, 'OPTIONS'>
  /** A call with any method and path, untyped. */
  request(method: string, path: string, options?: UntypedCallInput): Promise<TypedAnswer<number, unknown>>
}

export interface UntypedCallInput {
  /** Values for the path's `:name` segments. */
  params?: Record<string, WireValue>
  /** The query: a key repeats for each item of an array. */
  query?: Record<string, WireValue | readonly WireValue[]>
  headers?: Record<string, string>
  /** Sent as JSON unless it is a string. */
  body?: unknown
  signal?: AbortSignal
}

/** The typed client for app type `App` (`typeof app`), or for a route table (`interface Api extends RouteTableOf<typeof app> {}`). */
export type TypedClient<App> = TypedClientOf<[RoutesOf<App>] extends [never] ? App : RouteTableOf<App>>
