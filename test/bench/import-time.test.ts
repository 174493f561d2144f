import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `node bench/import-time.js` with one round, so the harness cannot rot unnoticed: every subject
// imports (warren through its package name, i.e. the bundle npm test built) and the table has
// its ratios. The figures themselves are not checked: one round on a shared machine is noise.
const root = fileURLToPath(new URL('../..', import.meta.url))

describe('bench/import-time.js', () => {
  it('times each import in fresh processes and prints both tables with the ratios', () => {
    const run = spawnSync(process.execPath, ['bench/import-time.js', '--rounds', '1', '--quiet'], { cwd: root, encoding: 'utf8', timeout: 60_000 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    for (const label of ["warren (package entry: import 'warren')", 'warren, tsc output (dist/src/index.js)', 'Fastify + @sinclair/typebox', '@sinclair/typebox alone']) {
      const row = run.stdout.split('\n').find((line) => line.startsWith(`| ${label} |`))
      expect(row, label).toMatch(/\| \d+ ms \| \d+\.\d\d× \| \d+\.\d\d× \| \d+ ms \| \d+ ms \|$/)
    }
    expect(run.stdout).toMatch(/^\| Fastify \+ @sinclair\/typebox \| \d+ ms \| 1\.00× \|/m)
  }, 60_000)

  it('refuses a round count that is not a whole number', () => {
    const run = spawnSync(process.execPath, ['bench/import-time.js', '--rounds', '0'], { cwd: root, encoding: 'utf8' })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toMatch(/--rounds/)
  })
})
