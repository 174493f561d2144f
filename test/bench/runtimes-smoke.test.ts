import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The runtime dimension of `npm run bench` in its quick mode, so the harness cannot rot
// unnoticed: warren, Hono and Elysia on Bun, and app.fetch against Hono's in-process on Node, each
// giving the expected answers under load and a ratio. The figures are not checked (noise here).
const root = fileURLToPath(new URL('../..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'warren-bench-runtimes-'))

describe('npm run bench: runtimes (quick mode)', () => {
  let run: ReturnType<typeof spawnSync>

  beforeAll(() => {
    if (!existsSync(join(root, 'dist/bundle/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root })
    const args = ['bench/run.js', '--rounds', '1', '--duration', '1', '--warmup', '500', '--scenario', 'none', '--startup-routes', 'none', '--runtimes', 'bun,fetch', '--out', out]
    run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 150_000 })
  }, 180_000)

  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('prints warren against Hono and Elysia on Bun, and app.fetch against Hono on Node, with ratios', () => {
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.status).toBe(0)
    const lines = (run.stdout as string).split('\n')
    const bun = lines.filter((line) => /^[123]\. /.test(line) && /req\/s|×\s+[\d.]+×\s*$/.test(line))
    expect(bun.length).toBeGreaterThanOrEqual(3)
    for (const id of ['1', '2', '3']) {
      expect(lines.some((line) => line.startsWith(`${id}. `) && /\d\.\d\d×\s+\d\.\d\d×\s*$/.test(line))).toBe(true)
      expect(lines.some((line) => line.startsWith(`${id}. `) && /[\d.]+\s+[\d.]+\s+\d\.\d\d×\s*$/.test(line))).toBe(true)
    }
  })

  it('writes the runtimes section of results.md', () => {
    const results = readFileSync(join(out, 'results.md'), 'utf8')
    expect(results).toContain('<!-- bench:runtimes -->')
    expect(results).toMatch(/\| 2\. POST \/users \(validated body, 201\) \| [\d,]+ \| [\d,]+ \| [\d,]+ \| \d\.\d\d× \| \d\.\d\d× \|/)
    expect(results).not.toContain('<!-- bench:load -->')
  })
})
