/**
 * @module app/route-table
 * The routes an application declared, kept until start-up builds them, with each prefix's not-found slot.
 */
import type { kRouteTable } from '../core/symbols.js'
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'

export class RouteTable {
  readonly routes: RouteContext[] = []
  /** A HEAD route declared later for the same URL replaces its automatic one. */
  readonly automaticHeads = new Set<RouteContext>()
  readonly notFoundSlots = new Map<string, NotFoundSlot>()
}

declare module '../model/context.js' {
  interface InstanceState {
    [kRouteTable]: RouteTable
  }
}
