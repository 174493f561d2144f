/**
 * @module types/augment
 * Augmentation points: empty interfaces users and plugin authors extend with `declare module 'warren'`.
 */

import type { RawServerBase, RawServerDefault } from './fastify-generics.js'

/** Fastify's route `config` type, which plugins merge into (re-exported by `types/fastify-compat`): keys plugins add to a route's `config` (`config.rateLimit`…). */
export interface FastifyContextConfig {}

/** Route options plugins add (`helmet`, `compress`…), as shorthand options. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Fastify's type parameter, for the merges
export interface RouteShorthandOptions<RawServer extends RawServerBase = RawServerDefault> {}

/** Route options plugins add, as full route options. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Fastify's type parameter, for the merges
export interface RouteOptions<RawServer extends RawServerBase = RawServerDefault> {}

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
