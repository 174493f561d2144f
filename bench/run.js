// `npm run bench`: warren, Fastify 5 and bare node:http side by side (see `--help`), the same
// validated POST with Zod schemas on warren, Fastify and Hono (scenario 6, bench/lib/zod.js), and
// warren's fetch handler against Hono and Elysia (bench/lib/runtimes.js).
// Prints the table, regenerates bench/results.md (its own sections) and bench/ratios.svg.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSettings } from './lib/args.js'
import { ratioChart } from './lib/chart.js'
import { collectorNote, measure, verify, warmUp } from './lib/load.js'
import { consoleReport, provenance, replaceBlock, writeResults } from './lib/report.js'
import { frameworks, startServer } from './lib/servers.js'
import { median, rotate } from './lib/stats.js'
import { runMemory } from './lib/memory.js'
import { runStartup } from './lib/startup.js'
import { runRuntimes } from './lib/runtimes.js'
import { runZodComparison, zodConsoleTable, zodSection } from './lib/zod.js'
import { scenarios } from './scenarios.js'

const here = dirname(fileURLToPath(import.meta.url))
const log = (message) => process.stderr.write(message + '\n')

/** One round: the three servers up, each scenario run on each, in an order that rotates. */
async function runRound(round, selected, settings, samples) {
  const servers = {}
  for (const framework of frameworks) {
    const execArgv = settings.profile && framework === 'warren' ? ['--cpu-prof', `--cpu-prof-dir=${settings.profile}`] : []
    servers[framework] = await startServer(framework, execArgv)
  }
  try {
    for (const [index, scenario] of selected.entries()) {
      for (const framework of rotate(frameworks, round + index)) {
        const server = servers[framework]
        await verify(server.url, scenario, framework)
        await warmUp(server.url, scenario, settings)
        const sample = await measure(server, scenario, settings)
        if (sample.wrong > 0) throw new Error(`${framework}, scenario ${scenario.id}: ${sample.wrong} unexpected answers under load`)
        samples[scenario.id][framework].push(sample)
        log(`round ${round + 1}, scenario ${scenario.id}, ${framework}: ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms, ${sample.cpuPerRequest.toFixed(1)} µs CPU/request${collectorNote(sample)}`)
      }
    }
  } finally {
    for (const framework of frameworks) await servers[framework].stop()
  }
}

async function runLoad(settings) {
  const selected = scenarios.filter((scenario) => settings.scenarios.includes(scenario.id))
  // no scenario (`--scenario none`): no server to start
  if (selected.length === 0) return []
  const samples = Object.fromEntries(selected.map((s) => [s.id, Object.fromEntries(frameworks.map((f) => [f, []]))]))
  for (let round = 0; round < settings.rounds; round++) await runRound(round, selected, settings, samples)
  return selected.map((scenario) => {
    const runs = samples[scenario.id]
    const summarize = (list) => ({ rps: median(list.map((s) => s.rps)), p99: median(list.map((s) => s.p99)), cpu: median(list.map((s) => s.cpuPerRequest)) })
    const summary = Object.fromEntries(frameworks.map((f) => [f, summarize(runs[f])]))
    const perRound = (other) => median(runs.warren.map((s, i) => s.rps / runs[other][i].rps))
    // requests per server CPU-second, warren's over Fastify's: Fastify's CPU per request over warren's
    const perCpuSecond = median(runs.warren.map((s, i) => runs.fastify[i].cpuPerRequest / s.cpuPerRequest))
    const cpuVsNode = median(runs.warren.map((s, i) => s.cpuPerRequest / runs['node-http'][i].cpuPerRequest))
    return { id: scenario.id, name: scenario.name, ...summary, vsFastify: perRound('fastify'), vsNode: perRound('node-http'), cpuVsFastify: perCpuSecond, cpuVsNode }
  })
}

async function main() {
  const settings = parseSettings(process.argv.slice(2))
  if (settings.help) return void process.stdout.write(settings.help + '\n')
  if (settings.profile) mkdirSync(settings.profile, { recursive: true })
  // the servers are forked children: they read the variant from their environment
  if (settings.sameRoutes) process.env.WARREN_BENCH_SAME_ROUTES = '1'
  const run = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${process.platform}`,
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
    settings,
    load: await runLoad(settings),
    zod: settings.scenarios.includes(6) ? await runZodComparison(settings, log) : null,
    startup: await runStartup(settings, log),
    memory: settings.memory ? await runMemory(settings, log) : null,
    runtimes: await runRuntimes(settings, log),
  }
  process.stdout.write(consoleReport(run) + '\n')
  if (run.zod !== null) process.stdout.write('\n' + zodConsoleTable(run.zod) + '\n')
  const outDir = settings.out === null ? here : resolve(settings.out)
  mkdirSync(outDir, { recursive: true })
  const results = join(outDir, 'results.md')
  writeResults(results, run)
  if (run.zod !== null) writeFileSync(results, replaceBlock(readFileSync(results, 'utf8'), 'zod', zodSection(run.zod, provenance(run))))
  if (run.load.length > 0) {
    const rows = run.load.map((r) => ({ name: `${r.id}. ${r.name}`, vsFastify: r.vsFastify, vsNode: r.vsNode }))
    writeFileSync(join(outDir, 'ratios.svg'), ratioChart(rows, `warren vs Fastify 5 vs node:http — ${run.date}, ${cpus().length} cores`))
  }
  log(`wrote ${join(outDir, 'results.md')}`)
}

main().catch((error) => {
  process.stderr.write((error?.stack ?? String(error)) + '\n')
  process.exitCode = 1
})
