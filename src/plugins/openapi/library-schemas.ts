/**
 * @module Standard Schema route schemas as OpenAPI data: the library's JSON Schema, its definitions
 * and titled root made `components.schemas` entries, one per distinct schema.
 */
import { standardJsonSchema } from '../../index.js'
import { componentKey, convertLibrarySchema, isPlainObject, stableJson, unescapePointer, type SchemaSite } from './json-schema.js'
import type { JsonSchema } from './types.js'

export type SchemaSide = 'input' | 'output'

const componentPrefix = '#/components/schemas/'

export class LibraryComponents {
  readonly #components: Record<string, JsonSchema>
  /** Component names per set of definitions, by content: a schema several routes use is one set of entries. */
  readonly #namesByDefinitions = new Map<string, Map<string, string>>()

  constructor(components: Record<string, JsonSchema>) {
    this.#components = components
  }

  /** A Standard Schema's OpenAPI schema, definitions (and a titled root) made components; `{}` without JSON Schema. */
  convert(schema: unknown, side: SchemaSide, site: SchemaSite): JsonSchema {
    const json = standardJsonSchema(schema, side)
    if (json === null) return {}
    const { definitions, $defs, ...root } = json
    const defs = { ...(isPlainObject(definitions) ? definitions : {}), ...(isPlainObject($defs) ? $defs : {}) }
    // a self-referencing schema is a component: a reference needs a name
    const rootName = refersTo(json, '#') ? this.#free(componentKey(typeof root.title === 'string' ? root.title : `${site.route} ${site.part}`)) : undefined
    const names = this.#definitionNames(defs, site, rootName)
    const converted = convertLibrarySchema(rewriteRefs(root, names, rootName), site)
    if (rootName !== undefined) {
      this.#components[rootName] = converted
      return { $ref: componentPrefix + rootName }
    }
    if (!isPlainObject(converted) || typeof converted.title !== 'string' || typeof converted.$ref === 'string') return converted
    return { $ref: componentPrefix + this.#named(converted.title, converted) }
  }

  #definitionNames(defs: Record<string, unknown>, site: SchemaSite, rootName: string | undefined): Map<string, string> {
    const key = stableJson(defs)
    let names = rootName === undefined ? this.#namesByDefinitions.get(key) : undefined
    if (names !== undefined) return names
    names = new Map()
    for (const name of Object.keys(defs)) names.set(name, this.#free(componentKey(definitionBase(name, defs[name], site))))
    for (const [name, component] of names) {
      this.#components[component] = convertLibrarySchema(rewriteRefs(defs[name], names, rootName), { ...site, part: `${site.part} (definition ${name})` })
    }
    if (rootName === undefined) this.#namesByDefinitions.set(key, names)
    return names
  }

  /** `base`, or `base_2`, `base_3`…, whichever is free (reserved at once). */
  #free(base: string): string {
    let name = base
    for (let n = 2; Object.hasOwn(this.#components, name); n++) name = `${base}_${n}`
    this.#components[name] = {}
    return name
  }

  #named(title: string, schema: JsonSchema): string {
    const base = componentKey(title)
    const content = stableJson(schema)
    let name = base
    for (let n = 2; Object.hasOwn(this.#components, name); n++) {
      if (stableJson(this.#components[name]) === content) return name
      name = `${base}_${n}`
    }
    this.#components[name] = schema
    return name
  }
}

/** A definition's component name: the converter's own, unless that is a counter (Valibot's `0`): then its title, else the route and part it serves. */
function definitionBase(name: string, definition: unknown, site: SchemaSite): string {
  if (!/^\d+$/.test(name)) return name
  if (isPlainObject(definition) && typeof definition.title === 'string') return definition.title
  return `${site.route} ${site.part}${name === '0' ? '' : ` ${name}`}`
}

function componentOf(ref: string, names: Map<string, string>, rootName: string | undefined): string | undefined {
  if (ref === '#') return rootName
  const definition = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref)
  return definition === null ? undefined : names.get(unescapePointer(definition[1]))
}

function rewriteRefs(node: unknown, names: Map<string, string>, rootName: string | undefined): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, names, rootName))
  if (!isPlainObject(node)) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    const name = key === '$ref' && typeof value === 'string' ? componentOf(value, names, rootName) : undefined
    out[key] = name === undefined ? rewriteRefs(value, names, rootName) : componentPrefix + name
  }
  return out
}

function refersTo(node: unknown, ref: string): boolean {
  if (Array.isArray(node)) return node.some((item) => refersTo(item, ref))
  if (!isPlainObject(node)) return false
  return Object.entries(node).some(([key, value]) => (key === '$ref' ? value === ref : refersTo(value, ref)))
}
