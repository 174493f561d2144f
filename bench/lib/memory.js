// The memory check of `npm run bench -- --memory`: scenarios 2 (validated POST) and 5 (hooks) on
// warren and on Fastify, one after the other in the same run, each server fresh. At every tenth of
// `memoryRequests` the server is asked for its memory after a forced GC (rss, heap used, external,
// array buffers, the young generation's reserved size). Growth is measured from the first
// checkpoint (the 100,000th request of a 1,000,000-request run) to the last.
import { measure, verify } from './load.js'
import { startServer } from './servers.js'
import { scenarios } from '../scenarios.js'

/** Scenarios the memory check runs, and the frameworks it compares. */
export const memoryScenarios = [2, 5]
export const memoryFrameworks = ['warren', 'fastify']

/** Serves `settings.memoryRequests` requests of `scenario` on a fresh `framework` server, returning its checkpoints. */
async function checkpointsOf(framework, scenario, settings, log) {
  const server = await startServer(framework)
  const step = Math.round(settings.memoryRequests / 10)
  const checkpoints = []
  try {
    await verify(server.url, scenario, framework)
    for (let done = step; done <= settings.memoryRequests; done += step) {
      const sample = await measure(server, scenario, settings, step)
      if (sample.wrong > 0) throw new Error(`${framework}, scenario ${scenario.id}: ${sample.wrong} unexpected answers under load`)
      const memory = await server.rss()
      checkpoints.push({ requests: done, ...memory })
      log(`memory, scenario ${scenario.id}, ${framework}: RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}, external ${mb(memory.external)} after ${done} requests`)
    }
    return checkpoints
  } finally {
    await server.stop()
  }
}

/** Relative growth of a figure from the first checkpoint to the last. */
export function growth(checkpoints, key) {
  return checkpoints.at(-1)[key] / checkpoints[0][key] - 1
}

/** Runs the check: `[{ scenario, name, runs: { warren: checkpoints, fastify: checkpoints } }]`. */
export async function runMemory(settings, log) {
  const results = []
  for (const id of memoryScenarios) {
    const scenario = scenarios.find((s) => s.id === id)
    const runs = {}
    for (const framework of memoryFrameworks) runs[framework] = await checkpointsOf(framework, scenario, settings, log)
    results.push({ scenario: id, name: scenario.name, runs })
  }
  return results
}

function mb(bytes) {
  return `${(bytes / 1048576).toFixed(1)} MB`
}
