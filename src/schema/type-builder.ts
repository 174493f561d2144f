/**
 * @module schema/type-builder
 * The TypeBox `Type` builder warren exports: the bundled copy (fast to import), unless another
 * TypeBox version is installed where warren would import it, which is then used (docs/architecture.md).
 */
import { lazyRequire } from '../core/module-require.js'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Type as bundledType } from '@sinclair/typebox'

/** Written in by scripts/bundle.js; undefined in tsc's output, which imports the installed TypeBox. */
declare const __WARREN_BUNDLED_TYPEBOX_VERSION__: string | undefined

const requireHere = lazyRequire(import.meta.url)

function installedVersion(): string | null {
  try {
    // its package.json is not in `exports`: the root is two folders above the CommonJS entry
    const entry = requireHere().resolve('@sinclair/typebox')
    const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', '..', 'package.json'), 'utf8')) as { name?: unknown; version?: unknown }
    return manifest.name === '@sinclair/typebox' && typeof manifest.version === 'string' ? manifest.version : null
  } catch {
    return null
  }
}

/** The installed TypeBox when another version is there, else the bundle's (all there is without node_modules). */
function chooseBuilder(): typeof bundledType {
  if (typeof __WARREN_BUNDLED_TYPEBOX_VERSION__ !== 'string') return bundledType
  const installed = installedVersion()
  if (installed === null || installed === __WARREN_BUNDLED_TYPEBOX_VERSION__) return bundledType
  return (requireHere()('@sinclair/typebox') as { Type: typeof bundledType }).Type
}

export const typeBuilder = chooseBuilder()
