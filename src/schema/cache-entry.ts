/**
 * The files of one schema compile cache entry and how they are run:
 * - `<key>.cjs`: a first line holding the SHA-256 of the code below it, then the CommonJS code
 *   Ajv or fast-json-stringify generated. Code that does not match its hash is never run.
 * - `<key>.v8`: V8's code cache for that code (32 bytes of SHA-256, then the data), so that a
 *   start skips parsing it. Optional: V8 refuses data made by another V8 or for another source,
 *   and warren refuses data that does not match its hash.
 *
 * @module
 */
import { hash } from 'node:crypto'
import { rename, rmSync, writeFile } from 'node:fs'
import { lazyRequire } from '../core/module-require.js'
import vm from 'node:vm'
import { digest } from './cache-key.js'

/**
 * Generated code `require`s Ajv's and fast-json-stringify's runtime: resolved from warren's own
 * dependencies, wherever the cache lives (made on first use: see core/module-require).
 */
const warrenRequire = lazyRequire(import.meta.url)

const headerPrefix = '// warren schema cache entry, sha256 of the code below: '
const hashBytes = 32

/** The text of a `.cjs` entry for generated code. */
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

/** The bytes of a `.v8` file for V8 code cache data. */
export function codeCacheFile(data: Buffer): Buffer {
  return Buffer.concat([sha256(data), data])
}

/** The V8 data of a `.v8` file, or null when it does not match its hash. */
export function dataOfCodeCache(file: Buffer): Buffer | null {
  if (file.length <= hashBytes) return null
  const data = file.subarray(hashBytes)
  return sha256(data).equals(file.subarray(0, hashBytes)) ? data : null
}

/** Compiles generated CommonJS code as a function of `require`, `module` and `exports`, with V8's cached data when given. */
export function compileEntry(code: string, filename: string, cachedData?: Buffer): vm.Script {
  // the wrapper stays on the code's first line: stack traces keep the entry's line numbers
  return new vm.Script(`(function (require, module, exports) {${code}\n})`, { filename, cachedData })
}

/** Runs a compiled entry and returns its `module.exports`. */
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

/**
 * Writes a file in the background: to a temporary name, then renamed into place, so that a
 * reader (another process starting on the same cache) never sees half a file. Created with
 * the process's umask.
 */
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
