/**
 * What an application's schema compile cache did at start-up, for the `warren compile`
 * command, benchmarks and tests: read through the root state, since the cache belongs to the
 * application's default compilers.
 *
 * @module
 */
import { kRoot } from '../core/symbols.js'
import { CompileCache, type CompileCacheStats } from './compile-cache.js'
import type { DefaultCompilers } from './compilers.js'

export type { CompileCacheStats }

/** The application's default compilers, if `app` is an application. */
export function compilersOf(app: unknown): DefaultCompilers | null {
  const root = (app as Record<symbol, { compilers?: DefaultCompilers } | undefined> | null)?.[kRoot]
  return root?.compilers ?? null
}

function cacheOf(app: unknown): CompileCache | null {
  const cache = compilersOf(app)?.cache
  return cache instanceof CompileCache ? cache : null
}

/** A copy of the cache's counters (hits, misses, writes, corrupt entries), or null when `schemaCache` is off. */
export function schemaCacheStats(app: unknown): CompileCacheStats | null {
  const cache = cacheOf(app)
  return cache === null ? null : { ...cache.stats }
}

/**
 * Resolves when every cache entry the application has written so far is on disk; with
 * `codeCache`, also compiles those entries and writes their V8 code cache (which a normal
 * start leaves to the next start that loads them).
 */
export async function schemaCacheSettled(app: unknown, options: { codeCache?: boolean } = {}): Promise<void> {
  const cache = cacheOf(app)
  if (cache === null) return
  await (options.codeCache === true ? cache.writeCodeCaches() : cache.settled())
}
