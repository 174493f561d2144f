/**
 * Which payload type a status code selects in a route's response map: the exact code, then
 * its class (`'2xx'`, `'4xx'`…), then `'default'` — the order the serializer uses at run time.
 *
 * @packageDocumentation
 */

/** First digit of a status code, as a string. */
type FirstDigit<C extends number> = `${C}` extends `${infer D}${string}` ? D : never

/**
 * The key of response map `RS` that status `C` selects: the exact code, else its class, else
 * `default`; `never` when none does, every key when `C` is not a literal. Only keys are
 * compared here, never the payload types: each conditional a payload type goes through costs
 * instantiations, so the payload is read once, by indexing (`PayloadForCode`).
 */
type KeyFor<RS, C extends number> = number extends C
  ? keyof RS
  : `${C}` extends infer K extends keyof RS
    ? K
    : `${FirstDigit<C>}xx` extends infer K extends keyof RS
      ? K
      : `${FirstDigit<C>}XX` extends infer K extends keyof RS
        ? K
        : 'default' extends keyof RS
          ? 'default'
          : never

/**
 * The payload type `reply.send` accepts after `reply.code(C)` on a route whose response map is
 * `RS`: `unknown` when the route has no response schema (or, for a code it does not declare,
 * which does not compile anyway), the union of all entries when `C` is not a literal.
 */
export type PayloadForCode<RS, C extends number> = KeyFor<RS, C> extends infer K extends keyof RS ? ([K] extends [never] ? unknown : RS[K]) : unknown

/**
 * The parameter type of `reply.code`: the code itself when the response map declares it
 * (exactly, by class or through `default`) or has no keys, otherwise a message that names the problem.
 * `KeyFor<…> extends never` is not distributive (its check type is no type parameter): written
 * `[KeyFor<…>] extends [never]`, the tuple was a deferred type reference, instantiated again with
 * the response map (and the shared schemas it holds) at each `reply.code` call.
 */
export type DeclaredCode<RS, C extends number> = KeyFor<RS, C> extends never
  ? keyof RS extends never
    ? C
    : `Status code ${C} is not declared in this route's response schema`
  : C

/** What a plain return or `send` gets where the response map has keys but none covers status 200. */
export type NoSchemaFor200 = 'No response schema covers status 200 (no 200, 2xx or default key): set the status with reply.code(...)'

/**
 * What `reply.send` accepts before any `reply.code`, and what a handler may return: the payload
 * is sent with status 200, so it is checked against what the serializer uses for 200 — the
 * `200` entry, else `2xx`, else `default`. A route without a response schema accepts anything;
 * one whose keys leave 200 uncovered (only `201`, say) accepts no plain payload: the type is
 * a message telling to set the code. As for `reply.code`, the key is chosen first and the payload
 * read once, by indexing.
 */
export type SuccessPayload<RS> =
  SuccessKey<keyof RS> extends infer K extends keyof RS
    ? [K] extends [never]
      ? [keyof RS] extends [never]
        ? unknown
        : NoSchemaFor200
      : RS[K]
    : never

/** The key of a response map, given its keys, whose schema a plain send uses: `200`, else `2xx`, else `default`. */
type SuccessKey<Keys> = '200' extends Keys ? '200' : '2xx' extends Keys ? '2xx' : '2XX' extends Keys ? '2XX' : 'default' extends Keys ? 'default' : never
