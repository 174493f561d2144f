// Profiles warren alone on one scenario:
//   npm run build && node bench/profile.js <scenario> [seconds] [framework]
// (BENCH_CONNECTIONS / BENCH_PIPELINING change the load: 100 connections, pipelining 10 by default.)
// Runs the server with `--cpu-prof` (profiles land in bench/.tmp/profiles/), loads it like the
// benchmark does, then prints the summary of bench/profile-summary.js.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { measure, verify, warmUp } from './lib/load.js'
import { startServer } from './lib/servers.js'
import { scenarios } from './scenarios.js'

const [id = '1', seconds = '5', framework = 'warren'] = process.argv.slice(2)
const dir = fileURLToPath(new URL('./.tmp/profiles/', import.meta.url))
mkdirSync(dir, { recursive: true })
const scenario = scenarios.find((s) => s.id === Number(id))
const settings = { connections: Number(process.env.BENCH_CONNECTIONS ?? 100), pipelining: Number(process.env.BENCH_PIPELINING ?? 10), duration: Number(seconds), warmupRequests: 20000 }

const started = Date.now()
const server = await startServer(framework, ['--cpu-prof', `--cpu-prof-dir=${dir}`])
await verify(server.url, scenario, framework)
await warmUp(server.url, scenario, settings)
const sample = await measure(server, scenario, settings)
await server.stop()
process.stdout.write(`${framework}, scenario ${scenario.id}: ${Math.round(sample.rps)} req/s, ${sample.cpuPerRequest.toFixed(1)} µs CPU/request\n`)
const newest = readdirSync(dir)
  .map((name) => join(dir, name))
  .filter((file) => file.endsWith('.cpuprofile') && statSync(file).mtimeMs >= started)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
process.stdout.write(execFileSync(process.execPath, [fileURLToPath(new URL('./profile-summary.js', import.meta.url)), newest, '30'], { encoding: 'utf8' }))
