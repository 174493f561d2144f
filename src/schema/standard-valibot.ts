/**
 * @module schema/standard-valibot
 * What warren knows of Valibot 1, converted by @valibot/to-json-schema's `toStandardJsonSchema`: which
 * of its schemas their JSON Schema says all of, and how it is reshaped where it does not.
 */
import { nonJsonNote, orAnything, requiring, target, type LibraryProfile } from './standard-profile.js'

interface ValibotSchema {
  type: string
  default?: unknown
  fallback?: unknown
  entries?: Record<string, ValibotSchema>
  items?: ValibotSchema[]
  item?: ValibotSchema
  options?: ValibotSchema[]
  wrapped?: ValibotSchema
  pipe?: Array<{ kind: string }>
}

/** A schema whose pipe transforms gives what the transform returns, not its own type. */
function valibotTransforms(schema: ValibotSchema): boolean {
  return (schema.pipe ?? []).some((item) => item.kind === 'transformation')
}

function valibotInnerKind(schema: ValibotSchema): string {
  let inner = schema
  while (inner.wrapped !== undefined) inner = inner.wrapped
  return inner.type
}

const valibotComposite = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'record', 'array', 'tuple', 'loose_tuple', 'strict_tuple', 'tuple_with_rest', 'intersect', 'lazy'])

const valibotTuples = new Set(['tuple', 'loose_tuple', 'strict_tuple', 'tuple_with_rest'])

/** Items Valibot lets a tuple leave out, though its JSON Schema counts them in `minItems`. */
const valibotMissable = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable', 'undefined', 'unknown', 'any'])

function valibotTupleMayBeShort(schema: ValibotSchema): boolean {
  return valibotTuples.has(schema.type) && (schema.items ?? []).some((item) => valibotMissable.has(item.type))
}

/** True when `v.fallback()` wraps the schema: Valibot gives its fallback for whatever the schema refuses, a missing value too. */
function valibotFallsBack(schema: ValibotSchema): boolean {
  return Object.hasOwn(schema, 'fallback')
}

/** A piped schema never reaches `overrideSchema` itself (the first schema of its pipe does): a fallback on one is seen from its parent. */
function valibotPipedFallback(child: ValibotSchema | undefined): boolean {
  return child?.pipe !== undefined && valibotFallsBack(child)
}

function valibotChildren(schema: ValibotSchema): ValibotSchema[] {
  return [...Object.values(schema.entries ?? {}), ...(schema.items ?? []), ...(schema.item === undefined ? [] : [schema.item]), ...(schema.wrapped === undefined ? [] : [schema.wrapped])]
}

/** The node's JSON Schema with each piped child that falls back made to take anything; null when it has none. */
function withPipedFallbacks(schema: ValibotSchema, json: Record<string, unknown>): Record<string, unknown> | null {
  if (!valibotChildren(schema).some(valibotPipedFallback)) return null
  // a wrapper (v.optional, v.nullable) is its child's schema, or holds it
  if (schema.wrapped !== undefined) return orAnything(json)
  const replace = (child: ValibotSchema | undefined, at: unknown, key: string | number): void => {
    const holder = at as Record<string | number, Record<string, unknown>> | undefined
    if (valibotPipedFallback(child) && holder?.[key] !== undefined) holder[key] = orAnything(holder[key])
  }
  for (const [key, entry] of Object.entries(schema.entries ?? {})) replace(entry, json.properties, key)
  if (Array.isArray(json.items)) (schema.items ?? []).forEach((item, index) => replace(item, json.items, index))
  else replace(schema.item, json, 'items')
  return json
}

function valibotNodeIsExact(schema: ValibotSchema): boolean {
  // a default may be a function, called for each value: Valibot fills it, not Ajv
  if (schema.default !== undefined || valibotFallsBack(schema) || valibotChildren(schema).some(valibotPipedFallback)) return false
  if (valibotTupleMayBeShort(schema)) return false
  switch (schema.type) {
    case 'strict_object': return false
    // v.tuple drops extra items, which Ajv cannot remove
    case 'tuple': return false
    case 'union': case 'variant': case 'intersect': return !(schema.options ?? []).some((option) => valibotComposite.has(valibotInnerKind(option)))
    default: return true
  }
}

export const valibotProfile: LibraryProfile = {
  lenientOptions: { errorMode: 'ignore' },
  utf16Lengths: true,
  convert(convert, _schema, side) {
    let exact = true
    try {
      convert({ target, libraryOptions: { typeMode: 'ignore', errorMode: 'throw' } })
    } catch {
      exact = false
    }
    let nonJson: string | null = null
    const json = convert({
      target,
      libraryOptions: {
        errorMode: 'ignore',
        overrideSchema(context: { valibotSchema: ValibotSchema; jsonSchema: Record<string, unknown> }) {
          const schema = context.valibotSchema
          if (!valibotTransforms(schema)) nonJson ??= nonJsonNote(schema.type, `v.${schema.type}()`, 'valibot')
          if (!valibotNodeIsExact(context.valibotSchema)) exact = false
          // v.object() drops unknown keys; its JSON Schema (either form) allows them
          else if (context.valibotSchema.type === 'object') context.jsonSchema.additionalProperties = false
          if (valibotTupleMayBeShort(schema)) delete context.jsonSchema.minItems
          if (side === 'input' && schema.entries !== undefined) requiring(context.jsonSchema, (key) => schema.entries?.[key] !== undefined && valibotFallsBack(schema.entries[key]))
          // a fallback takes any input: Ajv must let through what Valibot would replace
          if (side === 'input' && valibotFallsBack(schema)) return orAnything(context.jsonSchema)
          return (side === 'input' && withPipedFallbacks(schema, context.jsonSchema)) || undefined
        },
      },
    })
    return { json, exact, nonJson }
  },
}
