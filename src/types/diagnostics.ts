/**
 * @module types/diagnostics
 * The messages warren publishes on `node:diagnostics_channel` (see the channel names exported from `warren`:
 * `INITIALIZATION_CHANNEL`, `REQUEST_HANDLER_CHANNEL` and Fastify's names).
 */

import type { AnyWarren } from './instance.js'
import type { WarrenReply } from './reply.js'
import type { WarrenRequest } from './request.js'

/** The message of `warren.initialization` (and `fastify.initialization`): the instance `warren()` created. */
export interface InitializationMessage {
  warren: AnyWarren
  /** The same instance, under the key tools written for Fastify read. */
  fastify: AnyWarren
}

/**
 * The message of every event of a route handler's trace (`tracing:warren.request.handler:*`, and
 * `tracing:fastify.request.handler:*`): one object from start to asyncEnd, so a subscriber may keep its own state on it.
 */
export interface HandlerTraceMessage {
  request: WarrenRequest
  reply: WarrenReply
  /** The route's URL pattern (with its prefix) and method, e.g. `{ url: '/users/:id', method: 'GET' }`. */
  route: { url: string; method: string }
  /** True once the handler (or an error handler) returned a promise: asyncStart and asyncEnd will follow. */
  async: boolean
  /** What the handler threw or rejected with (set from the error event on). */
  error?: unknown
}
