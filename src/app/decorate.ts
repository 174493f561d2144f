/**
 * @module app/decorate
 * Decorators: `decorate`, `decorateRequest`, `decorateReply` and their `has*` questions, with the
 * rules on names, dependencies, reference types and start-up.
 */
import { codes } from '../core/errors.js'
import { kReplyClass, kRequestClass, kRoot } from '../core/symbols.js'
import { Request, type RequestClass } from '../model/request.js'
import type { ReplyClass } from '../model/reply.js'

type Key = string | symbol
type DecoratedClass = RequestClass | ReplyClass

/** `{ getter, setter }`: a decorator defined as an accessor rather than a value. */
interface Accessor {
  getter?: () => unknown
  setter?: (value: unknown) => void
}

function isAccessor(value: unknown): value is Accessor {
  return (
    value !== null &&
    typeof value === 'object' &&
    (typeof (value as Accessor).getter === 'function' || typeof (value as Accessor).setter === 'function')
  )
}

function assertNotStarted(instance: any, name: Key): void {
  instance[kRoot].assertNotStarted(String(name), codes.SVC_ERR_DEC_AFTER_START)
}

function assertDependencies(has: (name: Key) => boolean, dependencies: unknown): void {
  if (dependencies === undefined) return
  for (const dependency of dependencies as Key[]) {
    if (!has(dependency)) throw new codes.SVC_ERR_DEC_MISSING_DEPENDENCY(String(dependency))
  }
}

// fields every request or reply is constructed with; a decorator must not shadow them
const requestFields = new Set<Key>(['id', 'params', 'query', 'body', 'headers', 'raw', 'log', 'validationError'])
const replyFields = new Set<Key>(['raw', 'request', 'log'])

function builtinFields(Class: DecoratedClass): Set<Key> {
  return Class.prototype instanceof Request ? requestFields : replyFields
}

function classHas(Class: DecoratedClass, name: Key): boolean {
  return name in Class.prototype || builtinFields(Class).has(name) || Class.props.some((prop) => prop.key === name)
}

/** True for the instance's own API (methods and getters every instance shares). */
function isBuiltinMember(instance: object, name: Key): boolean {
  let prototype = Object.getPrototypeOf(instance)
  // the shared API lives on the prototype at the end of the context chain
  while (Object.getPrototypeOf(prototype) !== Object.prototype && Object.getPrototypeOf(prototype) !== null) prototype = Object.getPrototypeOf(prototype)
  return Object.hasOwn(prototype, name)
}

/** `decorate(name, value, dependencies?)`: a property of this instance and its descendants. */
export function decorate(this: any, name: Key, value: unknown, dependencies?: Key[]): any {
  assertNotStarted(this, name)
  // as in Fastify, a child context may shadow an ancestor's decorator, never its own or a built-in
  if (Object.hasOwn(this, name) || isBuiltinMember(this, name)) throw new codes.SVC_ERR_DEC_ALREADY_PRESENT(String(name))
  assertDependencies((dep) => dep in this, dependencies)
  if (isAccessor(value)) Object.defineProperty(this, name, { get: value.getter, set: value.setter, configurable: true })
  else this[name] = value
  return this
}

function decorateClass(instance: any, Class: DecoratedClass, name: Key, value: unknown, dependencies: Key[] | undefined): void {
  assertNotStarted(instance, name)
  if (classHas(Class, name)) throw new codes.SVC_ERR_DEC_ALREADY_PRESENT(String(name))
  assertDependencies((dep) => classHas(Class, dep), dependencies)
  if (isAccessor(value)) {
    Object.defineProperty(Class.prototype, name, { get: value.getter, set: value.setter, configurable: true })
  } else if (typeof value === 'function') {
    Object.defineProperty(Class.prototype, name, { value, writable: true, configurable: true })
  } else if (value !== null && typeof value === 'object') {
    // one object would be shared, and mutated, by every request
    throw new codes.SVC_ERR_DEC_REFERENCE_TYPE(String(name), Array.isArray(value) ? 'array' : 'object')
  } else {
    Class.props.push({ key: name, value })
  }
}

/** `decorateRequest(name, value, dependencies?)`: a property of every request in this context and its descendants. */
export function decorateRequest(this: any, name: Key, value: unknown, dependencies?: Key[]): any {
  decorateClass(this, this[kRequestClass], name, value, dependencies)
  return this
}

/** `decorateReply(name, value, dependencies?)`: a property of every reply in this context and its descendants. */
export function decorateReply(this: any, name: Key, value: unknown, dependencies?: Key[]): any {
  decorateClass(this, this[kReplyClass], name, value, dependencies)
  return this
}

/** Whether `name` is an instance decorator (or property) visible here. */
export function hasDecorator(this: any, name: Key): boolean {
  return name in this
}

/** Whether `name` is a request decorator visible here. */
export function hasRequestDecorator(this: any, name: Key): boolean {
  return classHas(this[kRequestClass], name)
}

/** Whether `name` is a reply decorator visible here. */
export function hasReplyDecorator(this: any, name: Key): boolean {
  return classHas(this[kReplyClass], name)
}
