// CPU time per request of app.fetch in-process, on the runtime that runs this file (Node or Bun):
// warren (this checkout's build, and optionally another build) against Hono, the same Request
// objects, interleaved rounds, medians. No socket: the cost is the framework's own.
//   bun bench/fetch-cpu.js [--rounds 5] [--count 20000] [--also <other build's bundle/index.js>] [--declared-length] [--bun-server]
// --declared-length: Requests carry their body's content-length, as those a server (Bun.serve,
// Deno.serve, workerd) hands over do; without it, as `new Request(url, { body })` makes them.
// --bun-server: each call is given a stand-in of Bun's Server as `env`, as Bun.serve gives its own
// (warren then takes the paths it takes on Bun.serve); use with --declared-length.
/* global Request */
import { Buffer } from 'node:buffer'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { scenarios } from './scenarios.js'
import { cpuPerRequest } from './lib/fetch-loop.js'
import { median, rotate } from './lib/stats.js'
import { declareRoutes } from './apps/shared-routes.js'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, count: { type: 'string', default: '20000' }, also: { type: 'string' }, 'declared-length': { type: 'boolean', default: false }, 'bun-server': { type: 'boolean', default: false } } })
const rounds = Number(values.rounds)
const count = Number(values.count)

async function warrenFetch(entry) {
  const { default: warren } = await import(entry)
  const app = warren()
  declareRoutes(app)
  await app.ready()
  return app.fetch
}

const handlers = { warren: await warrenFetch(new URL('../dist/bundle/index.js', import.meta.url).href) }
if (values.also !== undefined) handlers.before = await warrenFetch(pathToFileURL(values.also).href)
handlers.hono = (await import('./apps/hono.js')).build().fetch

const selected = scenarios.filter((scenario) => [1, 2, 3].includes(scenario.id))

function requestOf(scenario) {
  const { method, path, headers, body } = scenario.request
  const declared = values['declared-length'] && body !== undefined ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers
  return new Request(`http://localhost${path}`, { method, headers: declared, body })
}

const env = values['bun-server'] ? { requestIP: () => null } : undefined

const names = Object.keys(handlers)
const samples = Object.fromEntries(selected.map((s) => [s.id, Object.fromEntries(names.map((n) => [n, []]))]))
for (const scenario of selected) {
  for (const name of names) {
    const response = await handlers[name](requestOf(scenario), env)
    const text = await response.text()
    if (response.status !== scenario.expect.status || JSON.stringify(JSON.parse(text)) !== JSON.stringify(scenario.expect.body)) throw new Error(`${name}, scenario ${scenario.id}: ${response.status} ${text}`)
    await cpuPerRequest(handlers[name], () => requestOf(scenario), count / 2, env)
  }
}
for (let round = 0; round < rounds; round++) {
  for (const [index, scenario] of selected.entries()) {
    for (const name of rotate(names, round + index)) samples[scenario.id][name].push(await cpuPerRequest(handlers[name], () => requestOf(scenario), count, env))
  }
}
const runtime = typeof Bun === 'undefined' ? `Node ${process.version}` : `Bun ${Bun.version}` // eslint-disable-line no-undef
console.log(`${runtime}, ${rounds} rounds of ${count} requests${values['declared-length'] ? ', bodies of declared length' : ''}${env ? ', a Bun Server as env' : ''}, median µs of CPU per request`)
for (const scenario of selected) {
  const runs = samples[scenario.id]
  const row = names.map((name) => `${name} ${median(runs[name]).toFixed(2)}`)
  // each round's pair, measured back to back, compared: steadier than the medians on a shared machine
  const paired = (other) => median(runs.warren.map((cpu, i) => cpu / runs[other][i])).toFixed(2)
  const ratios = names.filter((name) => name !== 'warren').map((name) => `warren/${name} ${paired(name)}`)
  console.log(`${scenario.id}. ${scenario.name}: ${row.join(', ')}; paired ${ratios.join(', ')}`)
}
