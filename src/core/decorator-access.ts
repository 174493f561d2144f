/**
 * @module core/decorator-access
 * Reading and replacing a decorator by name (`getDecorator`, `request.setDecorator`), shared by
 * instances, requests and replies.
 */
import { codes } from './errors.js'

type Key = string | symbol

/** A decorator's value on `target`: a getter read once, a function bound to `target` so it can be passed around. */
export function readDecorator(target: any, name: Key, kind: 'instance' | 'request' | 'reply'): unknown {
  if (!(name in target)) throw new codes.SVC_ERR_DEC_UNDECLARED(String(name), kind)
  const value = target[name]
  return typeof value === 'function' ? value.bind(target) : value
}

export function writeDecorator(target: any, name: Key, value: unknown, kind: 'request' | 'reply'): void {
  if (!(name in target)) throw new codes.SVC_ERR_DEC_UNDECLARED(String(name), kind)
  target[name] = value
}
