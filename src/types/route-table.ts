/**
 * @module types/route-table
 * The route table an instance type carries for the typed client (`warren/client`).
 *
 * Each chained route call returns the instance type with one more {@link RouteEntry} in a union
 * (the fifth type parameter of `WarrenInstance`): appending is one new type, the entry holds the
 * route's types as the route computed them (`RouteTypesOf`, not computed again), and nothing is
 * walked or intersected when a route is declared. `register` of a plugin that returns its chained
 * instance adds one {@link RouteMount} (the plugin's routes under the register `prefix`), left
 * folded until a client reads the table. {@link RouteTableOf} unfolds it once into an object keyed
 * `'<METHOD> <path>'`, where each call is a single indexed lookup. The table also carries the
 * application's error format when it is not the default (`types/error-answers`).
 *
 * @packageDocumentation
 */
import type { kRoutes } from './brand.js'
import type { ErrorFormatMember } from './error-answers.js'
import type { RouteTypes } from './schema.js'
import type { WireOf } from './wire.js'

/** One declared route in an instance's route table: its method(s), its path as declared, and its types. */
export interface RouteEntry<M extends string, P extends string, T extends RouteTypes> {
  /** The method, or a union of methods (`route({ method: [...] })`, `all`). */
  readonly method: M
  /** The path as declared (inside a plugin: without the register prefix, which the mount adds). */
  readonly path: P
  /** The route's request and response types ({@link RouteTypes}). */
  readonly types: T
}

/** The routes a plugin's returned instance carries, registered under `prefix` (`''` for none). */
export interface RouteMount<Prefix extends string, Routes> {
  /** The register `prefix`. */
  readonly prefix: Prefix
  /** The plugin's own table (entries and nested mounts). */
  readonly routes: Routes
}

/**
 * Filled in by `instance.ts` (declaration merging, `{ instance: Warren<D, Rq, Rp, S, R> }`): the
 * route methods, declared below the instance type, name the instance with one more route through
 * it instead of importing the instance module, which imports them.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the parameters are read by the declaration instance.ts merges in
export interface RoutedInstanceSlot<D extends object, Rq extends object, Rp extends object, S extends object, R> {}

/** The instance type `D, Rq, Rp, S` with route table `R` (through {@link RoutedInstanceSlot}). */
export type RoutedInstance<D extends object, Rq extends object, Rp extends object, S extends object, R> =
  RoutedInstanceSlot<D, Rq, Rp, S, R> extends { instance: infer I } ? I : unknown

/** What a route method reads its receiver's route table `Table` from (its `this` parameter). */
export interface RouteTableCarrier<Table> {
  [kRoutes]?(routes: Table): void
}

/** The route table (a union of entries and mounts) an instance type carries; `never` when it has none. */
export type RoutesOf<I> = I extends { [kRoutes]?(routes: infer R): void } ? R : never

/**
 * What a registered plugin adds to its parent's table: its routes under the register prefix.
 * A shared (`plugin()`-wrapped) plugin gets no prefix at run time, so none here; a prefix that is
 * not a string literal cannot be typed, so those routes are left out.
 */
export type MountOf<Routes, Prefix extends string, Shared extends boolean> = [Routes] extends [never]
  ? never
  : Shared extends true
    ? Routes
    : string extends Prefix
      ? never
      : Prefix extends '' | '/'
        ? Routes
        : RouteMount<Prefix, Routes>

/* ---------- unfolding, for the client only ---------- */

/** `prefix` with a leading slash. */
type Slashed<Prefix extends string> = Prefix extends `/${string}` ? Prefix : `/${Prefix}`

/** A path declared under a prefix, joined as the router joins it (`'/'` answers with and without the trailing slash). */
type JoinPath<Prefix extends string, P extends string> = P extends ''
  ? Prefix
  : Prefix extends `${string}/`
    ? `${Prefix}${P extends `/${infer Rest}` ? Rest : P}`
    : P extends '/'
      ? Prefix | `${Prefix}/`
      : `${Prefix}${P extends `/${string}` ? P : `/${P}`}`

/** A table with every entry's path under `Prefix`; nested mounts are unfolded (one level of recursion per plugin nesting). */
type Under<Prefix extends string, R> = R extends RouteEntry<infer M, infer P, infer T>
  ? RouteEntry<M, JoinPath<Prefix, P>, T>
  : R extends RouteMount<infer Inner, infer Routes>
    ? Under<JoinPath<Prefix, Slashed<Inner>>, Routes>
    : never

/** Any route entry. */
type AnyEntry = RouteEntry<string, string, RouteTypes>

/** A table's entries, mounts unfolded. */
type Entries<R> = R extends AnyEntry ? R : R extends RouteMount<infer Prefix, infer Routes> ? Under<Slashed<Prefix>, Routes> : never

/**
 * The route table of instance type `App`, unfolded once: `'<METHOD> <path>'` to the route's
 * {@link RouteTypes}. Two routes on the same method and path (constraints) give the union of their types.
 *
 * @example
 * ```ts
 * type Table = RouteTableOf<typeof app>
 * type GetUser = Table['GET /users/:id'] // { body, params, query, headers, responses }
 * ```
 */
export type RouteTableOf<App> = TableOf<Entries<RoutesOf<App>>> & ErrorFormatMember<RoutesOf<App>>

/** The object type keyed by method and path for a union of entries, each route's types as they travel ({@link WireOf}). */
type TableOf<E extends AnyEntry> = { [K in E as `${K['method']} ${K['path']}`]: WireOf<K['types']> }
