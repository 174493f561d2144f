/**
 * @module schema/precompiled
 * The `precompiledSchemas` option: the validators and serializers `warren compile --esm` wrote as
 * one ES module, loaded by key instead of compiled. A schema the module lacks fails start-up,
 * naming its route and part: where code generation is refused, nothing could compile it.
 */
import { codes } from '../core/errors.js'
import type { PrecompiledSchemas as PrecompiledSchemasModule } from '../types/index.js'
import type { SchemaCodeStore } from './code-store.js'

export type { PrecompiledSchemasModule }

/** The `format` a precompiled schemas module declares, changed whenever its shape changes. */
export const schemasModuleFormat = 'warren-precompiled-schemas/1'

/** Why a value is not a precompiled schemas module, or null when it is one. */
export function precompiledModuleProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return 'expected the module `warren compile --esm` wrote (import * as schemas from …)'
  const { format, entries } = value as { format?: unknown; entries?: unknown }
  if (format !== schemasModuleFormat) return `the module's format is ${JSON.stringify(format) ?? 'missing'}, not ${JSON.stringify(schemasModuleFormat)}: write it again with this version's \`warren compile --esm\``
  if (entries === null || typeof entries !== 'object') return 'the module has no entries'
  return null
}

/** The store of a precompiled module: every schema comes from it, and a missing one is an error. */
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
    // never reached: a miss throws in load
  }

  canWrite(): boolean {
    return false
  }
}
