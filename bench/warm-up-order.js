// Whether what a server served first changes what a validated POST costs it afterwards:
//   npm run build && node bench/warm-up-order.js [server=warren] [rounds=4]
// Each round starts two fresh servers: one warmed up on scenario 2 alone, one on scenario 1 and then
// scenario 2; both are then measured on scenario 2 (the settings of `npm run bench`). Prints
// requests/s and CPU µs per request for each, per round, and their medians, and what V8's collector
// did during each measurement: ms of young collections per 1,000 requests and the full collections
// (a process whose collector is in a bad state shows several times the usual young figure).
import { collectorNote, measure, warmUp } from './lib/load.js'
import { parseSettings } from './lib/args.js'
import { startServer } from './lib/servers.js'
import { median } from './lib/stats.js'
import { scenarios } from './scenarios.js'

const [framework = 'warren', roundsArg = '4'] = process.argv.slice(2)
const settings = parseSettings([])
const byId = (id) => scenarios.find((scenario) => scenario.id === id)
const orders = { 'scenario 2 alone': [2], 'scenario 1, then 2': [1, 2] }
const samples = Object.fromEntries(Object.keys(orders).map((name) => [name, []]))

for (let round = 0; round < Number(roundsArg); round++) {
  for (const [name, warmUpOn] of Object.entries(orders)) {
    const server = await startServer(framework)
    try {
      for (const id of warmUpOn) await warmUp(server.url, byId(id), settings)
      const sample = await measure(server, byId(2), settings)
      samples[name].push(sample)
      console.log(`round ${round + 1}, ${framework} warmed on ${name}: ${Math.round(sample.rps)} req/s, ${sample.cpuPerRequest.toFixed(1)} µs CPU/request${collectorNote(sample)}`)
    } finally {
      await server.stop()
    }
  }
}
for (const [name, list] of Object.entries(samples)) {
  console.log(`${framework}, warmed on ${name}: median ${Math.round(median(list.map((s) => s.rps)))} req/s, ${median(list.map((s) => s.cpuPerRequest)).toFixed(1)} µs CPU/request`)
}
