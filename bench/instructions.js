// Instructions per request, counted by Valgrind's callgrind, so that a busy machine does not move
// the figure (it counts what the server executes, not how long that took):
//   npm run build && node bench/instructions.js [scenario=2] [requests=4000] [server ...]
// (servers: bench app names, default `node-http warren`.) Environment: BENCH_CONNECTIONS and
// BENCH_PIPELINING set the load (10 connections, each with 10 requests in flight); BENCH_WARMUP
// the warm-up requests per scenario (20000); BENCH_ROUNDS the measurements per server (3);
// BENCH_PRIME=0 warms up on the measured scenario only; BENCH_TOP=K lists the K functions with the
// most instructions, inclusive and self (BENCH_MATCH=regexp keeps the names it matches);
// BENCH_NODE_FLAGS adds Node flags (`--no-turbo-inlining` keeps each function's cost its own),
// BENCH_VALGRIND_FLAGS callgrind's (`--cache-sim=yes --branch-sim=yes` simulates caches and branches).
//
// Each server runs under callgrind (`bench/server.js`; V8's `--perf-basic-prof` names compiled
// JavaScript). A client in this process warms it up without instrumentation (every scenario, as
// `npm run bench` serves them all in one process, then the measured one), turns callgrind's
// instrumentation on, and per measurement has callgrind zero its counters, sends the requests over
// real sockets — each connection writes its batch at once and waits for all the answers, so every
// server sees the same reads — and has callgrind dump the counters. The count divided by the
// requests is the main thread's user-space instructions per request: JavaScript, Node's C++ and
// libuv, young-generation collections (V8 runs them on the main thread here); not the kernel's
// side of the socket, nor V8's optimizing compiler on its own threads. The first measurement may
// still include some of V8's tiering; the next ones agree within a few tenths of a per cent.
import { functionCosts } from './lib/callgrind.js'
import { clearDumps, countInstructions } from './lib/callgrind-run.js'
import { scenarios } from './scenarios.js'

const [id = '2', requestsArg = '4000', ...names] = process.argv.slice(2)
const scenario = scenarios.find((s) => s.id === Number(id))
const requests = Number(requestsArg)
const settings = {
  scenario,
  servers: names.length > 0 ? names : ['node-http', 'warren'],
  requests,
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmup: Number(process.env.BENCH_WARMUP ?? 20000),
  prime: process.env.BENCH_PRIME !== '0',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  pipelining: Number(process.env.BENCH_PIPELINING ?? 10),
  nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  valgrindFlags: (process.env.BENCH_VALGRIND_FLAGS ?? '').split(' ').filter(Boolean),
}
const top = Number(process.env.BENCH_TOP ?? 0)
const filter = new RegExp(process.env.BENCH_MATCH ?? '')

/** The `count` functions with most instructions per request, inclusive then self (names matching `filter`). */
function topFunctions(file, pid, count, filter) {
  const { self, inclusive } = functionCosts(file, pid)
  const lines = []
  for (const [title, costs] of [['inclusive', inclusive], ['self', self]]) {
    lines.push(`  ${title}, per request:`)
    const rows = [...costs].filter(([name]) => filter.test(name)).sort((a, b) => b[1] - a[1]).slice(0, count)
    for (const [name, cost] of rows) lines.push(`    ${Math.round(cost / requests).toLocaleString('en').padStart(8)}  ${name}`)
  }
  return lines.join('\n')
}

clearDumps()
process.stdout.write(`scenario ${scenario.id}, ${requests} requests per measurement, ${settings.connections} connections × ${settings.pipelining} in flight\n`)
for (const { name, perRequest, dump, pid } of await countInstructions(settings)) {
  process.stdout.write(`${name}: ${perRequest.map((n) => Math.round(n).toLocaleString('en')).join(' / ')} instructions per request\n`)
  process.stdout.write(`  last dump: ${dump} (pid ${pid})\n`)
  if (top > 0) process.stdout.write(topFunctions(dump, pid, top, filter) + '\n')
}
