/**
 * @module types/helpers
 * Types for a handler, hook or plugin written apart from its route: the inference of an inline one from `typeof schema` and the instance type.
 */

import type { ContextOf } from './context.js'
import type { RequestHookName, RequestHooks } from './hooks.js'
import type { AnyWarren, Warren } from './instance.js'
import type { RouteReply } from './reply.js'
import type { RouteRequest } from './request.js'
import type { HandlerFor } from './route.js'
import type { AnyRoutePath, DefaultRouteTypes, RouteSchema, RouteTypesOf } from './schema.js'

/**
 * The types of a route with schema `Sc` at path `Path` declared on instance `App`. Without a path
 * or a params schema, params are `unknown`: the helper fits a route whose params are of any type.
 */
export type RouteTypesFor<Sc extends RouteSchema = {}, App extends AnyWarren = Warren, Path extends string = string> = string extends Path
  ? [keyof Sc] extends [never]
    ? DefaultRouteTypes
    : RouteTypesOf<Sc, Sc extends { params: unknown } ? Path : AnyRoutePath, ContextOf<App>['s']>
  : RouteTypesOf<Sc, Path, ContextOf<App>['s']>

/** A route handler typed as it would be inline; `Path` matters only without a params schema. */
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
export type RequestDecorationsOf<App extends AnyWarren> = ContextOf<App>['rq']
export type ReplyDecorationsOf<App extends AnyWarren> = ContextOf<App>['rp']
