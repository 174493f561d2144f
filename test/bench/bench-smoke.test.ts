import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// `npm run bench` in its quick mode, one scenario, so the harness cannot rot unnoticed. The
// figures are not checked (a shared machine makes them noise at this length); that the three
// servers give the expected answers under load, and that every output is produced, is.
const root = fileURLToPath(new URL('../..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'warren-bench-'))

describe('npm run bench (quick mode)', () => {
  let run: ReturnType<typeof spawnSync>

  beforeAll(() => {
    // the bench loads warren from its build, as a user would; npm test builds first
    if (!existsSync(join(root, 'dist/bundle/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root })
    run = spawnSync(process.execPath, ['bench/run.js', '--rounds', '1', '--duration', '1', '--scenario', '1', '--startup-routes', '20', '--runtimes', 'none', '--out', out], {
      cwd: root,
      encoding: 'utf8',
      timeout: 40000,
    })
  }, 60000)

  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('prints the side-by-side table with both ratios', () => {
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.status).toBe(0)
    const row = (run.stdout as string).split('\n').find((line) => line.startsWith('1. GET /'))
    expect(row).toBeDefined()
    // warren/Fastify, warren/node:http, warren/Fastify per server CPU-second, CPU µs per request of the three servers, warren/node:http CPU paired
    expect(row).toMatch(/\d\.\d\d×\s+\d\.\d\d×\s+\d\.\d\d×\s+[\d.]+ \/ [\d.]+ \/ [\d.]+\s+\d\.\d\d×\s*$/)
  })

  it("reports on each round what the server's garbage collector did", () => {
    for (const server of ['warren', 'fastify', 'node-http']) {
      expect(run.stderr).toMatch(new RegExp(`^round 1, scenario 1, ${server}: .* µs CPU/request, young GC \\d+\\.\\d\\d ms/1k req, \\d+ full$`, 'm'))
    }
  })

  it('measures start-up for distinct and shared schemas', () => {
    expect(run.stdout).toMatch(/^20\s+distinct\s+\d+ ms\s+\d+ ms/m)
    expect(run.stdout).toMatch(/^20\s+one shared\s+\d+ ms\s+\d+ ms/m)
  })

  it('regenerates results.md and the ratio chart', () => {
    const results = readFileSync(join(out, 'results.md'), 'utf8')
    expect(results).toContain('<!-- bench:load -->')
    expect(results).toMatch(/\| 1\. GET \/ \(response schema\) \| [\d,]+ \|/)
    expect(results).toContain('<!-- bench:startup -->')
    const svg = readFileSync(join(out, 'ratios.svg'), 'utf8')
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
    expect(svg.match(/<rect x="250"/g)).toHaveLength(2)
  })

  it('refuses an unknown option', () => {
    const bad = spawnSync(process.execPath, ['bench/run.js', '--rounds', '1', '--no-such-option'], { cwd: root, encoding: 'utf8' })
    expect(bad.status).toBe(1)
    expect(bad.stderr).toMatch(/no-such-option/)
  })
})
