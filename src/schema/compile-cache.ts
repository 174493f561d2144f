/**
 * The schema compile cache of one application: looks entries up by key, loads the valid ones,
 * and writes new ones (see `cache-entry.ts` for the files). Entries are written by this
 * process only, in the background once the routes are compiled (the first time start-up yields
 * to the event loop: during onReady hooks that wait for I/O, or after `ready()`), in slices, so
 * that requests are not kept waiting; an entry's code may be generated only then, so that a cold
 * start pays no more than a start without the cache. `settled()` waits for them. A
 * corrupt entry is recompiled and rewritten with one warning; a directory that cannot be
 * written leaves the application compiling in memory, with one warning.
 *
 * @module
 */
import { accessSync, constants, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type vm from 'node:vm'
import { codeCacheFile, codeOfEntry, compileEntry, dataOfCodeCache, entryText, runEntry, writeAtomically } from './cache-entry.js'
import { generated, type EntryCode, type SchemaCodeStore } from './code-store.js'

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
  /** Entries found corrupt (hash mismatch, code that fails to load or exports no function) and recompiled. */
  corrupt: number
  /** False once the directory proved unwritable (at the first miss, or when a write failed): the rest of the run compiles in memory only. */
  writable: boolean
}

/** A write waiting for the end of start-up: the entry's code, whether its `.cjs` is already on disk, and its compiled script when there is one. */
interface QueuedWrite {
  key: string
  code: EntryCode
  onDisk: boolean
  script: vm.Script | null
}

/** Entries generated and written per turn of the event loop: requests are served between two slices. */
const writeSlice = 50

/** One application's view of a cache directory. */
export class CompileCache implements SchemaCodeStore {
  /** Entries are keyed by the exact library versions and plugin sources of this installation. */
  readonly portable = false
  readonly stats: CompileCacheStats
  #dirReady = false
  #warnedCorrupt = false
  /** File names present when the first entry was looked up: a miss then costs no failed read. */
  #present: Set<string> | undefined
  readonly #pending = new Set<Promise<void>>()
  #queue: QueuedWrite[] = []
  /** Keys of entries written without V8 code cache (their code was never compiled as a script here); their code is not kept in memory. */
  #withoutCodeCache: string[] = []

  constructor(dir: string) {
    this.stats = { dir, hits: 0, misses: 0, writes: 0, corrupt: 0, writable: true }
  }

  #path(key: string, extension: '.cjs' | '.v8'): string {
    return join(this.stats.dir, key + extension)
  }

  #has(name: string): boolean {
    this.#present ??= this.#list()
    return this.#present.has(name)
  }

  #list(): Set<string> {
    try {
      return new Set(readdirSync(this.stats.dir))
    } catch {
      return new Set()
    }
  }

  /** The function an entry exports, or undefined when there is no valid entry (a miss). */
  load(key: string): unknown {
    if (!this.#has(`${key}.cjs`)) return this.#miss()
    const file = this.#path(key, '.cjs')
    try {
      const code = codeOfEntry(readFileSync(file, 'utf8'))
      if (code === null) throw new Error('its content does not match its hash')
      const cachedData = this.#codeCache(key)
      const script = compileEntry(code, file, cachedData)
      const loaded = runEntry(script)
      // every entry is one validator or serializer: anything else was not written by warren
      if (typeof loaded !== 'function') throw new Error('its module does not export a function')
      if (cachedData === undefined || script.cachedDataRejected === true) this.#enqueue({ key, code, onDisk: true, script })
      this.stats.hits++
      return loaded
    } catch (error) {
      this.#corrupt(file, error)
      return this.#miss()
    }
  }

  /** The entry's V8 code cache, when it has a valid one. */
  #codeCache(key: string): Buffer | undefined {
    if (!this.#has(`${key}.v8`)) return undefined
    return dataOfCodeCache(readFileSync(this.#path(key, '.v8'))) ?? undefined
  }

  #miss(): undefined {
    this.stats.misses++
    return undefined
  }

  /**
   * Queues the code of a miss (whose function was built otherwise) for writing; given as a
   * function, the code is generated only when it is written, after start-up.
   */
  store(key: string, code: EntryCode): void {
    this.#enqueue({ key, code, onDisk: false, script: null })
  }

  /**
   * True while entries can be written: creates the directory when missing and checks that it is
   * writable (warning once when not). A compiler skips what only writing needs (Ajv's kept
   * source) when it is false.
   */
  canWrite(): boolean {
    return this.stats.writable && this.#ensureDir()
  }

  /** Writes wait for a later turn of the event loop: the routes being compiled now come first, and `ready()` does not wait for them. */
  #enqueue(write: QueuedWrite): void {
    if (!this.stats.writable || !this.#ensureDir()) return
    if (this.#queue.length === 0) this.#pending.add(new Promise<void>((resolve) => setImmediate(() => resolve(this.#flush()))))
    this.#queue.push(write)
  }

  #ensureDir(): boolean {
    if (this.#dirReady) return true
    try {
      mkdirSync(this.stats.dir, { recursive: true })
      // a read-only mount (EROFS) or a directory of another user: known now, not at the first write
      accessSync(this.stats.dir, constants.W_OK)
      this.#dirReady = true
    } catch (error) {
      this.#unwritable(error)
    }
    return this.#dirReady
  }

  /**
   * Writes the queue a slice at a time, yielding to the event loop between slices, one file
   * after another: creating files is kernel work (about 1 ms each on the benchmark machine),
   * and libuv's four threads creating them side by side in one directory spent half as much
   * CPU again as one thread doing it alone.
   */
  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      for (const write of this.#queue.splice(0, writeSlice)) await this.#write(write)
      if (this.#queue.length > 0) await new Promise((resolve) => setImmediate(resolve))
    }
  }

  async #write(write: QueuedWrite): Promise<void> {
    if (!this.stats.writable) return
    const { key, onDisk, script } = write
    const code = generated(write.code)
    if (code === null) return
    try {
      if (!onDisk) {
        await writeAtomically(this.#path(key, '.cjs'), entryText(code))
        this.stats.writes++
      }
      // compiling a script only for its code cache would cost a cold start as much as a warm
      // one saves: the next start that loads the entry writes it, or `writeCodeCaches()` now
      if (script === null) this.#withoutCodeCache.push(key)
      else await writeAtomically(this.#path(key, '.v8'), codeCacheFile(script.createCachedData()))
    } catch (error) {
      this.#unwritable(error)
    }
  }

  /** Resolves when every entry queued so far is on disk (or has failed). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) {
      const pending = [...this.#pending]
      this.#pending.clear()
      await Promise.all(pending)
    }
  }

  /**
   * Compiles the entries written so far without a V8 code cache and writes theirs (what
   * `warren compile` does, so that the first start of a deployment already skips parsing).
   */
  async writeCodeCaches(): Promise<void> {
    await this.settled()
    const keys = this.#withoutCodeCache
    this.#withoutCodeCache = []
    for (const key of keys) {
      const file = this.#path(key, '.cjs')
      const code = codeOfEntry(readFileSync(file, 'utf8'))
      if (code !== null) this.#enqueue({ key, code, onDisk: true, script: compileEntry(code, file) })
    }
    await this.settled()
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
