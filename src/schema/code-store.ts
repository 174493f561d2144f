/**
 * @module schema/code-store
 * Where the default compilers find code generated ahead of time and put what they generate.
 */

/** An entry's code, or a function that generates it when written (null: no standalone code possible). */
export type EntryCode = string | (() => string | null)

export function generated(code: EntryCode): string | null {
  if (typeof code === 'string') return code
  try {
    return code()
  } catch {
    return null
  }
}

export interface SchemaCodeStore {
  /** Keys and code a bundled Worker can use: no package versions or function source, serializers inlining their Ajv validators. */
  readonly portable: boolean
  /** The function an entry exports, or undefined for a miss; a store that cannot compile throws on a miss. */
  load(key: string, where: string): unknown
  store(key: string, code: EntryCode): void
  /** True while `store` keeps entries (Ajv then keeps its source). */
  canWrite(): boolean
}
