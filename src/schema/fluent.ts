/**
 * @module schema/fluent
 * Schema builders: objects that are not JSON Schema themselves but give one from `valueOf()`, such
 * as fluent-json-schema's (`S.object().prop(...)`, marked with `Symbol.for('fluent-schema-object')`).
 * Routes and `addSchema` accept them where they accept a schema, so code written with them runs
 * unchanged; each builder is read once.
 */

const kFluentSchema = Symbol.for('fluent-schema-object')

/** A builder's object: its methods are properties, so it must never reach a compiler as it is. */
interface SchemaBuilder {
  valueOf(): unknown
  isFluentSchema?: unknown
  isFluentJSONSchema?: unknown
  [kFluentSchema]?: unknown
}

/** True for a schema builder: marked by the fluent-schema symbol or flags, with a `valueOf()` to call. */
export function isSchemaBuilder(value: unknown): value is SchemaBuilder {
  if (value === null || typeof value !== 'object') return false
  const builder = value as SchemaBuilder
  if (builder[kFluentSchema] !== true && builder.isFluentSchema !== true && builder.isFluentJSONSchema !== true) return false
  // a marked object without its own valueOf has only Object's, which would hand the builder back
  return typeof builder.valueOf === 'function' && builder.valueOf !== Object.prototype.valueOf
}

/** The JSON Schema each builder gave, so a builder used by several routes compiles once. */
const built = new WeakMap<object, unknown>()

/** The JSON Schema `schema` stands for: a builder's `valueOf()` (the same object each time), anything else as it is. */
export function jsonSchemaOf(schema: unknown): unknown {
  if (!isSchemaBuilder(schema)) return schema
  let json = built.get(schema)
  if (json === undefined) {
    json = schema.valueOf()
    built.set(schema, json)
  }
  return json
}

/** The request parts a route schema may give a builder for. */
const partKeys = ['params', 'body', 'querystring', 'query', 'headers'] as const

/** Replaces `holder[key]` with its JSON Schema when it is a builder (only then: a frozen schema without builders is left alone). */
function resolveEntry(holder: Record<string, unknown>, key: string): void {
  if (isSchemaBuilder(holder[key])) holder[key] = jsonSchemaOf(holder[key])
}

/** The builders of a `content` map (`{ 'media/type': { schema } }`), if `entry` has one. */
function resolveContent(entry: unknown): void {
  const content = (entry as { content?: unknown } | null)?.content
  if (content === null || typeof content !== 'object') return
  for (const media of Object.values(content as Record<string, unknown>)) {
    if (media !== null && typeof media === 'object') resolveEntry(media as Record<string, unknown>, 'schema')
  }
}

/**
 * Replaces, in place, the builders of a route's `schema` option with the JSON Schema they stand
 * for: each request part, each response entry, and the schemas of their `content` maps. In place,
 * so whatever reads the route's options later (a documentation plugin, the typed
 * client's response check) sees JSON Schema as the compilers did.
 */
export function resolveSchemaBuilders(schema: Record<string, unknown>): void {
  for (const key of partKeys) resolveEntry(schema, key)
  resolveContent(schema.body)
  const response = schema.response
  if (response === null || typeof response !== 'object') return
  for (const status of Object.keys(response)) {
    resolveEntry(response as Record<string, unknown>, status)
    resolveContent((response as Record<string, unknown>)[status])
  }
}
