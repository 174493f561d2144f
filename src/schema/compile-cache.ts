/**
 * The schema compile cache on disk: one CommonJS file per compiled schema, named by its key,
 * holding the standalone code Ajv or fast-json-stringify generated. An entry starts with the
 * SHA-256 of its code; a file whose code does not match (truncated, edited, garbage) is
 * ignored and rewritten, never run. Files are written by this process only (with its umask),
 * atomically (a temporary file renamed into place), and read only from the configured
 * directory. Writes run in the background (libuv's threads) while start-up goes on;
 * `settled()` waits for them. A directory that cannot be written leaves the application
 * compiling in memory, with one warning.
 *
 * @module
 */
import { mkdirSync, readdirSync, readFileSync, rename, rmSync, writeFile } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import vm from 'node:vm'
import { digest } from './cache-key.js'

/** Generated code `require`s Ajv's and fast-json-stringify's runtime: resolved from warren's own dependencies, wherever the cache lives. */
const warrenRequire = createRequire(import.meta.url)

const headerPrefix = '// warren schema cache entry, sha256 of the code below: '

/** Counters a cache exposes: what start-up loaded, compiled and wrote. */
export interface CompileCacheStats {
  /** The directory entries are read from and written to. */
  dir: string
  /** Entries loaded from disk instead of compiled. */
  hits: number
  /** Schemas compiled because no valid entry existed. */
  misses: number
  /** Entries written. */
  writes: number
  /** Entries found corrupt (hash mismatch, unreadable code) and recompiled. */
  corrupt: number
  /** False once a write failed: the rest of the run compiles in memory only. */
  writable: boolean
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true })
  } catch {
    // nothing was written there
  }
}

/** One application's view of a cache directory. */
export class CompileCache {
  readonly stats: CompileCacheStats
  #dirReady = false
  #warnedCorrupt = false
  /** File names present when the first entry was looked up: a miss then costs no failed read. */
  #present: Set<string> | undefined
  readonly #pending = new Set<Promise<void>>()
  #queue: Array<[key: string, code: string]> = []

  constructor(dir: string) {
    this.stats = { dir, hits: 0, misses: 0, writes: 0, corrupt: 0, writable: true }
  }

  #file(key: string): string {
    return join(this.stats.dir, `${key}.cjs`)
  }

  /** The module an entry exports, or undefined when there is no valid entry (a miss). */
  load(key: string): unknown {
    const file = this.#file(key)
    this.#present ??= this.#list()
    if (!this.#present.has(`${key}.cjs`)) return this.#miss()
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') this.#corrupt(file, error)
      return this.#miss()
    }
    const newline = text.indexOf('\n')
    const code = text.slice(newline + 1)
    if (newline < 0 || text.slice(0, newline) !== headerPrefix + digest(code)) {
      this.#corrupt(file, new Error('its content does not match its hash'))
      return this.#miss()
    }
    try {
      const loaded = this.evaluate(code, file)
      this.stats.hits++
      return loaded
    } catch (error) {
      this.#corrupt(file, error)
      return this.#miss()
    }
  }

  #list(): Set<string> {
    try {
      return new Set(readdirSync(this.stats.dir))
    } catch {
      return new Set()
    }
  }

  #miss(): undefined {
    this.stats.misses++
    return undefined
  }

  /** Runs generated CommonJS code and returns its `module.exports`. */
  evaluate(code: string, filename: string): unknown {
    const module = { exports: {} as unknown }
    const run = vm.compileFunction(code, ['require', 'module', 'exports'], { filename }) as (...args: unknown[]) => void
    run(warrenRequire, module, module.exports)
    return module.exports
  }

  /**
   * Queues an entry: written once the current start-up work is done (after `ready()`), in
   * the background, to a temporary file renamed into place so that no reader sees half an
   * entry. After a failed write nothing more is written (one warning).
   */
  store(key: string, code: string): void {
    if (!this.stats.writable) return
    try {
      if (!this.#dirReady) mkdirSync(this.stats.dir, { recursive: true })
      this.#dirReady = true
    } catch (error) {
      this.#unwritable(error)
      return
    }
    if (this.#queue.length === 0) this.#pending.add(new Promise<void>((resolve) => setImmediate(() => resolve(this.#flush()))))
    this.#queue.push([key, code])
  }

  async #flush(): Promise<void> {
    const batch = this.#queue
    this.#queue = []
    await Promise.all(batch.map(([key, code]) => this.#write(key, code)))
  }

  #write(key: string, code: string): Promise<void> {
    if (!this.stats.writable) return Promise.resolve()
    const file = this.#file(key)
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    return new Promise<void>((resolve) => {
      const failed = (error: unknown): void => {
        removeQuietly(temporary)
        this.#unwritable(error)
        resolve()
      }
      writeFile(temporary, `${headerPrefix}${digest(code)}\n${code}`, (error) => {
        if (error) return failed(error)
        rename(temporary, file, (renameError) => {
          if (renameError) return failed(renameError)
          this.stats.writes++
          resolve()
        })
      })
    })
  }

  /** Resolves when every entry queued so far is on disk (or has failed). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) {
      const pending = [...this.#pending]
      this.#pending.clear()
      await Promise.all(pending)
    }
  }

  #unwritable(error: unknown): void {
    if (!this.stats.writable) return
    this.stats.writable = false
    process.emitWarning(`warren: the schema cache directory ${this.stats.dir} cannot be written (${(error as Error).message}); schemas are compiled in memory`, { code: 'SVC_WRN_SCHEMA_CACHE_UNWRITABLE' })
  }

  #corrupt(file: string, error: unknown): void {
    this.stats.corrupt++
    if (this.#warnedCorrupt) return
    this.#warnedCorrupt = true
    process.emitWarning(`warren: the schema cache entry ${file} is invalid (${(error as Error).message}); it is recompiled and rewritten`, { code: 'SVC_WRN_SCHEMA_CACHE_CORRUPT' })
  }
}
