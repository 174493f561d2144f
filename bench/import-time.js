// @module bench/import-time
// The other half of a cold start: loading the package. Each figure is `await import(...)` timed in
// a fresh Node process (nothing cached between runs but the OS's file cache), several rounds in an
// order that rotates, medians, side by side:
//   - warren through its package name, i.e. its `exports` (the bundle in dist/bundle/);
//   - warren's tsc output imported by path (dist/src/index.js, one file per module: what the
//     package loaded before it was bundled);
//   - Fastify + @sinclair/typebox (what a Fastify + TypeBox application loads);
//   - TypeBox alone (warren re-exports its `Type`: a floor neither application goes under).
//   npm run build && node bench/import-time.js [--rounds N] [--also FILE]
// --also FILE adds another build's entry, imported by path (another checkout's dist/src/index.js,
// say, to compare before and after a change in one run).
// Prints the text table, then the Markdown table recorded in bench/results.md.
import { spawnSync } from 'node:child_process'
import { cpus } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { markdownTable, textTable } from './lib/report.js'
import { median, rotate } from './lib/stats.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** What each subject imports, in order, from a module evaluated at the project's root. */
export const subjects = [
  { id: 'warren', label: "warren (package entry: import 'warren')", specifiers: ['warren'] },
  { id: 'unbundled', label: 'warren, tsc output (dist/src/index.js)', specifiers: ['./dist/src/index.js'] },
  { id: 'fastify', label: 'Fastify + @sinclair/typebox', specifiers: ['fastify', '@sinclair/typebox'] },
  { id: 'typebox', label: '@sinclair/typebox alone', specifiers: ['@sinclair/typebox'] },
]

/**
 * One fresh process importing a subject: the time of the imports alone, the CPU time they took
 * (all threads: on a shared machine, steadier than wall time), and the time from the process's
 * start (performance's time origin) to the end of the imports, in ms.
 */
function loadOnce(subject) {
  const imports = subject.specifiers.map((specifier) => `await import(${JSON.stringify(specifier)})`).join('; ')
  const code = `const cpu = process.cpuUsage(); const start = performance.now(); ${imports}; const end = performance.now(); const used = process.cpuUsage(cpu); process.stdout.write(JSON.stringify({ importMs: end - start, cpuMs: (used.user + used.system) / 1000, sinceStartMs: end }))`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' })
  if (child.status !== 0) throw new Error(`${subject.label}: the import failed\n${child.stderr}`)
  return JSON.parse(child.stdout)
}

/** Runs every subject once per round (the order rotates each round) and returns the medians per subject. */
export function measureImports(subjects, rounds, log = () => {}) {
  const samples = Object.fromEntries(subjects.map((s) => [s.id, []]))
  // one load of each first, not counted: warms the OS's file cache for every subject alike
  for (const subject of subjects) loadOnce(subject)
  for (let round = 0; round < rounds; round++) {
    for (const subject of rotate(subjects, round)) {
      const sample = loadOnce(subject)
      samples[subject.id].push(sample)
      log(`round ${round + 1}, ${subject.id}: import ${sample.importMs.toFixed(1)} ms (CPU ${sample.cpuMs.toFixed(1)} ms), process start to loaded ${sample.sinceStartMs.toFixed(1)} ms`)
    }
  }
  return Object.fromEntries(subjects.map((s) => [s.id, {
    importMs: median(samples[s.id].map((x) => x.importMs)),
    cpuMs: median(samples[s.id].map((x) => x.cpuMs)),
    sinceStartMs: median(samples[s.id].map((x) => x.sinceStartMs)),
  }]))
}

const header = ['import', 'import time', 'vs Fastify + TypeBox', 'vs TypeBox', 'import CPU', 'process start to loaded']

/** Table rows: medians in ms, each import time as a ratio to Fastify + TypeBox's and to TypeBox's. */
export function importRows(subjects, results) {
  const ms = (value) => `${Math.round(value)} ms`
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`
  return subjects.map((s) => {
    const r = results[s.id]
    return [s.label, ms(r.importMs), ratio(r.importMs, results.fastify.importMs), ratio(r.importMs, results.typebox.importMs), ms(r.cpuMs), ms(r.sinceStartMs)]
  })
}

function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { rounds: { type: 'string' }, quiet: { type: 'boolean' }, also: { type: 'string' } } })
  const also = values.also === undefined ? [] : [{ id: 'also', label: `also: ${relative(root, resolve(values.also))}`, specifiers: [pathToFileURL(resolve(values.also)).href] }]
  const measured = [...subjects, ...also]
  const rounds = Number(values.rounds ?? 9)
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of rounds, at least 1')
  const results = measureImports(measured, rounds, values.quiet ? undefined : (line) => process.stderr.write(line + '\n'))
  const rows = importRows(measured, results)
  process.stdout.write(`${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}, medians of ${rounds} fresh processes each\n\n`)
  process.stdout.write(textTable(header, rows) + '\n\n' + markdownTable(header, rows) + '\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
