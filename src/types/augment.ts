/**
 * @module types/augment
 * Augmentation points: empty interfaces users and plugin authors extend with
 * `declare module 'warren' { interface … { … } }`.
 */

import type { FastifyContextConfig, RouteOptions, RouteShorthandOptions } from './fastify-compat.js'

/** Keys of a route's `config` option (`request.routeOptions.config`) that plugins read. Other keys are allowed, as `unknown`. */
export interface RouteConfig extends FastifyContextConfig {
  [key: string]: unknown
}

/** Route options a plugin adds (`helmet`, `compress`…), accepted by `route()` and the shorthands. */
export interface RouteOptionsExtensions extends RouteShorthandOptions, RouteOptions {}
