/**
 * @module app/request-identity
 * `setGenReqId` and `setChildLoggerFactory`, encapsulated: a plugin's setting holds for its routes
 * and its descendants', never its parent's.
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

export function initRequestIdentity(app: Context, root: RootState): void {
  app[kGenReqId] = root.genReqId
  app[kChildLoggerFactory] = root.options.childLoggerFactory ?? null
}

export function setGenReqId(this: Context, fn: (req: IncomingMessage) => string): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('setGenReqId')
  if (typeof fn !== 'function') throw new codes.SVC_ERR_GEN_REQ_ID_NOT_FN(describe(fn))
  this[kGenReqId] = requestIdGenerator(fn, root.options.requestIdHeader)
  return this
}

export function setChildLoggerFactory(this: Context, fn: ChildLoggerFactory): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('setChildLoggerFactory')
  if (typeof fn !== 'function') throw new codes.SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN(describe(fn))
  this[kChildLoggerFactory] = fn
  return this
}

export function genReqIdOf(this: Context): (req: IncomingMessage) => string {
  return this[kGenReqId]
}

/** A child of the application's logger with the request's bindings, used when no factory was set. */
const defaultChildLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  return logger.child(bindings, options)
}

export function childLoggerFactoryOf(this: Context): ChildLoggerFactory {
  return this[kChildLoggerFactory] ?? defaultChildLoggerFactory
}
