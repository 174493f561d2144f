/**
 * @module schema/standard-profile
 * What the profile of each Standard Schema library shares: its shape, the notes on values JSON cannot
 * carry, and the reshaping of a JSON Schema where the library replaces what it would refuse.
 */

export type JsonSchemaConverter = (options: { target: string; libraryOptions?: Record<string, unknown> }) => Record<string, unknown>

export interface LibraryConversion {
  json: Record<string, unknown>
  exact: boolean
  /** A value the form holds that JSON does not carry as its type says (a Date goes as a string), and what to write instead. */
  nonJson: string | null
}

export interface LibraryProfile {
  /** Converts `schema` for one side, object modes spelled as Ajv enforces them, and says whether anything is left out. */
  convert(convert: JsonSchemaConverter, schema: object, side: 'input' | 'output'): LibraryConversion
  /** Options under which the library converts what it can without throwing (for documentation). */
  lenientOptions: Record<string, unknown>
  /** True when the library measures a string in UTF-16 units (`string.length`), where Ajv counts code points. */
  utf16Lengths: boolean
}

/** The JSON Schema draft warren compiles (Ajv 8's default, and fast-json-stringify's). */
export const target = 'draft-07'

/** What JSON makes of the values it cannot hold as they are, by the library's name of their type, and what each library writes instead. */
const nonJsonValues: Record<string, { what: string; write: string | Record<string, string> }> = {
  date: {
    what: 'a Date, which JSON carries as a string',
    write: {
      zod: 'z.iso.datetime(), or z.date().transform((date) => date.toISOString()).pipe(z.string())',
      valibot: 'v.pipe(v.string(), v.isoTimestamp()), or v.pipe(v.date(), v.transform((date) => date.toISOString()), v.string())',
      arktype: "'string.date.iso', or type('Date').pipe((date) => date.toISOString())",
    },
  },
  bigint: {
    what: 'a bigint, which JSON cannot carry',
    write: { zod: 'z.bigint().transform(String).pipe(z.string())', valibot: 'v.pipe(v.bigint(), v.transform(String), v.string())', arktype: "type('bigint').pipe(String)" },
  },
  map: { what: 'a Map, which JSON carries as {}', write: 'an object or an array of entries' },
  set: { what: 'a Set, which JSON carries as {}', write: 'an array' },
}

export function nonJsonNote(kind: string, spelled: string, library: string): string | null {
  if (!Object.hasOwn(nonJsonValues, kind)) return null
  const { what, write } = nonJsonValues[kind]
  return `${spelled} is ${what}; send what goes on the wire: ${typeof write === 'string' ? write : write[library]}`
}

export function isJsonPrimitive(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
}

/**
 * The schema of a value the library takes whatever it is: Ajv still coerces it where it can
 * (`?limit=10`), and refuses nothing. The second branch is every JSON value spelled as types: Ajv
 * skips an `anyOf` with an empty branch, coercing nothing.
 */
export function orAnything(json: Record<string, unknown>): Record<string, unknown> {
  return { anyOf: [json, { type: ['null', 'boolean', 'number', 'string', 'array', 'object'] }] }
}

/** `required` without the keys `replaced` says the library fills when they are missing. */
export function requiring(json: Record<string, unknown>, replaced: (key: string) => boolean): void {
  if (!Array.isArray(json.required)) return
  const kept = (json.required as string[]).filter((key) => !replaced(key))
  if (kept.length === 0) delete json.required
  else json.required = kept
}
