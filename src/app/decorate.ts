/**
 * @module app/decorate
 * Decorators: `decorate`, `decorateRequest`, `decorateReply` and their `has*` questions, with the
 * rules on names, dependencies, reference types and start-up.
 */
import type { Context } from '../model/context.js'
import { readDecorator } from '../core/decorator-access.js'
import { codes } from '../core/errors.js'
import { kReplyClass, kRequestClass, kRoot } from '../core/symbols.js'
import { Request, type RequestClass } from '../model/request.js'
import type { ReplyClass } from '../model/reply.js'

type Key = string | symbol
type DecoratedClass = RequestClass | ReplyClass

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

function assertNotStarted(instance: Context, name: Key): void {
  instance[kRoot].assertNotStarted(String(name), codes.SVC_ERR_DEC_AFTER_START)
}

function assertDependencies(name: Key, has: (name: Key) => boolean, dependencies: unknown): void {
  if (dependencies === undefined) return
  if (!Array.isArray(dependencies)) throw new codes.SVC_ERR_DEC_DEPENDENCY_INVALID_TYPE(String(name))
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

const decoratedHere = new WeakMap<object, Set<Key>>()

function isDecoration(Class: DecoratedClass, name: Key): boolean {
  for (let prototype = Class.prototype; prototype !== null; prototype = Object.getPrototypeOf(prototype)) {
    if (decoratedHere.get(prototype)?.has(name)) return true
  }
  return false
}

/** Whether `name` is taken in this context: a built-in field or method, or this context's own decorator (a child may shadow an ancestor's). */
function classOwns(Class: DecoratedClass, name: Key): boolean {
  if (builtinFields(Class).has(name)) return true
  if (decoratedHere.get(Class.prototype)?.has(name)) return true
  return name in Class.prototype && !isDecoration(Class, name)
}

function markDecorated(Class: DecoratedClass, name: Key): void {
  let names = decoratedHere.get(Class.prototype)
  if (names === undefined) {
    names = new Set()
    decoratedHere.set(Class.prototype, names)
  }
  names.add(name)
  // a value decorator inherited from an ancestor would be assigned over the new one: drop it
  const inherited = Class.props.findIndex((prop) => prop.key === name)
  if (inherited !== -1) Class.props.splice(inherited, 1)
}

function isBuiltinMember(instance: object, name: Key): boolean {
  let prototype = Object.getPrototypeOf(instance)
  while (Object.getPrototypeOf(prototype) !== Object.prototype && Object.getPrototypeOf(prototype) !== null) prototype = Object.getPrototypeOf(prototype)
  return Object.hasOwn(prototype, name)
}

export function decorate(this: Context, name: Key, value: unknown, dependencies?: Key[]): Context {
  this[kRoot].assertNotStartedOutsideOnReady(String(name), codes.SVC_ERR_DEC_AFTER_START)
  if (Object.hasOwn(this, name) || isBuiltinMember(this, name)) throw new codes.SVC_ERR_DEC_ALREADY_PRESENT(String(name))
  assertDependencies(name, (dep) => dep in this, dependencies)
  if (isAccessor(value)) Object.defineProperty(this, name, { get: value.getter, set: value.setter, configurable: true })
  else (this as unknown as Record<Key, unknown>)[name] = value
  return this
}

function decorateClass(instance: Context, Class: DecoratedClass, name: Key, value: unknown, dependencies: Key[] | undefined): void {
  assertNotStarted(instance, name)
  // a value decorator a parent declared is refused below it too: a plugin registered twice would
  // otherwise start with its second options silently ignored (a function one may be shadowed)
  if (classOwns(Class, name) || Class.props.some((prop) => prop.key === name)) throw new codes.SVC_ERR_DEC_ALREADY_PRESENT(String(name))
  assertDependencies(name, (dep) => classHas(Class, dep), dependencies)
  if (value !== null && typeof value === 'object' && !isAccessor(value)) {
    // one object would be shared, and mutated, by every request
    throw new codes.SVC_ERR_DEC_REFERENCE_TYPE(String(name), typeof value)
  }
  markDecorated(Class, name)
  if (isAccessor(value)) {
    Object.defineProperty(Class.prototype, name, { get: value.getter, set: value.setter, configurable: true })
  } else if (typeof value === 'function') {
    Object.defineProperty(Class.prototype, name, { value, writable: true, configurable: true })
  } else {
    Class.props.push({ key: name, value })
  }
}

export function decorateRequest(this: Context, name: Key, value: unknown, dependencies?: Key[]): Context {
  decorateClass(this, this[kRequestClass], name, value, dependencies)
  return this
}

export function decorateReply(this: Context, name: Key, value: unknown, dependencies?: Key[]): Context {
  decorateClass(this, this[kReplyClass], name, value, dependencies)
  return this
}

export function hasDecorator(this: Context, name: Key): boolean {
  return name in this
}

export function hasRequestDecorator(this: Context, name: Key): boolean {
  return classHas(this[kRequestClass], name)
}

export function hasReplyDecorator(this: Context, name: Key): boolean {
  return classHas(this[kReplyClass], name)
}

export function getDecorator<T = unknown>(this: Context, name: Key): T {
  return readDecorator(this, name, 'instance') as T
}
