/**
 * @module app/request-identity
 * How a context identifies and logs its requests: `setGenReqId` (the request id generator) and
 * `setChildLoggerFactory` (the request's logger), both encapsulated — a plugin's setting holds for
 * its routes and its descendants', never its parent's — and read by each route at start-up.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from '../model/context.js'
import { codes } from '../core/errors.js'
import { kChildLoggerFactory, kGenReqId, kRoot } from '../core/symbols.js'
import { requestIdGenerator, type RootState } from '../model/root-state.js'
import type { ChildLoggerFactory } from '../types/index.js'

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value
}

/** Gives the root context the generator and factory of the factory options. */
export function initRequestIdentity(app: Context, root: RootState): void {
  app[kGenReqId] = root.genReqId
  app[kChildLoggerFactory] = root.options.childLoggerFactory ?? null
}

/**
 * `setGenReqId(fn)`: the request ids of this context's routes come from `fn(rawRequest)` (the
 * `requestIdHeader`, when set and present, still wins).
 *
 * @example
 * app.register(async (api) => {
 *   api.setGenReqId((req) => `api-${randomUUID()}`)
 * })
 */
export function setGenReqId(this: Context, fn: (req: IncomingMessage) => string): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('setGenReqId')
  if (typeof fn !== 'function') throw new codes.SVC_ERR_GEN_REQ_ID_NOT_FN(describe(fn))
  this[kGenReqId] = requestIdGenerator(fn, root.options.requestIdHeader)
  return this
}

/**
 * `setChildLoggerFactory(fn)`: the logger of each request of this context's routes is
 * `fn.call(instance, logger, bindings, options, rawRequest)` (see `ChildLoggerFactory`).
 */
export function setChildLoggerFactory(this: Context, fn: ChildLoggerFactory): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('setChildLoggerFactory')
  if (typeof fn !== 'function') throw new codes.SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN(describe(fn))
  this[kChildLoggerFactory] = fn
  return this
}

/** The request id generator of a context (the `genReqId` getter). */
export function genReqIdOf(this: Context): (req: IncomingMessage) => string {
  return this[kGenReqId]
}

/**
 * What a context's requests get when no factory was set: a child of the application's logger with
 * the request's bindings, as warren builds it itself (a plugin may wrap it, as with Fastify's).
 */
const defaultChildLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  return logger.child(bindings, options)
}

/** The child logger factory of a context (the `childLoggerFactory` getter): the one set, else the default one. */
export function childLoggerFactoryOf(this: Context): ChildLoggerFactory {
  return this[kChildLoggerFactory] ?? defaultChildLoggerFactory
}
