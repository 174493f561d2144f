/**
 * @module schema/normalize
 * Schema shapes accepted besides a complete JSON Schema (the short form listing properties, content
 * maps), turned into one before compiling.
 */

const typeBoxKind = Symbol.for('TypeBox.Kind')

/** Keywords whose value is an object: any other key with an object value names a property of the short form. */
const objectValuedKeywords = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'dependencies',
  'dependentSchemas', 'definitions', '$defs', 'items', 'additionalItems', 'unevaluatedItems', 'contains', 'not', 'if',
  'then', 'else', 'default', 'const', 'example', 'errorMessage',
])

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** True for a plain object; a class instance is another library's schema, never a short-form property. */
export function isLiteralObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** True for the short form that lists properties at the top level (`{ type: { type: 'string' } }` is one, `{ not: {...} }` is not). */
function isPropertiesShorthand(schema: unknown): schema is Record<string, Record<string, unknown>> {
  if (!isLiteralObject(schema) || (schema as Record<symbol, unknown>)[typeBoxKind] !== undefined) return false
  const keys = Object.keys(schema)
  if (keys.length === 0) return false
  // a `$` key is a keyword (`$defs`, or a plugin's `$merge`), never a property
  return keys.every((key) => !objectValuedKeywords.has(key) && !key.startsWith('$') && isLiteralObject(schema[key]))
}

const wrapped = new WeakMap<object, object>()

export function toFullSchema<T>(schema: T): T {
  if (!isPropertiesShorthand(schema)) return schema
  let full = wrapped.get(schema)
  if (full === undefined) {
    full = { type: 'object', properties: schema }
    wrapped.set(schema, full)
  }
  return full as T
}

/** True for the per-media-type `{ content: { 'media/type': { schema } } }` form of bodies and responses. */
export function hasContentMap(entry: unknown): entry is { description?: string; content: Record<string, { schema?: unknown }> } {
  return (
    isPlainObject(entry) &&
    isPlainObject(entry.content) &&
    (entry as Record<symbol, unknown>)[typeBoxKind] === undefined &&
    (Object.values(entry.content).every((media) => isPlainObject(media)) || Object.keys(entry.content).some((key) => key.includes('/')))
  )
}
