/**
 * @module schema/standard-schema
 * Schemas of other libraries (Standard Schema v1, `~standard`): recognised, and turned once per form
 * into what warren compiles — the Draft 7 JSON Schema Ajv or fast-json-stringify gets, and the
 * library's own `validate` when that JSON Schema does not say everything the library checks and does.
 */
import { libraryProfile, type JsonSchemaConverter } from './standard-libraries.js'
import type { StandardSchema } from '../types/index.js'

/** Which form of a schema: what it accepts (`input`, for request parts) or what it produces (`output`, for responses). */
export type SchemaSide = 'input' | 'output'

/** The `~standard` properties warren reads. */
export interface StandardProps {
  version: 1
  vendor: string
  validate: (value: unknown) => unknown
  jsonSchema?: { input?: JsonSchemaConverter; output?: JsonSchemaConverter }
}

/** Read once per schema: ArkType and Valibot build a new `~standard` object on each read. */
const propsCache = new WeakMap<object, StandardProps | null>()

function readProps(value: object): StandardProps | null {
  const props = (value as { '~standard'?: unknown })['~standard']
  if (props === null || typeof props !== 'object') return null
  const { version, validate } = props as Partial<StandardProps>
  return version === 1 && typeof validate === 'function' ? (props as StandardProps) : null
}

/** The Standard Schema properties of `value`, or null when it is none (an ArkType schema is a function). */
export function standardPropsOf(value: unknown): StandardProps | null {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return null
  let props = propsCache.get(value)
  if (props === undefined) {
    props = readProps(value)
    propsCache.set(value, props)
  }
  return props
}

/** True for a schema of another library that implements Standard Schema v1. */
export function isStandardSchema(value: unknown): value is StandardSchema {
  return standardPropsOf(value) !== null
}

/** Marks the schemas `libraryOnly` made, holding the schema they wrap. */
const kLibraryOnly = Symbol('warren.libraryOnly')

/**
 * `schema`, validated and serialized by its library alone: no JSON Schema is asked for, Ajv and
 * fast-json-stringify are not used (a request part costs the library's speed; a response is
 * `JSON.stringify`'d after the library's `validate`). For schemas a library cannot convert.
 */
export function libraryOnly(schema: unknown): StandardSchema {
  const props = standardPropsOf(schema)
  if (props === null) throw new TypeError('libraryOnly(schema) takes a Standard Schema (an object with a `~standard` property of version 1)')
  return { '~standard': props, [kLibraryOnly]: schema } as unknown as StandardSchema
}

/** How warren compiles one Standard Schema in one form. */
export interface StandardForm {
  /** The library (`~standard.vendor`). */
  vendor: string
  /** The JSON Schema (Draft 7) to compile; null when the library validates alone. */
  json: Record<string, unknown> | null
  /** The library's `validate`, when it must run after the compiled code (or alone); null when the JSON Schema says it all. */
  validate: ((value: unknown) => unknown) | null
  /** Why the schema gives no JSON Schema, when it gives none and was not marked {@link libraryOnly}. */
  missing: string | null
}

const forms = { input: new WeakMap<object, StandardForm>(), output: new WeakMap<object, StandardForm>() }

/**
 * The form warren compiles of a Standard Schema, built once per schema and side (so a schema several
 * routes share compiles once). `exact` schemas get Ajv or fast-json-stringify alone; the others also
 * run the library's `validate` after, on what Ajv let through.
 */
export function standardFormOf(schema: object, side: SchemaSide): StandardForm {
  let form = forms[side].get(schema)
  if (form === undefined) {
    form = buildForm(schema, standardPropsOf(schema)!, side)
    forms[side].set(schema, form)
  }
  return form
}

function buildForm(schema: object, props: StandardProps, side: SchemaSide): StandardForm {
  const vendor = String(props.vendor)
  const library = { vendor, json: null, validate: props.validate, missing: null }
  if (kLibraryOnly in schema) return library
  const converter = props.jsonSchema?.[side]
  if (typeof converter !== 'function') return { ...library, missing: `${vendor} gives it no JSON Schema (its ~standard has no jsonSchema.${side})` }
  let conversion
  try {
    conversion = libraryProfile(vendor).convert((options) => converter.call(props.jsonSchema, options), schema)
  } catch (error) {
    return { ...library, missing: `${vendor} could not convert it to JSON Schema: ${error instanceof Error ? error.message : String(error)}` }
  }
  const exact = conversion.exact && formatsArePatterns(conversion.json)
  compiledForm(conversion.json, exact)
  return { vendor, json: withNamedRoot(conversion.json), validate: exact ? null : props.validate, missing: null }
}

/* ---------- the JSON Schema as compiled ---------- */

/** Keywords holding one subschema, or an array of them. */
const subschemaKeywords = ['additionalProperties', 'additionalItems', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf']
/** Keywords holding a map of subschemas. */
const subschemaMaps = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']

/** Calls `visit` on every schema object in `schema` (a Draft 7 JSON Schema), `schema` first. */
export function eachSubschema(schema: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return
  const node = schema as Record<string, unknown>
  visit(node)
  for (const keyword of subschemaKeywords) {
    const value = node[keyword]
    if (Array.isArray(value)) for (const item of value) eachSubschema(item, visit)
    else eachSubschema(value, visit)
  }
  for (const keyword of subschemaMaps) {
    const map = node[keyword]
    if (map !== null && typeof map === 'object') for (const value of Object.values(map)) eachSubschema(value, visit)
  }
}

/**
 * True when every string format is written as a pattern too. A library checks a format its own way
 * (Zod's e-mail is not ajv-formats' e-mail), so Ajv can stand in for it only through the library's
 * own regular expression; a format without one (`format: 'uri'`, `contentEncoding: 'base64'`) is
 * left to the library.
 */
function formatsArePatterns(json: Record<string, unknown>): boolean {
  let patterns = true
  eachSubschema(json, (node) => {
    const format = node.format !== undefined || node.contentEncoding !== undefined || node.contentMediaType !== undefined
    if (format && typeof node.pattern !== 'string') patterns = false
  })
  return patterns
}

/**
 * Makes the library's JSON Schema the one warren compiles: `format` goes (the pattern beside it, or
 * the library, checks it). When the library runs after Ajv, Ajv checks the structure (types,
 * required keys, lengths, ranges, enums) and coerces, and must never refuse or change what the
 * library would accept: no key removed (`additionalProperties: false` is how the library's strict
 * and stripping objects are written, and warren's Ajv would remove the keys the library is to
 * refuse or strip itself), no default filled (the library fills its own, which may be computed per
 * value), no pattern checked (a converter may drop a regular expression's flags).
 */
function compiledForm(json: Record<string, unknown>, exact: boolean): void {
  eachSubschema(json, (node) => {
    delete node.format
    if (exact) return
    if (node.additionalProperties === false) delete node.additionalProperties
    delete node.default
    delete node.pattern
  })
}

/**
 * A schema that refers to itself (`$ref: '#'`, how Zod writes recursion) with its root moved under
 * `definitions`, and its references pointing there: warren's Ajv (`addUsedSchema: false`) resolves
 * no `#` in a schema without `$id`, a definition it does.
 */
function withNamedRoot(json: Record<string, unknown>): Record<string, unknown> {
  const selfRefs: Array<Record<string, unknown>> = []
  eachSubschema(json, (node) => {
    if (node.$ref === '#') selfRefs.push(node)
  })
  if (selfRefs.length === 0) return json
  const { $schema, definitions, ...root } = json
  const defs = { ...(definitions as Record<string, unknown> | undefined) }
  let name = 'root'
  for (let n = 2; Object.hasOwn(defs, name); n++) name = `root${n}`
  for (const node of selfRefs) node.$ref = `#/definitions/${name}`
  return { ...($schema === undefined ? {} : { $schema }), $ref: `#/definitions/${name}`, definitions: { ...defs, [name]: root } }
}

/**
 * The JSON Schema (Draft 7) of a Standard Schema as documentation shows it: what the library says,
 * converted leniently (what it cannot express is left out, never an error); null when it gives none.
 */
export function documentedJsonSchema(schema: unknown, side: SchemaSide): Record<string, unknown> | null {
  const props = standardPropsOf(schema)
  const converter = props?.jsonSchema?.[side]
  if (props === null || typeof converter !== 'function') return null
  try {
    return converter.call(props.jsonSchema, { target: 'draft-07', libraryOptions: libraryProfile(String(props.vendor)).lenientOptions })
  } catch {
    return null
  }
}
