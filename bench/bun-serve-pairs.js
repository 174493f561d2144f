// Through Bun.serve, this build against another and Hono, in paired rounds: the server process's
// CPU time per request under autocannon (steadier than requests/s on a shared machine).
//   node bench/bun-serve-pairs.js --also <other build's bundle/index.js> [--scenario 2] [--rounds 8] [--duration 2]
// All three servers start once; each round they take turns in a rotating order, each warmed for
// 1 s first. Printed: medians per server, and the medians of the per-round ratios.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { measure, verify } from './lib/load.js'
import { startBunServer } from './lib/runtimes.js'
import { median, rotate } from './lib/stats.js'
import { scenarios } from './scenarios.js'

const { values } = parseArgs({ options: { also: { type: 'string' }, scenario: { type: 'string', default: '2' }, rounds: { type: 'string', default: '8' }, duration: { type: 'string', default: '2' } } })
if (values.also === undefined) throw new Error('--also <other build\'s dist/bundle/index.js> is required')
const scenario = scenarios.find((s) => s.id === Number(values.scenario))
// no pipelining, as the runtime comparison of `npm run bench` loads Bun
const settings = { connections: 50, pipelining: 1, duration: Number(values.duration) }
const warm = { ...settings, duration: 1 }

const servers = {
  warren: await startBunServer('warren'),
  before: await startBunServer('warren', { WARREN_DIST: resolve(values.also) }),
  hono: await startBunServer('hono'),
}
const names = Object.keys(servers)
const samples = Object.fromEntries(names.map((name) => [name, []]))
try {
  for (const name of names) await verify(servers[name].url, scenario, name)
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const name of rotate(names, round)) {
      await measure(servers[name], scenario, warm)
      const sample = await measure(servers[name], scenario, settings)
      if (sample.wrong > 0) throw new Error(`${name}: ${sample.wrong} unexpected answers`)
      samples[name].push(sample)
    }
  }
} finally {
  for (const name of names) await servers[name].stop()
}
const paired = (key, other) => median(samples.warren.map((s, i) => s[key] / samples[other][i][key])).toFixed(3)
console.log(`scenario ${scenario.id}. ${scenario.name}, ${values.rounds} rounds of ${values.duration} s`)
for (const name of names) console.log(`${name}: ${median(samples[name].map((s) => s.cpuPerRequest)).toFixed(1)} µs CPU/request, ${Math.round(median(samples[name].map((s) => s.rps)))} req/s`)
console.log(`paired CPU/request warren/before ${paired('cpuPerRequest', 'before')}, warren/hono ${paired('cpuPerRequest', 'hono')}; req/s warren/before ${paired('rps', 'before')}, warren/hono ${paired('rps', 'hono')}`)
