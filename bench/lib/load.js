// Loads one server with autocannon, after checking that it answers the scenario as expected.
import { isDeepStrictEqual } from 'node:util'
import autocannon from 'autocannon'

/** The autocannon options of one scenario against one server. */
function loadOptions(url, scenario, settings) {
  const { method, path, headers, body } = scenario.request
  return {
    url: url + path,
    method,
    headers,
    body,
    connections: settings.connections,
    pipelining: settings.pipelining,
  }
}

/** Sends the scenario's request once and throws unless the answer is the expected one. */
export async function verify(url, scenario, framework) {
  const { method, path, headers, body } = scenario.request
  const res = await globalThis.fetch(url + path, { method, headers, body })
  const text = await res.text()
  const expected = scenario.expect
  if (res.status !== expected.status) {
    throw new Error(`${framework}, scenario ${scenario.id}: status ${res.status} (expected ${expected.status}): ${text}`)
  }
  if (expected.body !== null && !isDeepStrictEqual(JSON.parse(text), expected.body)) {
    throw new Error(`${framework}, scenario ${scenario.id}: unexpected body ${text}`)
  }
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/** Warms the server up on the scenario with a fixed number of requests. */
export async function warmUp(url, scenario, settings) {
  await run({ ...loadOptions(url, scenario, settings), amount: settings.warmupRequests })
}

/**
 * Loads `server` for `settings.duration` seconds (or `amount` requests) and returns requests
 * per second, p99 latency (ms), the server's CPU time per request (µs: a figure the other
 * processes of a busy machine disturb far less than throughput), how many answers had an
 * unexpected status, and for a Node bench server what V8's collector did meanwhile (ms of young
 * collections per 1,000 requests, full collections): a figure several times the usual one is a
 * process in a bad collector state, not a slower build.
 */
export async function measure(server, scenario, settings, amount) {
  const options = loadOptions(server.url, scenario, settings)
  await server.collections?.()
  const cpuBefore = await server.cpu()
  const result = await run(amount === undefined ? { ...options, duration: settings.duration } : { ...options, amount })
  const cpu = (await server.cpu()) - cpuBefore
  const expected2xx = scenario.expect.status < 300
  const wrong = (expected2xx ? result.non2xx : result['2xx']) + result.errors + result.timeouts
  const total = result.requests.total
  const gc = await server.collections?.()
  const collector = gc === undefined ? null : { youngMsPer1k: (gc.youngMs / total) * 1000, full: gc.full }
  return { rps: total / result.duration, p99: result.latency.p99, cpuPerRequest: cpu / total, total, wrong, collector }
}

/** ", young GC 0.45 ms/1k req, 0 full" for a sample that has collector figures, else nothing. */
export function collectorNote(sample) {
  if (sample.collector === null) return ''
  return `, young GC ${sample.collector.youngMsPer1k.toFixed(2)} ms/1k req, ${sample.collector.full} full`
}
