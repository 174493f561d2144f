// Scenario 6, the Zod comparison: the same validated POST served by warren's Zod route, warren's
// TypeBox route, Fastify with its Zod type provider and Hono with its Zod validator, run as the
// main table runs (every server up for a round, the order rotating, medians of the rounds).
import { measure, verify, warmUp } from './load.js'
import { markdownTable, textTable } from './report.js'
import { startServer } from './servers.js'
import { median, rotate } from './stats.js'
import { zodFrameworkNames, zodFrameworks, zodScenario } from '../zod-scenario.js'

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–')

/** Runs the comparison: per server, median req/s, p99 and CPU per request, and its req/s over warren (Zod)'s per round. */
export async function runZodComparison(settings, log) {
  const samples = Object.fromEntries(zodFrameworks.map((framework) => [framework, []]))
  for (let round = 0; round < settings.rounds; round++) {
    const servers = {}
    for (const framework of zodFrameworks) servers[framework] = await startServer(framework)
    try {
      for (const framework of rotate(zodFrameworks, round)) {
        const server = servers[framework]
        await verify(server.url, zodScenario, framework)
        await warmUp(server.url, zodScenario, settings)
        const sample = await measure(server, zodScenario, settings)
        if (sample.wrong > 0) throw new Error(`${framework}, scenario 6: ${sample.wrong} unexpected answers under load`)
        samples[framework].push(sample)
        log(`round ${round + 1}, scenario 6, ${framework}: ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms, ${sample.cpuPerRequest.toFixed(1)} µs CPU/request`)
      }
    } finally {
      for (const framework of zodFrameworks) await servers[framework].stop()
    }
  }
  const base = samples['warren-zod']
  return zodFrameworks.map((framework) => {
    const runs = samples[framework]
    return {
      framework,
      rps: median(runs.map((s) => s.rps)),
      p99: median(runs.map((s) => s.p99)),
      cpu: median(runs.map((s) => s.cpuPerRequest)),
      vsWarrenZod: median(runs.map((s, i) => s.rps / base[i].rps)),
    }
  })
}

const header = ['server (scenario 6: POST /users, Zod schemas)', 'req/s', 'p99', 'CPU µs/req', 'req/s over warren (Zod)']

function rows(results) {
  return results.map((r) => [zodFrameworkNames[r.framework], fmt(r.rps), fmt(r.p99) + ' ms', fmt(r.cpu, 1), r.vsWarrenZod.toFixed(2) + '×'])
}

/** The console table. */
export function zodConsoleTable(results) {
  return textTable(header, rows(results))
}

/** The section of bench/results.md. */
export function zodSection(results, provenance) {
  return [
    '## Zod schemas, side by side (scenario 6)',
    '',
    provenance,
    '',
    markdownTable(header, rows(results)),
    '',
    "Scenario 2's request and answer, its schemas written in Zod (`bench/zod-scenario.js`). warren compiles the Zod schemas " +
      'through their JSON Schema (Ajv and fast-json-stringify: Zod itself does not run for them, docs/guide/schema-libraries.md); ' +
      "warren (TypeBox) is scenario 2's route, the yardstick; Fastify and Hono run Zod on each request (and Fastify on each reply).",
  ].join('\n')
}
