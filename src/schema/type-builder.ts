/**
 * @module schema/type-builder
 * The TypeBox `Type` builder warren exports. The package's bundle carries a copy of it: loaded as
 * TypeBox ships it, the builder is some 200 ES modules, and reading them one by one was a third
 * of `import 'warren'` (110–150 ms on the benchmark machine, against ~9 ms for the same code in
 * one file). The copy is used unless another version of TypeBox is installed where warren would
 * import it, so `Type` behaves as the TypeBox the application's types come from; that other
 * version is then loaded (as before the bundle) and used instead.
 */
import { lazyRequire } from '../core/module-require.js'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Type as bundledType } from '@sinclair/typebox'

/**
 * The version of TypeBox the bundle carries, written in by scripts/bundle.js; not defined in
 * tsc's output, which imports the installed TypeBox itself.
 */
declare const __WARREN_BUNDLED_TYPEBOX_VERSION__: string | undefined

/** `require` relative to this module (made on first use: see core/module-require). */
const requireHere = lazyRequire(import.meta.url)

/** The version of the TypeBox installed where warren imports it, or null when it cannot be read. */
function installedVersion(): string | null {
  try {
    // the package's root is two folders above its CommonJS entry (build/cjs/index.js); its
    // package.json is not in its `exports`, so it cannot be required by name
    const entry = requireHere().resolve('@sinclair/typebox')
    const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', '..', 'package.json'), 'utf8')) as { name?: unknown; version?: unknown }
    return manifest.name === '@sinclair/typebox' && typeof manifest.version === 'string' ? manifest.version : null
  } catch {
    return null
  }
}

/**
 * The builder to export: the bundle's copy, unless another version of TypeBox is installed where
 * warren would import it (then that one). When none can be found — an application bundled into
 * one file and deployed without node_modules, say — the bundle's copy is all there is.
 */
function chooseBuilder(): typeof bundledType {
  if (typeof __WARREN_BUNDLED_TYPEBOX_VERSION__ !== 'string') return bundledType
  const installed = installedVersion()
  if (installed === null || installed === __WARREN_BUNDLED_TYPEBOX_VERSION__) return bundledType
  return (requireHere()('@sinclair/typebox') as { Type: typeof bundledType }).Type
}

/** TypeBox's `Type` builder (see the module comment for which copy). */
export const typeBuilder = chooseBuilder()
