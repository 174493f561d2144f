// Sequential `fetch(request)` calls with each answer read whole, timed in CPU µs per request. The
// loop returns to the event loop every few requests, as a server's does between requests: work a
// framework leaves to `process.nextTick` or later (a response's `close`) runs and is counted in
// the round it belongs to, instead of piling up, with its garbage, until the loop ends.
import { setImmediate as nextTurn } from 'node:timers/promises'

const requestsPerTurn = 32

/** CPU µs per request of `count` calls of `handler(makeRequest(), env)`. */
export async function cpuPerRequest(handler, makeRequest, count, env) {
  const before = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    if (i % requestsPerTurn === 0) await nextTurn()
    await (await handler(makeRequest(), env)).arrayBuffer()
  }
  await nextTurn()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / count
}
