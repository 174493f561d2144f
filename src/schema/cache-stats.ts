/**
 * @module schema/cache-stats
 * What an application's compile cache did at start-up, for `warren compile`, benchmarks and tests.
 */
import { kRoot } from '../core/symbols.js'
import { CompileCache, type CompileCacheStats } from './compile-cache.js'
import type { DefaultCompilers } from './compilers.js'

export type { CompileCacheStats }

export function compilersOf(app: unknown): DefaultCompilers | null {
  const root = (app as Record<symbol, { compilers?: DefaultCompilers } | undefined> | null)?.[kRoot]
  return root?.compilers ?? null
}

function cacheOf(app: unknown): CompileCache | null {
  const cache = compilersOf(app)?.cache
  return cache instanceof CompileCache ? cache : null
}

/** A copy of the cache's counters, or null when `schemaCache` is off. */
export function schemaCacheStats(app: unknown): CompileCacheStats | null {
  const cache = cacheOf(app)
  return cache === null ? null : { ...cache.stats }
}

/** Resolves when the entries written so far are on disk; `codeCache` also writes their V8 code cache. */
export async function schemaCacheSettled(app: unknown, options: { codeCache?: boolean } = {}): Promise<void> {
  const cache = cacheOf(app)
  if (cache === null) return
  await (options.codeCache === true ? cache.writeCodeCaches() : cache.settled())
}
