/**
 * @module core/tick-shape
 * Keeps one entry of Node's `process.nextTick` queue alive for the life of the process, so that
 * `nextTick` stays on V8's fast path however long the process serves (docs/architecture.md).
 */
import { executionAsyncResource } from 'node:async_hooks'

let taken = false
// read by nothing: it only has to stay reachable
const held: object[] = []

export function keepTickShapeAlive(): void {
  if (taken) return
  taken = true
  process.nextTick(holdCurrentTickEntry)
}

function holdCurrentTickEntry(): void {
  held.push(executionAsyncResource())
}
