/**
 * @module serve/handler-trace
 * The route handler's trace on `diagnostics_channel` under both names, published by hand so the
 * reply is sent between asyncStart and asyncEnd (docs/architecture.md).
 */
import { tracingChannel } from 'node:diagnostics_channel'
import { FASTIFY_REQUEST_HANDLER_CHANNEL, REQUEST_HANDLER_CHANNEL, hasSubscribers } from '../core/diagnostics.js'
import { kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import { errorStatusFor } from './error-status.js'

export interface HandlerTrace {
  request: Request
  reply: Reply
  route: { url: string; method: string }
  async: boolean
  error?: unknown
}

const fastifyChannels = tracingChannel<unknown, HandlerTrace>(FASTIFY_REQUEST_HANDLER_CHANNEL)
const ownChannels = tracingChannel<unknown, HandlerTrace>(REQUEST_HANDLER_CHANNEL)

const traces = new WeakMap<Reply, HandlerTrace>()

export function isHandlerTraced(): boolean {
  return hasSubscribers(fastifyChannels) || hasSubscribers(ownChannels)
}

export function traceOf(reply: Reply): HandlerTrace | null {
  return isHandlerTraced() ? (traces.get(reply) ?? null) : null
}

/** Publishes start, runs `body` inside the async context the channels' bound stores give, then publishes end. */
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

export function publishAsyncStart(trace: HandlerTrace): void {
  publishOnBoth('asyncStart', trace)
}

export function publishAsyncEnd(trace: HandlerTrace): void {
  publishOnBoth('asyncEnd', trace)
}

/** Publishes the error with `reply.statusCode` set to the status it will be answered with, put back afterwards. */
export function publishError(trace: HandlerTrace, error: unknown): void {
  trace.error = error
  const res = trace.reply.raw
  const statusCode = res.statusCode
  res.statusCode = errorStatusFor(trace.reply, error)
  publishOnBoth('error', trace)
  res.statusCode = statusCode
}

function publishOnBoth(event: 'end' | 'asyncStart' | 'asyncEnd' | 'error', trace: HandlerTrace): void {
  fastifyChannels[event].publish(trace)
  ownChannels[event].publish(trace)
}
