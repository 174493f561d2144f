// The runtime dimension of `npm run bench`:
//   - on Bun: warren through Bun.serve + app.fetch, Hono through Bun.serve + its fetch, and Elysia,
//     each in its own Bun process, loaded by autocannon on scenarios 1–3 (response schema,
//     validated POST, params and query);
//   - in-process on Node: warren's app.fetch against Hono's app.fetch, CPU time per request for
//     the same Request objects (no socket), in interleaved rounds.
// Bun comes from the `bun` npm package (a dev dependency).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { measure, verify } from './load.js'
import { cpuPerRequest } from './fetch-loop.js'
import { median, rotate } from './stats.js'
import { scenarios } from '../scenarios.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bunServer = fileURLToPath(new URL('../apps/bun-server.js', import.meta.url))

/** The frameworks compared on Bun, warren first. */
export const bunFrameworks = ['warren', 'hono', 'elysia']
/** The scenarios the runtime comparison runs (the ones every framework writes the same way). */
export const runtimeScenarioIds = [1, 2, 3]

function bunBinary() {
  for (const path of ['node_modules/@oven/bun-linux-x64/bin/bun', 'node_modules/.bin/bun']) {
    if (existsSync(root + path)) return root + path
  }
  throw new Error('bun is not installed (the `bun` npm package, a dev dependency): run npm ci')
}

/** CPU time a process has used, in µs, from /proc (Linux; its clock ticks are 100 Hz). */
function processCpu(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100
}

/** Starts `bun bench/apps/bun-server.js <framework>`; `env` adds to the child's environment (`WARREN_DIST`). */
export function startBunServer(framework, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(bunBinary(), [bunServer, framework], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } })
    let output = ''
    const onExit = (code) => reject(new Error(`${framework} on Bun exited with ${code} before listening: ${output}`))
    child.once('exit', onExit)
    child.stdout.on('data', (chunk) => {
      output += chunk
      const url = /listening (http:\/\/[\d.:]+)/.exec(output)?.[1]
      if (url === undefined) return
      child.removeListener('exit', onExit)
      resolve({
        url,
        cpu: async () => processCpu(child.pid),
        stop: () => new Promise((done) => {
          if (child.exitCode !== null) return done()
          child.once('exit', () => done())
          child.kill('SIGTERM')
        }),
      })
    })
  })
}

async function runBun(selected, given, log) {
  // no pipelining: a request waits for the previous answer on its connection, as browsers and
  // fetch clients send them (pipelined requests were seen to stall a Bun server under load)
  const settings = { ...given, pipelining: 1 }
  const warmUp = { ...settings, duration: Math.min(settings.duration, 2) }
  const samples = Object.fromEntries(selected.map((s) => [s.id, Object.fromEntries(bunFrameworks.map((f) => [f, []]))]))
  for (let round = 0; round < settings.rounds; round++) {
    const servers = {}
    for (const framework of bunFrameworks) servers[framework] = await startBunServer(framework)
    try {
      for (const [index, scenario] of selected.entries()) {
        for (const framework of rotate(bunFrameworks, round + index)) {
          const server = servers[framework]
          await verify(server.url, scenario, `${framework} on Bun`)
          // warmed for a time rather than a count of answers, so a stalled server cannot hang the run
          await measure(server, scenario, warmUp)
          const sample = await measure(server, scenario, settings)
          if (sample.wrong > 0) throw new Error(`${framework} on Bun, scenario ${scenario.id}: ${sample.wrong} unexpected answers under load`)
          samples[scenario.id][framework].push(sample)
          log(`Bun round ${round + 1}, scenario ${scenario.id}, ${framework}: ${Math.round(sample.rps)} req/s, ${sample.cpuPerRequest.toFixed(1)} µs CPU/request`)
        }
      }
    } finally {
      for (const framework of bunFrameworks) await servers[framework].stop()
    }
  }
  return selected.map((scenario) => {
    const runs = samples[scenario.id]
    const rps = Object.fromEntries(bunFrameworks.map((f) => [f, median(runs[f].map((s) => s.rps))]))
    const versus = (other) => median(runs.warren.map((s, i) => s.rps / runs[other][i].rps))
    return { id: scenario.id, name: scenario.name, rps, vsHono: versus('hono'), vsElysia: versus('elysia') }
  })
}

/** The Request a scenario sends, made anew for each call (a body is read once). */
function requestOf(scenario) {
  const { method, path, headers, body } = scenario.request
  return new Request(`http://localhost${path}`, { method, headers, body })
}

/* global Request */
async function checkAnswer(handler, scenario, framework) {
  const response = await handler(requestOf(scenario))
  const text = await response.text()
  if (response.status !== scenario.expect.status || JSON.stringify(JSON.parse(text)) !== JSON.stringify(scenario.expect.body)) {
    throw new Error(`${framework} app.fetch, scenario ${scenario.id}: ${response.status} ${text}`)
  }
}

async function runInProcess(selected, settings, log) {
  const { build: buildWarren } = await import('../apps/warren.js')
  const { build: buildHono } = await import('../apps/hono.js')
  const handlers = { warren: (await buildWarren()).fetch, hono: buildHono().fetch }
  const count = settings.duration < 2 ? 2000 : 20000
  const samples = Object.fromEntries(selected.map((s) => [s.id, { warren: [], hono: [] }]))
  for (const scenario of selected) {
    for (const framework of Object.keys(handlers)) {
      await checkAnswer(handlers[framework], scenario, framework)
      await cpuPerRequest(handlers[framework], () => requestOf(scenario), count / 2)
    }
  }
  for (let round = 0; round < settings.rounds; round++) {
    for (const [index, scenario] of selected.entries()) {
      for (const framework of rotate(['warren', 'hono'], round + index)) {
        const cpu = await cpuPerRequest(handlers[framework], () => requestOf(scenario), count)
        samples[scenario.id][framework].push(cpu)
        log(`app.fetch on Node, round ${round + 1}, scenario ${scenario.id}, ${framework}: ${cpu.toFixed(1)} µs CPU/request`)
      }
    }
  }
  return selected.map((scenario) => {
    const runs = samples[scenario.id]
    return {
      id: scenario.id,
      name: scenario.name,
      cpu: { warren: median(runs.warren), hono: median(runs.hono) },
      // requests per CPU-second, warren's over Hono's: Hono's CPU per request over warren's
      vsHono: median(runs.warren.map((cpu, i) => runs.hono[i] / cpu)),
    }
  })
}

/** Runs the runtime comparisons `settings.runtimes` names (`bun`, `fetch`). */
export async function runRuntimes(settings, log) {
  const selected = scenarios.filter((scenario) => runtimeScenarioIds.includes(scenario.id))
  return {
    bun: settings.runtimes.includes('bun') ? await runBun(selected, settings, log) : [],
    fetch: settings.runtimes.includes('fetch') ? await runInProcess(selected, settings, log) : [],
  }
}
