/**
 * @module app/route-table
 * The routes an application declared, kept until start-up builds them: every route context in
 * order, the GET routes that get an automatic HEAD twin, and each prefix's not-found slot.
 */
import type { NotFoundSlot, RouteContext } from '../model/route-context.js'

/** The routes an application declared (see the module comment). One per application, on its root instance. */
export class RouteTable {
  /** Every route context declared, in order; finalised at start-up. */
  readonly routes: RouteContext[] = []
  /** GET routes that get an automatic HEAD route at start-up unless one is declared. */
  readonly headCandidates: RouteContext[] = []
  /** The not-found slot of each prefix that has one. */
  readonly notFoundSlots = new Map<string, NotFoundSlot>()
}
