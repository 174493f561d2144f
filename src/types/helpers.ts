/**
 * @module types/helpers
 * Helper types for code written apart from its route: a handler, hook or plugin in its own file gets the same
 * inference as an inline one from `typeof schema` (and, when it uses decorations, the instance type), without
 * spelling out the route's types.
 */

import type { ContextOf } from './context.js'
import type { RequestHookName, RequestHooks } from './hooks.js'
import type { AnyWarren, Warren } from './instance.js'
import type { RouteReply } from './reply.js'
import type { RouteRequest } from './request.js'
import type { HandlerFor } from './route.js'
import type { DefaultRouteTypes, RouteSchema, RouteTypesOf } from './schema.js'

/** The types of a route with schema `Sc` at path `Path` declared on instance `App`. */
export type RouteTypesFor<Sc extends RouteSchema = {}, App extends AnyWarren = Warren, Path extends string = string> = string extends Path
  ? [keyof Sc] extends [never]
    ? DefaultRouteTypes
    : RouteTypesOf<Sc, Path, ContextOf<App>['s']>
  : RouteTypesOf<Sc, Path, ContextOf<App>['s']>

/**
 * A route handler typed as it would be inline, for a route with schema `Sc` on instance `App` (default: no decorations) at path
 * `Path` (default: any; only matters without a params schema).
 */
export type RouteHandler<Sc extends RouteSchema = {}, App extends AnyWarren = Warren, Path extends string = string> = HandlerFor<
  App,
  RouteTypesFor<Sc, App, Path>,
  ContextOf<App>['rq'],
  ContextOf<App>['rp']
>

/** The request of a route with schema `Sc` on instance `App` at path `Path`. */
export type RequestOf<Sc extends RouteSchema = {}, App extends AnyWarren = Warren, Path extends string = string> = RouteRequest<
  RouteTypesFor<Sc, App, Path>,
  ContextOf<App>['rq'],
  App
>

/** The reply of a route with schema `Sc` on instance `App`: `send` checked per status. */
export type ReplyOf<Sc extends RouteSchema = {}, App extends AnyWarren = Warren> = RouteReply<RouteTypesFor<Sc, App>, ContextOf<App>['rp'], App>

/** A route-level hook `Name` typed for a route with schema `Sc` on instance `App` at path `Path`. */
export type RouteHook<
  Name extends RequestHookName,
  Sc extends RouteSchema = {},
  App extends AnyWarren = Warren,
  Path extends string = string,
> = RequestHooks<App, RouteTypesFor<Sc, App, Path>, ContextOf<App>['rq'], ContextOf<App>['rp']>[Name]

/** The static type of what an instance (or plugin) decorated itself with: `DecorationsOf<typeof app>['db']`. */
export type DecorationsOf<App extends AnyWarren> = ContextOf<App>['d']
/** The request decorations of an instance type. */
export type RequestDecorationsOf<App extends AnyWarren> = ContextOf<App>['rq']
/** The reply decorations of an instance type. */
export type ReplyDecorationsOf<App extends AnyWarren> = ContextOf<App>['rp']
