/**
 * Which payload type a status code selects in a route's response map: the exact code, then
 * its class (`'2xx'`, `'4xx'`…), then `'default'` — the order the serializer uses at run time.
 *
 * @packageDocumentation
 */
import type { kUndeclared } from './brand.js'

/** First digit of a status code, as a string. */
type FirstDigit<C extends number> = `${C}` extends `${infer D}${string}` ? D : never

/** Marks "this status has no entry in the response map" (distinct from any payload type). */
type Undeclared = typeof kUndeclared

/**
 * Payload type for status `C` in response map `RS`; `Undeclared` when `RS` has no entry for it,
 * `unknown` when the route has no response schema, the union of all entries when `C` is not a literal.
 */
type Resolve<RS, C extends number> = [keyof RS] extends [never]
  ? unknown
  : number extends C
    ? RS[keyof RS]
    : `${C}` extends infer K extends keyof RS
      ? RS[K]
      : `${FirstDigit<C>}xx` extends infer K extends keyof RS
        ? RS[K]
        : RS extends { default: infer X }
          ? X
          : Undeclared

/** The payload type `reply.send` accepts after `reply.code(C)` on a route whose response map is `RS`. */
export type PayloadForCode<RS, C extends number> = Resolve<RS, C> extends infer X ? ([X] extends [Undeclared] ? unknown : X) : never

/**
 * The parameter type of `reply.code`: the code itself when the response map declares it
 * (exactly, by class or through `default`), otherwise a message that names the problem.
 */
export type DeclaredCode<RS, C extends number> = [Resolve<RS, C>] extends [Undeclared]
  ? `Status code ${C} is not declared in this route's response schema`
  : C

/** Keys of a response map that name a 2xx status or the `'2xx'` class. */
type SuccessKey<RS> = keyof RS & `2${string}`

/**
 * What `reply.send` accepts before any `reply.code`, and what an async handler may return:
 * the union of the 2xx entries, else the `default` entry, else anything.
 */
export type SuccessPayload<RS> = [SuccessKey<RS>] extends [never]
  ? RS extends { default: infer X }
    ? X
    : unknown
  : RS[SuccessKey<RS>]
