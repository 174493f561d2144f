// Type-check cost: warren vs Fastify 5 + @fastify/type-provider-typebox, on the same generated app.
//
//   npm run bench:types
//
// Generates into bench/.tmp/types/ (gitignored) an app of ROUTES routes (params, querystring, body,
// 200 and 404 responses) with 10 decorators, written once with warren and once with Fastify, runs
// `tsc --noEmit --extendedDiagnostics` on each and prints the figures side by side. Then checks a
// 1000-route warren app, which must type-check without "excessively deep" (TS2589).
//
// Then the realistic app (bench/types/realistic.js: shared `$id` schemas and
// `Type.Ref`, Composite/Pick/Omit, replies per status, decorators, hooks, a guard) at
// REALISTIC_SIZES routes (default 10,100,1000), warren and Fastify, with instantiations per route
// (the difference between consecutive sizes over the routes added). `npm run test:type-budget`
// checks the same app against bench/types/budget.json.
//
// Then the typed client's scenario (bench/types/client.js) at CLIENT_SIZES routes
// (default 10,100,1000): the server alone, with `client<Api>()` calling every route, and with
// `client<typeof app>()` (up to TYPEOF_MAX routes, default 100). `node bench/types/client.js` runs
// that part alone.
//
// Last, the realistic app written with each Standard Schema library against the library alone
// (bench/types/standard-schema.js).
//
// warren is type-checked through its published declarations (dist/src/index.d.ts, built first with
// `tsc -p tsconfig.build.json`); both apps use skipLibCheck, strict, NodeNext, TypeBox 0.34.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fastifyRealistic, warrenRealistic, writeProject as writeRealistic, check as checkRealistic } from './realistic.js'
import { printClientScenario } from './client.js'
import { libraries, measureLibrary } from './standard-schema.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const out = join(root, 'bench', '.tmp', 'types')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const ROUTES = Number(process.env.ROUTES ?? 200)
const BIG = Number(process.env.BIG_ROUTES ?? 1000)
const DECORATORS = 10
const METHODS = ['post', 'put', 'patch']

/* ---------- warren's declarations ---------- */

function buildWarren() {
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, encoding: 'utf8' })
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr)
    throw new Error('npm run build failed: the bench needs dist/src/index.d.ts')
  }
  const types = process.env.WARREN_TYPES ? resolve(process.env.WARREN_TYPES) : join(root, 'dist', 'src', 'index.d.ts')
  if (!existsSync(types)) throw new Error(`missing ${types}`)
  return types
}

/* ---------- the generated apps ---------- */

// Route i's schemas: distinct property names per route, so no two routes share a type.
function schemaSource(i) {
  return `{
    params: Type.Object({ id: Type.Integer(), slug${i}: Type.String() }),
    querystring: Type.Object({ page: Type.Optional(Type.Integer()), filter${i}: Type.Optional(Type.String()) }),
    body: Type.Object({ name${i}: Type.String(), tags: Type.Array(Type.String()), count: Type.Integer() }),
    response: {
      200: Type.Object({ id: Type.Integer(), name${i}: Type.String(), total: Type.Number() }),
      404: Type.Object({ message: Type.String() }),
    },
  }`
}

function routeSource(i) {
  const method = METHODS[i % METHODS.length]
  const d = i % DECORATORS
  return `app.${method}('/r${i}/:id/:slug${i}', { schema: ${schemaSource(i)} }, async function (request, reply) {
  if (request.params.id < 0 || request.query.filter${i} === 'none') {
    return reply.code(404).send({ message: request.params.slug${i} })
  }
  const total = this.d${d}.value + request.body.count + (request.query.page ?? 0)
  return { id: request.params.id, name${i}: request.body.name${i}, total }
})
`
}

function decoratorValue(d) {
  return `{ value: ${d}, label: 'd${d}' as string, run: (x: number) => x * ${d + 1} }`
}

function warrenApp(routes) {
  let src = `import warren, { Type } from 'warren'\n\nconst app = warren()\n`
  for (let d = 0; d < DECORATORS; d++) src += `  .decorate('d${d}', ${decoratorValue(d)})\n`
  src += '\n'
  for (let i = 0; i < routes; i++) src += routeSource(i)
  src += '\nexport default app\n'
  return src
}

function fastifyApp(routes) {
  // Fastify types decorators through declaration merging: the idiomatic way to write the same app.
  let src = `import Fastify from 'fastify'\nimport { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'\n\n`
  src += `declare module 'fastify' {\n  interface FastifyInstance {\n`
  for (let d = 0; d < DECORATORS; d++) src += `    d${d}: { value: number; label: string; run: (x: number) => number }\n`
  src += `  }\n}\n\nconst app = Fastify().withTypeProvider<TypeBoxTypeProvider>()\n`
  for (let d = 0; d < DECORATORS; d++) src += `app.decorate('d${d}', ${decoratorValue(d)})\n`
  src += '\n'
  for (let i = 0; i < routes; i++) src += routeSource(i)
  src += '\nexport default app\n'
  return src
}

/** Writes `source` as a project under bench/.tmp/types/<name> (shared with the budget check). */
function writeProject(name, source, paths) {
  return writeRealistic(join(out, name), source, paths)
}

/* ---------- measuring ---------- */

/** Type-checks the project in `dir` (the measuring is shared with the budget check). */
function check(dir) {
  return checkRealistic(tsc, dir)
}

function fmt(n, digits = 0) {
  return Number.isNaN(n) ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

function main() {
  rmSync(out, { recursive: true, force: true })
  const types = buildWarren()
  const paths = { warren: [types] }
  const tsVersion = execFileSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).trim()

  const w = check(writeProject('warren', warrenApp(ROUTES), paths))
  const f = check(writeProject('fastify', fastifyApp(ROUTES), null))
  const big = check(writeProject('warren-big', warrenApp(BIG), paths))

  const rows = [
    ['Instantiations', fmt(w.instantiations), fmt(f.instantiations), fmt(w.instantiations / f.instantiations, 2)],
    ['Types', fmt(w.types), fmt(f.types), fmt(w.types / f.types, 2)],
    ['Memory used (KB)', fmt(w.memoryK), fmt(f.memoryK), fmt(w.memoryK / f.memoryK, 2)],
    ['Check time (s)', fmt(w.checkTime, 2), fmt(f.checkTime, 2), fmt(w.checkTime / f.checkTime, 2)],
    ['Total time (s)', fmt(w.totalTime, 2), fmt(f.totalTime, 2), fmt(w.totalTime / f.totalTime, 2)],
    ['Type errors', String(w.errors.length), String(f.errors.length), ''],
  ]
  console.log(`Type-check cost: ${ROUTES} routes (params, querystring, body, 200 and 404), ${DECORATORS} decorators — ${tsVersion}\n`)
  console.log('| | warren | Fastify + TypeBox provider | warren / Fastify |')
  console.log('|---|---:|---:|---:|')
  for (const r of rows) console.log(`| ${r.join(' | ')} |`)
  console.log(
    `\n${BIG}-route warren app: ${fmt(big.instantiations)} instantiations, check ${fmt(big.checkTime, 2)} s, ` +
      `${big.errors.length} type errors${big.tooDeep ? ' (EXCESSIVELY DEEP: TS2589)' : ', no "excessively deep"'}`,
  )
  for (const [name, r] of [['warren', w], ['fastify', f], [`warren ${BIG}`, big]]) {
    if (r.errors.length) console.log(`\n${name} errors (first 5):\n${r.errors.slice(0, 5).join('\n')}`)
  }
  realistic(paths)
  const clientSizes = (process.env.CLIENT_SIZES ?? '10,100,1000').split(',').map(Number)
  if (!printClientScenario(tsc, join(out, 'client'), root, clientSizes)) process.exitCode = 1
  for (const name of Object.keys(libraries)) {
    const measured = measureLibrary(name, tsc, join(out, 'standard-schema'), [10, 100], paths)
    const label = libraries[name].label
    console.log(`\nThe realistic app with ${label} schemas (bench/types/standard-schema.js), 10 / 100 routes: warren ${fmt(measured.warrenPerRoute)} instantiations per route, ${label} alone (the same schemas and handlers typed by its own input / output types) ${fmt(measured.alonePerRoute)}`)
  }
  if (w.errors.length || big.errors.length || big.tooDeep) process.exitCode = 1
}

/** The realistic app at each size, warren and Fastify: instantiations, per route, check time. */
function realistic(paths) {
  const sizes = (process.env.REALISTIC_SIZES ?? '10,100,1000').split(',').map(Number)
  console.log('\nRealistic app (shared refs, Composite/Pick/Omit, per-status replies, decorators, hooks, guard)\n')
  console.log('| routes | warren instantiations | per route | check (s) | Fastify + TypeBox | per route | check (s) |')
  console.log('|---:|---:|---:|---:|---:|---:|---:|')
  let prev = null
  for (const n of sizes) {
    const w = checkRealistic(tsc, writeRealistic(join(out, `real-warren-${n}`), warrenRealistic(n), paths))
    const f = checkRealistic(tsc, writeRealistic(join(out, `real-fastify-${n}`), fastifyRealistic(n), null))
    const per = (a, b) => (prev ? fmt((a - b) / (n - prev.n)) : '')
    console.log(
      `| ${n} | ${fmt(w.instantiations)} | ${per(w.instantiations, prev?.w.instantiations)} | ${fmt(w.checkTime, 2)} | ` +
        `${fmt(f.instantiations)} | ${per(f.instantiations, prev?.f.instantiations)} | ${fmt(f.checkTime, 2)} |`,
    )
    for (const [name, r] of [['warren', w], ['fastify', f]]) {
      if (r.errors.length) console.log(`  ${name} ${n}: ${r.errors.length} errors${r.tooDeep ? ' (TS2589)' : ''}: ${r.errors[0]}`)
    }
    if (w.errors.length || w.tooDeep) process.exitCode = 1
    prev = { n, w, f }
  }
}

main()
