/**
 * @module schema/cache-entry
 * The files of one compile cache entry (`<key>.cjs`, `<key>.v8`, each checked by its SHA-256) and
 * how they are run (docs/architecture.md).
 */
import { hash } from 'node:crypto'
import { rename, rmSync, writeFile } from 'node:fs'
import { lazyRequire } from '../core/module-require.js'
import vm from 'node:vm'
import { digest } from './cache-key.js'

/** Generated code `require`s Ajv's and fast-json-stringify's runtime from warren's own dependencies. */
const warrenRequire = lazyRequire(import.meta.url)

const headerPrefix = '// warren schema cache entry, sha256 of the code below: '
const hashBytes = 32

export function entryText(code: string): string {
  return `${headerPrefix}${digest(code)}\n${code}`
}

/** The code of a `.cjs` entry, or null when the entry does not match its hash (truncated, edited, garbage). */
export function codeOfEntry(text: string): string | null {
  const newline = text.indexOf('\n')
  if (newline < 0) return null
  const code = text.slice(newline + 1)
  return text.slice(0, newline) === headerPrefix + digest(code) ? code : null
}

function sha256(data: Uint8Array): Buffer {
  return hash('sha256', data, 'buffer')
}

export function codeCacheFile(data: Buffer): Buffer {
  return Buffer.concat([sha256(data), data])
}

export function dataOfCodeCache(file: Buffer): Buffer | null {
  if (file.length <= hashBytes) return null
  const data = file.subarray(hashBytes)
  return sha256(data).equals(file.subarray(0, hashBytes)) ? data : null
}

export function compileEntry(code: string, filename: string, cachedData?: Buffer): vm.Script {
  // the wrapper stays on the code's first line: stack traces keep the entry's line numbers
  return new vm.Script(`(function (require, module, exports) {${code}\n})`, { filename, cachedData })
}

export function runEntry(script: vm.Script): unknown {
  const module = { exports: {} as unknown }
  const wrapper = script.runInThisContext() as (require: NodeJS.Require, module: unknown, exports: unknown) => void
  wrapper(warrenRequire(), module, module.exports)
  return module.exports
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true })
  } catch {
    // nothing was written there
  }
}

/** Writes to a temporary name then renames, so another process never reads half a file. */
export function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => {
      removeQuietly(temporary)
      reject(error)
    }
    writeFile(temporary, data, (error) => {
      if (error) return failed(error)
      rename(temporary, file, (renameError) => (renameError ? failed(renameError) : resolve()))
    })
  })
}
