/**
 * @module schema/schema-module
 * Writes a precompiled schemas module (`warren compile --esm`), importing the runtime files the code
 * `require`s statically (warren's dependencies through `warren/schema-runtime`), so a bundler
 * includes everything and nothing compiles at run time.
 */
import { lazyRequire } from '../core/module-require.js'
import { generated, type EntryCode, type SchemaCodeStore } from './code-store.js'
import { keyedVersions } from './cache-key.js'
import { schemasModuleFormat } from './precompiled.js'
import { schemaRuntimeIds } from './schema-runtime-ids.js'

const warrenRequire = lazyRequire(import.meta.url)

export class SchemaModuleRecorder implements SchemaCodeStore {
  readonly portable = true
  readonly #wanted = new Map<string, string>()
  readonly #code = new Map<string, EntryCode>()

  load(key: string, where: string): undefined {
    if (!this.#wanted.has(key)) this.#wanted.set(key, where)
    return undefined
  }

  store(key: string, code: EntryCode): void {
    this.#code.set(key, code)
  }

  canWrite(): boolean {
    return true
  }

  /** The code of every entry; throws naming the schemas without standalone code. */
  entries(): Map<string, string> {
    const entries = new Map<string, string>()
    const missing: string[] = []
    for (const [key, where] of this.#wanted) {
      const code = this.#code.has(key) ? generated(this.#code.get(key) as EntryCode) : null
      if (code === null) missing.push(where)
      else entries.set(key, code)
    }
    if (missing.length > 0) {
      throw new Error(`${missing.join(', ')} cannot be written as standalone code (a format given as a function, or a keyword without code generation): such schemas need code generation at run time`)
    }
    return entries
  }
}

const requireCall = /\brequire\((["'])([^"'\\]+)\1\)/g

function requiredIds(code: string): string[] {
  return [...code.matchAll(requireCall)].map((match) => match[2] as string)
}

/** An ES module import needs the `.js` a required id may leave out. */
function importSpecifier(id: string): string {
  const resolve = warrenRequire().resolve
  try {
    return resolve(`${id}.js`) === resolve(id) ? `${id}.js` : id
  } catch {
    return id
  }
}

/** The generated code's `require`: Node's namespace of a CommonJS file holds its exports as `default`, a bundler's as itself. */
const runtimeRequire = `function exportsOf(namespace) {
  const value = namespace.default
  if (value !== null && (typeof value === 'object' || typeof value === 'function') && value.__esModule === true) return value
  if (namespace.__esModule === true) return namespace
  return value === undefined ? namespace : value
}

function require(id) {
  const namespace = runtime[id]
  if (namespace === undefined) throw new Error('warren: ' + id + ' is not imported by this precompiled schemas module')
  return exportsOf(namespace)
}

function run(code) {
  const module = { exports: {} }
  code(require, module, module.exports)
  return module.exports
}`

export function schemaModuleText(entries: Map<string, string>): string {
  // warren's dependencies are reached through warren, which an application always resolves; any other id is the application's own
  const ids = [...new Set([...entries.values()].flatMap(requiredIds))].filter((id) => !(schemaRuntimeIds as readonly string[]).includes(id)).sort()
  const imports = [`import { schemaRuntime } from 'warren/schema-runtime'`, ...ids.map((id, index) => `import * as runtime${index} from ${JSON.stringify(importSpecifier(id))}`)]
  const table = ['  ...schemaRuntime,', ...ids.map((id, index) => `  ${JSON.stringify(id)}: runtime${index},`)]
  const bodies = [...entries].map(([key, code]) => `  ${JSON.stringify(key)}: () => run(function (require, module, exports) {\n${code}\n}),`)
  return `// Written by \`warren compile --esm\`: the compiled validators and serializers of one application,
// loaded by \`warren({ precompiledSchemas })\` instead of compiled. Do not edit: write it again.
${imports.join('\n')}

const runtime = {
${table.join('\n')}
}

${runtimeRequire}

export const format = ${JSON.stringify(schemasModuleFormat)}

/** The library versions the code was generated with. */
export const versions = ${JSON.stringify(keyedVersions())}

export const entries = {
${bodies.join('\n')}
}
`
}

/** The declaration file written next to the module, so that TypeScript code can import it. */
export const schemaModuleDeclarations = `// Written by \`warren compile --esm\` with the module beside it.
export declare const format: ${JSON.stringify(schemasModuleFormat)}
export declare const versions: { readonly [library: string]: string }
export declare const entries: { readonly [key: string]: () => unknown }
`
