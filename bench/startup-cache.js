// The start-up check alone, without the load scenarios: warren without a schema cache, with a
// cold and a warm one, and Fastify, each start in a fresh process (medians).
//   npm run build && node bench/startup-cache.js [routes,...] [repetitions]
// Prints the text table, then the Markdown table recorded in bench/results.md.
import { cpus } from 'node:os'
import { markdownTable, startupHeader, startupRows, textTable } from './lib/report.js'
import { runStartup } from './lib/startup.js'

const routes = (process.argv[2] ?? '1000').split(',').map(Number)
const reps = Number(process.argv[3] ?? 5)
const results = await runStartup({ startupRoutes: routes, startupReps: reps }, (line) => process.stderr.write(line + '\n'))
process.stdout.write(`${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}, median of ${reps}\n\n`)
process.stdout.write(textTable(startupHeader, startupRows(results)) + '\n\n' + markdownTable(startupHeader, startupRows(results)) + '\n\n')
// CPU time to the end of ready() (all threads): on a shared machine, steadier than wall time;
// and, for the cold cache, to the moment its entries are on disk (the background work after ready())
const cpuHeader = ['routes', 'schemas', 'warren CPU', 'cold cache CPU', 'cold cache CPU, entries written', 'warm cache CPU', 'Fastify CPU', 'cold / no cache CPU', 'warm cache / Fastify CPU']
const ms = (value) => `${Math.round(value)} ms`
const cpuRows = results.map((r) => [
  String(r.routes), r.mode, ms(r.warren.cpuMs), ms(r.cold.cpuMs), ms(r.cold.settledCpuMs), ms(r.warm.cpuMs), ms(r.fastify.cpuMs),
  `${(r.cold.cpuMs / r.warren.cpuMs).toFixed(2)}×`, `${(r.warm.cpuMs / r.fastify.cpuMs).toFixed(2)}×`,
])
process.stdout.write(markdownTable(cpuHeader, cpuRows) + '\n')
