/**
 * @module schema/standard-schema
 * Standard Schema v1 values: recognised, and turned once per side into the Draft 7 JSON Schema warren
 * compiles, plus the library's own `validate` when that schema does not say everything.
 */
import { libraryProfile, type JsonSchemaConverter } from './standard-libraries.js'
import type { StandardSchema } from '../types/index.js'

export type SchemaSide = 'input' | 'output'

export interface StandardProps {
  version: 1
  vendor: string
  validate: (value: unknown) => unknown
  jsonSchema?: { input?: JsonSchemaConverter; output?: JsonSchemaConverter }
}

/** Read once per schema: ArkType and Valibot build a new `~standard` object on each read. */
const propsCache = new WeakMap<object, StandardProps | null>()

function readProps(value: object): StandardProps | null {
  const props = (value as { '~standard'?: unknown })['~standard']
  if (props === null || typeof props !== 'object') return null
  const { version, validate } = props as Partial<StandardProps>
  return version === 1 && typeof validate === 'function' ? (props as StandardProps) : null
}

export function standardPropsOf(value: unknown): StandardProps | null {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return null
  let props = propsCache.get(value)
  if (props === undefined) {
    props = readProps(value)
    propsCache.set(value, props)
  }
  return props
}

export function isStandardSchema(value: unknown): value is StandardSchema {
  return standardPropsOf(value) !== null
}

const kLibraryOnly = Symbol('warren.libraryOnly')

/** `schema` validated and serialized by its library alone: for schemas a library cannot convert. */
export function libraryOnly(schema: unknown): StandardSchema {
  const props = standardPropsOf(schema)
  if (props === null) throw new TypeError('libraryOnly(schema) takes a Standard Schema (an object with a `~standard` property of version 1)')
  return { '~standard': props, [kLibraryOnly]: schema } as unknown as StandardSchema
}

export interface StandardForm {
  vendor: string
  json: Record<string, unknown> | null
  /** The library's `validate`, when it must run after the compiled code (or alone). */
  validate: ((value: unknown) => unknown) | null
  /** Why the schema gives no JSON Schema, when it is not marked {@link libraryOnly}. */
  missing: string | null
  /** A value of the form JSON does not carry as its type says (a Date), and what to write instead. */
  nonJson: string | null
}

const forms = { input: new WeakMap<object, StandardForm>(), output: new WeakMap<object, StandardForm>() }

/** The form warren compiles, once per schema and side; non-`exact` ones also run the library's `validate` after Ajv. */
export function standardFormOf(schema: object, side: SchemaSide): StandardForm {
  let form = forms[side].get(schema)
  if (form === undefined) {
    form = buildForm(schema, standardPropsOf(schema)!, side)
    forms[side].set(schema, form)
  }
  return form
}

function buildForm(schema: object, props: StandardProps, side: SchemaSide): StandardForm {
  const vendor = String(props.vendor)
  const library = { vendor, json: null, validate: props.validate, missing: null, nonJson: null }
  if (kLibraryOnly in schema) return library
  const converter = props.jsonSchema?.[side]
  if (typeof converter !== 'function') return { ...library, missing: `${vendor} gives it no JSON Schema (its ~standard has no jsonSchema.${side})` }
  let conversion
  try {
    conversion = libraryProfile(vendor).convert((options) => converter.call(props.jsonSchema, options), schema)
  } catch (error) {
    return { ...library, missing: `${vendor} could not convert it to JSON Schema: ${error instanceof Error ? error.message : String(error)}` }
  }
  const exact = conversion.exact && formatsArePatterns(conversion.json)
  compiledForm(conversion.json, exact)
  return { vendor, json: withNamedRoot(conversion.json), validate: exact ? null : props.validate, missing: null, nonJson: conversion.nonJson }
}


const subschemaKeywords = ['additionalProperties', 'additionalItems', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf']
const subschemaMaps = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']

function eachSubschema(schema: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return
  const node = schema as Record<string, unknown>
  visit(node)
  for (const keyword of subschemaKeywords) {
    const value = node[keyword]
    if (Array.isArray(value)) for (const item of value) eachSubschema(item, visit)
    else eachSubschema(value, visit)
  }
  for (const keyword of subschemaMaps) {
    const map = node[keyword]
    if (map !== null && typeof map === 'object') for (const value of Object.values(map)) eachSubschema(value, visit)
  }
}

/** True when every string format is also a pattern: a library checks formats its own way, so Ajv may stand in only through its regex. */
function formatsArePatterns(json: Record<string, unknown>): boolean {
  let patterns = true
  eachSubschema(json, (node) => {
    const format = node.format !== undefined || node.contentEncoding !== undefined || node.contentMediaType !== undefined
    if (format && typeof node.pattern !== 'string') patterns = false
  })
  return patterns
}

/** Keywords that apply whatever the value's type: a branch holding one is not merged with `null`. */
const anyTypeKeywords = new Set(['enum', 'const', 'not', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', '$ref', '$dynamicRef', 'default'])

function isNullBranch(branch: unknown): boolean {
  if (branch === null || typeof branch !== 'object') return false
  const keys = Object.keys(branch)
  const only = (key: string): boolean => keys.every((name) => name === key || name === 'description' || name === 'title')
  const node = branch as Record<string, unknown>
  return (node.type === 'null' && only('type')) || (Object.hasOwn(node, 'const') && node.const === null && only('const'))
}

/**
 * `anyOf: [{ type: T, … }, { type: 'null' }]`, how libraries write a nullable value, as
 * `type: [T, 'null']`: the same values, but Ajv, which coerces while it tries a branch, no longer
 * turns `null` into the first branch's type (`0`, `''`, `['']`) before trying the second.
 */
function mergeNullable(node: Record<string, unknown>): void {
  const branches = node.anyOf
  if (!Array.isArray(branches) || branches.length !== 2 || Object.hasOwn(node, 'type')) return
  const nullAt = branches.findIndex(isNullBranch)
  if (nullAt === -1) return
  const other = branches[1 - nullAt] as Record<string, unknown> | null
  if (other === null || typeof other !== 'object' || typeof other.type !== 'string' || other.type === 'null') return
  for (const key of Object.keys(other)) if (key !== 'type' && (anyTypeKeywords.has(key) || Object.hasOwn(node, key))) return
  delete node.anyOf
  Object.assign(node, other, { type: [other.type, 'null'] })
}

/** Makes the library's JSON Schema the compiled one; when the library runs after Ajv, Ajv must never refuse or change what it accepts (docs/architecture.md). */
function compiledForm(json: Record<string, unknown>, exact: boolean): void {
  eachSubschema(json, (node) => {
    mergeNullable(node)
    delete node.format
    if (exact) return
    if (node.additionalProperties === false) delete node.additionalProperties
    delete node.default
    delete node.pattern
  })
}

/** A self-referencing schema with its root moved under `definitions`: warren's Ajv resolves no `#` in a schema without `$id`. */
function withNamedRoot(json: Record<string, unknown>): Record<string, unknown> {
  const selfRefs: Array<Record<string, unknown>> = []
  eachSubschema(json, (node) => {
    if (node.$ref === '#') selfRefs.push(node)
  })
  if (selfRefs.length === 0) return json
  const { $schema, definitions, ...root } = json
  const defs = { ...(definitions as Record<string, unknown> | undefined) }
  let name = 'root'
  for (let n = 2; Object.hasOwn(defs, name); n++) name = `root${n}`
  for (const node of selfRefs) node.$ref = `#/definitions/${name}`
  return { ...($schema === undefined ? {} : { $schema }), $ref: `#/definitions/${name}`, definitions: { ...defs, [name]: root } }
}

export function documentedJsonSchema(schema: unknown, side: SchemaSide): Record<string, unknown> | null {
  const props = standardPropsOf(schema)
  const converter = props?.jsonSchema?.[side]
  if (props === null || typeof converter !== 'function') return null
  try {
    return converter.call(props.jsonSchema, { target: 'draft-07', libraryOptions: libraryProfile(String(props.vendor)).lenientOptions })
  } catch {
    return null
  }
}
