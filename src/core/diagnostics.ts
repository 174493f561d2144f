/**
 * @module core/diagnostics
 * The `node:diagnostics_channel` names warren publishes on, so that APM and tracing tools observe
 * it without hooks: its own names, and Fastify's, so that tools written for Fastify work unchanged.
 * Publishes the initialization message; the request handler's trace is the request path's
 * (`serve/handler-trace`).
 */
import { channel } from 'node:diagnostics_channel'

/**
 * The channel an instance is announced on when `warren()` creates it: the message is
 * `{ warren: app, fastify: app }` (`InitializationMessage`).
 *
 * @example
 * ```ts
 * import { subscribe } from 'node:diagnostics_channel'
 * subscribe(INITIALIZATION_CHANNEL, (message) => console.log('new app', message))
 * ```
 */
export const INITIALIZATION_CHANNEL = 'warren.initialization'

/**
 * The TracingChannel around each route handler (name for `tracingChannel()`; its channels are
 * `tracing:warren.request.handler:start`, `:end`, `:asyncStart`, `:asyncEnd` and `:error`). The
 * message is `HandlerTraceMessage`: `{ request, reply, route: { url, method }, async, error? }`.
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

/** A channel or TracingChannel, as far as {@link hasSubscribers} reads it. */
interface Observable {
  readonly hasSubscribers: boolean | (() => boolean)
}

/**
 * Whether a channel (or TracingChannel) has subscribers. Node, Bun and Deno answer with a
 * getter; Cloudflare's workerd with a method, which read as a property is a function (always
 * truthy): the form is found once, so the per-request check stays a property read.
 */
export const hasSubscribers: (observed: Observable) => boolean = typeof fastifyInitialization.hasSubscribers === 'function'
  ? (observed) => (observed.hasSubscribers as () => boolean).call(observed)
  : (observed) => observed.hasSubscribers as boolean

/** Announces a new instance on both initialization channels; nothing is built when nobody listens. */
export function publishInitialization(app: object): void {
  if (!hasSubscribers(fastifyInitialization) && !hasSubscribers(ownInitialization)) return
  // one message for both names; `fastify` is the key tools written for Fastify read
  const message = { warren: app, fastify: app }
  fastifyInitialization.publish(message)
  ownInitialization.publish(message)
}
