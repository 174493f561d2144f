// Side by side in short interleaved runs, for a finer reading of one scenario than `npm run bench`:
//   npm run build && node bench/interleaved.js <scenario> <rounds> <seconds> <server> [<server> ...]
// A server is a bench app name (warren, fastify, node-http, libraries-floor); the first is the
// reference of the ratios. All servers start once, warm up, then take turns (order reversed every
// other round) so that the machine's slow and fast moments fall on all of them; per server the
// median CPU µs per request and requests/s, and per round the ratios to the first, with medians.
// BENCH_CONNECTIONS / BENCH_PIPELINING change the load (100 connections, pipelining 10 by default).
// BENCH_HOLD_TICK=1 keeps every server off Node's slow nextTick path (see bench/server.js): the
// ratios then compare the frameworks' own work, not which process fell into it.
import { measure, warmUp } from './lib/load.js'
import { startServer } from './lib/servers.js'
import { median } from './lib/stats.js'
import { scenarios } from './scenarios.js'

const [id = '2', roundsArg = '10', secondsArg = '2', ...names] = process.argv.slice(2)
const scenario = scenarios.find((s) => s.id === Number(id))
const settings = { connections: Number(process.env.BENCH_CONNECTIONS ?? 100), pipelining: Number(process.env.BENCH_PIPELINING ?? 10), duration: Number(secondsArg), warmupRequests: 20000 }
const servers = []
for (const name of names.length > 0 ? names : ['fastify', 'warren', 'libraries-floor', 'node-http']) {
  const server = await startServer(name)
  await warmUp(server.url, scenario, settings)
  servers.push({ name, server, cpu: [], rps: [] })
}
for (let round = 0; round < Number(roundsArg); round++) {
  for (const entry of round % 2 === 0 ? servers : [...servers].reverse()) {
    const sample = await measure(entry.server, scenario, settings)
    entry.cpu.push(sample.cpuPerRequest)
    entry.rps.push(sample.rps)
  }
}
const [reference] = servers
for (const { name, cpu, rps } of servers) {
  const line = [`${name}: ${median(cpu).toFixed(1)} µs CPU/request, ${Math.round(median(rps))} req/s`]
  if (name !== reference.name) {
    line.push(`CPU ratio to ${reference.name} ${median(cpu.map((c, i) => c / reference.cpu[i])).toFixed(3)}`)
    line.push(`req/s ratio ${median(rps.map((r, i) => r / reference.rps[i])).toFixed(3)}`)
  }
  process.stdout.write(line.join(', ') + '\n')
}
for (const { server } of servers) await server.stop()
