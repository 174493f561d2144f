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
 * Loads the server for `settings.duration` seconds (or `amount` requests) and returns requests
 * per second, p99 latency (ms) and how many answers had an unexpected status.
 */
export async function measure(url, scenario, settings, amount) {
  const options = loadOptions(url, scenario, settings)
  const result = await run(amount === undefined ? { ...options, duration: settings.duration } : { ...options, amount })
  const expected2xx = scenario.expect.status < 300
  const wrong = (expected2xx ? result.non2xx : result['2xx']) + result.errors + result.timeouts
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total, wrong }
}
