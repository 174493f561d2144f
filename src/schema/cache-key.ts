/**
 * Keys of the schema compile cache: a digest of everything that changes the code Ajv or
 * fast-json-stringify generates for a schema — the schema itself, the shared schemas it may
 * reference, the library versions, warren's version, the validator options and plugins.
 *
 * @module
 */
import { hash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { lazyRequire } from '../core/module-require.js'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AjvPluginLike, SerializerOptions, ValidatorOptions } from '../types/options.js'
import type { SharedSchema } from './store.js'

/** `require` relative to this module (made on first use: see core/module-require). */
const requireHere = lazyRequire(import.meta.url)

/** The SHA-256 of a text, in hex (one-shot: about half the cost of a Hash object for a short text). */
export function digest(text: string): string {
  return hash('sha256', text, 'hex')
}

/**
 * A canonical text for a JSON-like value: object keys sorted, functions by name and source
 * text, regular expressions by their source and flags. Symbol keys (TypeBox's markers) are
 * left out: neither Ajv nor fast-json-stringify reads them.
 */
export function stableStringify(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'function': return JSON.stringify(`function ${value.name}: ${Function.prototype.toString.call(value)}`)
    case 'bigint': return `${String(value)}n`
    case 'object': break
    default: return JSON.stringify(value) ?? 'null'
  }
  if (value instanceof RegExp) return JSON.stringify(`regexp ${String(value)}`)
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`
  const record = value as Record<string, unknown>
  const entries = Object.keys(record).sort().filter((key) => record[key] !== undefined)
  return `{${entries.map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`).join(',')}}`
}

function packageVersion(name: string): string {
  return (requireHere()(`${name}/package.json`) as { version: string }).version
}

/** warren's own version, from the nearest package.json named `warren` above this module. */
function warrenVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (manifest.name === 'warren' && typeof manifest.version === 'string') return manifest.version
    } catch {
      // no package.json here: look in the parent
    }
    const parent = dirname(dir)
    if (parent === dir) return 'unknown'
    dir = parent
  }
}

/** The versions that shape generated code: warren, Ajv, ajv-formats, fast-json-stringify and Node's module ABI. */
export function keyedVersions(): Record<string, string> {
  return {
    warren: warrenVersion(),
    ajv: packageVersion('ajv'),
    ajvFormats: packageVersion('ajv-formats'),
    fastJsonStringify: packageVersion('fast-json-stringify'),
    node: process.versions.modules,
  }
}

let versions: string | undefined

/** {@link keyedVersions} as text, read once per process. */
function libraryVersions(): string {
  versions ??= stableStringify(keyedVersions())
  return versions
}

/**
 * A plugin has no stable identity across processes: it is keyed by its function's name and
 * source text, with its options. Two plugins with the same source but different closures
 * (captured variables) key alike — a documented limit.
 */
function pluginText(entry: AjvPluginLike | [AjvPluginLike, unknown]): string {
  const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined]
  const fn = typeof plugin === 'function' ? plugin : plugin.default
  return stableStringify({ plugin: fn, options })
}

/** The part of every validator key shared by one Ajv instance: versions, options, plugins, shared schemas. */
export function validatorContextKey(shared: Record<string, SharedSchema>, options: ValidatorOptions): string {
  const plugins = (options.plugins ?? []).map(pluginText)
  return digest(`ajv\n${libraryVersions()}\n${stableStringify(options.customOptions ?? {})}\n${plugins.join('\n')}\n${stableStringify(shared)}`)
}

/** The part of every serializer key shared by one fast-json-stringify context: versions, options and shared schemas. */
export function serializerContextKey(shared: Record<string, SharedSchema>, options: SerializerOptions = {}): string {
  return digest(`fjs\n${libraryVersions()}\n${stableStringify(options)}\n${stableStringify(shared)}`)
}

/**
 * The key of one schema's entry: the context key and the schema's JSON text. Not the sorted form: a
 * schema is JSON (functions have no place in it), and the order of its properties is the order
 * of the checks in the generated code, so a reordered schema is rightly another entry.
 */
export function entryKey(contextKey: string, schemaJson: string): string {
  return digest(`${contextKey}\n${schemaJson}`)
}
