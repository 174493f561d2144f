/**
 * @module types/context
 * The context an instance type carries (decorations and shared schemas), how to read it back, and the slot that names the bare instance for lower modules.
 */

import type { kContext } from './brand.js'

/** The context an instance type carries: instance, request and reply decorators, and shared schemas. */
export interface ContextShape {
  d: object
  rq: object
  rp: object
  /** Shared schemas by `$id`. */
  s: object
}

export type ContextOf<I> = I extends { readonly [kContext]: infer C extends ContextShape } ? C : never

/** A decorator value as it reads on the decorated object: a `{ getter }` pair reads as what the getter returns. */
export type DecoratorValue<V> = V extends { getter: (...args: never[]) => infer G }
  ? G
  : V extends { setter: (value: infer S) => void }
    ? S
    : V

/**
 * What a decorate call adds, read back from the value's type without being inferred from the call's
 * context: a plugin's return (a contextual type) must not decide a value whose methods type their `this`.
 */
export type Decorated<V> = [V] extends [infer Given] ? DecoratorValue<Given> : never

/** The decorator values that give `this` a type: a method of the decorated object, or a `{ getter, setter }` pair. */
export type DecoratorInput<This> =
  | ((this: This, ...args: any[]) => unknown)
  | { getter(this: This): unknown; setter?(this: This, value: any): void }
  | { setter(this: This, value: any): void; getter?(this: This): unknown }

/** Filled in by `instance.ts` (declaration merging, `{ bare: Warren }`). */
export interface InstanceSlot {}

/** The bare instance type (`Warren`), as the request and reply types default their `server` to. */
export type BareInstance = InstanceSlot extends { bare: infer I } ? I : unknown
