/**
 * @module schema/standard-json
 * A library's JSON Schema made into the one warren compiles: whether Ajv may stand in for the library,
 * and what it must leave to the library when it may not.
 */
import { discriminated } from './standard-discriminator.js'

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

/** A step Ajv and the libraries check alike: Ajv divides in floating point (19.99 / 0.01 is not whole), each library computes its own way. */
function isWholeStep(step: unknown): boolean {
  return step === undefined || Number.isInteger(step)
}

/**
 * True when Ajv checks each keyword as the library does: every string format is also a pattern (a
 * library checks formats its own way, so Ajv may stand in only through its regex) and every
 * `multipleOf` is whole.
 */
export function ajvStandsIn(json: Record<string, unknown>): boolean {
  let agrees = true
  eachSubschema(json, (node) => {
    const format = node.format !== undefined || node.contentEncoding !== undefined || node.contentMediaType !== undefined
    if ((format && typeof node.pattern !== 'string') || !isWholeStep(node.multipleOf)) agrees = false
  })
  return agrees
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
 * `type: [T, 'null']`: the same values, and Ajv, which coerces while it tries a branch, then does not
 * turn `null` into the first branch's type (`0`, `''`, `['']`) before trying the second.
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

/** What Ajv must not check when the library runs after it: anything the library may mean otherwise. */
function leftToTheLibrary(node: Record<string, unknown>): void {
  if (node.additionalProperties === false) delete node.additionalProperties
  delete node.default
  delete node.pattern
  if (!isWholeStep(node.multipleOf)) delete node.multipleOf
}

/** Makes the library's JSON Schema the compiled one; when the library runs after Ajv, Ajv must never refuse or change what it accepts (docs/architecture.md). */
export function compiledForm(json: Record<string, unknown>, exact: boolean, side: 'input' | 'output'): void {
  eachSubschema(json, (node) => {
    mergeNullable(node)
    if (side === 'input') discriminated(node)
    delete node.format
    if (!exact) leftToTheLibrary(node)
    if (side === 'output') writingAll(node)
  })
}

function isObjectNode(node: Record<string, unknown>): boolean {
  const type = node.type
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || node.properties !== undefined
}

/**
 * fast-json-stringify leaves out a key an object does not declare and refuses an item a tuple does
 * not declare; JSON Schema allows both unless it says otherwise, and so does the library
 * (`v.looseObject`, ArkType's objects, `v.looseTuple`): what it allows is written.
 */
function writingAll(node: Record<string, unknown>): void {
  if (isObjectNode(node) && node.additionalProperties === undefined) node.additionalProperties = true
  if (Array.isArray(node.items) && node.additionalItems === undefined) node.additionalItems = true
}

/** A self-referencing schema with its root moved under `definitions`: warren's Ajv resolves no `#` in a schema without `$id`. */
export function withNamedRoot(json: Record<string, unknown>): Record<string, unknown> {
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
