/**
 * @module schema/precompiled
 * `precompiledSchemas`: validators and serializers loaded by key from `warren compile --esm`'s module;
 * a schema it lacks fails start-up, since where code generation is refused nothing could compile it.
 */
import { codes } from '../core/errors.js'
import type { PrecompiledSchemas as PrecompiledSchemasModule } from '../types/index.js'
import type { SchemaCodeStore } from './code-store.js'

export type { PrecompiledSchemasModule }

export const schemasModuleFormat = 'warren-precompiled-schemas/1'

export function precompiledModuleProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return 'expected the module `warren compile --esm` wrote (import * as schemas from …)'
  const { format, entries } = value as { format?: unknown; entries?: unknown }
  if (format !== schemasModuleFormat) return `the module's format is ${JSON.stringify(format) ?? 'missing'}, not ${JSON.stringify(schemasModuleFormat)}: write it again with this version's \`warren compile --esm\``
  if (entries === null || typeof entries !== 'object') return 'the module has no entries'
  return null
}

export class PrecompiledStore implements SchemaCodeStore {
  readonly portable = true
  readonly #entries: PrecompiledSchemasModule['entries']

  constructor(module: PrecompiledSchemasModule) {
    this.#entries = module.entries
  }

  load(key: string, where: string): unknown {
    const entry = Object.hasOwn(this.#entries, key) ? this.#entries[key] : undefined
    if (typeof entry !== 'function') throw new codes.SVC_ERR_SCH_NOT_PRECOMPILED(where)
    const loaded = entry()
    if (typeof loaded !== 'function') throw new codes.SVC_ERR_SCH_NOT_PRECOMPILED(where)
    return loaded
  }

  store(): void {
  }

  canWrite(): boolean {
    return false
  }
}
