/**
 * @module schema/schema-module
 * Writes a precompiled schemas module (`warren compile --esm`): the recorder that keeps every
 * schema's standalone code while an application starts, and the ES module text that holds them,
 * with the runtime files of Ajv and fast-json-stringify the code `require`s as static imports, so
 * that a bundler includes everything and nothing is compiled when it runs.
 */
import { lazyRequire } from '../core/module-require.js'
import { generated, type EntryCode, type SchemaCodeStore } from './code-store.js'
import { keyedVersions } from './cache-key.js'
import { schemasModuleFormat } from './precompiled.js'

/** Resolves the files generated code requires, from warren's own dependencies. */
const warrenRequire = lazyRequire(import.meta.url)

/** Keeps the code of every schema an application compiles (each one a miss). */
export class SchemaModuleRecorder implements SchemaCodeStore {
  readonly portable = true
  /** Each schema asked for, by key, with the name an error gives it. */
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

  /** The code of every entry, by key; throws naming the schemas that cannot be written as standalone code. */
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

/** The specifiers generated code requires. */
function requiredIds(code: string): string[] {
  return [...code.matchAll(requireCall)].map((match) => match[2] as string)
}

/** How the module imports a required file: with its `.js` where the id names a file without it (an ES module import needs it). */
function importSpecifier(id: string): string {
  const resolve = warrenRequire().resolve
  try {
    return resolve(`${id}.js`) === resolve(id) ? `${id}.js` : id
  } catch {
    return id
  }
}

/**
 * The `require` of the generated code, answering from the imported namespaces. A namespace of a
 * CommonJS file is shaped two ways: Node's has the file's `module.exports` as `default`; a bundler's,
 * for a file compiled from an ES module (marked `__esModule`), is those exports themselves.
 */
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

/** The text of the ES module holding `entries` (code by key). */
export function schemaModuleText(entries: Map<string, string>): string {
  const ids = [...new Set([...entries.values()].flatMap(requiredIds))].sort()
  const imports = ids.map((id, index) => `import * as runtime${index} from ${JSON.stringify(importSpecifier(id))}`)
  const table = ids.map((id, index) => `  ${JSON.stringify(id)}: runtime${index},`)
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
