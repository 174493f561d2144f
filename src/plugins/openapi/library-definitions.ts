/**
 * @module A library's JSON Schema definitions as the document names them: which names are a converter's
 * counters (never a component's name), and ArkType's definitions of one use written in place.
 */
import { isPlainObject, unescapePointer } from './json-schema.js'

export type Definitions = Record<string, unknown>

/**
 * True for a definition name the converter counted rather than the user chose: Valibot's `0`, Zod's
 * `__schema0`, and every ArkType one (its node ids, `intersection219`, shift as the app's types change).
 */
export function isCounterName(name: string, vendor: string): boolean {
  return vendor === 'arktype' || /^(?:__schema)?\d+$/.test(name)
}

/** The definition a `$ref` names, or undefined for any other reference. */
export function definitionOf(ref: string): string | undefined {
  const match = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref)
  return match === null ? undefined : unescapePointer(match[1])
}

/**
 * ArkType makes every node of a cyclic type a definition (an array, a union…). Those referenced once
 * are written where they are used; a cycle keeps a definition, since its entry is referenced from
 * inside the cycle and from outside it (or is the root's).
 */
export function inlineSingleUse(root: Record<string, unknown>, defs: Definitions): { root: Record<string, unknown>; defs: Definitions } {
  const uses = new Map<string, number>()
  countUses([root, ...Object.values(defs)], uses)
  const inlined = new Set(Object.keys(defs).filter((name) => uses.get(name) === 1))
  if (inlined.size === 0) return { root, defs }
  const expand = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(expand)
    if (!isPlainObject(node)) return node
    const target = soleRef(node)
    if (target !== undefined && inlined.has(target)) return expand(defs[target])
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, expand(value)]))
  }
  const kept: Definitions = {}
  for (const name of Object.keys(defs)) if (!inlined.has(name)) kept[name] = expand(defs[name])
  return { root: expand(root) as Record<string, unknown>, defs: kept }
}

/** The definition a node only refers to (`{ $ref }` and nothing beside it). */
function soleRef(node: Record<string, unknown>): string | undefined {
  const keys = Object.keys(node)
  return keys.length === 1 && typeof node.$ref === 'string' ? definitionOf(node.$ref) : undefined
}

/** Counts references per definition; one with keywords beside it counts twice, so it is never written in place. */
function countUses(node: unknown, uses: Map<string, number>): void {
  if (Array.isArray(node)) for (const item of node) countUses(item, uses)
  else if (isPlainObject(node)) {
    const ref = typeof node.$ref === 'string' ? definitionOf(node.$ref) : undefined
    if (ref !== undefined) uses.set(ref, (uses.get(ref) ?? 0) + (soleRef(node) === undefined ? 2 : 1))
    for (const [key, value] of Object.entries(node)) if (key !== '$ref') countUses(value, uses)
  }
}
