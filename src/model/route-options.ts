/**
 * @module model/route-options
 * A route's options once declared and normalised, as `request.routeOptions` and `onRoute` hooks see
 * them: the public `RouteOptionsView` with the fields the runtime always fills.
 */
import type { kOwnBodyLimit } from '../core/symbols.js'
import type { RouteOptionsView } from '../types/index.js'
import type { Context } from './context.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'

export type RouteHandlerFn = (this: Context, request: Request, reply: Reply) => unknown

export interface ResolvedRouteOptions extends RouteOptionsView {
  method: string
  url: string
  path: string
  routePath: string
  prefix: string
  bodyLimit: number
  handlerTimeout: number
  [kOwnBodyLimit]?: number
  attachValidation: boolean
  logLevel: string | undefined
  exposeHeadRoute: boolean
  config: Record<string | symbol, unknown>
  schema: Record<string, unknown> | undefined
  handler: RouteHandlerFn
}
