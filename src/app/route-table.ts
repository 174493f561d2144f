/**
 * @module app/route-table
 * The routes an application declared, kept until start-up builds them: every route context in
 * order, the automatic HEAD routes of GET routes, and each prefix's not-found slot.
 */
import type { kRouteTable } from '../core/symbols.js'
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'

/** The routes an application declared (see the module comment). One per application, on its root instance. */
export class RouteTable {
  /** Every route context declared, in order; finalised at start-up. */
  readonly routes: RouteContext[] = []
  /** The HEAD routes added for GET routes: a HEAD route declared later for the same URL replaces its one. */
  readonly automaticHeads = new Set<RouteContext>()
  /** The not-found slot of each prefix that has one. */
  readonly notFoundSlots = new Map<string, NotFoundSlot>()
}

declare module '../model/context.js' {
  interface InstanceState {
    /** Set on the root only; every context reads it through its prototype chain. */
    [kRouteTable]: RouteTable
  }
}
