/**
 * @module Standard Schema route schemas as OpenAPI data: the library's JSON Schema, its definitions
 * and titled root made `components.schemas` entries, one per distinct schema.
 */
import { codes, standardJsonSchema } from '../../index.js'
import { componentKey, convertLibrarySchema, isPlainObject, stableJson, type SchemaSite } from './json-schema.js'
import { definitionOf, inlineSingleUse, isCounterName, type Definitions } from './library-definitions.js'
import type { JsonSchema } from './types.js'

export type SchemaSide = 'input' | 'output'

const componentPrefix = '#/components/schemas/'

/** A name an id or a title gave: the schema that took it (both its forms, as JSON), where, and the component of each form. */
interface Claim {
  identity: string
  where: string
  byId: boolean
  /** For a title: the name it yields to an id (after its route and part), and the references given out. */
  yieldsTo?: string
  refs?: Array<{ $ref: string }>
  forms: Map<string, string>
}

/** Describes who holds a component name given before any library schema (a shared schema, warren's error body). */
export type NameHolder = (name: string) => string | undefined

export class LibraryComponents {
  readonly #components: Record<string, JsonSchema>
  readonly #holderOf: NameHolder
  /** Component names per set of definitions, by content: a schema several routes use is one set of entries. */
  readonly #namesByDefinitions = new Map<string, Map<string, string>>()
  readonly #claims = new Map<string, Claim>()
  /** The name a titled schema was given where its title was another's, so its other form is named beside it. */
  readonly #titleBases = new Map<string, string>()

  constructor(components: Record<string, JsonSchema>, holderOf: NameHolder) {
    this.#components = components
    this.#holderOf = holderOf
  }

  /** A Standard Schema's OpenAPI schema, definitions (and a titled root) made components; `{}` without JSON Schema. */
  convert(schema: unknown, side: SchemaSide, site: SchemaSite): JsonSchema {
    const json = standardJsonSchema(schema, side)
    if (json === null) return {}
    const vendor = String((schema as { '~standard': { vendor?: unknown } })['~standard'].vendor)
    const forms = new BothForms(schema)
    const { definitions, $defs, $schema: _dialect, ...rest } = json
    let root: Record<string, unknown> = rest
    let defs: Definitions = { ...(isPlainObject(definitions) ? definitions : {}), ...(isPlainObject($defs) ? $defs : {}) }
    if (vendor === 'arktype') ({ root, defs } = inlineSingleUse(root, defs))
    // a self-referencing schema is a component: a reference needs a name
    const rootName = refersTo(root, '#') ? this.#free(componentKey(typeof root.title === 'string' ? root.title : `${site.route} ${site.part}`)) : undefined
    const names = this.#definitionNames(defs, { site, vendor, forms }, rootName)
    const converted = convertLibrarySchema(rewriteRefs(root, names, rootName), site)
    if (rootName !== undefined) {
      this.#components[rootName] = converted
      return { $ref: componentPrefix + rootName }
    }
    if (!isPlainObject(converted) || typeof converted.title !== 'string' || typeof converted.$ref === 'string') return converted
    return this.#titled(converted.title, converted, forms.identity(), site)
  }

  #definitionNames(defs: Definitions, from: { site: SchemaSite; vendor: string; forms: BothForms }, rootName: string | undefined): Map<string, string> {
    const { site, vendor, forms } = from
    // an id is checked on every use: another schema may claim it on any route
    const ids = new Map<string, { name: string; fresh: boolean }>()
    for (const name of Object.keys(defs)) {
      if (!isCounterName(name, vendor)) ids.set(name, this.#idName(name, stableJson(defs[name]), forms.definitionIdentity(name), site))
    }
    const key = stableJson(defs)
    let names = rootName === undefined ? this.#namesByDefinitions.get(key) : undefined
    if (names !== undefined) return names
    names = new Map()
    let ordinal = rootName === undefined ? 0 : 1
    for (const name of Object.keys(defs)) {
      const id = ids.get(name)
      names.set(name, id?.name ?? this.#free(componentKey(counterBase(defs[name], site, ordinal++))))
    }
    for (const [name, component] of names) {
      if (ids.get(name)?.fresh === false) continue
      this.#components[component] = convertLibrarySchema(rewriteRefs(defs[name], names, rootName), { ...site, part: `${site.part} (definition ${name})` })
    }
    if (rootName === undefined) this.#namesByDefinitions.set(key, names)
    return names
  }

  /** An explicit id names one schema: its first form takes the id, its other form `<id>_2`; any other schema under it is refused. */
  #idName(id: string, content: string, identity: string, site: SchemaSite): { name: string; fresh: boolean } {
    const where = `the ${site.part} schema of route ${site.route}`
    let claim = this.#claims.get(componentKey(id))
    if (claim !== undefined && !claim.byId && claim.identity !== identity) claim = this.#yield(componentKey(id), claim)
    const holder = claim === undefined ? this.#holderOf(componentKey(id)) : claim.identity === identity ? undefined : claim.where
    if (holder !== undefined) throw new codes.SVC_ERR_OPENAPI_ID_CONFLICT(id, holder, where)
    return this.#formName(componentKey(id), content, { identity, where, byId: true })
  }

  /** A title may repeat: a schema whose title another schema (or an id) holds is named after its route and part. */
  #titled(title: string, schema: JsonSchema, identity: string, site: SchemaSite): { $ref: string } {
    const where = `the ${site.part} schema of route ${site.route}`
    let base = componentKey(title)
    const claim = this.#claims.get(base)
    const content = stableJson(schema)
    // the same schema under its title already (a recursive definition's, a shared one's): one entry
    if (claim === undefined && Object.hasOwn(this.#components, base) && stableJson(this.#components[base]) === content) return { $ref: componentPrefix + base }
    const sameContent = claim === undefined ? undefined : [...claim.forms].find(([known]) => known === content)
    if (sameContent !== undefined) {
      const ref = { $ref: componentPrefix + sameContent[1] }
      claim?.refs?.push(ref)
      return ref
    }
    if (claim === undefined ? Object.hasOwn(this.#components, base) : claim.identity !== identity) {
      const key = `${base}\0${identity}`
      base = this.#titleBases.get(key) ?? componentKey(`${title} ${site.route} ${site.part}`)
      this.#titleBases.set(key, base)
    }
    const { name, fresh } = this.#formName(base, content, { identity, where, byId: false, yieldsTo: componentKey(`${title} ${site.route} ${site.part}`), refs: [] })
    if (fresh) this.#components[name] = schema
    const ref = { $ref: componentPrefix + name }
    this.#claims.get(base)?.refs?.push(ref)
    return ref
  }

  /** An id keeps its name whichever route comes first: a titled schema that took it moves to its other name. */
  #yield(base: string, claim: Claim): undefined {
    this.#claims.delete(base)
    const moved = new Map<string, string>()
    for (const [content, name] of claim.forms) {
      const renamed = this.#free(name === base ? claim.yieldsTo! : `${claim.yieldsTo!}_2`)
      this.#components[renamed] = this.#components[name]
      delete this.#components[name]
      moved.set(name, renamed)
      claim.forms.set(content, renamed)
    }
    for (const ref of claim.refs ?? []) ref.$ref = componentPrefix + moved.get(ref.$ref.slice(componentPrefix.length))!
    this.#claims.set(claim.yieldsTo!, claim)
    this.#titleBases.set(`${base}\0${claim.identity}`, claim.yieldsTo!)
    return undefined
  }

  /** The component of one form of the schema that claims `base`: the first form is `base`, the other `base_2`. */
  #formName(base: string, content: string, claimant: Omit<Claim, 'forms'>): { name: string; fresh: boolean } {
    let claim = this.#claims.get(base)
    if (claim === undefined) this.#claims.set(base, (claim = { ...claimant, forms: new Map() }))
    const known = claim.forms.get(content)
    if (known !== undefined) return { name: known, fresh: false }
    const name = this.#free(claim.forms.size === 0 ? base : `${base}_2`)
    claim.forms.set(content, name)
    return { name, fresh: true }
  }

  /** `base`, or `base_2`, `base_3`…, whichever is free (reserved at once). */
  #free(base: string): string {
    let name = base
    for (let n = 2; Object.hasOwn(this.#components, name); n++) name = `${base}_${n}`
    this.#components[name] = {}
    return name
  }
}

/** A schema's input and output JSON Schemas, read when an id or a title asks which schema it is. */
class BothForms {
  readonly #schema: unknown
  #forms: Array<Record<string, unknown> | null> | undefined

  constructor(schema: unknown) {
    this.#schema = schema
  }

  #read(): Array<Record<string, unknown> | null> {
    return (this.#forms ??= [standardJsonSchema(this.#schema, 'input'), standardJsonSchema(this.#schema, 'output')])
  }

  identity(): string {
    return stableJson(this.#read())
  }

  definitionIdentity(name: string): string {
    return stableJson(this.#read().map((json) => (isPlainObject(json?.definitions) ? json.definitions[name] : isPlainObject(json?.$defs) ? json.$defs[name] : null)))
  }
}

/** A counted definition's base name: its title, else the route and part it serves (`_def1`… after the first: `_2` is an output form). */
function counterBase(definition: unknown, site: SchemaSite, ordinal: number): string {
  if (isPlainObject(definition) && typeof definition.title === 'string') return definition.title
  return `${site.route} ${site.part}${ordinal === 0 ? '' : ` def${ordinal}`}`
}

function componentOf(ref: string, names: Map<string, string>, rootName: string | undefined): string | undefined {
  if (ref === '#') return rootName
  const definition = definitionOf(ref)
  return definition === undefined ? undefined : names.get(definition)
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
