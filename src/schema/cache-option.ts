/**
 * @module schema/cache-option
 * The `schemaCache` factory option: off (the default), in the default directory, or in `{ dir }`.
 */
import { resolve } from 'node:path'

export type SchemaCacheOption = boolean | { dir?: string }

/** The directory `schemaCache: true` uses, relative to the working directory. */
export const defaultCacheDir = 'node_modules/.cache/warren'

export function isSchemaCacheOption(value: unknown): boolean {
  if (typeof value === 'boolean') return true
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const dir = (value as { dir?: unknown }).dir
  return dir === undefined || (typeof dir === 'string' && dir !== '')
}

export function cacheDirOf(option: SchemaCacheOption | undefined): string | null {
  if (option === undefined || option === false) return null
  return resolve(option === true ? defaultCacheDir : (option.dir ?? defaultCacheDir))
}
