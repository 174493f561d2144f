/**
 * @module schema/standard-compile
 * A route's Standard Schema parts compiled through their JSON Schema, the library's `validate` after
 * where that schema does not say everything; no JSON Schema and no `libraryOnly` fails start-up.
 */
import { codes } from '../core/errors.js'
import type { LibraryReading } from './ajv-compiler.js'
import { libraryPass, serializeAfterPass, withLibraryPass, type SchemaSite } from './standard-pass.js'
import { standardFormOf, type StandardForm } from './standard-schema.js'
import type { SerializerFunction, ValidationFunction } from '../types/index.js'

export type { SchemaSite }

function formOf(schema: object, side: 'input' | 'output', site: SchemaSite): StandardForm {
  const form = standardFormOf(schema, side)
  if (form.missing !== null) throw new codes.SVC_ERR_SCH_STANDARD_NO_JSON_SCHEMA(site.part, site.method, site.url, form.missing)
  return form
}

/** The library reads headers lower-cased as Node gives them: a capitalised name in the schema could never be found. */
function assertLowerCaseHeaders(form: StandardForm, site: SchemaSite): void {
  const names = Object.keys((form.json?.properties as Record<string, unknown> | undefined) ?? {})
  const named = names.find((name) => name !== name.toLowerCase())
  if (named === undefined) return
  throw new codes.SVC_ERR_SCH_VALIDATION_BUILD(
    site.method,
    site.url,
    `the headers schema (${form.vendor}) names '${named}': write header names in lower case, as Node gives them and the library reads them`,
  )
}

/**
 * The headers' JSON Schema without `additionalProperties: false`: a library's object that drops
 * unknown keys (`z.object`) would have Ajv remove every header the schema does not name, and other
 * parts of the application read them too.
 */
function keepingOtherHeaders(json: Record<string, unknown>): Record<string, unknown> {
  if (json.additionalProperties !== false) return json
  const { additionalProperties: _dropped, ...kept } = json
  return kept
}

/** The parts that arrive as strings: Ajv coerces them as for any schema; a JSON body, or a value checked on demand, arrives typed. */
const stringParts = new Set(['params', 'querystring', 'headers'])

/** A request part's validator; for `headers`, names are checked, no header is removed, and the output is merged over the headers. */
export function compileStandardPart(schema: object, site: SchemaSite, compile: (json: Record<string, unknown>, reading: LibraryReading) => ValidationFunction, headers = false): ValidationFunction {
  const form = formOf(schema, 'input', site)
  if (headers) assertLowerCaseHeaders(form, site)
  const json = form.json !== null && headers ? keepingOtherHeaders(form.json) : form.json
  const compiled = json === null ? null : compile(json, { coerce: stringParts.has(site.part), utf16Lengths: form.utf16Lengths })
  if (form.validate === null) return compiled!
  return withLibraryPass(compiled, libraryPass(form, site), headers)
}

/** A response whose output holds a value JSON changes (a Date sent as a string) would type the client with what it never receives: refused. */
export function compileStandardResponse(schema: object, site: SchemaSite, compile: (json: Record<string, unknown>) => SerializerFunction): SerializerFunction {
  const form = formOf(schema, 'output', site)
  if (form.nonJson !== null) throw new codes.SVC_ERR_SCH_STANDARD_NOT_JSON(site.part, site.method, site.url, form.nonJson)
  const serialize = form.json === null ? (value: unknown) => JSON.stringify(value) : compile(form.json)
  if (form.validate === null) return serialize
  return serializeAfterPass(libraryPass(form, site), serialize, site)
}
