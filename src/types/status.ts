/**
 * @module types/status
 * Which payload type a status code selects in a response map: the exact code, then its class, then `'default'`, as the serializer does.
 */

type FirstDigit<C extends number> = `${C}` extends `${infer D}${string}` ? D : never

/** The key status `C` selects: the exact code, else its class, else `default`; `never` when none does, every key when `C` is not a literal. */
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

/** The payload `send` accepts after `code(C)`: `unknown` without a response schema, the union of all entries when `C` is not a literal. */
export type PayloadForCode<RS, C extends number> = KeyFor<RS, C> extends infer K extends keyof RS ? ([K] extends [never] ? unknown : BodilessOr<C, K, RS[K]>) : unknown

/** 204, 205 and 304 carry no body (warren drops one): matched by a class or `default`, they may send nothing; an exact key keeps its schema. */
type BodilessOr<C extends number, K, Payload> = C extends 204 | 205 | 304 ? (`${C}` extends K ? Payload : Payload | undefined) : Payload

/** The parameter of `reply.code`: the code when the map declares it (exactly, by class or `default`) or has no keys, else a message; a union of codes, each on its own. */
export type DeclaredCode<RS, C extends number> = C extends number
  ? KeyFor<RS, C> extends never
    ? keyof RS extends never
      ? C
      : `Status code ${C} is not declared in this route's response schema`
    : C
  : never

/** What a plain return or `send` gets where the response map has keys but none covers status 200. */
export type NoSchemaFor200 = 'No response schema covers status 200 (no 200, 2xx or default key): set the status with reply.code(...)'

/** What `send` accepts before any `code`, and what a handler may return: checked against the schema the serializer uses for 200. */
export type SuccessPayload<RS> =
  SuccessKey<keyof RS> extends infer K extends keyof RS
    ? [K] extends [never]
      ? [keyof RS] extends [never]
        ? unknown
        : NoSchemaFor200
      : RS[K]
    : never

/** The key a plain send uses: `200`, else `2xx`, else `default`. */
type SuccessKey<Keys> = '200' extends Keys ? '200' : '2xx' extends Keys ? '2xx' : '2XX' extends Keys ? '2XX' : 'default' extends Keys ? 'default' : never
