/**
 * @module core/diagnostics
 * The `node:diagnostics_channel` names warren publishes on (its own and Fastify's, so existing APM
 * tools work unchanged) and the initialization message.
 */
import { channel } from 'node:diagnostics_channel'

/** The channel `warren()` announces each instance on, with `{ warren: app, fastify: app }` (`InitializationMessage`). */
export const INITIALIZATION_CHANNEL = 'warren.initialization'

/**
 * The TracingChannel around each route handler; its message is `HandlerTraceMessage`.
 *
 * @example
 * ```ts
 * import { tracingChannel } from 'node:diagnostics_channel'
 * tracingChannel(REQUEST_HANDLER_CHANNEL).subscribe({ start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} })
 * ```
 */
export const REQUEST_HANDLER_CHANNEL = 'warren.request.handler'

/** Fastify's name of {@link INITIALIZATION_CHANNEL}: warren publishes the same message on both. */
export const FASTIFY_INITIALIZATION_CHANNEL = 'fastify.initialization'

/** Fastify's name of {@link REQUEST_HANDLER_CHANNEL}: warren publishes the same messages on both. */
export const FASTIFY_REQUEST_HANDLER_CHANNEL = 'fastify.request.handler'

const fastifyInitialization = channel(FASTIFY_INITIALIZATION_CHANNEL)
const ownInitialization = channel(INITIALIZATION_CHANNEL)

interface Observable {
  readonly hasSubscribers: boolean | (() => boolean)
}

/** Whether a channel has subscribers: a getter on Node, Bun and Deno, a method on workerd (found once, so the hot check stays a property read). */
export const hasSubscribers: (observed: Observable) => boolean = typeof fastifyInitialization.hasSubscribers === 'function'
  ? (observed) => (observed.hasSubscribers as () => boolean).call(observed)
  : (observed) => observed.hasSubscribers as boolean

/** Announces a new instance on both initialization channels; nothing is built when nobody listens. */
export function publishInitialization(app: object): void {
  if (!hasSubscribers(fastifyInitialization) && !hasSubscribers(ownInitialization)) return
  const message = { warren: app, fastify: app }
  fastifyInitialization.publish(message)
  ownInitialization.publish(message)
}
