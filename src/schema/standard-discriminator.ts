/**
 * @module schema/standard-discriminator
 * A library's union of objects told apart by one property (Zod's `discriminatedUnion`, Valibot's
 * `variant`, ArkType's union of tagged objects) compiled so that a failure names that property.
 */

/** Keywords that say nothing of the value: a union beside them is still only a union (a converter writes `$schema` at the root). */
const annotations = new Set(['title', 'description', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id', '$defs', 'definitions'])

interface Tag {
  name: string
  values: string[]
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** The string values a branch's property may take (`const`, or an `enum` of strings), or null. */
function valuesOf(property: unknown): string[] | null {
  if (!isObject(property)) return null
  if (typeof property.const === 'string') return [property.const]
  const list = property.enum
  return Array.isArray(list) && list.length > 0 && list.every((value) => typeof value === 'string') ? (list as string[]) : null
}

/** The property every branch requires with string values of its own, none shared: the union's discriminator. */
function tagOf(branches: unknown[]): Tag | null {
  const first = branches[0]
  if (branches.length < 2 || !isObject(first) || !isObject(first.properties)) return null
  for (const name of Object.keys(first.properties)) {
    const values: string[] = []
    const tells = branches.every((branch) => {
      if (!isObject(branch) || branch.type !== 'object' || !isObject(branch.properties) || !Array.isArray(branch.required) || !branch.required.includes(name)) return false
      const own = valuesOf(branch.properties[name])
      if (own === null || own.some((value) => values.includes(value))) return false
      values.push(...own)
      return true
    })
    if (tells) return { name, values }
  }
  return null
}

/**
 * Makes such a union Ajv's `discriminator` (the `discriminator: true` option): Ajv checks the property
 * first, against every branch's values, then the one branch it selects, so a failure says
 * `body/format/kind must be equal to one of the allowed values` (the values in the item's
 * `params.allowedValues`) or names a field of that branch, not every branch's. The values differ
 * from branch to branch, so `anyOf` and `oneOf` accept the same values.
 */
export function discriminated(node: Record<string, unknown>): void {
  const keyword = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : null
  if (keyword === null) return
  for (const key of Object.keys(node)) if (key !== keyword && !annotations.has(key) && !(key === 'type' && node.type === 'object')) return
  const branches = node[keyword] as unknown[]
  const tag = tagOf(branches)
  if (tag === null) return
  delete node[keyword]
  Object.assign(node, { type: 'object', required: [tag.name], properties: { [tag.name]: { enum: tag.values } }, discriminator: { propertyName: tag.name }, oneOf: branches })
}
