// Runs bench servers under Valgrind's callgrind and counts the instructions each spends per
// request of a scenario (bench/instructions.js and bench/budget.js say how and why).
import { Buffer } from 'node:buffer'
import { execFile, fork } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { totalOf } from './callgrind.js'
import { childControl } from './child-control.js'
import { verify } from './load.js'
import { median } from './stats.js'
import { scenarios } from '../scenarios.js'

const serverScript = fileURLToPath(new URL('../server.js', import.meta.url))
const outDir = fileURLToPath(new URL('../.tmp/callgrind/', import.meta.url))

/** The bytes of one request of the scenario, as a client on one keep-alive connection sends them. */
function requestBytes(url, { method, path, headers = {}, body }) {
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
async function load(url, total, request, { connections, pipelining }) {
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

function startUnderCallgrind(name, nodeFlags, valgrindFlags) {
  return new Promise((resolve, reject) => {
    const valgrind = ['-q', '--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${outDir}${name}.%p`, '--zero-before=uv_loadavg', '--dump-before=uv_get_free_memory', ...valgrindFlags]
    // A young generation of fixed size (V8 sizes it by the allocation rate, which callgrind slows),
    // the collector's work on the main thread, where it is counted, and no full collection in a
    // measurement: V8's memory reducer starts them on timers (callgrind makes every interval look
    // idle), and one in a window of a few thousand requests would be charged to those alone. What
    // full collections cost is proportional to the bytes promoted per request (`npm run bench:alloc`).
    const gc = ['--min-semi-space-size=8', '--max-semi-space-size=8', '--single-threaded-gc', '--no-memory-reducer', '--initial-old-space-size=512']
    const node = [process.execPath, '--perf-basic-prof', '--expose-gc', ...gc, ...nodeFlags]
    const child = fork(serverScript, [name], { execPath: 'valgrind', execArgv: [...valgrind, ...node], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening`)))
    child.once('message', (message) => {
      resolve({ pid: child.pid, url: message.url, ...childControl(child) })
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

/** Removes the dumps of earlier runs (each run's are named by process id, so runs of one command can share the directory). */
export function clearDumps() {
  mkdirSync(outDir, { recursive: true })
  for (const file of readdirSync(outDir)) rmSync(outDir + file)
}

/**
 * Counts, for each server in turn, the main thread's instructions per request of `scenario` in
 * `rounds` windows of `requests` requests, after a warm-up without instrumentation (every
 * scenario first when `prime`, as `npm run bench` serves them all in one process). Resolves with
 * `{ name, perRequest: [...], dump, pid, sent }` per server: the last window's dump, the process id
 * its perf map is named by, and the requests of a window.
 */
export async function countInstructions({ scenario, servers, requests, rounds, warmup, prime, connections, pipelining, nodeFlags = [], valgrindFlags = [] }) {
  mkdirSync(outDir, { recursive: true })
  const shape = { connections, pipelining }
  const results = []
  for (const name of servers) {
    const server = await startUnderCallgrind(name, nodeFlags, valgrindFlags)
    try {
      await verify(server.url, scenario, name)
      // what a route's code is given elsewhere changes what V8 makes of it
      if (prime) for (const other of scenarios) await load(server.url, warmup, other.request, shape)
      await load(server.url, warmup, scenario.request, shape)
      await instrument(server)
      const perRequest = []
      let sent = 0
      for (let i = 0; i < rounds; i++) {
        // no forced collection here: a full one drops optimized code whose maps died (V8 'weak objects')
        await server.ask('callgrind-zero')
        sent = await load(server.url, requests, scenario.request, shape)
        await server.ask('callgrind-dump')
        perRequest.push(totalOf(lastDump(name, server.pid)) / sent)
      }
      results.push({ name, perRequest, dump: lastDump(name, server.pid), pid: server.pid, sent })
    } finally {
      await server.stop()
    }
  }
  return results
}

/** Seconds of user CPU time the main thread of process `pid` has used (Linux). */
function mainThreadUserSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[11]) / CLOCK_TICKS_PER_SECOND
}

const CLOCK_TICKS_PER_SECOND = 100

/**
 * The main thread's user CPU time per request of each server run natively (not under Valgrind),
 * warmed up and loaded as {@link countInstructions} does, the servers taking turns for `rounds`
 * rounds so that the machine's busy moments fall on all of them: `{ name: µs }`, medians.
 */
export async function measureNative({ scenario, servers, requests, rounds, warmup, prime, connections, pipelining }) {
  const shape = { connections, pipelining }
  const started = []
  try {
    for (const name of servers) {
      const child = fork(serverScript, [name], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      const url = await new Promise((resolve, reject) => {
        child.once('error', reject)
        child.once('message', (message) => resolve(message.url))
      })
      started.push({ name, child, url, samples: [] })
      if (prime) for (const other of scenarios) await load(url, warmup, other.request, shape)
      await load(url, warmup, scenario.request, shape)
    }
    for (let round = 0; round < rounds; round++) {
      for (const server of round % 2 === 0 ? started : [...started].reverse()) {
        const before = mainThreadUserSeconds(server.child.pid)
        const sent = await load(server.url, requests, scenario.request, shape)
        server.samples.push(((mainThreadUserSeconds(server.child.pid) - before) * 1e6) / sent)
      }
    }
    return Object.fromEntries(started.map(({ name, samples }) => [name, median(samples)]))
  } finally {
    for (const { child } of started) {
      await new Promise((resolve) => {
        child.once('exit', resolve)
        child.disconnect()
      })
    }
  }
}
