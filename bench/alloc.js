// Where a request's cost goes besides the main thread's time, for one scenario on warren and
// Fastify side by side:
//   npm run build && npm run bench:alloc -- [scenario=2] [requests=200000] [top=0] [server ...]
// (servers: bench app names, warren and fastify by default; node-http for the hand-written floor)
// (environment: BENCH_PIPELINING, BENCH_CONNECTIONS; WARREN_BENCH_SAME_ROUTES=1 gives Fastify the
// same TypeBox objects as warren, as `npm run bench -- --same-routes` does.)
//
// - Bytes allocated per request: each server runs with `--trace-gc-nvp`, where V8 prints at every
//   collection the bytes allocated since the one before; the sum between two forced collections is
//   what the requests allocated (a figure the machine's noise does not move).
// - Bytes promoted per request: what survived two young-generation collections and moved to the
//   old generation, the memory that later costs full collections.
// - CPU per request on the main thread and on the others (GC helpers, libuv's pool), from
//   /proc/<pid>/task on Linux: work on other threads is invisible to a CPU profile.
// - With `top` > 0, V8's sampling heap profiler (counting objects already collected) lists the
//   functions that allocated most.
import { fork } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { childControl } from './lib/child-control.js'
import { measure, verify, warmUp } from './lib/load.js'
import { scenarios } from './scenarios.js'

const [id = '2', requestsArg = '200000', topArg = '0', ...names] = process.argv.slice(2)
const requests = Number(requestsArg)
const top = Number(topArg)
const scenario = scenarios.find((s) => s.id === Number(id))
const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 100),
  pipelining: Number(process.env.BENCH_PIPELINING ?? 10),
  warmupRequests: 50000,
}
const serverScript = fileURLToPath(new URL('./server.js', import.meta.url))
const CLOCK_TICKS_PER_SECOND = 100

/** Forks a bench server whose stdout (the GC trace) is collected in `trace.text`. */
function start(framework) {
  return new Promise((resolve, reject) => {
    const child = fork(serverScript, [framework], { execArgv: ['--expose-gc', '--trace-gc-nvp'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
    const trace = { text: '' }
    child.stdout.setEncoding('utf8').on('data', (chunk) => (trace.text += chunk))
    child.once('error', reject)
    child.once('message', (message) => {
      const { ask, stop } = childControl(child)
      resolve({ pid: child.pid, url: message.url, trace, ask, cpu: () => ask('cpu').then((m) => m.cpu), stop })
    })
  })
}

/** Sum of one `name=` field over the GC trace lines in `text`. */
function sumOf(text, name) {
  let sum = 0
  for (const [, value] of text.matchAll(new RegExp(`\\b${name}=(\\d+)`, 'g'))) sum += Number(value)
  return sum
}

/** How many collections of each kind (`s` scavenge, `mc` mark-compact…) the trace records. */
function collections(text) {
  const counts = new Map()
  for (const [, kind] of text.matchAll(/\bgc=(\w+)/g)) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ')
}

/** Seconds of CPU the process's main thread and its other threads have used (Linux; null elsewhere). */
function threadCpu(pid) {
  const dir = `/proc/${pid}/task`
  if (!existsSync(dir)) return null
  const used = { main: 0, other: 0 }
  for (const tid of readdirSync(dir)) {
    const stat = readFileSync(`${dir}/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND // utime + stime
    used[tid === String(pid) ? 'main' : 'other'] += seconds
  }
  return used
}

async function profile(framework) {
  const server = await start(framework)
  await verify(server.url, scenario, framework)
  await warmUp(server.url, scenario, settings)
  await server.ask('rss') // a forced collection closes the warm-up's allocation
  if (top > 0) await server.ask('heap-sampling-start')
  server.trace.text = ''
  const threadsBefore = threadCpu(server.pid)
  const sample = await measure(server, scenario, settings, requests)
  const threadsAfter = threadCpu(server.pid)
  await server.ask('rss')
  const text = server.trace.text
  const sampled = top > 0 ? (await server.ask('heap-sampling-stop')).top : []
  await server.stop()
  const perRequest = (value) => value / sample.total
  const threads = threadsBefore && {
    main: perRequest((threadsAfter.main - threadsBefore.main) * 1e6),
    other: perRequest((threadsAfter.other - threadsBefore.other) * 1e6),
  }
  return { allocated: perRequest(sumOf(text, 'allocated')), promoted: perRequest(sumOf(text, 'promoted')), kinds: collections(text), cpu: sample.cpuPerRequest, threads, sampled }
}

process.stdout.write(`scenario ${scenario.id}, ${requests} requests, ${settings.connections} connections, pipelining ${settings.pipelining}\n`)
for (const framework of names.length > 0 ? names : ['warren', 'fastify']) {
  const r = await profile(framework)
  const threads = r.threads ? ` (main thread ${r.threads.main.toFixed(1)}, others ${r.threads.other.toFixed(1)})` : ''
  process.stdout.write(
    `${framework}: ${Math.round(r.allocated)} bytes allocated, ${r.promoted.toFixed(1)} promoted per request; collections: ${r.kinds}; ${r.cpu.toFixed(1)} µs CPU per request${threads}\n`,
  )
  for (const { share, name } of r.sampled.slice(0, top)) process.stdout.write(`  ${(share * 100).toFixed(1).padStart(5)}%  ${name}\n`)
}
