// Turns measurements into the console table and the sections of bench/results.md. Generated text
// sits between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` markers, so sections written by
// hand (or by other benchmarks) around them are left alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { growth } from './memory.js'

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–')
const ratio = (n) => (Number.isFinite(n) ? n.toFixed(2) + '×' : '–')
const mb = (bytes) => fmt(bytes / 1048576, 1) + ' MB'

function pad(text, width) {
  return text.length >= width ? text : text + ' '.repeat(width - text.length)
}

/** A plain-text table of `header` and `rows` (arrays of strings), columns padded to fit. */
export function textTable(header, rows) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => pad(cell, widths[i])).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function markdownTable(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

const loadHeader = ['scenario', 'warren req/s', 'p99', 'Fastify req/s', 'p99', 'node:http req/s', 'p99', 'warren/Fastify', 'warren/node:http', 'per CPU-s w/F', 'CPU µs/req (w / F / n)', 'CPU w/n']

function loadRows(results) {
  return results.map((r) => [
    `${r.id}. ${r.name}`,
    fmt(r.warren.rps), fmt(r.warren.p99) + ' ms',
    fmt(r.fastify.rps), fmt(r.fastify.p99) + ' ms',
    fmt(r['node-http'].rps), fmt(r['node-http'].p99) + ' ms',
    ratio(r.vsFastify), ratio(r.vsNode), ratio(r.cpuVsFastify),
    [r.warren.cpu, r.fastify.cpu, r['node-http'].cpu].map((n) => fmt(n, 1)).join(' / '),
    ratio(r.cpuVsNode),
  ])
}

export const startupHeader = [
  'routes', 'schemas', 'warren ready()', 'cold cache', 'warm cache', 'Fastify ready()', 'warren/Fastify time', 'warm cache/Fastify',
  'warren peak RSS', 'cold / warm peak RSS', 'Fastify peak RSS',
]

/** One row per start-up case: warren without a cache, with a cold and a warm one, and Fastify. */
export function startupRows(startup) {
  return startup.map((s) => [
    String(s.routes), s.mode, fmt(s.warren.ms) + ' ms', fmt(s.cold.ms) + ' ms', fmt(s.warm.ms) + ' ms', fmt(s.fastify.ms) + ' ms',
    ratio(s.warren.ms / s.fastify.ms), ratio(s.warm.ms / s.fastify.ms),
    mb(s.warren.peakRss), `${mb(s.cold.peakRss)} / ${mb(s.warm.peakRss)}`, mb(s.fastify.peakRss),
  ])
}

/** The console report. */
export function consoleReport(run) {
  const parts = []
  if (run.load.length > 0) parts.push(textTable(loadHeader, loadRows(run.load)))
  if (run.startup.length > 0) parts.push(textTable(startupHeader, startupRows(run.startup)))
  if (run.memory !== null) parts.push(memoryLines(run.memory))
  if (run.runtimes?.bun.length > 0) parts.push(textTable(bunHeader, bunRows(run.runtimes.bun)))
  if (run.runtimes?.fetch.length > 0) parts.push(textTable(fetchHeader, fetchRows(run.runtimes.fetch)))
  return parts.join('\n\n')
}

const bunHeader = ['scenario (Bun)', 'warren req/s', 'Hono req/s', 'Elysia req/s', 'warren/Hono', 'warren/Elysia']

function bunRows(results) {
  return results.map((r) => [`${r.id}. ${r.name}`, fmt(r.rps.warren), fmt(r.rps.hono), fmt(r.rps.elysia), ratio(r.vsHono), ratio(r.vsElysia)])
}

const fetchHeader = ['scenario (app.fetch on Node)', 'warren CPU µs/req', 'Hono CPU µs/req', 'warren/Hono per CPU-s']

function fetchRows(results) {
  return results.map((r) => [`${r.id}. ${r.name}`, fmt(r.cpu.warren, 1), fmt(r.cpu.hono, 1), ratio(r.vsHono)])
}

function runtimesSection(run) {
  const parts = ['## Runtimes', '', `${run.date}, ${run.machine}; command: \`${run.command}\`; ${run.settings.rounds} round(s), medians, ratios per round.`]
  if (run.runtimes.bun.length > 0) {
    parts.push('', 'On Bun, requests per second under autocannon: warren through `Bun.serve` + `app.fetch`, Hono through `Bun.serve` + its fetch (TypeBox compiled validators), Elysia (its own `t` schemas).', '', markdownTable(bunHeader, bunRows(run.runtimes.bun)))
  }
  if (run.runtimes.fetch.length > 0) {
    parts.push('', 'In-process on Node, no socket: CPU time per request of `app.fetch(new Request(...))`, the answer read whole, warren against Hono.', '', markdownTable(fetchHeader, fetchRows(run.runtimes.fetch)))
  }
  return parts.join('\n')
}

/** One line per scenario: RSS and heap growth of each framework after a forced GC, and warren's growth against Fastify's. */
function memoryLines(memory) {
  const percent = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`
  return memory.map(({ scenario, runs }) => {
    const w = runs.warren
    const f = runs.fastify
    const wGrowth = growth(w, 'rss')
    const fGrowth = growth(f, 'rss')
    const verdict = wGrowth <= Math.max(fGrowth, 0) && wGrowth <= 0.1 ? 'met' : 'not met'
    return `scenario ${scenario}, RSS after a forced GC from request ${fmt(w[0].requests)} to ${fmt(w.at(-1).requests)}: ` +
      `warren ${mb(w[0].rss)} → ${mb(w.at(-1).rss)} (${percent(wGrowth)}), Fastify ${mb(f[0].rss)} → ${mb(f.at(-1).rss)} (${percent(fGrowth)}); ` +
      `growth difference ${percent(wGrowth - fGrowth)} (target: no more than Fastify's and within +10%: ${verdict}); ` +
      `JS heap warren ${percent(growth(w, 'heapUsed'))}, Fastify ${percent(growth(f, 'heapUsed'))}`
  }).join('\n')
}

/** The "how it was measured" line of each generated section. */
export function provenance(run) {
  return `${run.date}, ${run.machine}, Node ${process.version}; command: \`${run.command}\` ` +
    `(${run.settings.rounds} rounds × ${run.settings.duration} s per framework and scenario, ${run.settings.connections} connections, pipelining ${run.settings.pipelining}, frameworks in rotating order; medians)`
}

function loadSection(run) {
  return [
    '## Requests per second, side by side',
    '',
    provenance(run),
    '',
    markdownTable(loadHeader, loadRows(run.load)),
    '',
    'Ratios are the medians of the per-round ratios (each round runs the three servers back to back on the same scenario); ' +
      '"per CPU-s w/F" is warren\'s requests per server CPU-second over Fastify\'s. ' +
      '"CPU µs/req" is the CPU time each server spent per request (warren / Fastify / node:http, lower is better): on a shared machine it is disturbed far less than requests/s. ' +
      '"CPU w/n" is warren\'s CPU per request over node:http\'s, the median of the per-round ratios: the two are measured back to back, so what the machine does between rounds cancels.',
    '',
    '![warren / Fastify and warren / node:http, requests per second](ratios.svg)',
  ].join('\n')
}

function startupSection(run) {
  return [
    '## Start-up',
    '',
    `Time from the factory call to the end of \`ready()\` and the process's peak RSS, each measured in a fresh process (median of ${run.settings.startupReps}); ${run.date}, ${run.machine}. ` +
      'Cold cache: `schemaCache` on, empty directory (compiles and writes every entry); warm cache: the next start on that directory (loads every entry).',
    '',
    markdownTable(startupHeader, startupRows(run.startup)),
  ].join('\n')
}

function memorySection(run) {
  const header = ['scenario', 'requests served', 'RSS w / F', 'JS heap w / F', 'external w / F', 'array buffers w / F']
  const pair = (w, f, key) => `${mb(w[key])} / ${mb(f[key])}`
  const rows = run.memory.flatMap(({ scenario, runs }) =>
    runs.warren.map((w, i) => {
      const f = runs.fastify[i]
      return [String(scenario), fmt(w.requests), pair(w, f, 'rss'), pair(w, f, 'heapUsed'), pair(w, f, 'external'), pair(w, f, 'arrayBuffers')]
    }),
  )
  return [
    '## Memory under load',
    '',
    `${run.date}, ${run.machine}; command: \`${run.command}\`. Each server fresh, warren then Fastify, memory read after a forced GC at every tenth.`,
    '',
    memoryLines(run.memory),
    '',
    markdownTable(header, rows),
  ].join('\n')
}

/** Replaces the text between `<!-- bench:name -->` and `<!-- /bench:name -->`, or appends the block. */
export function replaceBlock(text, name, body) {
  const open = `<!-- bench:${name} -->`
  const close = `<!-- /bench:${name} -->`
  const block = `${open}\n${body}\n${close}`
  const start = text.indexOf(open)
  const end = text.indexOf(close)
  if (start === -1 || end === -1) return text.trimEnd() + '\n\n' + block + '\n'
  return text.slice(0, start) + block + text.slice(end + close.length)
}

/** Regenerates the sections of `file` this run measured, leaving every other section as it was. */
export function writeResults(file, run) {
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# warren benchmark results\n\nRegenerated by `npm run bench` (see docs/guide/performance.md, "Benchmarks").\n'
  if (run.load.length > 0) text = replaceBlock(text, 'load', loadSection(run))
  if (run.startup.length > 0) text = replaceBlock(text, 'startup', startupSection(run))
  if (run.memory !== null) text = replaceBlock(text, 'memory', memorySection(run))
  if (run.runtimes !== undefined && (run.runtimes.bun.length > 0 || run.runtimes.fetch.length > 0)) text = replaceBlock(text, 'runtimes', runtimesSection(run))
  writeFileSync(file, text)
}
