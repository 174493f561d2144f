/**
 * @module app/http-methods
 * `addHttpMethod`, which teaches the application a method Node knows and gives contexts its
 * shorthand, and the `supportedMethods` list.
 */
import type { Context } from '../model/context.js'
import { METHODS } from 'node:http'
import { codes } from '../core/errors.js'
import { kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import type { AddHttpMethodOptions } from '../types/index.js'
import { decorate } from './decorate.js'
import { shorthand } from './route.js'

const nodeMethods = new Set(METHODS)

function readOptions(options: unknown): { hasBody: boolean; overrideExisting: boolean } {
  if (options === undefined) return { hasBody: false, overrideExisting: false }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new codes.SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID('options', `expected an object, got ${JSON.stringify(options)}`)
  }
  const { hasBody = false, overrideExisting = false } = options as AddHttpMethodOptions
  if (typeof hasBody !== 'boolean') throw new codes.SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID('hasBody', `expected a boolean, got ${JSON.stringify(hasBody)}`)
  if (typeof overrideExisting !== 'boolean') {
    throw new codes.SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID('overrideExisting', `expected a boolean, got ${JSON.stringify(overrideExisting)}`)
  }
  return { hasBody, overrideExisting }
}

export function addHttpMethod(this: Context, method: string, options?: AddHttpMethodOptions): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('addHttpMethod')
  if (typeof method !== 'string' || !nodeMethods.has(method)) throw new codes.SVC_ERR_ROUTE_METHOD_INVALID()
  const { hasBody, overrideExisting } = readOptions(options)
  const methods = root.methods
  if (methods.has(method) && methods.hasBody(method) !== hasBody && !overrideExisting) {
    throw new codes.SVC_ERR_ROUTE_METHOD_EXISTS(method, methods.hasBody(method) ? 'with' : 'without')
  }
  methods.set(method, hasBody)
  const name = method.toLowerCase()
  if (!(name in this)) decorate.call(this, name, shorthand(method))
  return this
}

export function supportedMethods(this: Context): string[] {
  return (this[kRoot] as RootState).methods.list()
}
