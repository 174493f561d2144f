/**
 * @module types/augment
 * Augmentation points: empty interfaces users and plugin authors extend with `declare module 'warren'`.
 */

import type { FastifyContextConfig, RouteOptions, RouteShorthandOptions } from './fastify-compat.js'

/** Keys of a route's `config` option (`request.routeOptions.config`) that plugins read. Other keys are allowed, as `unknown`. */
export interface RouteConfig extends FastifyContextConfig {
  [key: string]: unknown
}

/** Route options a plugin adds (`helmet`, `compress`…), accepted by `route()` and the shorthands. */
export interface RouteOptionsExtensions extends RouteShorthandOptions, RouteOptions {}

/**
 * The application's own error codes (and its plugins'), each with the status it is answered with,
 * so that the typed client types them beside warren's:
 * `declare module 'warren' { interface AppErrorCodes { NOTE_LOCKED: 423; QUOTA_EXCEEDED: 429 } }`.
 * A code answered with several statuses names them all (`NOTE_GONE: 404 | 410`).
 */
export interface AppErrorCodes {}
