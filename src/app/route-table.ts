/**
 * @module app/route-table
 * The routes an application declared, kept until start-up builds them, with each prefix's not-found slot.
 */
import type { kRouteTable } from '../core/symbols.js'
import type { Context } from '../model/context.js'
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'
import type { RouteOptionsView } from '../types/index.js'

/** A route as declared: the options its onRoute hooks saw, and the instance it was declared on. */
export interface DeclaredRoute {
  routeOptions: RouteOptionsView
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
