// Schema shapes the spec accepts besides a complete JSON Schema, turned into one before compiling.

const typeBoxKind = Symbol.for('TypeBox.Kind')

/** Keywords that make an object a JSON Schema rather than a map of properties. */
const schemaKeywords = new Set([
  '$id', '$ref', '$schema', '$defs', 'definitions', 'type', 'properties', 'patternProperties', 'additionalProperties',
  'required', 'items', 'additionalItems', 'contains', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then',
  'else', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength',
  'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'dependencies',
  'propertyNames', 'nullable', 'default', 'description', 'title', 'examples', 'example', 'readOnly', 'writeOnly',
  'contentMediaType', 'contentEncoding', 'content',
])

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * True for the short form of spec 2.3 / 2.5: an object that lists properties at the top level
 * (`{ name: { type: 'string' } }`) instead of being a schema itself.
 */
export function isPropertiesShorthand(schema: unknown): schema is Record<string, Record<string, unknown>> {
  if (!isPlainObject(schema) || (schema as Record<symbol, unknown>)[typeBoxKind] !== undefined) return false
  const keys = Object.keys(schema)
  if (keys.length === 0) return false
  return keys.every((key) => !schemaKeywords.has(key) && isPlainObject(schema[key]))
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

/** True for `{ content: { 'media/type': { schema } } }`, the per-media-type form of spec 2.5 and 4.3.2. */
export function hasContentMap(entry: unknown): entry is { description?: string; content: Record<string, { schema?: unknown }> } {
  return (
    isPlainObject(entry) &&
    isPlainObject(entry.content) &&
    (entry as Record<symbol, unknown>)[typeBoxKind] === undefined &&
    Object.values(entry.content).every((media) => isPlainObject(media))
  )
}

const lowerCased = new WeakMap<object, object>()

/** Header schemas match lower-case header names: property names and `required` are lower-cased. */
export function lowerCaseHeaderSchema<T>(schema: T): T {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return schema
  let result = lowerCased.get(schema)
  if (result === undefined) {
    const properties: Record<string, unknown> = {}
    for (const key of Object.keys(schema.properties)) properties[key.toLowerCase()] = schema.properties[key]
    const copy: Record<string | symbol, unknown> = { ...schema, properties }
    if (Array.isArray(schema.required)) copy.required = schema.required.map((name: string) => name.toLowerCase())
    result = copy
    lowerCased.set(schema, result)
  }
  return result as T
}
