/**
 * From a route's TypeBox schemas to the static types of its request parts and responses.
 *
 * Everything here is computed once per route ({@link RouteTypesOf}) and handed down to the
 * handler, the hooks and the reply, so a route costs the same whatever uses its types.
 *
 * @packageDocumentation
 */
import type { Static, TArray, TIntersect, TObject, TOptional, TRecord, TRef, TSchema, TTuple, TUnion } from '@sinclair/typebox'
import type { StandardSchemaLike, StandardSide, StandardTypeOf } from './standard-schema.js'
import type { Flatten } from './util.js'

/** A `content` map: media type (e.g. `application/json`, `*\/*`) to the schema for that media type. */
export interface ContentMap {
  [mediaType: string]: { schema: TSchema | JsonSchemaObject | SchemaBuilder | StandardSchemaLike }
}

/**
 * A plain JSON Schema object (not built with TypeBox), or the short form that lists properties at
 * the top level. Accepted everywhere a schema is; its static type is `unknown`.
 */
export interface JsonSchemaObject {
  /** Any JSON Schema keyword. */
  readonly [keyword: string]: unknown
}

/**
 * A schema builder such as fluent-json-schema's (`S.object().prop('name', S.string())`): not JSON
 * Schema itself, it gives one from `valueOf()`, which warren calls once, at start-up (for
 * `addSchema`, at once). Accepted wherever a schema is; its static type is `unknown`.
 */
export interface SchemaBuilder {
  /** The builder's mark (fluent-json-schema also sets `Symbol.for('fluent-schema-object')`). */
  readonly isFluentSchema: boolean
  /** The JSON Schema the builder stands for. */
  valueOf(): unknown
}

/**
 * A request-part schema: a TypeBox schema, a plain JSON Schema or a builder's, another library's
 * Standard Schema (Zod, Valibot, ArkType…), (for the body) a map of schemas per media type, or
 * `false` (every request is refused with 400).
 */
export type SchemaInput = TSchema | { content: ContentMap } | JsonSchemaObject | SchemaBuilder | StandardSchemaLike | false

/** One entry of a response map: a schema (or a builder's, or a Standard Schema), or `{ description?, content: { [mediaType]: { schema } } }`. */
export type ResponseEntry = TSchema | { description?: string; content?: ContentMap } | JsonSchemaObject | SchemaBuilder | StandardSchemaLike

/**
 * A route's `schema` option. `querystring` and `query` are two names for the same part.
 * `response` maps a status key — an exact code (`200`, `'404'`), a class (`'2xx'`) or
 * `'default'` — to the schema of the payload sent with that status.
 */
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
  /** Documentation keywords (read by OpenAPI generators such as `@fastify/swagger`; ignored by warren). */
  summary?: string
  /** The route's description, for documentation. */
  description?: string
  /** Documentation tags. */
  tags?: readonly string[]
  /** The OpenAPI operation id. */
  operationId?: string
  /** Leave the route out of generated documentation. */
  hide?: boolean
  /** Mark the route deprecated in generated documentation. */
  deprecated?: boolean
  /** OpenAPI security requirements. */
  security?: ReadonlyArray<Record<string, readonly string[]>>
  /** Media types the route consumes, for documentation. */
  consumes?: readonly string[]
  /** Media types the route produces, for documentation. */
  produces?: readonly string[]
}

/**
 * A registry of shared schemas: `$id` to schema. An instance accumulates one through
 * `addSchema`, and `Type.Ref('<id>')` inside a route schema is resolved against it.
 */
export type SchemaRegistry = { [id: string]: TSchema }

/**
 * True when a schema contains a `Type.Ref` anywhere (objects, arrays, unions, intersections,
 * tuples, records). Exported for users' own helpers; `StaticOf` no longer needs it.
 */
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

/** The keys of an object schema's properties that are `Type.Optional`. */
type OptionalKeys<P> = { [K in keyof P]: P[K] extends TOptional<TSchema> ? K : never }[keyof P]

/**
 * The static type of an object schema's properties, refs resolved. Without an optional property,
 * one mapped type over the property map; with some, required and optional keys apart.
 */
type ObjectWithRefs<P, Reg> = ObjectWithOptional<P, OptionalKeys<P>, Reg>

/** {@link ObjectWithRefs} given the optional keys `O`. */
type ObjectWithOptional<P, O, Reg> = [O] extends [never]
  ? { -readonly [K in keyof P]: WithRefs<P[K], Reg> }
  : Flatten<{ [K in Exclude<keyof P, O>]: WithRefs<P[K], Reg> } & { [K in O & keyof P]?: WithRefs<P[K], Reg> }>

/** Folds a tuple of schemas into the intersection of their static types. */
type IntersectionWithRefs<U, Reg> = U extends [infer Head, ...infer Tail] ? WithRefs<Head, Reg> & IntersectionWithRefs<Tail, Reg> : unknown

/**
 * A schema's static type with every `Type.Ref` replaced by the static type of the registry entry
 * it names. One walk over the schema's own structure: objects, arrays, unions, intersections,
 * tuples and records are followed; anything else is TypeBox's `Static`. (TypeBox's module
 * inference, `TImport`, would compute the whole registry for every route schema.)
 */
type WithRefs<Sc, Reg> = Sc extends TRef<infer Id>
  ? Id extends keyof Reg
    ? WithRefs<Reg[Id], Reg>
    : unknown
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

/**
 * The static type of a schema, its `Type.Ref`s resolved against the registry. Objects are typed
 * by the walk too (cheaper than TypeBox's object static, which splits keys four ways); a
 * `Type.Readonly` property reads as a plain one.
 */
export type StaticOf<Sc extends TSchema, Reg> = WithRefs<Sc, Reg>

/**
 * The static type of a request-part schema or response entry; a `content` map gives the union of its
 * media types. A Standard Schema gives its `Side` type: `output` for a request part (what validation
 * hands the handler), `input` for a response (what the handler hands the library).
 */
export type SchemaStatic<E, Reg, Side extends StandardSide = 'output'> = E extends TSchema
  ? StaticOf<E, Reg>
  : E extends StandardSchemaLike
    ? StandardTypeOf<E, Side>
    : E extends { content: infer C }
      ? { [M in keyof C]: MediaStatic<C[M], Reg, Side> }[keyof C]
      : unknown

/** The static type of one media type's entry of a `content` map. */
type MediaStatic<Media, Reg, Side extends StandardSide> = Media extends { schema: infer Sc extends TSchema }
  ? StaticOf<Sc, Reg>
  : Media extends { schema: infer Sc extends StandardSchemaLike }
    ? StandardTypeOf<Sc, Side>
    : unknown

/* ---------- path parameters ---------- */

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

/**
 * Path parameters read from a path literal: `'/users/:id'` gives `{ id: string }`.
 * A path that is not a literal gives `Record<string, string>`.
 */
export type PathParams<P extends string> = string extends P ? Record<string, string> : { [K in ParamNames<Unescaped<P>>]: string }

/** A path with each `::` (a literal colon, not a parameter) replaced by `-`, which ends a parameter name as `::` does. */
type Unescaped<P extends string> = P extends `${infer A}::${infer B}` ? `${A}-${Unescaped<B>}` : P

/** Request headers keyed lower-case, as Node delivers them. */
export type LowercaseKeys<T> = { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] }

/* ---------- a route's types ---------- */

/**
 * A response map with every key as a string: `{ 201: A, '4xx': B, default: C }` gives `{ '201': A, '4xx': B, default: C }`.
 * `Side`: what a reply gives (`input`, the default) or what goes out on the wire (`output`); they
 * differ only for a Standard Schema that transforms.
 */
export type ResponsesOf<Sc, Reg, Side extends StandardSide = 'input'> = Sc extends { response: infer R } ? ResponseMap<R, `${keyof R & (string | number)}`, Reg, Side> : {}

/**
 * {@link ResponsesOf} over its string keys `Keys`, computed once: its `keyof` is then `Keys` as is.
 * (As a mapped type remapping `keyof R` with an `as` clause, its keys were computed again, each
 * one remapped, every time `reply.code` or a plain send asked for them.)
 */
type ResponseMap<R, Keys extends string, Reg, Side extends StandardSide> = { [K in Keys]: SchemaStatic<EntryAt<R, K>, Reg, Side> }

/** The entry of response map `R` under the string key `K` (`200` is written as a number key). */
type EntryAt<R, K extends string> = K extends keyof R ? R[K] : K extends `${infer N extends number}` ? (N extends keyof R ? R[N] : never) : never

/**
 * The types of one route, computed once: what its request carries and what it may reply.
 * `responses` maps each status key of the response schema to its payload type.
 */
export interface RouteTypes {
  /** Type of `request.body`. */
  body: unknown
  /** Type of `request.params`. */
  params: unknown
  /** Type of `request.query`. */
  query: unknown
  /** Type of the schema-declared part of `request.headers`. */
  headers: unknown
  /** Status key to payload type. `{}` when the route has no response schema. */
  responses: object
}

/**
 * The types of any route: the top of the lattice. Every part is `unknown` and there is no
 * response map, so a handler, hook or helper typed with them accepts the request and reply of
 * every route (a guard written once for "any route of this instance" fits them all).
 */
export interface DefaultRouteTypes extends RouteTypes {
  responses: {}
}

/**
 * Computes a route's {@link RouteTypes} from its `schema` option, its path and the shared
 * schemas of its instance. A part without a schema is `unknown`, except params, which fall
 * back to the names in the path.
 */
export type RouteTypesOf<Sc, Path extends string, Reg> = {
  body: Sc extends { body: infer B } ? SchemaStatic<B, Reg> : unknown
  params: Sc extends { params: infer P } ? SchemaStatic<P, Reg> : PathParams<Path>
  query: Sc extends { querystring: infer Q }
    ? SchemaStatic<Q, Reg>
    : Sc extends { query: infer Q }
      ? SchemaStatic<Q, Reg>
      : unknown
  headers: Sc extends { headers: infer H } ? LowercaseKeys<SchemaStatic<H, Reg>> : unknown
  responses: ResponsesOf<Sc, Reg>
  /** Phantom: the route's `schema` option, from which the typed client reads a Standard Schema's wire types. */
  schema: Sc
  /** Phantom: the shared schemas the route's references resolve against. */
  registry: Reg
}
