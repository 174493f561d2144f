/**
 * @module types/route-view
 * The route options `onRoute` hooks read and may change: the contract between the runtime's route builder and users' hooks.
 */

import type { RouteConfig } from './augment.js'
import type { LogSerializers } from './logger.js'
import type { RouteSchema } from './schema.js'

/**
 * A route's options as `onRoute` hooks see (and may change) them: what the route set, with its
 * method, URL and prefix settled. What it leaves to the application (`bodyLimit`, `config`,
 * `handlerTimeout`, `exposeHeadRoute`, `prefixTrailingSlash`) is unset here, so a hook can tell a
 * route's own setting from the default; `request.routeOptions` shows the values in force.
 */
export interface RouteOptionsView {
  method: string | string[]
  /** The full path, prefix included. */
  url: string
  /** The full path, as `url`. */
  path?: string
  /** What the route adds to its prefix (`''` for a `'/'` route answering at the bare prefix). */
  routePath?: string
  /** The prefix of the context the route was declared in. */
  prefix?: string
  schema?: RouteSchema
  handler: Function
  /** The route's `config` option: keys declared on {@link RouteConfig} are typed. */
  config?: RouteConfig
  /** The route's own body limit, in bytes. */
  bodyLimit?: number
  /** The route's own handler timeout, in ms. */
  handlerTimeout?: number
  /** Whether validation errors are attached to the request instead of answered. */
  attachValidation?: boolean
  logLevel?: string
  /** The serializers of the route's request loggers (its own `logSerializers` over its plugins'). */
  logSerializers?: LogSerializers
  /** Whether a HEAD route is derived from this GET route. */
  exposeHeadRoute?: boolean
  /** How a `'/'` route under a prefix answers: `/prefix` and `/prefix/` (`'both'`, the default), or only one of them. */
  prefixTrailingSlash?: 'both' | 'slash' | 'no-slash'
  /** Other route options (hooks, compilers, limits…). */
  [option: string]: unknown
}
