/**
 * @module schema/compile-cache
 * One application's schema compile cache: looks entries up, loads the valid ones, and writes new
 * ones in the background after start-up, in slices (docs/architecture.md).
 */
import { accessSync, constants, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type vm from 'node:vm'
import { codeCacheFile, codeOfEntry, compileEntry, dataOfCodeCache, entryText, runEntry, writeAtomically } from './cache-entry.js'
import { generated, type EntryCode, type SchemaCodeStore } from './code-store.js'

export interface CompileCacheStats {
  dir: string
  hits: number
  misses: number
  writes: number
  /** Entries found corrupt and recompiled. */
  corrupt: number
  /** False once the directory proved unwritable: the rest of the run compiles in memory only. */
  writable: boolean
}

interface QueuedWrite {
  key: string
  code: EntryCode
  onDisk: boolean
  script: vm.Script | null
}

/** Entries written per event-loop turn: requests are served between two slices. */
const writeSlice = 50

export class CompileCache implements SchemaCodeStore {
  readonly portable = false
  readonly stats: CompileCacheStats
  #dirReady = false
  #warnedCorrupt = false
  /** File names present at the first lookup: a miss then costs no failed read. */
  #present: Set<string> | undefined
  readonly #pending = new Set<Promise<void>>()
  #queue: QueuedWrite[] = []
  /** Entries written without V8 code cache; their code is not kept in memory. */
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

  #codeCache(key: string): Buffer | undefined {
    if (!this.#has(`${key}.v8`)) return undefined
    return dataOfCodeCache(readFileSync(this.#path(key, '.v8'))) ?? undefined
  }

  #miss(): undefined {
    this.stats.misses++
    return undefined
  }

  /** Queues a miss's code for writing; a function is called only when the entry is written. */
  store(key: string, code: EntryCode): void {
    this.#enqueue({ key, code, onDisk: false, script: null })
  }

  /** True while entries can be written (warning once when not); a compiler then skips keeping Ajv's source. */
  canWrite(): boolean {
    return this.stats.writable && this.#ensureDir()
  }

  /** Writes wait for a later event-loop turn, so `ready()` does not wait for them. */
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

  /** Writes the queue a slice at a time, one file after another: parallel creates in one directory cost more CPU. */
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
      // compiling a script only for its code cache would cost a cold start what a warm one saves
      if (script === null) this.#withoutCodeCache.push(key)
      else await writeAtomically(this.#path(key, '.v8'), codeCacheFile(script.createCachedData()))
    } catch (error) {
      this.#unwritable(error)
    }
  }

  async settled(): Promise<void> {
    while (this.#pending.size > 0) {
      const pending = [...this.#pending]
      this.#pending.clear()
      await Promise.all(pending)
    }
  }

  /** Writes the V8 code cache of entries written without one (`warren compile`). */
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
