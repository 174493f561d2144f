/**
 * @module core/tick-shape
 * Keeps one entry of Node's `process.nextTick` queue alive for the life of the process, so that
 * `nextTick` stays on V8's fast path however long the process serves.
 *
 * Why: Node builds each queue entry as an object literal with computed symbol keys
 * (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`). V8 builds such a
 * literal by adding one property after another, walking a chain of hidden classes (maps) from a
 * shared root; the maps of that chain live only as long as some entry that has them. An entry
 * lives only until its tick runs, so a major garbage collection can find none and collect the
 * chain; the next `nextTick` builds new maps, and the inline caches in `nextTick` that knew the
 * old ones see new ones. After a few collections they give up (megamorphic) and every
 * `nextTick` goes through V8's runtime: about 0.5–1 µs instead of about 0.1 µs, several times per
 * request (Node's own streams and HTTP server call it about six times per keep-alive request).
 * Measured on Node 20: the slow state appears in most Fastify processes after some seconds of
 * load, and in any server (bare node:http included) after a few forced major collections; with
 * one entry held, a map keeps its parent maps alive and the chain survives every collection.
 *
 * How: inside a tick, `executionAsyncResource()` is that tick's queue entry (public API; no
 * async hook is installed). Holding it costs one small object and the no-op callback it refers to.
 */
import { executionAsyncResource } from 'node:async_hooks'

let taken = false
/** The entry held (read by nothing: it only has to stay reachable). */
const held: object[] = []

/** Takes and keeps one `nextTick` queue entry, once per process (on the next tick). */
export function keepTickShapeAlive(): void {
  if (taken) return
  taken = true
  process.nextTick(holdCurrentTickEntry)
}

function holdCurrentTickEntry(): void {
  held.push(executionAsyncResource())
}
