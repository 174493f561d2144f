/**
 * @module schema/internal-cli
 * What the `warren` command drives in an application it imported (cache counters, schema recording);
 * bundled with the core so that it sees the application's own state.
 */
import { kRoot } from '../core/symbols.js'
import { compilersOf } from './cache-stats.js'
import { SchemaModuleRecorder, schemaModuleDeclarations, schemaModuleText } from './schema-module.js'

export { schemaCacheSettled, schemaCacheStats } from './cache-stats.js'

/** Records every schema `app` compiles from now on; throws when `app` already started. */
export function recordSchemaModule(app: unknown): SchemaModuleRecorder {
  const compilers = compilersOf(app)
  const root = (app as Record<symbol, { booted?: boolean }>)[kRoot]
  if (compilers === null || root === undefined) throw new Error('not a warren application')
  if (root.booted === true) throw new Error('the application already started (ready() was called): its schemas are compiled; export it, or a function building it, before start-up')
  const recorder = new SchemaModuleRecorder()
  compilers.useStore(recorder)
  return recorder
}

export function schemaModuleFiles(recorder: SchemaModuleRecorder): { module: string; declarations: string; count: number } {
  const entries = recorder.entries()
  return { module: schemaModuleText(entries), declarations: schemaModuleDeclarations, count: entries.size }
}
