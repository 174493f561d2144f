import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Scenario 6 of `npm run bench` (the Zod comparison) in its quickest form, so its four servers and
// its outputs cannot rot unnoticed. The figures are noise at this length and are not checked; that
// every server answers the scenario as expected under load, and that the table and the section of
// results.md are produced, is.
const root = fileURLToPath(new URL('../..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'warren-bench-zod-'))

describe('npm run bench -- --scenario 6 (Zod schemas on warren, Fastify and Hono)', () => {
  let run: ReturnType<typeof spawnSync>

  beforeAll(() => {
    if (!existsSync(join(root, 'dist/bundle/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root })
    const args = ['bench/run.js', '--rounds', '1', '--duration', '1', '--scenario', '6', '--startup-routes', 'none', '--out', out]
    // four servers, each warmed up and loaded for a second: some 15 s alone, slower on a busy machine
    run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 100000 })
  }, 110000)

  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('prints one row per server, each with its ratio to warren (Zod)', () => {
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.status).toBe(0)
    const lines = (run.stdout as string).split('\n')
    for (const server of ['warren (Zod)', 'warren (TypeBox)', 'Fastify + fastify-type-provider-zod', 'Hono + @hono/zod-validator']) {
      expect(lines.find((line) => line.startsWith(server)), server).toMatch(/\s[\d,]+\s+[\d,]+ ms\s+[\d.]+\s+\d\.\d\d×\s*$/)
    }
  })

  it('writes its section of results.md', () => {
    const results = readFileSync(join(out, 'results.md'), 'utf8')
    expect(results).toContain('<!-- bench:zod -->')
    expect(results).toMatch(/\| Hono \+ @hono\/zod-validator \| [\d,]+ \|/)
  })
})
