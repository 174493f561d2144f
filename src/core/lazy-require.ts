/**
 * @module core/lazy-require
 * Packages an application may never use, loaded the first time they are needed instead of when
 * warren is imported: pino without a `logger`, light-my-request without `inject()`, node:http2
 * without the `http2` option, and the like.
 * They are CommonJS packages, so `require` loads them synchronously where they are first needed,
 * and the call that needs them behaves as if they had been imported (no promise, no await).
 * Loading a package is costly at import time — each is files to resolve, read and compile — and
 * a serverless start pays it on every cold start.
 */
import { createRequire } from 'node:module'
import type * as Http2 from 'node:http2'

const requireHere = createRequire(import.meta.url)

/**
 * A function returning the exports of the CommonJS package `specifier`, required from warren's
 * own location the first time it is called (then Node's module cache answers). The package is
 * the same copy an `import` would give: a CommonJS module has one instance whichever way it is
 * loaded.
 *
 * @example
 * ```ts
 * const semver = lazyRequire<typeof import('semver')>('semver')
 * semver().satisfies('5.1.0', '5.x')
 * ```
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= requireHere(specifier) as T)
}

/**
 * node:http2, loaded when an application serves HTTP/2 (the `http2` option): Node compiles the
 * built-in on its first load, a few milliseconds of every import otherwise.
 */
export function http2Module(): typeof Http2 {
  return process.getBuiltinModule('node:http2')
}
