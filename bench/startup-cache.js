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
// CPU time to the end of ready() (all threads): on a shared machine, steadier than wall time
const cpuHeader = ['routes', 'schemas', 'warren CPU', 'cold cache CPU', 'warm cache CPU', 'Fastify CPU']
const cpuRows = results.map((r) => [String(r.routes), r.mode, ...[r.warren, r.cold, r.warm, r.fastify].map((v) => `${Math.round(v.cpuMs)} ms`)])
process.stdout.write(markdownTable(cpuHeader, cpuRows) + '\n')
