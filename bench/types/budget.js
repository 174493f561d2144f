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
// Raising the budget is a visible change: edit budget.json in the same commit, and say why.
import { readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { check, warrenRealistic, writeProject } from './realistic.js'

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
if (failed) process.exitCode = 1
