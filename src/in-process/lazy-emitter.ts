/**
 * @module in-process/lazy-emitter
 * An `EventEmitter` base whose constructor does nothing: Node's and Bun's emitters make the listener
 * table on the first `on` when there is none, and most in-process exchanges never get a listener.
 */
import { EventEmitter } from 'node:events'

// `emit` with no table returns at once; the constructor is what an exchange would otherwise pay
function LazyEmitter(): void {}
LazyEmitter.prototype = EventEmitter.prototype

/** Extended as `EventEmitter` is: its prototype is `EventEmitter.prototype`, `instanceof` holds. */
export const LazyEventEmitter = LazyEmitter as unknown as typeof EventEmitter
