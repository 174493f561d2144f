/**
 * @module Route schemas written with another library (Standard Schema: Zod, Valibot, ArkType) as
 * OpenAPI data: the JSON Schema the library gives (what a request part accepts, what a response
 * carries), its definitions (a Zod `.meta({ id })`, a recursive schema's) and a titled root made
 * `components.schemas` entries the operation refers to, one entry per distinct schema.
 */
import { standardJsonSchema } from '../../index.js'
import { componentKey, convertLibrarySchema, isPlainObject, stableJson, type SchemaSite } from './json-schema.js'
import type { JsonSchema } from './types.js'

/** Which form of a schema the document shows: what a request part accepts, or what a response carries. */
export type SchemaSide = 'input' | 'output'

const componentPrefix = '#/components/schemas/'

/** Puts the definitions and titled schemas of libraries into `components.schemas`. */
export class LibraryComponents {
  readonly #components: Record<string, JsonSchema>
  /** The component names given to a set of definitions, by its content: a schema several routes use is one set of entries. */
  readonly #namesByDefinitions = new Map<string, Map<string, string>>()

  constructor(components: Record<string, JsonSchema>) {
    this.#components = components
  }

  /**
   * The OpenAPI schema of a Standard Schema: its definitions become components (references to them
   * rewritten), and so does the root when the library gives it a title. A schema whose library
   * gives no JSON Schema says nothing (`{}`).
   */
  convert(schema: unknown, side: SchemaSide, site: SchemaSite): JsonSchema {
    const json = standardJsonSchema(schema, side)
    if (json === null) return {}
    const { definitions, $defs, ...root } = json
    const defs = { ...(isPlainObject(definitions) ? definitions : {}), ...(isPlainObject($defs) ? $defs : {}) }
    // a schema that refers to itself (`$ref: '#'`, Zod's recursion) is a component: a reference needs a name
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

  /** Component names for a schema's definitions, each converted into its entry once (`rootName`: the component `#` names). */
  #definitionNames(defs: Record<string, unknown>, site: SchemaSite, rootName: string | undefined): Map<string, string> {
    const key = stableJson(defs)
    let names = rootName === undefined ? this.#namesByDefinitions.get(key) : undefined
    if (names !== undefined) return names
    names = new Map()
    for (const name of Object.keys(defs)) names.set(name, this.#free(componentKey(name)))
    for (const [name, component] of names) {
      this.#components[component] = convertLibrarySchema(rewriteRefs(defs[name], names, rootName), { ...site, part: `${site.part} (definition ${name})` })
    }
    if (rootName === undefined) this.#namesByDefinitions.set(key, names)
    return names
  }

  /** `base`, or `base_2`, `base_3`… whichever no component has yet (reserved at once). */
  #free(base: string): string {
    let name = base
    for (let n = 2; Object.hasOwn(this.#components, name); n++) name = `${base}_${n}`
    this.#components[name] = {}
    return name
  }

  /** The component holding `schema` under `title`: the same entry for the same schema, another name for another one. */
  #named(title: string, schema: JsonSchema): string {
    const base = componentKey(title)
    let name = base
    for (let n = 2; Object.hasOwn(this.#components, name); n++) {
      if (stableJson(this.#components[name]) === stableJson(schema)) return name
      name = `${base}_${n}`
    }
    this.#components[name] = schema
    return name
  }
}

/** The component a `$ref` of a library's schema points to: a definition's, or the root's (`#`). */
function componentOf(ref: string, names: Map<string, string>, rootName: string | undefined): string | undefined {
  if (ref === '#') return rootName
  const definition = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref)
  return definition === null ? undefined : names.get(decodeURIComponent(definition[1]).replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** `node` with every reference to a definition (`#/definitions/X`, `#/$defs/X`) or to the root pointing to its component. */
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

/** True when `node` holds `$ref: ref` somewhere. */
function refersTo(node: unknown, ref: string): boolean {
  if (Array.isArray(node)) return node.some((item) => refersTo(item, ref))
  if (!isPlainObject(node)) return false
  return Object.entries(node).some(([key, value]) => (key === '$ref' ? value === ref : refersTo(value, ref)))
}
