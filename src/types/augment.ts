/**
 * Augmentation points: empty interfaces users and plugin authors merge into with
 * `declare module 'warren' { interface … { … } }`, as Fastify's `FastifyContextConfig` and
 * `RouteShorthandOptions` are. What is merged here is visible to every route of every app
 * that sees the declaration, so it suits what a plugin adds everywhere (route options, config
 * keys); decorations that exist only in some contexts are better typed by chaining
 * (`decorate`, `decorateRequest`), which follows encapsulation.
 *
 * @example
 * ```ts
 * declare module 'warren' {
 *   interface RouteConfig { rateLimit?: { max: number; timeWindow: string } }
 *   interface RouteOptionsExtensions { compress?: false | { threshold?: number } }
 * }
 * ```
 *
 * @packageDocumentation
 */

import type { FastifyContextConfig, RouteOptions, RouteShorthandOptions } from './fastify-compat.js'

/** Keys of a route's `config` option (`request.routeOptions.config`) that plugins read. Other keys are allowed, as `unknown`. */
export interface RouteConfig extends FastifyContextConfig {
  [key: string]: unknown
}

/** Route options a plugin adds (`helmet`, `compress`…), accepted by `route()` and the shorthands. */
export interface RouteOptionsExtensions extends RouteShorthandOptions, RouteOptions {}
