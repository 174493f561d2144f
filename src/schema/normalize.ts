/**
 * @module schema/normalize
 * Schema shapes accepted besides a complete JSON Schema (the short form listing properties, content
 * maps), turned into one before compiling.
 */

const typeBoxKind = Symbol.for('TypeBox.Kind')

/**
 * Keywords whose value is itself an object (a schema or a map of schemas): an object holding
 * one of them is a JSON Schema. Any other key whose value is an object, even one spelled like a
 * keyword (`type`, `title`, `format`...), names a property of the short form.
 */
const objectValuedKeywords = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'dependencies',
  'dependentSchemas', 'definitions', '$defs', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'not', 'if',
  'then', 'else', 'default', 'const', 'example', 'errorMessage',
])

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * True for an object written as JSON Schema is: an object literal (or a null-prototype object).
 * An instance of a class (a joi, zod or yup schema) is another library's schema, for a custom
 * validator compiler, and never a property of the short form.
 */
export function isLiteralObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * True for the short form: an object that lists properties at the top level
 * (`{ name: { type: 'string' } }`) instead of being a schema itself. A keyword's value is never
 * an object unless the keyword takes a schema, so `{ type: { type: 'string' } }` is a short form
 * (a property named `type`) while `{ not: { type: 'string' } }` is a schema. A map of another
 * library's schemas (`{ id: joi.number() }`) is handed to the custom validator compiler as given.
 */
function isPropertiesShorthand(schema: unknown): schema is Record<string, Record<string, unknown>> {
  if (!isLiteralObject(schema) || (schema as Record<symbol, unknown>)[typeBoxKind] !== undefined) return false
  const keys = Object.keys(schema)
  if (keys.length === 0) return false
  // a `$`-prefixed key is a keyword (`$defs`, or one a validator plugin adds: `$merge`, `$patch`), never a property
  return keys.every((key) => !objectValuedKeywords.has(key) && !key.startsWith('$') && isLiteralObject(schema[key]))
}

const wrapped = new WeakMap<object, object>()

/** A complete schema for `schema`: the short form wrapped as `{ type: 'object', properties }` (same object each time). */
export function toFullSchema<T>(schema: T): T {
  if (!isPropertiesShorthand(schema)) return schema
  let full = wrapped.get(schema)
  if (full === undefined) {
    full = { type: 'object', properties: schema }
    wrapped.set(schema, full)
  }
  return full as T
}

/**
 * True for `{ content: { 'media/type': { schema } } }`, the per-media-type form of bodies and
 * responses: a `content` object whose entries are all objects, or that names a media type (then an
 * entry that is no object is a content map's mistake, reported as a missing schema, rather than
 * the short form's property named `content`).
 */
export function hasContentMap(entry: unknown): entry is { description?: string; content: Record<string, { schema?: unknown }> } {
  return (
    isPlainObject(entry) &&
    isPlainObject(entry.content) &&
    (entry as Record<symbol, unknown>)[typeBoxKind] === undefined &&
    (Object.values(entry.content).every((media) => isPlainObject(media)) || Object.keys(entry.content).some((key) => key.includes('/')))
  )
}
