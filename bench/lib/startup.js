// The start-up check: time to the end of ready() and peak RSS, each in a fresh process, for
// warren (without a schema cache, then with a cold and a warm one) and Fastify.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, rotate } from './stats.js'

const child = join(dirname(fileURLToPath(import.meta.url)), '..', 'startup-child.js')

function startupOnce(framework, routes, mode, cacheDir) {
  const args = [child, framework, String(routes), mode, ...(cacheDir === undefined ? [] : [cacheDir])]
  const output = execFileSync(process.execPath, args, { encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').pop())
}

/** One repetition of every variant, in an order that rotates; cold and warm share a fresh directory, cold first. */
function repetition(routes, mode, rep, runs) {
  const dir = mkdtempSync(join(tmpdir(), 'warren-schema-cache-'))
  try {
    const steps = {
      warren: () => runs.warren.push(startupOnce('warren', routes, mode)),
      fastify: () => runs.fastify.push(startupOnce('fastify', routes, mode)),
      cache: () => {
        runs.cold.push(startupOnce('warren', routes, mode, dir))
        runs.warm.push(startupOnce('warren', routes, mode, dir))
      },
    }
    for (const step of rotate(['warren', 'fastify', 'cache'], rep)) steps[step]()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Medians of each figure a child reported (`settledCpuMs` only with a cache). */
function summarize(list) {
  const result = {}
  for (const name of ['ms', 'cpuMs', 'peakRss', 'settledCpuMs']) {
    if (list[0]?.[name] !== undefined) result[name] = median(list.map((r) => r[name]))
  }
  return result
}

/** Start-up figures for `settings.startupRoutes` distinct-schema apps and the largest with one shared schema. */
export async function runStartup(settings, log) {
  const cases = settings.startupRoutes.map((routes) => ({ routes, mode: 'distinct' }))
  const largest = Math.max(...settings.startupRoutes)
  if (cases.length > 0) cases.push({ routes: largest, mode: 'shared' })
  const results = []
  for (const { routes, mode } of cases) {
    const runs = { warren: [], fastify: [], cold: [], warm: [] }
    for (let rep = 0; rep < settings.startupReps; rep++) repetition(routes, mode, rep, runs)
    const result = { routes, mode: mode === 'shared' ? 'one shared' : 'distinct' }
    for (const [name, list] of Object.entries(runs)) result[name] = summarize(list)
    results.push(result)
    log(`start-up, ${routes} routes (${mode}): warren ${result.warren.ms.toFixed(0)} ms (cold cache ${result.cold.ms.toFixed(0)} ms, warm cache ${result.warm.ms.toFixed(0)} ms), Fastify ${result.fastify.ms.toFixed(0)} ms`)
  }
  return results
}
