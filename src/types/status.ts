/**
 * @module types/status
 * Which payload type a status code selects in a route's response map: the exact code, then its class
 * (`'2xx'`, `'4xx'`…), then `'default'` — the order the serializer uses at run time.
 */

/** First digit of a status code, as a string. */
type FirstDigit<C extends number> = `${C}` extends `${infer D}${string}` ? D : never

/**
 * The key of response map `RS` that status `C` selects: the exact code, else its class, else `default`; `never` when none does,
 * every key when `C` is not a literal.
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
 * The payload type `reply.send` accepts after `reply.code(C)` on a route whose response map is `RS`: `unknown` when the route has
 * no response schema (or, for a code it does not declare, which does not compile anyway), the union of all entries when `C` is
 * not a literal.
 */
export type PayloadForCode<RS, C extends number> = KeyFor<RS, C> extends infer K extends keyof RS ? ([K] extends [never] ? unknown : RS[K]) : unknown

/**
 * The parameter type of `reply.code`: the code itself when the response map declares it (exactly, by class or through `default`)
 * or has no keys, otherwise a message that names the problem.
 */
export type DeclaredCode<RS, C extends number> = KeyFor<RS, C> extends never
  ? keyof RS extends never
    ? C
    : `Status code ${C} is not declared in this route's response schema`
  : C

/** What a plain return or `send` gets where the response map has keys but none covers status 200. */
export type NoSchemaFor200 = 'No response schema covers status 200 (no 200, 2xx or default key): set the status with reply.code(...)'

/**
 * What `reply.send` accepts before any `reply.code`, and what a handler may return: the payload is sent with status 200, so it is
 * checked against what the serializer uses for 200 — the `200` entry, else `2xx`, else `default`.
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
