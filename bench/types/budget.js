// The type-check budget, checked in `npm test` (`npm run test:type-budget`).
//
// Type-checks the realistic app of bench/types/realistic.js (shared `$id` schemas and
// `Type.Ref`, Composite/Pick/Omit, replies per status, decorators, hooks, a guard) at two sizes
// against warren's built declarations, and fails when the cost per route — the difference between
// the two sizes divided by the routes added, so the fixed cost of TypeBox and node's types is not
// counted — exceeds `instantiationsPerRoute` in bench/types/budget.json, or when either app has a
// type error (TS2589 "excessively deep" included). Instantiation counts are deterministic for a
// given TypeScript version; check time is printed but not budgeted (it depends on the machine).
//
// The typed client's scenario (bench/types/client.js: plugins of chained routes, every route called
// through `client<Api>()`) is checked at the two sizes of `client.routes`: the cost of the client
// per call (the client's instantiations over the server's, per route added) must stay within
// `client.instantiationsPerCall`, and server + client within `client.maxRatio` times the server alone.
//
// The realistic app written with each Standard Schema library (Zod, Valibot, ArkType:
// bench/types/standard-schema.js) is checked at the sizes of `standardSchemas.routes`: a route may
// cost no more than the TypeBox route of the same run plus what the library's own inference of the
// same schemas and handler code costs without a framework ("<library> alone").
//
// Raising the budget is a visible change: edit budget.json in the same commit, and say why.
import { readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { check, warrenRealistic, writeProject } from './realistic.js'
import { clientPaths, measureClient } from './client.js'
import { libraries, measureLibrary } from './standard-schema.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const budget = JSON.parse(readFileSync(join(root, 'bench', 'types', 'budget.json'), 'utf8'))
const out = join(root, 'bench', '.tmp', 'type-budget')
const [small, large] = budget.routes

rmSync(out, { recursive: true, force: true })
const paths = { warren: [join(root, 'dist', 'src', 'index.d.ts')] }
const a = check(tsc, writeProject(join(out, `warren-${small}`), warrenRealistic(small), paths))
const b = check(tsc, writeProject(join(out, `warren-${large}`), warrenRealistic(large), paths))
const perRoute = Math.round((b.instantiations - a.instantiations) / (large - small))

console.log(
  `type budget: realistic app, ${small} routes ${a.instantiations} / ${large} routes ${b.instantiations} instantiations ` +
    `(check ${a.checkTime} s / ${b.checkTime} s): ${perRoute} per route, budget ${budget.instantiationsPerRoute}`,
)
let failed = false
for (const [n, r] of [[small, a], [large, b]]) {
  if (Number.isNaN(r.instantiations)) {
    console.error(`type budget: no diagnostics from tsc for the ${n}-route app`)
    failed = true
  }
  if (r.errors.length) {
    console.error(`type budget: the ${n}-route app has ${r.errors.length} type errors${r.tooDeep ? ' (TS2589)' : ''}:\n${r.errors.slice(0, 5).join('\n')}`)
    failed = true
  }
}
if (perRoute > budget.instantiationsPerRoute) {
  console.error(`type budget exceeded: ${perRoute} instantiations per route > ${budget.instantiationsPerRoute} (bench/types/budget.json)`)
  failed = true
}

/* ---------- the typed client ---------- */

const [cSmall, cLarge] = budget.client.routes
const c1 = measureClient(tsc, out, cSmall, clientPaths(root))
const c2 = measureClient(tsc, out, cLarge, clientPaths(root))
const clientCost = (m) => m.withClient.instantiations - m.server.instantiations
const perCall = Math.round((clientCost(c2) - clientCost(c1)) / (cLarge - cSmall))
const ratio = c2.withClient.instantiations / c2.server.instantiations
console.log(
  `type budget: typed client, ${cLarge} routes: server ${c2.server.instantiations} / server + client ${c2.withClient.instantiations} instantiations ` +
    `(check ${c2.server.checkTime} s / ${c2.withClient.checkTime} s): ratio ${ratio.toFixed(2)} (budget ${budget.client.maxRatio}), ` +
    `${perCall} per call (budget ${budget.client.instantiationsPerCall}), total budget ${budget.client.maxTotal}`,
)
for (const [n, m] of [[cSmall, c1], [cLarge, c2]]) {
  for (const [name, r] of [['server', m.server], ['server + client', m.withClient]]) {
    if (Number.isNaN(r.instantiations) || r.errors.length) {
      console.error(`type budget: the ${n}-route client scenario (${name}) has ${r.errors.length} type errors${r.tooDeep ? ' (TS2589)' : ''}:\n${r.errors.slice(0, 5).join('\n')}`)
      failed = true
    }
  }
}
if (perCall > budget.client.instantiationsPerCall) {
  console.error(`type budget exceeded: the typed client costs ${perCall} instantiations per call > ${budget.client.instantiationsPerCall} (bench/types/budget.json)`)
  failed = true
}
if (c2.withClient.instantiations > budget.client.maxTotal) {
  console.error(`type budget exceeded: server + client at ${cLarge} routes costs ${c2.withClient.instantiations} instantiations > ${budget.client.maxTotal} (bench/types/budget.json)`)
  failed = true
}
if (ratio > budget.client.maxRatio) {
  console.error(`type budget exceeded: server + client is ${ratio.toFixed(2)} times the server alone > ${budget.client.maxRatio} (bench/types/budget.json)`)
  failed = true
}
/* ---------- Standard Schema libraries ---------- */

for (const name of Object.keys(libraries)) {
  const label = libraries[name].label
  const measured = measureLibrary(name, tsc, out, budget.standardSchemas.routes, paths)
  const ceiling = perRoute + measured.alonePerRoute
  console.log(
    `type budget: ${label} app, ${budget.standardSchemas.routes.join(' / ')} routes: warren ${measured.warrenPerRoute} per route, ${label} alone ${measured.alonePerRoute}, ` +
      `ceiling (the TypeBox route + ${label} alone) ${ceiling}`,
  )
  for (const [kind, runs] of Object.entries(measured.runs)) {
    for (const r of runs) {
      if (Number.isNaN(r.instantiations) || r.errors.length) {
        console.error(`type budget: the ${label} app (${kind}) has ${r.errors.length} type errors${r.tooDeep ? ' (TS2589)' : ''}:\n${r.errors.slice(0, 5).join('\n')}`)
        failed = true
      }
    }
  }
  if (measured.warrenPerRoute > ceiling) {
    console.error(`type budget exceeded: a ${label} route costs ${measured.warrenPerRoute} instantiations > ${perRoute} (its TypeBox route) + ${measured.alonePerRoute} (${label} alone)`)
    failed = true
  }
}

if (failed) process.exitCode = 1
