// Instructions per request, counted by Valgrind's callgrind, so that a busy machine does not move
// the figure (it counts what the server executes, not how long that took):
//   npm run build && node bench/instructions.js [scenario=2] [requests=4000] [server ...]
// (servers: bench app names, default `node-http warren`.) Environment: BENCH_CONNECTIONS and
// BENCH_PIPELINING set the load (10 connections, each with 10 requests in flight); BENCH_WARMUP
// the warm-up requests per scenario (20000); BENCH_ROUNDS the measurements per server (3);
// BENCH_PRIME=0 warms up on the measured scenario only; BENCH_TOP=K lists the K functions with the
// most instructions, inclusive and self (BENCH_MATCH=regexp keeps the names it matches);
// BENCH_NODE_FLAGS adds Node flags (`--no-turbo-inlining` keeps each function's cost its own).
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
import { Buffer } from 'node:buffer'
import { execFile, fork } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { functionCosts, totalOf } from './lib/callgrind.js'
import { verify } from './lib/load.js'
import { scenarios } from './scenarios.js'

const [id = '2', requestsArg = '4000', ...names] = process.argv.slice(2)
const scenario = scenarios.find((s) => s.id === Number(id))
const requests = Number(requestsArg)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const pipelining = Number(process.env.BENCH_PIPELINING ?? 10)
const top = Number(process.env.BENCH_TOP ?? 0)
const filter = new RegExp(process.env.BENCH_MATCH ?? '')
const warmupRequests = Number(process.env.BENCH_WARMUP ?? 20000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const prime = process.env.BENCH_PRIME !== '0'
const serverScript = fileURLToPath(new URL('./server.js', import.meta.url))
const outDir = fileURLToPath(new URL('./.tmp/callgrind/', import.meta.url))

/** The bytes of one request of the scenario, as a client on one keep-alive connection sends them. */
function requestBytes(url, { method, path, headers = {}, body } = scenario.request) {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${new URL(url).host}`]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`)
  return Buffer.from(lines.join('\r\n') + '\r\n\r\n' + (body ?? ''))
}

/** Counts complete responses on a socket (content-length framed, as every bench server answers). */
function responseCounter(socket, onResponses) {
  let pending = Buffer.alloc(0)
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
    let count = 0
    for (;;) {
      const headEnd = pending.indexOf('\r\n\r\n')
      if (headEnd === -1) break
      const head = pending.subarray(0, headEnd).toString('latin1')
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
      if (pending.length < headEnd + 4 + length) break
      pending = pending.subarray(headEnd + 4 + length)
      count++
    }
    if (count > 0) onResponses(count)
  })
}

/** Sends `total` requests over `connections` sockets, `pipelining` at a time per socket. */
async function load(url, total, request = scenario.request) {
  const bytes = requestBytes(url, request)
  const { port, hostname } = new URL(url)
  const perConnection = Math.ceil(total / connections)
  const batch = Buffer.concat(Array.from({ length: pipelining }, () => bytes))
  await Promise.all(
    Array.from({ length: connections }, () =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(port), hostname)
        let left = perConnection
        let inFlight = 0
        const sendBatch = () => {
          const n = Math.min(pipelining, left)
          left -= n
          inFlight = n
          socket.write(n === pipelining ? batch : batch.subarray(0, bytes.length * n))
        }
        responseCounter(socket, (count) => {
          inFlight -= count
          if (inFlight > 0) return
          if (left > 0) return sendBatch()
          socket.end()
          resolve()
        })
        socket.on('error', reject)
        socket.on('connect', sendBatch)
      }),
    ),
  )
  return perConnection * connections
}

function startUnderCallgrind(name) {
  return new Promise((resolve, reject) => {
    const valgrind = ['-q', '--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${outDir}${name}.%p`, '--zero-before=uv_loadavg', '--dump-before=uv_get_free_memory']
    // A young generation of fixed size (V8 sizes it by the allocation rate, which callgrind slows),
    // the collector's work on the main thread, where it is counted, and no full collection in a
    // measurement: V8's memory reducer starts them on timers (callgrind makes every interval look
    // idle), and one in a window of a few thousand requests would be charged to those alone. What
    // full collections cost is proportional to the bytes promoted per request (`npm run bench:alloc`).
    const gc = ['--min-semi-space-size=8', '--max-semi-space-size=8', '--single-threaded-gc', '--no-memory-reducer', '--initial-old-space-size=512']
    const node = [process.execPath, '--perf-basic-prof', '--expose-gc', ...gc, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)]
    const child = fork(serverScript, [name], { execPath: 'valgrind', execArgv: [...valgrind, ...node], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening`)))
    child.once('message', (message) => {
      const ask = (question) =>
        new Promise((done) => {
          child.once('message', done)
          child.send(question)
        })
      const stop = () =>
        new Promise((done) => {
          child.removeAllListeners('exit')
          child.once('exit', done)
          child.disconnect()
        })
      resolve({ pid: child.pid, url: message.url, ask, stop })
    })
  })
}

/**
 * Turns callgrind's instrumentation on (the warm-up ran without it, a few times faster). Valgrind
 * reads the command only while the process runs, so the server is kept busy until it has.
 */
async function instrument(server) {
  const control = new Promise((resolve, reject) => {
    execFile('callgrind_control', ['--instr=on', String(server.pid)], (error) => (error ? reject(error) : resolve()))
  })
  let done = false
  control.then(() => (done = true), () => (done = true))
  while (!done) await server.ask('cpu')
  await control
}

/** The main thread's file of one process's last dump (`<name>.<pid>.<part>-01`: a dump names the thread that asked for it). */
function lastDump(name, pid) {
  const prefix = `${name}.${pid}.`
  const parts = readdirSync(outDir)
    .filter((file) => file.startsWith(prefix) && file.endsWith('-01'))
    .map((file) => Number(file.slice(prefix.length, -3)))
  return `${outDir}${prefix}${Math.max(...parts)}-01`
}

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

mkdirSync(outDir, { recursive: true })
for (const file of readdirSync(outDir)) rmSync(outDir + file)
process.stdout.write(`scenario ${scenario.id}, ${requests} requests per measurement, ${connections} connections × ${pipelining} in flight\n`)
for (const name of names.length > 0 ? names : ['node-http', 'warren']) {
  const server = await startUnderCallgrind(name)
  await verify(server.url, scenario, name)
  // as in `npm run bench`, the process has served every scenario before this one is measured
  // (what a route's code is given elsewhere changes what V8 makes of it)
  if (prime) for (const other of scenarios) await load(server.url, warmupRequests, other.request)
  await load(server.url, warmupRequests)
  await instrument(server)
  const perRequest = []
  for (let i = 0; i < rounds; i++) {
    // no forced collection here: a full one drops optimized code whose maps died (V8 'weak objects')
    await server.ask('callgrind-zero')
    const sent = await load(server.url, requests)
    await server.ask('callgrind-dump')
    perRequest.push(totalOf(lastDump(name, server.pid)) / sent)
  }
  process.stdout.write(`${name}: ${perRequest.map((n) => Math.round(n).toLocaleString('en')).join(' / ')} instructions per request\n`)
  const last = lastDump(name, server.pid)
  process.stdout.write(`  last dump: ${last} (pid ${server.pid})\n`)
  if (top > 0) process.stdout.write(topFunctions(last, server.pid, top, filter) + '\n')
  await server.stop()
}
