/**
 * @module serve/handler-trace
 * The route handler's trace on `node:diagnostics_channel` (TracingChannels `warren.request.handler`
 * and Fastify's `fastify.request.handler`, one message for both): start and end around the call,
 * asyncStart and asyncEnd around what follows a returned promise, error with the failure. Events
 * are published by hand, in Fastify's order, rather than through `traceSync`/`tracePromise`: the
 * reply is sent between asyncStart and asyncEnd, and an error handler's promise continues the same
 * trace. Nothing here runs when nobody subscribes: the request path asks {@link isHandlerTraced} first.
 */
import { tracingChannel } from 'node:diagnostics_channel'
import { FASTIFY_REQUEST_HANDLER_CHANNEL, REQUEST_HANDLER_CHANNEL, hasSubscribers } from '../core/diagnostics.js'
import { kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import { errorStatusFor } from './error-status.js'

/** The message of every event of one handler's trace (the same object throughout). */
export interface HandlerTrace {
  request: Request
  reply: Reply
  route: { url: string; method: string }
  /** True once the handler (or an error handler) returned a promise. */
  async: boolean
  /** What the handler failed with; set before the error event. */
  error?: unknown
}

const fastifyChannels = tracingChannel<unknown, HandlerTrace>(FASTIFY_REQUEST_HANDLER_CHANNEL)
const ownChannels = tracingChannel<unknown, HandlerTrace>(REQUEST_HANDLER_CHANNEL)

/** The traces of the requests traced now, by reply, for the error handlers that answer them later. */
const traces = new WeakMap<Reply, HandlerTrace>()

/** Whether anybody listens to either name's handler trace (a few property reads). */
export function isHandlerTraced(): boolean {
  return hasSubscribers(fastifyChannels) || hasSubscribers(ownChannels)
}

/** The trace of the request `reply` answers, or null when it has none (or nobody listens any more). */
export function traceOf(reply: Reply): HandlerTrace | null {
  return isHandlerTraced() ? (traces.get(reply) ?? null) : null
}

/**
 * The trace of `request`'s handler: publishes start on both names, runs `body` with the message
 * inside the async context their bound stores (`channel.bindStore`) give it, then publishes end
 * (however `body` returns: the handler returned, threw, or never ran because a preHandler hook failed).
 */
export function runInTrace(request: Request, reply: Reply, body: (trace: HandlerTrace) => void): void {
  const options = request[kRoute].routeOptions
  const trace: HandlerTrace = { request, reply, async: false, route: { url: options.url, method: options.method } }
  traces.set(reply, trace)
  fastifyChannels.start.runStores(trace, enterOwnStart, undefined, trace, body)
}

function enterOwnStart(trace: HandlerTrace, body: (trace: HandlerTrace) => void): void {
  ownChannels.start.runStores(trace, runThenEnd, undefined, trace, body)
}

function runThenEnd(trace: HandlerTrace, body: (trace: HandlerTrace) => void): void {
  try {
    body(trace)
  } finally {
    publishOnBoth('end', trace)
  }
}

/** A promise the handler (or an error handler) returned settled; what follows it begins. */
export function publishAsyncStart(trace: HandlerTrace): void {
  publishOnBoth('asyncStart', trace)
}

/** What followed the promise's settling is done. */
export function publishAsyncEnd(trace: HandlerTrace): void {
  publishOnBoth('asyncEnd', trace)
}

/**
 * The handler failed with `error`. While subscribers see it, `reply.statusCode` is the status the
 * error will be answered with (as in Fastify, where it is set before the event); it is put back
 * afterwards, so that observing never changes what the error handler sees. (A subscriber's throw
 * never reaches here: the channel reports it on the next tick.)
 */
export function publishError(trace: HandlerTrace, error: unknown): void {
  trace.error = error
  const res = trace.reply.raw
  const statusCode = res.statusCode
  res.statusCode = errorStatusFor(trace.reply, error)
  publishOnBoth('error', trace)
  res.statusCode = statusCode
}

/** Publishes one event of the trace under Fastify's name, then warren's. */
function publishOnBoth(event: 'end' | 'asyncStart' | 'asyncEnd' | 'error', trace: HandlerTrace): void {
  fastifyChannels[event].publish(trace)
  ownChannels[event].publish(trace)
}
