// What the OpenAPI document adds to start-up:
//   npm run build && node bench/openapi-ready.js [routes=1000] [runs=15]
// Each run declares `routes` routes (params, querystring, body and two response schemas each,
// distinct property names, one shared schema referenced by every 404) in a fresh app, with or
// without warren/openapi registered, and times `await app.ready()` (route compilation included).
// The document build is also timed on its own (openapi() called before ready()).
// Runs alternate with / without so drift on a shared machine hits both; medians are printed.
import { performance } from 'node:perf_hooks'
import { Type } from '@sinclair/typebox'

const routes = Number(process.argv[2] ?? 1000)
const runs = Number(process.argv[3] ?? 15)
const { default: warren } = await import('../dist/bundle/index.js')
const { default: openapi } = await import('../dist/bundle/openapi.js')

const Problem = Type.Object({ statusCode: Type.Integer(), message: Type.String() }, { $id: 'Problem' })
const schemas = Array.from({ length: routes }, (_, i) => ({
  summary: `route ${i}`,
  params: Type.Object({ id: Type.Integer() }),
  querystring: Type.Object({ [`q${i}`]: Type.Optional(Type.String()), limit: Type.Integer({ default: 10 }) }),
  body: Type.Object({ [`name${i}`]: Type.String({ maxLength: 64 }), tags: Type.Array(Type.String()) }),
  response: { 200: Type.Object({ id: Type.Integer(), [`name${i}`]: Type.String() }), 404: Type.Ref('Problem') },
}))
const handler = async () => ({ id: 1 })

async function once(documented) {
  const app = warren()
  if (documented) await app.register(openapi, { info: { title: 'bench', version: '1.0.0' } })
  app.addSchema(Problem)
  for (let i = 0; i < routes; i++) app.post(`/r${i}/:id`, { schema: schemas[i] }, handler)
  if (documented) {
    // before ready(), openapi() builds the document from the routes so far (not cached): the build alone
    const buildStart = performance.now()
    app.openapi()
    builds.push(performance.now() - buildStart)
  }
  const start = performance.now()
  await app.ready()
  const ms = performance.now() - start
  if (documented && Object.keys(app.openapi().paths).length !== routes) throw new Error('not every route documented')
  await app.close()
  return ms
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const builds = []
const without = []
const withDoc = []
await once(false) // warm-up
await once(true)
for (let run = 0; run < runs; run++) {
  if (run % 2 === 0) {
    without.push(await once(false))
    withDoc.push(await once(true))
  } else {
    withDoc.push(await once(true))
    without.push(await once(false))
  }
}
const a = median(without)
const b = median(withDoc)
console.log(JSON.stringify({ routes, runs, withoutMs: +a.toFixed(1), withOpenApiMs: +b.toFixed(1), addedPercent: +((b / a - 1) * 100).toFixed(1), documentBuildMs: +median(builds).toFixed(1) }))
