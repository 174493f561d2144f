/**
 * @module schema/standard-libraries
 * What warren knows of Zod, Valibot and ArkType beyond Standard Schema: the options under which each
 * converts leniently and reports what its JSON Schema leaves out. Another library is never trusted exact.
 */

export type JsonSchemaConverter = (options: { target: string; libraryOptions?: Record<string, unknown> }) => Record<string, unknown>

export interface LibraryConversion {
  json: Record<string, unknown>
  exact: boolean
  /** A value the form holds that JSON does not carry as its type says (a Date goes as a string), and what to write instead. */
  nonJson: string | null
}

export interface LibraryProfile {
  /** Converts `schema` for one side, object modes spelled as Ajv enforces them, and says whether anything is left out. */
  convert(convert: JsonSchemaConverter, schema: object, side: 'input' | 'output'): LibraryConversion
  /** Options under which the library converts what it can without throwing (for documentation). */
  lenientOptions: Record<string, unknown>
  /** True when the library measures a string in UTF-16 units (`string.length`), where Ajv counts code points. */
  utf16Lengths: boolean
}

const target = 'draft-07'

/** What JSON makes of the values it cannot hold as they are, by the library's name of their type, and what each library writes instead. */
const nonJsonValues: Record<string, { what: string; write: string | Record<string, string> }> = {
  date: {
    what: 'a Date, which JSON carries as a string',
    write: {
      zod: 'z.iso.datetime(), or z.date().transform((date) => date.toISOString()).pipe(z.string())',
      valibot: 'v.pipe(v.string(), v.isoTimestamp()), or v.pipe(v.date(), v.transform((date) => date.toISOString()), v.string())',
      arktype: "'string.date.iso', or type('Date').pipe((date) => date.toISOString())",
    },
  },
  bigint: {
    what: 'a bigint, which JSON cannot carry',
    write: { zod: 'z.bigint().transform(String).pipe(z.string())', valibot: 'v.pipe(v.bigint(), v.transform(String), v.string())', arktype: "type('bigint').pipe(String)" },
  },
  map: { what: 'a Map, which JSON carries as {}', write: 'an object or an array of entries' },
  set: { what: 'a Set, which JSON carries as {}', write: 'an array' },
}

function nonJsonNote(kind: string, spelled: string, library: string): string | null {
  if (!Object.hasOwn(nonJsonValues, kind)) return null
  const { what, write } = nonJsonValues[kind]
  return `${spelled} is ${what}; send what goes on the wire: ${typeof write === 'string' ? write : write[library]}`
}

function isJsonPrimitive(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
}

/* ---------- Zod 4 ---------- */

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

/**
 * The schema of a value the library takes whatever it is: Ajv still coerces it where it can
 * (`?limit=10`), and refuses nothing. The second branch is every JSON value spelled as types: Ajv
 * skips an `anyOf` with an empty branch, coercing nothing.
 */
function orAnything(json: Record<string, unknown>): Record<string, unknown> {
  return { anyOf: [json, { type: ['null', 'boolean', 'number', 'string', 'array', 'object'] }] }
}

/** `required` without the keys `replaced` says the library fills when they are missing. */
function requiring(json: Record<string, unknown>, replaced: (key: string) => boolean): void {
  if (!Array.isArray(json.required)) return
  const kept = (json.required as string[]).filter((key) => !replaced(key))
  if (kept.length === 0) delete json.required
  else json.required = kept
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

const zod: LibraryProfile = {
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

/* ---------- Valibot 1 (through @valibot/to-json-schema's toStandardJsonSchema) ---------- */

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

const valibot: LibraryProfile = {
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

/* ---------- ArkType 2 ---------- */

interface ArktypeLoss {
  code: string
  base: Record<string, unknown>
  domain?: string
}

/** ArkType's fallback for what JSON Schema cannot express: keep what can be said, note the loss. */
function arktypeFallback(onLoss: (context: ArktypeLoss) => void) {
  return (context: ArktypeLoss) => {
    onLoss(context)
    if (context.code === 'defaultValue') return undefined
    if (context.code === 'arrayPostfix') {
      const { additionalItems: _dropped, ...base } = context.base
      return base
    }
    return context.base
  }
}

function closesAnObject(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false
  if ((node as Record<string, unknown>).additionalProperties === false) return true
  return Object.values(node as Record<string, unknown>).some(closesAnObject)
}

/** True when ArkType's `json` holds a regex with flags, which its JSON Schema drops. */
function hasRegexFlags(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false
  const { flags } = node as { flags?: unknown }
  if (typeof flags === 'string' && flags !== '') return true
  return Object.values(node as Record<string, unknown>).some(hasRegexFlags)
}

const arktype: LibraryProfile = {
  lenientOptions: { fallback: arktypeFallback(() => {}) },
  utf16Lengths: true,
  convert(convert, schema) {
    // morphs, defaults and `'+': 'delete'` are transforms: ArkType's JSON Schema leaves them out silently
    const arkSchema = schema as { internal?: { includesTransform?: unknown }; json?: unknown }
    let exact = arkSchema.internal?.includesTransform === false && !hasRegexFlags(arkSchema.json)
    let nonJson: string | null = null
    const onLoss = (context: ArktypeLoss): void => {
      exact = false
      const kind = context.code === 'domain' ? context.domain : context.code
      if (kind !== undefined) nonJson ??= nonJsonNote(kind, kind === 'date' ? "'Date'" : `'${kind}'`, 'arktype')
    }
    const json = convert({ target, libraryOptions: { fallback: arktypeFallback(onLoss) } })
    // `'+': 'reject'` refuses unknown keys, which warren's Ajv would remove instead
    if (closesAnObject(json)) exact = false
    return { json, exact, nonJson }
  },
}

/* ---------- any other library ---------- */

const unknownLibrary: LibraryProfile = {
  lenientOptions: {},
  utf16Lengths: false,
  convert(convert) {
    return { json: convert({ target }), exact: false, nonJson: null }
  },
}

const profiles: Record<string, LibraryProfile> = { zod, valibot, arktype }

export function libraryProfile(vendor: string): LibraryProfile {
  return Object.hasOwn(profiles, vendor) ? profiles[vendor] : unknownLibrary
}
