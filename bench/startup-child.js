// One start-up measurement in a fresh process:
//   node bench/startup-child.js <warren|fastify> <routes> <distinct|shared> [cache-dir]
// With a cache directory, warren runs with `schemaCache: { dir }` (cold when the directory is
// empty, warm when an earlier run filled it); after timing, it completes the directory as
// `warren compile` does (entries and their V8 code cache written).
// Declares `routes` POST routes with a body and a response schema each (distinct schemas per
// route, or one schema object shared by all), times the factory call to the end of ready(),
// and prints `{ ms, cpuMs, peakRss, settledCpuMs }` as JSON: wall and CPU time to the end of
// ready(), the process's peak RSS at that moment (bytes), and, with a cache, the CPU time to the
// moment the entries are on disk (the background work after ready() included, not the V8 code
// cache completion).
import process from 'node:process'
import { performance } from 'node:perf_hooks'
import { Type } from '@sinclair/typebox'

const [framework, countArg, mode, cacheDir] = process.argv.slice(2)
const count = Number(countArg)

function routeSchema(i) {
  const key = mode === 'shared' ? 'name' : `name${i}`
  return {
    body: Type.Object({ [key]: Type.String({ maxLength: 64 }), age: Type.Integer({ minimum: 0 }), tags: Type.Array(Type.String()) }),
    response: { 200: Type.Object({ id: Type.Integer(), [key]: Type.String() }) },
  }
}

const sharedSchema = routeSchema(0)
const schemas = []
for (let i = 0; i < count; i++) schemas.push(mode === 'shared' ? sharedSchema : routeSchema(i))
const handler = async () => ({ id: 1 })

let cpuStart
let cpu
let peakRss
let settledCpu

async function warren() {
  const { default: create } = await import('../dist/bundle/index.js')
  cpuStart = process.cpuUsage()
  const start = performance.now()
  const app = create(cacheDir === undefined ? {} : { schemaCache: { dir: cacheDir } })
  for (let i = 0; i < count; i++) app.post(`/route${i}/:id`, { schema: schemas[i] }, handler)
  await app.ready()
  const ms = performance.now() - start
  cpu = process.cpuUsage(cpuStart)
  peakRss = process.resourceUsage().maxRSS * 1024
  if (cacheDir !== undefined) {
    // the entries a cold start writes are flushed in the background, after ready(); wait for
    // them, then complete their V8 code cache, as `warren compile` leaves the directory
    const { schemaCacheSettled } = await import('../dist/bundle/internal-cli.js')
    await schemaCacheSettled(app)
    settledCpu = process.cpuUsage(cpuStart)
    await schemaCacheSettled(app, { codeCache: true })
  }
  return ms
}

async function fastify() {
  const { default: create } = await import('fastify')
  // the same TypeBox objects: to Fastify's Ajv and fast-json-stringify they are plain JSON Schema
  cpuStart = process.cpuUsage()
  const start = performance.now()
  const app = create()
  for (let i = 0; i < count; i++) app.post(`/route${i}/:id`, { schema: schemas[i] }, handler)
  await app.ready()
  cpu = process.cpuUsage(cpuStart)
  peakRss = process.resourceUsage().maxRSS * 1024
  return performance.now() - start
}

const ms = framework === 'warren' ? await warren() : await fastify()
// CPU time (all threads) to the end of ready(): less disturbed than wall time on a shared machine
const cpuMsOf = (usage) => (usage === undefined ? undefined : (usage.user + usage.system) / 1000)
process.stdout.write(JSON.stringify({ ms, cpuMs: cpuMsOf(cpu), peakRss, settledCpuMs: cpuMsOf(settledCpu) }) + '\n')
process.exit(0)
