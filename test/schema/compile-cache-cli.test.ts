// `warren compile <entry>` fills the schema cache ahead of a start (it runs the built package:
// `npm test` builds first). The entry imports warren as an application does, through the package's
// `exports` (the bundle): the command must read the statistics of that copy.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import warren, { Type } from 'warren'
import { schemaCacheStats } from '../../src/schema/cache-stats.js'

const bin = resolve('bin/warren.js')
const built = pathToFileURL(createRequire(resolve('package.json')).resolve('warren')).href

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'warren-cli-test-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const routeSchema = { body: Type.Object({ a: Type.Integer() }), response: { 200: Type.Object({ a: Type.Integer() }) } }

/** Writes an entry module into the test directory; `cache` is the app's `schemaCache` option as source text. */
function entry(cache: string, exportLine = 'export default build'): string {
  const file = join(dir, 'app.mjs')
  writeFileSync(file, [
    `import warren, { Type } from ${JSON.stringify(built)}`,
    'function build() {',
    `  const app = warren({ schemaCache: ${cache} })`,
    "  app.post('/', { schema: { body: Type.Object({ a: Type.Integer() }), response: { 200: Type.Object({ a: Type.Integer() }) } } }, async (r) => r.body)",
    '  return app',
    '}',
    exportLine,
  ].join('\n'))
  return file
}

function run(...args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' })
}

describe('warren compile', () => {
  it('fills the cache: the next start of the same app loads every schema', async () => {
    const cache = join(dir, 'cache')
    const result = run('compile', entry(JSON.stringify({ dir: cache })))
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(`warren: 2 schema(s) compiled and written, 0 already cached, in ${cache}\n`)
    expect(readdirSync(cache).filter((name) => name.endsWith('.cjs'))).toHaveLength(2)
    // and the V8 code cache of both, so that the first start already skips parsing them
    expect(readdirSync(cache).filter((name) => name.endsWith('.v8'))).toHaveLength(2)

    const app = warren({ schemaCache: { dir: cache } })
    app.post('/', { schema: routeSchema }, async (request: any) => request.body)
    await app.ready()
    expect(schemaCacheStats(app)).toMatchObject({ hits: 2, misses: 0 })
    expect((await app.inject({ method: 'POST', url: '/', payload: { a: '7' } })).json()).toEqual({ a: 7 })
    expect((await app.inject({ method: 'POST', url: '/', payload: { a: 'x' } })).statusCode).toBe(400)
    await app.close()

    const again = run('compile', entry(JSON.stringify({ dir: cache })))
    expect(again.stdout).toBe(`warren: 0 schema(s) compiled and written, 2 already cached, in ${cache}\n`)
  })

  it('accepts an app exported directly', () => {
    const result = run('compile', entry(JSON.stringify({ dir: join(dir, 'cache') }), 'export default build()'))
    expect(result.status).toBe(0)
  })

  it('refuses an app without a schema cache', () => {
    const result = run('compile', entry('false'))
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('the application has no schema cache')
  })

  it('fails when the cache directory cannot be written', () => {
    writeFileSync(join(dir, 'a-file'), '')
    const result = run('compile', entry(JSON.stringify({ dir: join(dir, 'a-file', 'cache') })))
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('cannot be written')
  })

  it('refuses a module that exports no app', () => {
    const file = join(dir, 'nothing.mjs')
    writeFileSync(file, 'export default 42\n')
    const result = run('compile', file)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('must export a warren application')
  })

  it('prints its usage for a missing entry or an unknown command', () => {
    for (const args of [[], ['compile'], ['build', 'x.js']]) {
      const result = run(...args)
      expect(result.status).toBe(2)
      expect(result.stderr).toContain('usage: warren compile <entry>')
    }
  })
})
