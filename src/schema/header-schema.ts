/**
 * @module schema/header-schema
 * Header schemas with every header name lower-cased once at compile time, as Node gives
 * `request.headers`; what cannot be reached (another document's schema) is warned about.
 */
import { isLiteralObject } from './normalize.js'

export interface HeaderSchemaWarning {
  code: 'SVC_SEC_HEADER_SCHEMA_EXTERNAL_REF' | 'SVC_SEC_HEADER_SCHEMA_PROPERTY_NAMES_REF'
  ref: string
}

export interface NormalizedHeaderSchema {
  schema: unknown
  warnings: readonly HeaderSchemaWarning[]
}

type SchemaObject = Record<string | symbol, unknown>

const subschemaKeywords = new Set([
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'items', 'prefixItems', 'additionalItems',
  'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'contains', 'contentSchema',
])

const schemaMapKeywords = new Set(['definitions', '$defs', 'patternProperties'])

/** Keywords whose keys (and `required`-like items) are header names; not `patternProperties`: a regex cannot be lower-cased safely. */
const nameKeywords = new Set(['properties', 'required', 'dependencies', 'dependentRequired', 'dependentSchemas'])

const lower = (name: unknown): unknown => (typeof name === 'string' ? name.toLowerCase() : name)

/** `names` lower-cased, without the duplicates lower-casing makes (Ajv refuses a `required` with duplicates). */
function lowerNames(names: unknown): unknown {
  if (!Array.isArray(names)) return names
  const result = [...new Set(names.map(lower))]
  return result.length === names.length && result.every((name, i) => name === names[i]) ? names : result
}

/** Both subschemas given for one header (`X-A`, `x-a`) apply. */
function bothApply(first: unknown, second: unknown): unknown {
  if (Array.isArray(first) && Array.isArray(second)) return lowerNames([...first, ...second])
  const asSchema = (value: unknown): unknown => (Array.isArray(value) ? { required: value } : value)
  return { allOf: [asSchema(first), asSchema(second)] }
}

function lowerKeys(map: unknown, value: (entry: unknown) => unknown): unknown {
  if (!isLiteralObject(map)) return map
  const result: SchemaObject = {}
  let changed = false
  for (const key of Object.keys(map)) {
    const name = key.toLowerCase()
    const entry = value(map[key])
    changed ||= name !== key || entry !== map[key]
    result[name] = Object.hasOwn(result, name) ? bothApply(result[name], entry) : entry
  }
  return changed ? result : map
}

function sameKeys(map: unknown, value: (entry: unknown) => unknown): unknown {
  if (!isLiteralObject(map)) return map
  const result: SchemaObject = {}
  let changed = false
  for (const key of Object.keys(map)) {
    result[key] = value(map[key])
    changed ||= result[key] !== map[key]
  }
  return changed ? result : map
}

/** One keyword normalized; under `propertyNames`, `enum` and `const` strings are header names too. */
function normalizeKeyword(keyword: string, value: unknown, inNames: boolean): unknown {
  const walk = (entry: unknown): unknown => normalize(entry, inNames)
  if (nameKeywords.has(keyword)) {
    if (keyword === 'required') return lowerNames(value)
    if (keyword === 'dependentRequired') return lowerKeys(value, lowerNames)
    if (keyword === 'dependencies') return lowerKeys(value, (entry) => (Array.isArray(entry) ? lowerNames(entry) : walk(entry)))
    return lowerKeys(value, walk)
  }
  if (subschemaKeywords.has(keyword)) return Array.isArray(value) ? sameArray(value, walk) : walk(value)
  if (keyword === 'propertyNames') return normalize(value, true)
  if (schemaMapKeywords.has(keyword)) return sameKeys(value, walk)
  if (inNames && keyword === 'enum') return lowerNames(value)
  if (inNames && keyword === 'const') return lower(value)
  return value
}

function sameArray(items: unknown[], value: (entry: unknown) => unknown): unknown[] {
  const result = items.map(value)
  return result.every((item, i) => item === items[i]) ? items : result
}

/** `schema` with header names lower-cased; the same object when nothing changed (never mutated). */
function normalize(schema: unknown, inNames: boolean): unknown {
  if (!isLiteralObject(schema)) return schema
  let copy: SchemaObject | null = null
  for (const keyword of Object.keys(schema)) {
    const value = normalizeKeyword(keyword, schema[keyword], inNames)
    if (value === schema[keyword]) continue
    // a spread keeps the symbol keys a TypeBox schema carries
    copy ??= { ...schema }
    copy[keyword] = value
  }
  return copy ?? schema
}

/** The `$ref`s normalization cannot follow: another document's (shared with other parts, so compiled as written), or one inside `propertyNames`. */
function findUnreachable(schema: unknown, inNames: boolean, found: HeaderSchemaWarning[]): void {
  if (Array.isArray(schema)) {
    for (const item of schema) findUnreachable(item, inNames, found)
    return
  }
  if (schema === null || typeof schema !== 'object') return
  const ref = (schema as SchemaObject).$ref
  if (typeof ref === 'string') {
    if (!ref.startsWith('#')) found.push({ code: 'SVC_SEC_HEADER_SCHEMA_EXTERNAL_REF', ref })
    else if (inNames) found.push({ code: 'SVC_SEC_HEADER_SCHEMA_PROPERTY_NAMES_REF', ref })
  }
  for (const key of Object.keys(schema)) {
    findUnreachable((schema as SchemaObject)[key], inNames || key === 'propertyNames', found)
  }
}

const normalized = new WeakMap<object, NormalizedHeaderSchema>()

/** A header schema with every header name lower-cased, once per schema object; anything but a plain JSON Schema is returned as given. */
export function normalizeHeaderSchema(schema: unknown): NormalizedHeaderSchema {
  if (!isLiteralObject(schema)) return { schema, warnings: [] }
  let result = normalized.get(schema)
  if (result === undefined) {
    const warnings: HeaderSchemaWarning[] = []
    findUnreachable(schema, false, warnings)
    result = { schema: normalize(schema, false), warnings }
    normalized.set(schema, result)
  }
  return result
}

const warningText = {
  SVC_SEC_HEADER_SCHEMA_EXTERNAL_REF: 'references another schema with $ref',
  SVC_SEC_HEADER_SCHEMA_PROPERTY_NAMES_REF: 'uses a $ref inside propertyNames',
} as const

/** Warns once per route about each `$ref` whose header names are not lower-cased: a rule there naming another case is not enforced. */
export function warnUnreachable(warnings: readonly HeaderSchemaWarning[], method: string, url: string): void {
  for (const { code, ref } of warnings) {
    process.emitWarning(
      `warren: the headers schema of ${method} ${url} ${warningText[code]} (${ref}); header names there are not lower-cased, ` +
        'so a rule naming a header in another case (required, dependencies, propertyNames) will not match the lower-case request headers. Write that part inline.',
      { type: 'SecurityWarning', code },
    )
  }
}
