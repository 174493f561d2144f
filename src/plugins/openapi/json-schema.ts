/**
 * @module Route and shared schemas as plain OpenAPI 3.1 data: no TypeBox symbols, no `$id` (it would
 * move the base URI `#/components/...` resolves against), `$ref`s into components, and an error for what JSON cannot say.
 */
import { codes } from '../../index.js'
import type { JsonSchema } from './types.js'

const typeBoxKind = Symbol.for('TypeBox.Kind')
const jsonTypes = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'])
const dataKeywords = new Set(['default', 'const', 'enum', 'examples', 'example'])
const schemaMapKeywords = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
const objectValuedKeywords = new Set([
  ...schemaMapKeywords, 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'dependencies', 'items',
  'additionalItems', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else', 'default', 'const', 'example', 'errorMessage',
])

export interface SchemaSite {
  part: string
  route: string
}

export interface SharedTarget {
  name: string
  /** The schema as added, to find anchors in. */
  raw: unknown
}

export type SharedLookup = (id: string) => SharedTarget | undefined

interface Walk {
  site: SchemaSite
  shared: SharedLookup
  root: unknown
  /** `#/components/schemas/<name>` for a shared schema; `null` for a route's, whose local references are inlined. */
  base: string | null
  inlining: string[]
  /** True for a library's schema whose references already point into components. */
  componentRefs?: boolean
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function isShortForm(schema: unknown): schema is Record<string, unknown> {
  if (!isPlainObject(schema) || (schema as Record<symbol, unknown>)[typeBoxKind] !== undefined) return false
  const keys = Object.keys(schema)
  return keys.length > 0 && keys.every((key) => !objectValuedKeywords.has(key) && isPlainObject(schema[key]))
}

export function fullSchema(schema: unknown): unknown {
  return isShortForm(schema) ? { type: 'object', properties: schema } : schema
}

function unexpressible(walk: Walk, at: string, why: string): Error {
  return new codes.SVC_ERR_OPENAPI_UNEXPRESSIBLE(walk.site.part, walk.site.route, at || '(root)', why)
}

export function convertRouteSchema(schema: unknown, site: SchemaSite, shared: SharedLookup): JsonSchema {
  const full = fullSchema(schema)
  return convert(full, { site, shared, root: full, base: null, inlining: [] }, '') as JsonSchema
}

export function convertLibrarySchema(schema: unknown, site: SchemaSite): JsonSchema {
  const noShared: SharedLookup = () => undefined
  return convert(schema, { site, shared: noShared, root: schema, base: null, inlining: [], componentRefs: true }, '') as JsonSchema
}

export function convertSharedSchema(schema: unknown, name: string, site: SchemaSite, shared: SharedLookup): JsonSchema {
  return convert(schema, { site, shared, root: schema, base: `#/components/schemas/${escapePointer(name)}`, inlining: [] }, '') as JsonSchema
}

function convert(value: unknown, walk: Walk, at: string): unknown {
  if (Array.isArray(value)) return value.map((item, index) => convert(item, walk, `${at}/${index}`))
  if (!isPlainObject(value)) return copyData(value, walk, at)
  checkExpressible(value, walk, at)
  const ref = typeof value.$ref === 'string' ? rewriteRef(value.$ref, walk, at) : undefined
  if (ref !== undefined && typeof ref !== 'string') return withSiblings(ref, value, walk, at)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    if (key === '$id' || key === '$schema') continue
    const child = value[key]
    const path = `${at}/${key}`
    if (key === '$ref' && ref !== undefined) out.$ref = ref
    else if (dataKeywords.has(key)) out[key] = copyData(child, walk, path)
    else if (schemaMapKeywords.has(key) && isPlainObject(child)) out[key] = convertMap(child, walk, path)
    else out[key] = convert(child, walk, path)
  }
  return toDraft2020(out)
}

/** Draft 7 spellings in 2020-12's, which OpenAPI 3.1 reads: a tuple `items` is `prefixItems`, `dependencies` splits in two. */
function toDraft2020(schema: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(schema.items)) {
    const { items, additionalItems, ...rest } = schema
    schema = { ...rest, prefixItems: items, ...(additionalItems !== undefined && { items: additionalItems }) }
  }
  if (isPlainObject(schema.dependencies)) {
    const { dependencies, ...rest } = schema
    const required: Record<string, unknown> = {}
    const schemas: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(dependencies)) (Array.isArray(value) ? required : schemas)[name] = value
    schema = { ...rest, ...(Object.keys(required).length > 0 && { dependentRequired: required }), ...(Object.keys(schemas).length > 0 && { dependentSchemas: schemas }) }
  }
  return schema
}

function convertMap(map: Record<string, unknown>, walk: Walk, at: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(map)) out[key] = convert(map[key], walk, `${at}/${key}`)
  return out
}

function checkExpressible(schema: Record<string, unknown>, walk: Walk, at: string): void {
  const kind = (schema as Record<symbol, unknown>)[typeBoxKind]
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]
  for (const type of types) {
    if (typeof type !== 'string' || !jsonTypes.has(type)) {
      const what = typeof kind === 'string' ? `TypeBox Type.${kind}()` : `type '${String(type)}'`
      throw unexpressible(walk, at, `${what} is not a JSON type (JSON has null, boolean, object, array, number, string, integer)`)
    }
  }
  if (kind === 'Unsafe' && Object.keys(schema).length === 0) {
    throw unexpressible(walk, at, 'Type.Unsafe() without a JSON Schema says nothing a client can rely on; give it one, e.g. Type.Unsafe<T>({ type: "string" })')
  }
}

/** Data as JSON: functions, symbols, bigints and undefined have no form. */
function copyData(value: unknown, walk: Walk, at: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw unexpressible(walk, at, `${value} is not a JSON number`)
    return value
  }
  if (Array.isArray(value)) return value.map((item, index) => copyData(item, walk, `${at}/${index}`))
  if (value instanceof Date) return value.toISOString()
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) out[key] = copyData(value[key], walk, `${at}/${key}`)
    return out
  }
  throw unexpressible(walk, at, `a ${typeof value} has no JSON form`)
}

/** A `$ref` into the document; a route's local reference is inlined instead. */
function rewriteRef(ref: string, walk: Walk, at: string): string | unknown {
  if (walk.componentRefs === true && ref.startsWith('#/components/schemas/')) return ref
  const hash = ref.indexOf('#')
  const id = hash === -1 ? ref : ref.slice(0, hash)
  const fragment = hash === -1 ? '' : ref.slice(hash + 1)
  if (id === '') {
    if (walk.base !== null) return walk.base + localPointer(walk.root, fragment, ref, walk)
    return inlineLocal(localPointer(walk.root, fragment, ref, walk), ref, walk, at)
  }
  const target = walk.shared(id)
  if (target === undefined) throw new codes.SVC_ERR_OPENAPI_REF_MISSING(walk.site.part, walk.site.route, ref)
  return `#/components/schemas/${escapePointer(target.name)}` + localPointer(target.raw, fragment, ref, walk)
}

/** The JSON pointer a fragment designates in `root`: a pointer as is, an anchor looked up. */
function localPointer(root: unknown, fragment: string, ref: string, walk: Walk): string {
  if (fragment === '' || fragment.startsWith('/')) {
    if (resolvePointer(root, fragment) === undefined) throw new codes.SVC_ERR_OPENAPI_REF_MISSING(walk.site.part, walk.site.route, ref)
    return fragment
  }
  const pointer = findAnchor(root, fragment, '')
  if (pointer === null) throw new codes.SVC_ERR_OPENAPI_REF_MISSING(walk.site.part, walk.site.route, ref)
  return pointer
}

function inlineLocal(pointer: string, ref: string, walk: Walk, at: string): unknown {
  if (walk.inlining.includes(pointer)) {
    throw unexpressible(walk, at, `the local reference '${ref}' is recursive; add the schema with addSchema and refer to its $id instead`)
  }
  walk.inlining.push(pointer)
  const inlined = convert(resolvePointer(walk.root, pointer), walk, pointer)
  walk.inlining.pop()
  return inlined
}

function withSiblings(inlined: unknown, schema: Record<string, unknown>, walk: Walk, at: string): unknown {
  const siblings = Object.keys(schema).filter((key) => key !== '$ref' && key !== '$id' && key !== '$schema')
  if (siblings.length === 0) return inlined
  const rest: Record<string, unknown> = {}
  for (const key of siblings) rest[key] = schema[key]
  const converted = convert(rest, walk, at) as Record<string, unknown>
  return { allOf: [inlined], ...converted }
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function unescapePointer(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
}

export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root
  let node = root
  for (const token of pointer.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[unescapePointer(token)]
  }
  return node
}

function findAnchor(node: unknown, anchor: string, pointer: string): string | null {
  if (node === null || typeof node !== 'object') return null
  const schema = node as Record<string, unknown>
  if (pointer !== '' && (schema.$id === `#${anchor}` || schema.$anchor === anchor)) return pointer
  for (const key of Object.keys(schema)) {
    if (dataKeywords.has(key)) continue
    const found = findAnchor(schema[key], anchor, `${pointer}/${escapePointer(key)}`)
    if (found !== null) return found
  }
  return null
}

export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  )
}

export function componentKey(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]+/g, '_') || 'schema'
}
