/**
 * @module schema/standard-arktype
 * What warren knows of ArkType 2: what its JSON Schema leaves out, read from its `fallback` hook and
 * from the type itself.
 */
import { nonJsonNote, target, type LibraryProfile } from './standard-profile.js'

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

export const arktypeProfile: LibraryProfile = {
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
