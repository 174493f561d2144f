/**
 * @module schema/standard-zod
 * What warren knows of Zod 4: which of its nodes its JSON Schema says all of, and how that JSON Schema
 * is reshaped where Zod drops unknown keys, coerces or falls back.
 */
import { isJsonPrimitive, nonJsonNote, orAnything, requiring, target, type LibraryProfile } from './standard-profile.js'

interface ZodDef {
  type: string
  check?: string
  pattern?: unknown
  coerce?: boolean
  checks?: Array<{ _zod?: { def?: { check?: string; pattern?: unknown } } }>
  catchall?: { _zod: { def: ZodDef } }
  options?: Array<{ _zod: { def: ZodDef } }>
  innerType?: { _zod: { def: ZodDef } }
  keyType?: { _zod: { def: ZodDef } }
  values?: unknown[]
  entries?: Record<string, unknown>
  shape?: Record<string, { _zod: { def: ZodDef } }>
}

/** Zod kinds whose JSON Schema says all Zod checks, given exact checks. */
const zodExactKinds = new Set([
  'string', 'number', 'boolean', 'null', 'any', 'unknown', 'never', 'object', 'record', 'array', 'tuple', 'union',
  'enum', 'literal', 'nullable', 'optional', 'nonoptional', 'lazy', 'template_literal',
])

const zodExactChecks = new Set(['less_than', 'greater_than', 'multiple_of', 'number_format', 'min_length', 'max_length', 'length_equals', 'string_format'])

/** A string format is exact when Zod checks it with a flagless regex, which the JSON Schema carries as `pattern`. */
function zodCheckIsExact(check: { check?: string; pattern?: unknown } | undefined): boolean {
  if (check?.check === undefined || !zodExactChecks.has(check.check)) return false
  if (check.check !== 'string_format') return true
  return check.pattern instanceof RegExp && check.pattern.flags === ''
}

const zodWrappers = new Set(['optional', 'nullable', 'nonoptional', 'default', 'readonly', 'prefault', 'catch'])

function zodInnerKind(def: ZodDef): string {
  let inner = def
  while (inner.innerType !== undefined && zodWrappers.has(inner.type)) inner = inner.innerType._zod.def
  return inner.type
}

/** True when a `.catch()` stands between the value and its check: Zod then replaces whatever it would refuse, a missing value too. */
function zodCatches(def: ZodDef): boolean {
  for (let node: ZodDef | undefined = def; node !== undefined && zodWrappers.has(node.type); node = node.innerType?._zod.def) {
    if (node.type === 'catch') return true
  }
  return false
}

/** Kinds whose values Ajv may change while trying a union's option. */
const composite = new Set(['object', 'record', 'array', 'tuple', 'intersection', 'lazy'])

/** True when Zod does nothing more than this node's JSON Schema says. */
function zodNodeIsExact(def: ZodDef): boolean {
  if (!zodExactKinds.has(def.type) || def.coerce === true) return false
  if (def.check !== undefined && !zodCheckIsExact(def)) return false
  if (!(def.checks ?? []).every((check) => zodCheckIsExact(check._zod?.def))) return false
  switch (def.type) {
    // strictObject: Zod refuses unknown keys, which warren's Ajv would remove instead
    case 'object': return def.catchall?._zod.def.type !== 'never'
    // Zod returns the first option that passes; Ajv may change the value while it tries the others
    case 'union': return !(def.options ?? []).some((option) => composite.has(zodInnerKind(option._zod.def)))
    // a record over an enum of keys requires each key, which JSON Schema's propertyNames does not say
    case 'record': return def.keyType?._zod.def.type === 'string' && (def.keyType._zod.def.checks ?? []).length === 0
    case 'literal': return (def.values ?? []).every(isJsonPrimitive)
    case 'enum': return Object.values(def.entries ?? {}).every(isJsonPrimitive)
    default: return true
  }
}

export const zodProfile: LibraryProfile = {
  lenientOptions: { unrepresentable: 'any' },
  utf16Lengths: false,
  convert(convert, _schema, side) {
    let exact = true
    let nonJson: string | null = null
    const json = convert({
      target,
      libraryOptions: {
        unrepresentable: 'any',
        override(context: { zodSchema?: { _zod?: { def?: ZodDef } }; jsonSchema: Record<string, unknown> }) {
          const def = context.zodSchema?._zod?.def
          if (def !== undefined) nonJson ??= nonJsonNote(def.type, `z.${def.type}()`, 'zod')
          if (def === undefined || !zodNodeIsExact(def)) exact = false
          // z.object() drops unknown keys: its input form allows them, so Ajv is told to remove them
          else if (def.type === 'object' && def.catchall === undefined) context.jsonSchema.additionalProperties = false
          // z.coerce accepts what its JavaScript conversion accepts (`Number('')` is 0): Zod checks the type
          if (def?.coerce === true) delete context.jsonSchema.type
          // .catch() takes any input, a missing one too, and gives its fallback where the check fails
          if (side === 'input' && def?.type === 'catch') {
            const inner = { ...context.jsonSchema }
            for (const key of Object.keys(inner)) delete context.jsonSchema[key]
            Object.assign(context.jsonSchema, orAnything(inner))
          }
          if (side === 'input' && def?.type === 'object') requiring(context.jsonSchema, (key) => def.shape?.[key] !== undefined && zodCatches(def.shape[key]._zod.def))
        },
      },
    })
    return { json, exact, nonJson }
  },
}
