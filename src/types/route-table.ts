/**
 * @module types/route-table
 * The route table an instance type carries for the typed client (`warren/client`).
 */

import type { kRoutes } from './brand.js'
import type { ErrorFormatMember } from './error-answers.js'
import type { ParamNames, RouteTypes } from './schema.js'
import type { WireOf } from './wire.js'

/** The route option `prefixTrailingSlash`: which of `/prefix` and `/prefix/` a `'/'` route under a prefix answers. */
export type TrailingSlash = 'both' | 'slash' | 'no-slash'

/** One declared route in an instance's route table: its method(s), its path as declared, and its types. */
export interface RouteEntry<M extends string, P extends string, T extends RouteTypes, Slash extends TrailingSlash = 'both'> {
  /** The method, or a union of methods (`route({ method: [...] })`, `all`). */
  readonly method: M
  /** The path as declared (inside a plugin: without the register prefix, which the mount adds). */
  readonly path: P
  readonly types: T
  /** The route's `prefixTrailingSlash` (for a `'/'` path under a prefix). */
  readonly slash: Slash
}

/** The routes a plugin's returned instance carries, registered under `prefix` (`''` for none). */
export interface RouteMount<Prefix extends string, Routes> {
  readonly prefix: Prefix
  readonly routes: Routes
}

/** Filled in by `instance.ts` through declaration merging: the route methods name the instance without importing the module that imports them. */
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

/** What a registered plugin adds to its parent's table: its routes under the register prefix. */
export type MountOf<Routes, Prefix extends string, Shared extends boolean> = [Routes] extends [never]
  ? never
  : Shared extends true
    ? Routes
    : string extends Prefix
      ? never
      : Prefix extends '' | '/'
        ? Routes
        : RouteMount<Prefix, Routes>

type Slashed<Prefix extends string> = Prefix extends `/${string}` ? Prefix : `/${Prefix}`

/** A path under a prefix, joined as the router joins it; `'/'` answers as the route's `prefixTrailingSlash` says. */
type JoinPath<Prefix extends string, P extends string, Slash extends TrailingSlash = 'both'> = P extends ''
  ? Prefix
  : Prefix extends `${string}/`
    ? `${Prefix}${P extends `/${infer Rest}` ? Rest : P}`
    : P extends '/'
      ? { both: Prefix | `${Prefix}/`; slash: `${Prefix}/`; 'no-slash': Prefix }[Slash]
      : `${Prefix}${P}`

/** A route's types under `Prefix`: the prefix's parameters (`/:projectId/members`) join the route's own, as the router gives them. */
type UnderPrefix<T extends RouteTypes, Names> = [Names] extends [never] ? T : T & { params: { [K in Exclude<Names & string, keyof T['params']>]: string } }

/** The parameter names of a prefix, computed once per mount. */
type PrefixParams<Prefix extends string> = Prefix extends `${string}${':' | '*'}${string}` ? ParamNames<Prefix> : never

/** A table with every entry's path under `Prefix`; nested mounts are unfolded (one level of recursion per plugin nesting). */
type Under<Prefix extends string, R, Names = PrefixParams<Prefix>> = R extends AnyEntry
  ? RouteEntry<R['method'], JoinPath<Prefix, R['path'], R['slash']>, UnderPrefix<R['types'], Names>>
  : R extends RouteMount<infer Inner, infer Routes>
    ? Under<JoinPath<Prefix, Slashed<Inner>>, Routes>
    : never

type AnyEntry = RouteEntry<string, string, RouteTypes, TrailingSlash>

type Entries<R> = R extends AnyEntry ? R : R extends RouteMount<infer Prefix, infer Routes> ? Under<Slashed<Prefix>, Routes> : never

/** The route table of `App`, unfolded once: `'<METHOD> <path>'` to the route's types, e.g. `RouteTableOf<typeof app>['GET /users/:id']`. */
export type RouteTableOf<App> = TableOf<Entries<RoutesOf<App>>> & ErrorFormatMember<RoutesOf<App>>

/** The object type keyed by method and path for a union of entries, each route's types as they travel ({@link WireOf}). */
type TableOf<E extends AnyEntry> = { [K in E as `${K['method']} ${K['path']}`]: WireOf<K['types']> }
