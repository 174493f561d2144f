/**
 * @module model/route-options
 * A route's options once declared: normalised, as `request.routeOptions` shows them and `onRoute`
 * hooks see (and may change) them. The public view (`RouteOptionsView`) is the type layer's; this
 * is the same object with the fields the runtime always fills.
 */
import type { kOwnBodyLimit } from '../core/symbols.js'
import type { RouteOptionsView } from '../types/index.js'
import type { Context } from './context.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'

/** A route handler as the request path calls it: `this` is the route's instance. */
export type RouteHandlerFn = (this: Context, request: Request, reply: Reply) => unknown

/** A route's options, normalised: every field the runtime reads is present. */
export interface ResolvedRouteOptions extends RouteOptionsView {
  method: string
  url: string
  path: string
  /** The path as declared, without the prefix. */
  routePath: string
  prefix: string
  bodyLimit: number
  handlerTimeout: number
  /** The `bodyLimit` the route was declared with (undefined when it took the factory's). */
  [kOwnBodyLimit]?: number
  attachValidation: boolean
  logLevel: string | undefined
  exposeHeadRoute: boolean
  config: Record<string | symbol, unknown>
  schema: Record<string, unknown> | undefined
  handler: RouteHandlerFn
}
