/**
 * @module types/context
 * The context an instance type carries (its instance, request and reply decorations and its shared schemas),
 * how to read it back from an instance type, and the slot through which the instance module names the bare
 * instance for the modules below it.
 */

import type { kContext } from './brand.js'

/** The context an instance type carries: instance, request and reply decorators, and shared schemas. */
export interface ContextShape {
  /** Instance decorators. */
  d: object
  /** Request decorators. */
  rq: object
  /** Reply decorators. */
  rp: object
  /** Shared schemas by `$id`. */
  s: object
}

/** The context an instance type carries (`never` for a type that is not an instance). */
export type ContextOf<I> = I extends { readonly [kContext]: infer C extends ContextShape } ? C : never

/** A decorator value as it reads on the decorated object: a `{ getter }` pair reads as what the getter returns. */
export type DecoratorValue<V> = V extends { getter: (...args: never[]) => infer G }
  ? G
  : V extends { setter: (value: infer S) => void }
    ? S
    : V

/**
 * The shapes of a decorator value that give `this` a type: a `function` (called as a method of the decorated object, so `this` is
 * `This`) and a `{ getter, setter }` pair.
 */
export type DecoratorInput<This> =
  | ((this: This, ...args: any[]) => unknown)
  | { getter(this: This): unknown; setter?(this: This, value: any): void }
  | { setter(this: This, value: any): void; getter?(this: This): unknown }

/** Filled in by `instance.ts` (declaration merging, `{ bare: Warren }`). */
export interface InstanceSlot {}

/** The bare instance type (`Warren`), as the request and reply types default their `server` to. */
export type BareInstance = InstanceSlot extends { bare: infer I } ? I : unknown
