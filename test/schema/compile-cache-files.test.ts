import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import warren, { Type } from 'warren'
import { entryText } from '../../src/schema/cache-entry.js'
import { schemaCacheSettled, schemaCacheStats } from '../../src/schema/cache-stats.js'
import { cacheWarningsDuring } from './process-warnings.js'

// The schema compile cache's files: when they are written, with which modes, what a start makes
// of files it did not write, and what it skips when it cannot write. (Hits, misses, stale
// entries and the .v8 files: compile-cache.test.ts.)

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'warren-cache-files-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const entries = (where = dir) => readdirSync(where).filter((name) => name.endsWith('.cjs'))

/** One route with a body (validator) and a response (serializer) schema. */
function app(cacheDir: string, body = Type.Object({ code: Type.String({ maxLength: 3 }) }), options: Record<string, unknown> = {}): any {
  const instance = warren({ schemaCache: { dir: cacheDir }, ...options })
  instance.post('/', { schema: { body, response: { 200: Type.Object({ code: Type.String() }) } } }, async (request: any) => request.body)
  return instance
}

async function started(cacheDir = dir, body?: any, options?: Record<string, unknown>): Promise<any> {
  const instance = app(cacheDir, body, options)
  await instance.ready()
  await schemaCacheSettled(instance)
  return instance
}

const statusOf = async (instance: any, code: unknown) => (await instance.inject({ method: 'POST', url: '/', payload: { code } })).statusCode


/** The codes of the schema cache's warnings emitted while `run` goes on. */
async function cacheWarningCodes(run: () => Promise<void>): Promise<string[]> {
  return (await cacheWarningsDuring(run)).map((warning) => String(warning.code))
}

describe('schema compile cache: writing', () => {
  it('writes nothing while the routes compile: the entries follow in the background (here, after ready())', async () => {
    const instance = app(dir)
    await instance.ready()
    expect(schemaCacheStats(instance)).toMatchObject({ misses: 2, writes: 0 })
    expect(entries()).toEqual([])
    await schemaCacheSettled(instance)
    expect(schemaCacheStats(instance)).toMatchObject({ writes: 2 })
    expect(entries()).toHaveLength(2)
    await instance.close()
  })

  it('an entry holds the code of the schema as it was compiled, even if the object changes before the entry is written', async () => {
    const body = Type.Object({ code: Type.String({ maxLength: 3 }) })
    const first = app(dir, body)
    await first.ready()
    ;(body.properties.code as { maxLength: number }).maxLength = 100
    await schemaCacheSettled(first)
    expect(await statusOf(first, 'abcd')).toBe(400)
    await first.close()
    const second = await started(dir, Type.Object({ code: Type.String({ maxLength: 3 }) }))
    expect(schemaCacheStats(second)).toMatchObject({ hits: 2, misses: 0 })
    expect([await statusOf(second, 'abc'), await statusOf(second, 'abcd')]).toEqual([200, 400])
    await second.close()
  })

  it("creates the directory and its files with the process's umask", async () => {
    const previous = process.umask(0o027)
    try {
      const nested = join(dir, 'cache')
      await (await started(nested)).close()
      expect(statSync(nested).mode & 0o777).toBe(0o750)
      const names = readdirSync(nested)
      expect(names.length).toBeGreaterThan(0)
      for (const name of names) expect(statSync(join(nested, name)).mode & 0o777).toBe(0o640)
    } finally {
      process.umask(previous)
    }
  })

  it('does not keep Ajv source code for a directory it cannot write', async () => {
    const sourceOption: unknown[] = []
    const seeAjv = (ajv: any) => {
      sourceOption.push(ajv.opts.code.source === true)
      return ajv
    }
    const file = join(dir, 'a-file')
    writeFileSync(file, '')
    const warnings = await cacheWarningCodes(async () => {
      const unwritable = await started(join(file, 'cache'), undefined, { validator: { plugins: [seeAjv] } })
      expect(schemaCacheStats(unwritable)).toMatchObject({ misses: 2, writes: 0, writable: false })
      expect([await statusOf(unwritable, 'abc'), await statusOf(unwritable, 'abcd')]).toEqual([200, 400])
      await unwritable.close()
    })
    expect(warnings).toEqual(['SVC_WRN_SCHEMA_CACHE_UNWRITABLE'])
    await (await started(dir, undefined, { validator: { plugins: [seeAjv] } })).close()
    expect(sourceOption).toEqual([false, true])
  })
})

describe('schema compile cache: files it did not write', () => {
  /** The two entry names a start of `app()` uses, from a first start on another directory. */
  async function entryNames(): Promise<string[]> {
    const other = join(dir, 'first')
    await (await started(other)).close()
    return entries(other)
  }

  it('an empty file, or a module with a valid hash that throws or exports no function, is recompiled and rewritten, with one warning', async () => {
    const [one, other] = await entryNames()
    const cache = join(dir, 'cache')
    mkdirSync(cache)
    writeFileSync(join(cache, one), '')
    writeFileSync(join(cache, other), entryText('module.exports = { not: "a function" }'))
    let instance: any
    const warnings = await cacheWarningCodes(async () => {
      instance = await started(cache)
    })
    expect(warnings).toEqual(['SVC_WRN_SCHEMA_CACHE_CORRUPT'])
    expect(schemaCacheStats(instance)).toMatchObject({ hits: 0, misses: 2, corrupt: 2, writes: 2 })
    expect([await statusOf(instance, 'abc'), await statusOf(instance, 'abcd')]).toEqual([200, 400])
    await instance.close()

    writeFileSync(join(cache, one), entryText('throw new Error("not an entry")'))
    const again = await started(cache)
    expect(schemaCacheStats(again)).toMatchObject({ hits: 1, misses: 1, corrupt: 1 })
    expect(await statusOf(again, 'abcd')).toBe(400)
    await again.close()
    expect(readFileSync(join(cache, one), 'utf8')).not.toContain('not an entry')
  })

  it('a directory where an entry should be is never run: the app starts and compiles that schema', async () => {
    const [one] = await entryNames()
    const cache = join(dir, 'cache')
    mkdirSync(join(cache, one), { recursive: true })
    const instance = await started(cache)
    expect(schemaCacheStats(instance)).toMatchObject({ hits: 0, misses: 2, corrupt: 1 })
    expect([await statusOf(instance, 'abc'), await statusOf(instance, 'abcd')]).toEqual([200, 400])
    await instance.close()
  })

  it('reads entries from the configured directory only, and leaves other files there alone', async () => {
    await entryNames()
    const cache = join(dir, 'cache')
    mkdirSync(cache)
    writeFileSync(join(cache, 'notes.txt'), 'not an entry')
    writeFileSync(join(cache, 'index.js'), 'throw new Error("never run")')
    const instance = await started(cache)
    // the entries next door, in dir/first, are not looked at
    expect(schemaCacheStats(instance)).toMatchObject({ hits: 0, misses: 2, corrupt: 0, writes: 2 })
    await instance.close()
    expect(readFileSync(join(cache, 'notes.txt'), 'utf8')).toBe('not an entry')
  })
})
