/**
 * @module types/route-view
 * The route options `onRoute` hooks read and may change: the contract between the runtime's route builder and users' hooks.
 */

import type { RouteConfig } from './augment.js'
import type { LogSerializers } from './logger.js'
import type { RouteSchema } from './schema.js'

/** A route's options as `onRoute` hooks see (and may change) them. */
export interface RouteOptionsView {
  method: string | string[]
  /** The full path, prefix included. */
  url: string
  /** The path as declared, without the prefix. */
  path?: string
  /** Alias of `path`. */
  routePath?: string
  /** The prefix of the context the route was declared in. */
  prefix?: string
  schema?: RouteSchema
  handler: Function
  /** The route's `config` option: keys declared on {@link RouteConfig} are typed. */
  config?: RouteConfig
  /** The body limit in force for the route, in bytes. */
  bodyLimit?: number
  /** The handler timeout in force for the route, in ms (0: none). */
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
