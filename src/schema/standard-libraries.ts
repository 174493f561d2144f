/**
 * @module schema/standard-libraries
 * What warren knows of Zod, Valibot and ArkType beyond the Standard Schema contract: the
 * vendor-specific options (passed through Standard JSON Schema's `libraryOptions`) under which each
 * converts leniently and reports, node by node, what its JSON Schema leaves out — the verdict of
 * whether Ajv alone can stand in for the library. Another library is never trusted to be exact.
 */

/** A Standard JSON Schema converter (`~standard.jsonSchema.input` or `.output`). */
export type JsonSchemaConverter = (options: { target: string; libraryOptions?: Record<string, unknown> }) => Record<string, unknown>

/** A schema's JSON Schema, and whether it says everything the library checks and does. */
export interface LibraryConversion {
  json: Record<string, unknown>
  exact: boolean
}

/** What warren knows of one library. */
export interface LibraryProfile {
  /**
   * Converts `schema` with the library's hooks: the JSON Schema, with the library's object modes
   * spelled as Ajv enforces them (an object that drops unknown keys gets `additionalProperties:
   * false`, which warren's Ajv removes), and whether nothing else is left out.
   */
  convert(convert: JsonSchemaConverter, schema: object): LibraryConversion
  /** Options under which the library converts what it can and leaves out the rest without throwing (for documentation). */
  lenientOptions: Record<string, unknown>
}

const target = 'draft-07'

/** True for a value JSON carries as it is (what a `const` or `enum` may hold). */
function isJsonPrimitive(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
}

/* ---------- Zod 4 ---------- */

/** The part of a Zod 4 schema read here (`schema._zod.def`, Zod's documented definition object). */
interface ZodDef {
  type: string
  /** Set on a string format schema (`z.email()`), which is its own check. */
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
}

/** Kinds of Zod schema whose JSON Schema says all Zod checks (given their checks pass {@link zodCheckIsExact}). */
const zodExactKinds = new Set([
  'string', 'number', 'boolean', 'null', 'any', 'unknown', 'never', 'object', 'record', 'array', 'tuple', 'union',
  'enum', 'literal', 'nullable', 'optional', 'nonoptional', 'lazy', 'template_literal',
])

/** Zod checks JSON Schema states exactly; `string_format` only with a pattern (see {@link zodCheckIsExact}). */
const zodExactChecks = new Set(['less_than', 'greater_than', 'multiple_of', 'number_format', 'min_length', 'max_length', 'length_equals', 'string_format'])

/**
 * A string format is exact when Zod checks it with a regular expression without flags: the JSON
 * Schema then carries that expression as `pattern`. A format Zod checks otherwise (`z.url()` parses)
 * or a flag JSON Schema has no place for (`/x/i`) leaves the check to Zod.
 */
function zodCheckIsExact(check: { check?: string; pattern?: unknown } | undefined): boolean {
  if (check?.check === undefined || !zodExactChecks.has(check.check)) return false
  if (check.check !== 'string_format') return true
  return check.pattern instanceof RegExp && check.pattern.flags === ''
}

/** The kind of schema inside Zod's wrappers (`optional`, `nullable`…). */
function zodInnerKind(def: ZodDef): string {
  let inner = def
  while (inner.innerType !== undefined && ['optional', 'nullable', 'nonoptional', 'default', 'readonly', 'prefault', 'catch'].includes(inner.type)) {
    inner = inner.innerType._zod.def
  }
  return inner.type
}

/** Kinds whose values Ajv may change while trying a union's option (removing keys, coercing, filling defaults). */
const composite = new Set(['object', 'record', 'array', 'tuple', 'intersection', 'lazy'])

/** True when Zod checks and does nothing more than this node's JSON Schema says (its children are judged on their own). */
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

const zod: LibraryProfile = {
  lenientOptions: { unrepresentable: 'any' },
  convert(convert) {
    let exact = true
    const json = convert({
      target,
      libraryOptions: {
        unrepresentable: 'any',
        // called for every schema Zod converted, with the JSON Schema it made of it
        override(context: { zodSchema?: { _zod?: { def?: ZodDef } }; jsonSchema: Record<string, unknown> }) {
          const def = context.zodSchema?._zod?.def
          if (def === undefined || !zodNodeIsExact(def)) exact = false
          // z.object() drops unknown keys: its input form allows them, so Ajv is told to remove them
          else if (def.type === 'object' && def.catchall === undefined) context.jsonSchema.additionalProperties = false
          // z.coerce accepts what its JavaScript conversion accepts (`Number('')` is 0): Zod checks the type
          if (def?.coerce === true) delete context.jsonSchema.type
        },
      },
    })
    return { json, exact }
  },
}

/* ---------- Valibot 1 (through @valibot/to-json-schema's toStandardJsonSchema) ---------- */

interface ValibotSchema {
  type: string
  default?: unknown
  options?: ValibotSchema[]
  wrapped?: ValibotSchema
}

/** The kind of schema inside Valibot's wrappers. */
function valibotInnerKind(schema: ValibotSchema): string {
  let inner = schema
  while (inner.wrapped !== undefined) inner = inner.wrapped
  return inner.type
}

const valibotComposite = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'record', 'array', 'tuple', 'loose_tuple', 'strict_tuple', 'tuple_with_rest', 'intersect', 'lazy'])

/** True unless the node is one Valibot treats differently from its JSON Schema under warren's Ajv. */
function valibotNodeIsExact(schema: ValibotSchema): boolean {
  // a default may be a function, called for each value: Valibot fills it, not Ajv
  if (schema.default !== undefined) return false
  switch (schema.type) {
    case 'strict_object': return false
    case 'union': case 'variant': case 'intersect': return !(schema.options ?? []).some((option) => valibotComposite.has(valibotInnerKind(option)))
    default: return true
  }
}

const valibot: LibraryProfile = {
  lenientOptions: { errorMode: 'ignore' },
  convert(convert) {
    // every item of every pipe converted: a transformation, a check or a second schema throws
    let exact = true
    try {
      convert({ target, libraryOptions: { typeMode: 'ignore', errorMode: 'throw' } })
    } catch {
      exact = false
    }
    const json = convert({
      target,
      libraryOptions: {
        errorMode: 'ignore',
        overrideSchema(context: { valibotSchema: ValibotSchema; jsonSchema: Record<string, unknown> }) {
          if (!valibotNodeIsExact(context.valibotSchema)) exact = false
          // v.object() drops unknown keys; its JSON Schema (either form) allows them
          else if (context.valibotSchema.type === 'object') context.jsonSchema.additionalProperties = false
          return undefined
        },
      },
    })
    return { json, exact }
  },
}

/* ---------- ArkType 2 ---------- */

/** ArkType's fallback for what JSON Schema cannot express: keep what can be said, and note the loss. */
function arktypeFallback(onLoss: () => void) {
  return (context: { code: string; base: Record<string, unknown> }) => {
    onLoss()
    if (context.code === 'defaultValue') return undefined
    if (context.code === 'arrayPostfix') {
      const { additionalItems: _dropped, ...base } = context.base
      return base
    }
    return context.base
  }
}

/** True when a JSON Schema closes an object (`additionalProperties: false`): ArkType's `'+': 'reject'`. */
function closesAnObject(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false
  if ((node as Record<string, unknown>).additionalProperties === false) return true
  return Object.values(node as Record<string, unknown>).some(closesAnObject)
}

/** True when ArkType's definition of a schema (its public `json`) holds a regular expression with flags, which its JSON Schema drops. */
function hasRegexFlags(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false
  const { flags } = node as { flags?: unknown }
  if (typeof flags === 'string' && flags !== '') return true
  return Object.values(node as Record<string, unknown>).some(hasRegexFlags)
}

const arktype: LibraryProfile = {
  lenientOptions: { fallback: arktypeFallback(() => {}) },
  convert(convert, schema) {
    // morphs, defaults and `'+': 'delete'` are transforms: ArkType's JSON Schema leaves them out silently
    const arkSchema = schema as { internal?: { includesTransform?: unknown }; json?: unknown }
    let exact = arkSchema.internal?.includesTransform === false && !hasRegexFlags(arkSchema.json)
    const json = convert({ target, libraryOptions: { fallback: arktypeFallback(() => (exact = false)) } })
    // `'+': 'reject'` refuses unknown keys, which warren's Ajv would remove instead
    if (closesAnObject(json)) exact = false
    return { json, exact }
  },
}

/* ---------- any other library ---------- */

const unknownLibrary: LibraryProfile = {
  lenientOptions: {},
  convert(convert) {
    return { json: convert({ target }), exact: false }
  },
}

const profiles: Record<string, LibraryProfile> = { zod, valibot, arktype }

/** What warren knows of the library named `vendor` (`~standard.vendor`). */
export function libraryProfile(vendor: string): LibraryProfile {
  return Object.hasOwn(profiles, vendor) ? profiles[vendor] : unknownLibrary
}
