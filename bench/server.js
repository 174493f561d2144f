// One benchmark server in its own process: `node bench/server.js <warren|fastify|node-http>`.
// Reports its URL to the parent over IPC, answers `rss` requests with its memory figures, `cpu`
// requests with the CPU time it has used, `gc` with V8's collections since the last `gc` (the first
// starts counting), `heap-sampling-start`/`-stop` with where it allocated
// (bench/alloc.js), `callgrind-zero`/`-dump` by calling the libuv functions bench/instructions.js
// told Valgrind's callgrind to zero or dump its counters before, and exits when the parent disconnects.
import { freemem, loadavg } from 'node:os'
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks'
import process from 'node:process'
import { getHeapSpaceStatistics } from 'node:v8'

const framework = process.argv[2]
// BENCH_HOLD_TICK=1: every server holds one nextTick queue entry, as warren() does for its own
// process (src/core/tick-shape.ts), so that no process falls into V8's slow nextTick path after
// major GCs and a comparison reads what each framework's own code costs
if (process.env.BENCH_HOLD_TICK === '1') {
  const { executionAsyncResource } = await import('node:async_hooks')
  globalThis.benchHeldTickEntry = await new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())))
}
const { build } = await import(`./apps/${framework}.js`)
const app = await build()
const url = await app.listen()

process.on('message', (message) => {
  if (message === 'rss') {
    globalThis.gc?.()
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
    // V8 grows the young generation under a high allocation rate: a step in RSS that is not growth per request
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
    process.send({ rss, heapUsed, external, arrayBuffers, newSpace, maxRss: process.resourceUsage().maxRSS * 1024 })
  } else if (message === 'heap-sampling-start' || message === 'heap-sampling-stop') {
    heapSampling(message).then((answer) => process.send(answer))
  } else if (message === 'callgrind-zero' || message === 'callgrind-dump') {
    // uv_loadavg and uv_get_free_memory: callgrind's --zero-before / --dump-before (bench/instructions.js)
    if (message === 'callgrind-zero') loadavg()
    else freemem()
    process.send({ [message]: true })
  } else if (message === 'gc') {
    process.send(collections())
  } else if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send({ cpu: user + system })
  }
})
let counted = null
const noCollections = () => ({ young: 0, youngMs: 0, full: 0, fullMs: 0 })
// incremental marking steps and weak callbacks belong to a full collection already counted
const counterOf = { [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'young', [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'full' }

/** Young and full collections (count, ms) since the previous call; the first call starts counting. */
function collections() {
  if (counted === null) {
    counted = noCollections()
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = counterOf[entry.detail.kind]
        if (kind === undefined) continue
        counted[kind]++
        counted[`${kind}Ms`] += entry.duration
      }
    }).observe({ entryTypes: ['gc'] })
  }
  const answer = counted
  counted = noCollections()
  return answer
}

/** `bench/alloc.js`: V8's sampling heap profiler, counting objects already collected, summed by function. */
async function heapSampling(message) {
  const { Session } = await import('node:inspector/promises')
  heapSampling.session ??= new Session()
  const session = heapSampling.session
  if (message === 'heap-sampling-start') {
    session.connect()
    await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true })
    return { started: true }
  }
  const { profile } = await session.post('HeapProfiler.stopSampling')
  session.disconnect()
  const bySelf = new Map()
  let total = 0
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules\/|dist\/)/, '$1')}:${lineNumber + 1}`
    bySelf.set(name, (bySelf.get(name) ?? 0) + node.selfSize)
    total += node.selfSize
    for (const child of node.children) walk(child)
  }
  walk(profile.head)
  const top = [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([name, size]) => ({ name, share: size / total }))
  return { top }
}

process.on('disconnect', () => {
  process.exit(0)
})
process.send({ url })
