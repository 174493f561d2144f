/**
 * @module types/schema
 * From a route's TypeBox schemas to the static types of its request parts and responses.
 */

import type { Static, TArray, TIntersect, TObject, TOptional, TRecord, TRef, TSchema, TTuple, TUnion } from '@sinclair/typebox'
import type { ArkTypeLike, StandardSchemaLike, StandardSide, StandardTypeOf } from './standard-schema.js'
import type { Flatten } from './util.js'

/** A `content` map: media type (e.g. `application/json`, `*\/*`) to the schema for that media type. */
export interface ContentMap {
  [mediaType: string]: { schema: TSchema | JsonSchemaObject | TypeBoxOneSchema | SchemaBuilder | ArkTypeLike | StandardSchemaLike }
}

/** A plain JSON Schema object (not built with TypeBox), or the short form that lists properties at the top level. */
export interface JsonSchemaObject {
  readonly [keyword: string]: unknown
}

/**
 * A schema from TypeBox 1.x (the `typebox` package): taken as the JSON Schema it is, its static type
 * not read (warren's types read TypeBox 0.34's, which `'warren'` re-exports).
 */
export interface TypeBoxOneSchema {
  readonly '~kind': string
}

/** A schema builder such as fluent-json-schema's: warren calls its `valueOf()` once, at start-up, for the JSON Schema. */
export interface SchemaBuilder {
  readonly isFluentSchema: boolean
  valueOf(): unknown
}

/** A request-part schema: TypeBox, plain JSON Schema, a builder's, a Standard Schema, a `content` map (body), or `false` (refuse every request with 400). */
export type SchemaInput = TSchema | { content: ContentMap } | JsonSchemaObject | TypeBoxOneSchema | SchemaBuilder | ArkTypeLike | StandardSchemaLike | false

/** One entry of a response map: a schema (or a builder's, or a Standard Schema), or `{ description?, content: { [mediaType]: { schema } } }`. */
export type ResponseEntry = TSchema | { description?: string; content?: ContentMap } | JsonSchemaObject | TypeBoxOneSchema | SchemaBuilder | ArkTypeLike | StandardSchemaLike

/** A route's `schema` option. */
export interface RouteSchema {
  /** Schema of the request body, or a `content` map of schemas per media type. */
  body?: SchemaInput
  /** Schema of the parsed query string. */
  querystring?: SchemaInput
  /** Alias of `querystring`. */
  query?: SchemaInput
  /** Schema of the path parameters; without it, they are read from the path. */
  params?: SchemaInput
  /** Schema of the request headers (property names are matched lower-cased). */
  headers?: SchemaInput
  /** Response schemas by status key: exact code, class (`'2xx'`), or `'default'`. */
  response?: { [status: string]: ResponseEntry }
  /** Documentation only: read by OpenAPI generators, ignored by warren. */
  summary?: string
  description?: string
  tags?: readonly string[]
  operationId?: string
  /** Leave the route out of generated documentation. */
  hide?: boolean
  deprecated?: boolean
  security?: ReadonlyArray<Record<string, readonly string[]>>
  consumes?: readonly string[]
  produces?: readonly string[]
}

export type SchemaRegistry = { [id: string]: TSchema }

/** True when a schema contains a `Type.Ref` anywhere (objects, arrays, unions, intersections, tuples, records). */
export type ContainsRef<Sc> = Sc extends TRef
  ? true
  : Sc extends TObject<infer P>
    ? true extends { [K in keyof P]: ContainsRef<P[K]> }[keyof P] ? true : false
    : Sc extends TArray<infer I>
      ? ContainsRef<I>
      : Sc extends TUnion<infer U> | TIntersect<infer U> | TTuple<infer U>
        ? true extends { [K in keyof U]: ContainsRef<U[K]> }[number] ? true : false
        : Sc extends TRecord<TSchema, infer V>
          ? ContainsRef<V>
          : false

/** A schema whose type records a `default` (warren's `Type` builders keep it). */
interface HasDefault {
  readonly default: unknown
}

/** Keys of `Type.Optional` properties without a `default`: the validator and serializer fill defaults in, so those are present. */
type OptionalKeys<P> = { [K in keyof P]: P[K] extends TOptional<TSchema> ? (P[K] extends HasDefault ? never : K) : never }[keyof P]

type ObjectWithRefs<P, Reg> = ObjectWithOptional<P, OptionalKeys<P>, Reg>

type ObjectWithOptional<P, O, Reg> = [O] extends [never]
  ? { -readonly [K in keyof P]: WithRefs<P[K], Reg> }
  : Flatten<{ [K in Exclude<keyof P, O>]: WithRefs<P[K], Reg> } & { [K in O & keyof P]?: WithRefs<P[K], Reg> }>

type IntersectionWithRefs<U, Reg> = U extends [infer Head, ...infer Tail] ? WithRefs<Head, Reg> & IntersectionWithRefs<Tail, Reg> : unknown

/** The type of a `Type.Ref` to an unknown `$id`: nothing is assignable to it, and the compiler's message lists the known ids. */
export interface UnknownRef<Id extends string, Known> {
  readonly 'Type.Ref names no shared schema of this context': Id
  readonly 'known ids': Known
}

/** The id of a `$ref` before any `#` part (`'User#/properties/name'` gives `'User'`). */
type RefBase<Id extends string> = Id extends `${infer Base}#${string}` ? Base : Id

/** `unknown` for a `#` reference or when the context has no typed shared schema (an untyped `addSchema`); otherwise {@link UnknownRef}. */
type UnresolvedRef<Id extends string, Reg> = [keyof Reg] extends [never]
  ? unknown
  : RefBase<Id> extends keyof Reg | ''
    ? unknown
    : UnknownRef<Id, Exclude<keyof Reg & string, `${string}#`>>

/** A schema's static type with every `Type.Ref` replaced by the static type of the registry entry it names. */
type WithRefs<Sc, Reg> = Sc extends TRef<infer Id>
  ? Id extends keyof Reg
    ? WithRefs<Reg[Id], Reg>
    : UnresolvedRef<Id, Reg>
  : Sc extends TObject<infer P>
    ? ObjectWithRefs<P, Reg>
    : Sc extends TArray<infer I>
      ? WithRefs<I, Reg>[]
      : Sc extends TUnion<infer U>
        ? { [K in keyof U]: WithRefs<U[K], Reg> }[number]
        : Sc extends TIntersect<infer U>
          ? Flatten<IntersectionWithRefs<U, Reg>>
          : Sc extends TTuple<infer U>
            ? { [K in keyof U]: WithRefs<U[K], Reg> }
            : Sc extends TRecord<infer K, infer V>
              ? { [_ in Static<K> & PropertyKey]: WithRefs<V, Reg> }
              : Sc extends TSchema
                ? Static<Sc>
                : unknown

/** A schema's static type, refs resolved, as validated or serialized: a property with a `default` is present. */
export type StaticOf<Sc extends TSchema, Reg> = WithRefs<Sc, Reg>

/** The static type of a request-part schema or response entry; a `content` map gives the union of its media types. */
export type SchemaStatic<E, Reg, Side extends StandardSide = 'output'> = E extends TSchema
  ? StaticOf<E, Reg>
  : E extends ArkTypeLike | StandardSchemaLike
    ? StandardTypeOf<E, Side>
    : E extends { content: infer C }
      ? { [M in keyof C]: MediaStatic<C[M], Reg, Side> }[keyof C]
      : unknown

type MediaStatic<Media, Reg, Side extends StandardSide> = Media extends { schema: infer Sc extends TSchema }
  ? StaticOf<Sc, Reg>
  : Media extends { schema: infer Sc extends ArkTypeLike | StandardSchemaLike }
    ? StandardTypeOf<Sc, Side>
    : unknown

interface NestedObject {
  readonly properties: object
}

/** The keys of an object schema's properties that have a `default` or are objects themselves. */
type InputKeys<P> = { [K in keyof P]: P[K] extends HasDefault ? K : P[K] extends NestedObject ? K : never }[keyof P]

/** What a client sends for an object: a property with a `default` may be left out, at any depth. */
type ObjectInput<T, P, S = InputKeys<P>> = [S] extends [never]
  ? T
  : Flatten<
      { [K in keyof T as K extends S ? never : K]: T[K] } & {
        [K in keyof T as K extends S ? (P[K & keyof P] extends HasDefault ? never : K) : never]: PropertyInput<T[K], P[K & keyof P]>
      } & { [K in keyof T as K extends S ? (P[K & keyof P] extends HasDefault ? K : never) : never]?: PropertyInput<T[K], P[K & keyof P]> }
    >

type PropertyInput<V, E> = E extends { readonly properties: infer P } ? ObjectInput<Exclude<V, undefined>, P> : V

/** A part's schema, a `Type.Ref` followed to the shared schema it names: where a client reads which keys it may leave out. */
type Shared<Part, Reg> = Part extends TRef<infer Id> ? (Id extends keyof Reg ? Reg[Id] : Part) : Part

/** The keys with a `default` of the querystring's object schema (a query is flat). */
type QueryDefaults<Sc, Reg> = Sc extends { querystring: infer Q } ? PartDefaults<Shared<Q, Reg>> : Sc extends { query: infer Q } ? PartDefaults<Shared<Q, Reg>> : never

type PartDefaults<Part> = Part extends { readonly properties: infer P } ? DefaultKeys<P> : never

type DefaultKeys<P> = { [K in keyof P]: P[K] extends HasDefault ? K : never }[keyof P]

/** `T` with the keys `O` optional. */
type LeaveOut<T, O> = [O] extends [never] ? T : Flatten<Pick<T, Exclude<keyof T, O>> & { [K in O & keyof T]?: T[K] }>

/** One alias per part, shared by the handler's type and the client's, so the client reads the type the server computed. */
type BodyOf<Sc, Reg> = Sc extends { body: infer B } ? SchemaStatic<B, Reg> : unknown

type QueryOf<Sc, Reg> = Sc extends { querystring: infer Q } ? SchemaStatic<Q, Reg> : Sc extends { query: infer Q } ? SchemaStatic<Q, Reg> : unknown

/** The validated type of the headers, names as the schema spells them. */
type HeadersAsSpelled<Sc, Reg> = Sc extends { headers: infer H } ? SchemaStatic<H, Reg> : unknown

/** The name of a parameter that starts a segment tail: stops at `-`, `.`, a regexp `(` or an optional `?`. */
type ParamName<S extends string> = S extends `${infer A}-${string}`
  ? ParamName<A>
  : S extends `${infer A}.${string}`
    ? ParamName<A>
    : S extends `${infer A}(${string}`
      ? A
      : S extends `${infer A}?`
        ? A
        : S

/** Parameter names inside one path segment tail (`from-:to` gives `from | to`). */
type SegmentParams<S extends string> = ParamName<S> | (S extends `${string}:${infer More}` ? SegmentParams<More> : never)

/** Names of the parameters of a route path: `'/users/:id/posts/:postId'` gives `'id' | 'postId'`; a wildcard gives `'*'`. */
export type ParamNames<P extends string> =
  | (P extends `${string}:${infer R}`
      ? R extends `${infer Seg}/${infer Rest}`
        ? SegmentParams<Seg> | ParamNames<Rest>
        : SegmentParams<R>
      : never)
  | (P extends `${string}*` ? '*' : never)

/** The name of an optional last parameter, which the router matches also without its segment: `'/posts/:id?'` gives `'id'`. */
type OptionalParamName<P extends string> = P extends `${string}/${infer Tail}`
  ? Tail extends `${string}/${string}`
    ? OptionalParamName<Tail>
    : Tail extends `:${infer Name}?`
      ? ParamName<Name>
      : never
  : never

declare const anyRoutePath: unique symbol

/**
 * The path of a hook, handler or helper typed for some of a route's parts and no path: its params
 * are whatever the route's are (`unknown`), so it fits a route with a params schema of any type.
 */
export type AnyRoutePath = string & { readonly [anyRoutePath]: true }

/** Path parameters read from a path literal: `'/users/:id'` gives `{ id: string }`, `'/posts/:id?'` gives `{ id?: string }`; a path only known as a `string`, string values. */
export type PathParams<P extends string> = P extends AnyRoutePath
  ? unknown
  : string extends P
    ? Record<string, string>
    : ParamsRecord<ParamNames<Unescaped<P>>, OptionalParamName<Unescaped<P>>>

type ParamsRecord<Names extends string, Optional extends string> = [Optional] extends [never]
  ? { [K in Names]: string }
  : OneObject<{ [K in Exclude<Names, Optional>]: string } & { [K in Optional]?: string }>

/** An intersection of objects as one object type, each property's `?` kept. */
type OneObject<T> = { [K in keyof T]: T[K] }

/** A path with each `::` (a literal colon, not a parameter) replaced by `-`, which ends a parameter name as `::` does. */
type Unescaped<P extends string> = P extends `${infer A}::${infer B}` ? `${A}-${Unescaped<B>}` : P

/** Request headers keyed lower-case, as Node delivers them. */
export type LowercaseKeys<T> = { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] }

/** A response map with every key as a string: `{ 201: A, '4xx': B, default: C }` gives `{ '201': A, '4xx': B, default: C }`. */
export type ResponsesOf<Sc, Reg, Side extends StandardSide = 'input'> = Sc extends { response: infer R } ? ResponseMap<R, `${keyof R & (string | number)}`, Reg, Side> : {}

/** {@link ResponsesOf} over its string keys `Keys`, computed once: its `keyof` is then `Keys` as is. */
type ResponseMap<R, Keys extends string, Reg, Side extends StandardSide> = { [K in Keys]: SchemaStatic<EntryAt<R, K>, Reg, Side> }

/** The entry of response map `R` under the string key `K` (`200` is written as a number key). */
type EntryAt<R, K extends string> = K extends keyof R ? R[K] : K extends `${infer N extends number}` ? (N extends keyof R ? R[N] : never) : never

/** The types of one route, computed once: what its request carries and what it may reply. */
export interface RouteTypes {
  body: unknown
  params: unknown
  query: unknown
  /** Type of the schema-declared part of `request.headers`. */
  headers: unknown
  /** Status key to payload type. `{}` when the route has no response schema. */
  responses: object
  /** What a client sends (see {@link RouteInputTypes}). */
  input: RouteInputTypes
}

/** What a client sends: before the validator fills in defaults (those properties may be left out), header names as the schema spells them. */
export interface RouteInputTypes {
  body: unknown
  query: unknown
  headers: unknown
}

/** The types of any route: the top of the lattice. */
export interface DefaultRouteTypes extends RouteTypes {
  responses: {}
}

/**
 * Carries a type for `infer` to read back (`X extends Carried<infer T>`) without taking part in
 * assignability: the parameter is unused, so any two are compatible. A hook typed for some of a
 * route's parts (`{ params: typeof IdParams }`) then fits a route whose schema has more.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export interface Carried<T> {}

/** Computes a route's {@link RouteTypes} from its `schema` option, its path and the shared schemas of its instance. */
export type RouteTypesOf<Sc, Path extends string, Reg> = {
  body: BodyOf<Sc, Reg>
  params: Sc extends { params: infer P } ? SchemaStatic<P, Reg> : PathParams<Path>
  query: QueryOf<Sc, Reg>
  headers: Sc extends { headers: infer H } ? LowercaseKeys<SchemaStatic<H, Reg>> : unknown
  responses: ResponsesOf<Sc, Reg>
  /** What a client sends; computed only when `warren/client` reads it. */
  input: {
    body: Sc extends { body: infer B } ? (Shared<B, Reg> extends { readonly properties: infer P } ? ObjectInput<BodyOf<Sc, Reg>, P> : BodyOf<Sc, Reg>) : BodyOf<Sc, Reg>
    query: LeaveOut<QueryOf<Sc, Reg>, QueryDefaults<Sc, Reg>>
    headers: HeadersAsSpelled<Sc, Reg>
  }
  /** Phantom: the route's `schema` option, from which the typed client reads a Standard Schema's wire types. */
  schema: Carried<Sc>
  /** Phantom: the shared schemas the route's references resolve against. */
  registry: Reg
}
