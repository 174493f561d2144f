/**
 * The `schemaCache` factory option: off (`false`, the default), on in the default directory
 * (`true`), or on in a chosen directory (`{ dir }`).
 *
 * @module
 */
import { resolve } from 'node:path'

/** `schemaCache`: where compiled schemas are kept between starts, or `false` for nowhere. */
export type SchemaCacheOption = boolean | { dir?: string }

/** The directory `schemaCache: true` uses, relative to the working directory. */
export const defaultCacheDir = 'node_modules/.cache/warren'

/** True for a value `schemaCache` accepts. */
export function isSchemaCacheOption(value: unknown): boolean {
  if (typeof value === 'boolean') return true
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const dir = (value as { dir?: unknown }).dir
  return dir === undefined || (typeof dir === 'string' && dir !== '')
}

/** The absolute cache directory an option names, or null when the cache is off. */
export function cacheDirOf(option: SchemaCacheOption | undefined): string | null {
  if (option === undefined || option === false) return null
  return resolve(option === true ? defaultCacheDir : (option.dir ?? defaultCacheDir))
}
