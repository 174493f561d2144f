// Start-up before and after a change, interleaved so that both see the same machine load:
//   npm run build && node bench/startup-compare.js <other-checkout> [repetitions] [routes] [distinct|shared]
// <other-checkout> is another built copy of warren (a git worktree of the base commit, with its
// own `npm run build`). Each repetition runs, in rotating order and each in a fresh process:
// the other build without a cache, with a cold then a warm cache; this build the same way; and
// Fastify. Prints medians of wall and CPU time to the end of ready(), CPU time until a cold
// start's entries are on disk, and peak RSS at ready(). Each build runs its own
// `bench/startup-child.js`: the other checkout's must print the same JSON (as it does from the
// commit that made it report `settledCpuMs`).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, rotate } from './lib/stats.js'

const [other, repsArg = '5', routes = '1000', mode = 'distinct'] = process.argv.slice(2)
if (other === undefined) {
  process.stderr.write('usage: node bench/startup-compare.js <other-checkout> [repetitions] [routes] [distinct|shared]\n')
  process.exit(2)
}
const children = {
  before: join(resolve(other), 'bench', 'startup-child.js'),
  after: join(dirname(fileURLToPath(import.meta.url)), 'startup-child.js'),
}

function start(child, framework, dir) {
  const output = execFileSync(process.execPath, [child, framework, routes, mode, ...(dir === undefined ? [] : [dir])], { encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').pop())
}

const runs = {}
const record = (name, result) => (runs[name] ??= []).push(result)

/** A cold start on a new empty directory, then a warm one on the same directory. */
function cache(build) {
  const dir = mkdtempSync(join(tmpdir(), 'warren-startup-compare-'))
  try {
    record(`${build} cold`, start(children[build], 'warren', dir))
    record(`${build} warm`, start(children[build], 'warren', dir))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const steps = {
  beforeNone: () => record('before none', start(children.before, 'warren')),
  beforeCache: () => cache('before'),
  afterNone: () => record('after none', start(children.after, 'warren')),
  afterCache: () => cache('after'),
  fastify: () => record('fastify', start(children.after, 'fastify')),
}
const reps = Number(repsArg)
for (let rep = 0; rep < reps; rep++) for (const step of rotate(Object.keys(steps), rep)) steps[step]()

const figure = (list, name) => {
  const values = list.map((r) => r[name]).filter((v) => typeof v === 'number')
  return values.length === 0 ? '—' : String(Math.round(median(values)))
}
process.stdout.write(`${routes} routes, ${mode} schemas, median of ${reps}\n`)
process.stdout.write('| run | ready() wall ms | ready() CPU ms | CPU ms, entries written | peak RSS at ready() MB |\n|---|---|---|---|---|\n')
for (const [name, list] of Object.entries(runs)) {
  const rss = (median(list.map((r) => r.peakRss)) / 1048576).toFixed(1)
  process.stdout.write(`| ${name} | ${figure(list, 'ms')} | ${figure(list, 'cpuMs')} | ${figure(list, 'settledCpuMs')} | ${rss} |\n`)
}

const cpu = (name) => median(runs[name].map((r) => r.cpuMs))
const ratio = (a, b) => `${(cpu(a) / cpu(b)).toFixed(2)}×`
process.stdout.write(`\nCPU to ready(): cold / no cache ${ratio('before cold', 'before none')} before, ${ratio('after cold', 'after none')} after; `)
process.stdout.write(`warm / Fastify ${ratio('before warm', 'fastify')} before, ${ratio('after warm', 'fastify')} after\n`)
