/**
 * @module app/route-table
 * The routes an application declared, kept until start-up builds them, with each prefix's not-found slot.
 */
import type { kRouteTable } from '../core/symbols.js'
import type { Context } from '../model/context.js'
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'
import type { ResolvedRouteOptions } from '../model/route-options.js'

/** A route as declared: the options its onRoute hooks saw, and the instance it was declared on. */
export interface DeclaredRoute {
  routeOptions: ResolvedRouteOptions
  instance: Context
}

export class RouteTable {
  readonly routes: RouteContext[] = []
  /** Every route declaration in order (one per `route()` call, whatever its methods), automatic HEAD routes not included. */
  readonly declared: DeclaredRoute[] = []
  readonly notFoundSlots = new Map<string, NotFoundSlot>()
}

declare module '../model/context.js' {
  interface InstanceState {
    [kRouteTable]: RouteTable
  }
}
