/**
 * @module schema/fluent
 * Schema builders (fluent-json-schema's `S.object()…`) that give a JSON Schema from `valueOf()`,
 * accepted wherever a schema is; each builder is read once.
 */

const kFluentSchema = Symbol.for('fluent-schema-object')

interface SchemaBuilder {
  valueOf(): unknown
  isFluentSchema?: unknown
  isFluentJSONSchema?: unknown
  [kFluentSchema]?: unknown
}

export function isSchemaBuilder(value: unknown): value is SchemaBuilder {
  if (value === null || typeof value !== 'object') return false
  const builder = value as SchemaBuilder
  if (builder[kFluentSchema] !== true && builder.isFluentSchema !== true && builder.isFluentJSONSchema !== true) return false
  // a marked object without its own valueOf has only Object's, which would hand the builder back
  return typeof builder.valueOf === 'function' && builder.valueOf !== Object.prototype.valueOf
}

const built = new WeakMap<object, unknown>()

export function jsonSchemaOf(schema: unknown): unknown {
  if (!isSchemaBuilder(schema)) return schema
  let json = built.get(schema)
  if (json === undefined) {
    json = schema.valueOf()
    built.set(schema, json)
  }
  return json
}

const partKeys = ['params', 'body', 'querystring', 'query', 'headers'] as const

/** Replaces `holder[key]` when it is a builder (only then: a frozen schema is left alone). */
function resolveEntry(holder: Record<string, unknown>, key: string): void {
  if (isSchemaBuilder(holder[key])) holder[key] = jsonSchemaOf(holder[key])
}

function resolveContent(entry: unknown): void {
  const content = (entry as { content?: unknown } | null)?.content
  if (content === null || typeof content !== 'object') return
  for (const media of Object.values(content as Record<string, unknown>)) {
    if (media !== null && typeof media === 'object') resolveEntry(media as Record<string, unknown>, 'schema')
  }
}

/** Replaces a route schema's builders in place, so later readers (docs plugins, the client) see JSON Schema too. */
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
