/**
 * @module schema/cache-key
 * Keys of the schema compile cache: a digest of everything that changes the generated code.
 */
import { hash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { lazyRequire } from '../core/module-require.js'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AjvPluginLike, SerializerOptions, ValidatorOptions } from '../types/options.js'
import type { SharedSchema } from './store.js'

const requireHere = lazyRequire(import.meta.url)

/** The SHA-256 of a text, in hex (one-shot: about half the cost of a Hash object for a short text). */
export function digest(text: string): string {
  return hash('sha256', text, 'hex')
}

/** Canonical text for a JSON-like value; symbol keys (TypeBox's markers) are left out, as the compilers never read them. */
export function stableStringify(value: unknown, portable = false): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'function': return JSON.stringify(portable ? 'function' : `function ${value.name}: ${Function.prototype.toString.call(value)}`)
    case 'bigint': return `${String(value)}n`
    case 'object': break
    default: return JSON.stringify(value) ?? 'null'
  }
  if (value instanceof RegExp) return JSON.stringify(`regexp ${String(value)}`)
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item, portable)).join(',')}]`
  const record = value as Record<string, unknown>
  const entries = Object.keys(record).sort().filter((key) => record[key] !== undefined)
  return `{${entries.map((key) => `${JSON.stringify(key)}:${stableStringify(record[key], portable)}`).join(',')}}`
}

function packageVersion(name: string): string {
  return (requireHere()(`${name}/package.json`) as { version: string }).version
}

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

function libraryVersions(): string {
  versions ??= stableStringify(keyedVersions())
  return versions
}

/** A plugin is keyed by its name, source and options (`portable`: options only); closures over different values key alike. */
function pluginText(entry: AjvPluginLike | [AjvPluginLike, unknown], portable: boolean): string {
  const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined]
  const fn = typeof plugin === 'function' ? plugin : plugin.default
  return stableStringify({ plugin: fn, options }, portable)
}

/** What every key shares: the library versions on disk, nothing when `portable` (a bundled Worker has no package files). */
function versionsPart(portable: boolean): string {
  return portable ? 'portable' : libraryVersions()
}

/** The part of every validator key shared by one Ajv instance. */
export function validatorContextKey(shared: Record<string, SharedSchema>, options: ValidatorOptions, portable = false): string {
  const plugins = (options.plugins ?? []).map((plugin) => pluginText(plugin, portable))
  return digest(`ajv\n${versionsPart(portable)}\n${stableStringify(options.customOptions ?? {}, portable)}\n${plugins.join('\n')}\n${stableStringify(shared, portable)}`)
}

/** The part of every serializer key shared by one fast-json-stringify context. */
export function serializerContextKey(shared: Record<string, SharedSchema>, options: SerializerOptions = {}, portable = false): string {
  return digest(`fjs\n${versionsPart(portable)}\n${stableStringify(options, portable)}\n${stableStringify(shared, portable)}`)
}

/** One schema's key; its JSON text is not sorted, since property order is check order in the generated code. */
export function entryKey(contextKey: string, schemaJson: string): string {
  return digest(`${contextKey}\n${schemaJson}`)
}
