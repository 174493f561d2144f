// The typed client's scenario: what `client<App>()` costs the compiler.
//
// An app of N routes in plugins of ROUTES_PER_PLUGIN routes each (every plugin a function that
// returns its chained instance, registered under its own prefix), with distinct schemas per route
// that reference shared `$id` schemas (`Type.Ref`), replies per status (200, 201, 404, 4xx), a
// decorator read through `this`. Written three times: the server alone; the server plus a client
// module that calls every route through `client<Api>()`, where `Api` is the interface the typed client
// guide recommends (`export interface Api extends RouteTableOf<typeof app> {}`), with its params, query
// and body, narrowing each answer by status; and the same client typed `client<typeof app>()`
// directly (measured up to TYPEOF_MAX routes: its cost per call grows with the number of routes,
// see docs/reference/client.md). `npm run bench:types` prints them at 10, 100 and 1000 routes;
// `npm run test:type-budget` checks the budgets of bench/types/budget.json (`client`).
//
//   node bench/types/client.js [sizes]      e.g. node bench/types/client.js 10,100
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { check, writeProject } from './realistic.js'

export const ROUTES_PER_PLUGIN = 20

const SHARED = `const Money = Type.Object({ amount: Type.Number(), currency: Type.String() }, { $id: 'Money' })
const Address = Type.Object({ street: Type.String(), city: Type.String(), zip: Type.String() }, { $id: 'Address' })
const Problem = Type.Object({ message: Type.String(), code: Type.String() }, { $id: 'Problem' })
const Paging = Type.Object({ page: Type.Optional(Type.Integer()), size: Type.Optional(Type.Integer()), create: Type.Optional(Type.Boolean()) })
`

/** Route i's schemas (distinct property names per route, shared schemas by reference). */
function schemas(i) {
  return `const Create${i} = Type.Object({ name${i}: Type.String(), price: Type.Ref('Money'), address: Type.Ref('Address'), tags: Type.Array(Type.String()) })
const Item${i} = Type.Object({ id: Type.Integer(), name${i}: Type.String(), price: Type.Ref('Money'), address: Type.Ref('Address') })
const Summary${i} = Type.Object({ id: Type.Integer(), name${i}: Type.String() })
`
}

/** Route i, as one link of a plugin's chain. */
function route(i) {
  return `
    .post('/r${i}/:id', {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        querystring: Paging,
        body: Create${i},
        response: { 200: Item${i}, 201: Summary${i}, 404: Type.Ref('Problem'), '4xx': Type.Ref('Problem') },
      },
    }, async function (request, reply) {
      if (request.params.id === 0) return reply.code(404).send({ message: 'no ${i}', code: 'E_NOT_FOUND' })
      if (request.query.create) return reply.code(201).send({ id: 1, name${i}: request.body.name${i} })
      const amount = this.db.count + request.body.price.amount
      return { id: request.params.id, name${i}: request.body.name${i}, price: { amount, currency: 'EUR' }, address: request.body.address }
    })`
}

/** The plugins' prefixes and the routes each declares. */
function layout(routes) {
  const plugins = []
  for (let start = 0; start < routes; start += ROUTES_PER_PLUGIN) {
    const ids = []
    for (let i = start; i < Math.min(routes, start + ROUTES_PER_PLUGIN); i++) ids.push(i)
    plugins.push({ name: `plugin${plugins.length}`, prefix: `/p${plugins.length}`, ids })
  }
  return plugins
}

/** The server module: `export type App`. */
export function serverSource(routes) {
  const plugins = layout(routes)
  let src = `import warren, { Type } from 'warren'\n\n${SHARED}`
  for (let i = 0; i < routes; i++) src += schemas(i)
  src += `
const base = warren()
  .addSchema(Money).addSchema(Address).addSchema(Problem)
  .decorate('db', { count: 1 })
type Base = typeof base
`
  for (const p of plugins) src += `\nasync function ${p.name}(app: Base) {\n  return app${p.ids.map(route).join('')}\n}\n`
  src += `\nexport const app = base${plugins.map((p) => `\n  .register(${p.name}, { prefix: '${p.prefix}' })`).join('')}\nexport type App = typeof app\n`
  return src
}

/** The client module: every route called, its answer narrowed by status; typed by the `Api` interface, or by `typeof app`. */
export function clientSource(routes, form = 'interface') {
  let src = `import { client } from 'warren/client'\nimport type { RouteTableOf } from 'warren'\nimport type { App } from './server.js'\n\n`
  src += form === 'interface' ? `export interface Api extends RouteTableOf<App> {}\nconst api = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })\n` : `const api = client<App>({ baseUrl: 'http://127.0.0.1:3000' })\n`
  // one function per plugin: a single function of 1000 calls is too large for control-flow analysis (TS2563)
  for (const p of layout(routes)) {
    src += `\nexport async function call${p.name}(): Promise<number> {\n  let total = 0\n`
    for (const i of p.ids) {
      src += `  {
    const answer = await api.post('${p.prefix}/r${i}/:id', {
      params: { id: ${i} },
      query: { page: 1 },
      body: { name${i}: 'n', price: { amount: 1, currency: 'EUR' }, address: { street: 's', city: 'c', zip: 'z' }, tags: [] },
    })
    if (answer.status === 200) total += answer.body.price.amount + answer.body.name${i}.length
    else if (answer.status === 201) total += answer.body.id
    else if (answer.status === 404) total += answer.body.message.length
  }
`
    }
    src += '  return total\n}\n'
  }
  return src
}

/** Writes the project: server alone (`withClient` false), or server and client (`'interface'` or `'typeof'`). */
export function writeClientProject(dir, routes, withClient, paths) {
  writeProject(dir, serverSource(routes), paths)
  // writeProject names its file app.ts: the server module is server.ts, the client module app.ts
  renameSync(join(dir, 'app.ts'), join(dir, 'server.ts'))
  writeFileSync(join(dir, 'app.ts'), withClient ? clientSource(routes, withClient === true ? 'interface' : withClient) : `export type { App } from './server.js'\n`)
  const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'))
  tsconfig.files = ['server.ts', 'app.ts']
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  return dir
}

/** Checks the scenario at `routes`: server alone, server + client (`Api` interface), and, up to `typeofMax` routes, server + client typed by `typeof app`. */
export function measureClient(tsc, out, routes, paths, typeofMax = 0) {
  const server = check(tsc, writeClientProject(join(out, `client-server-${routes}`), routes, false, paths))
  const withClient = check(tsc, writeClientProject(join(out, `client-both-${routes}`), routes, 'interface', paths))
  const withTypeof = routes <= typeofMax ? check(tsc, writeClientProject(join(out, `client-typeof-${routes}`), routes, 'typeof', paths)) : null
  return { server, withClient, withTypeof }
}

/** The `paths` mapping `warren` and `warren/client` to the built declarations under `root`. */
export function clientPaths(root) {
  return {
    warren: [join(root, 'dist', 'src', 'index.d.ts')],
    'warren/client': [join(root, 'dist', 'src', 'client', 'index.d.ts')],
  }
}

function fmt(n, digits = 0) {
  return Number.isNaN(n) ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

/** Prints the scenario's table at each size; returns false when an app has type errors. */
export function printClientScenario(tsc, out, root, sizes, typeofMax = Number(process.env.TYPEOF_MAX ?? 100)) {
  const paths = clientPaths(root)
  console.log(`\nTyped client: plugins of ${ROUTES_PER_PLUGIN} chained routes, shared refs, every route called and its answer narrowed\n`)
  console.log('| routes | server: instantiations | check (s) | + client<Api>: instantiations | check (s) | ratio | + client<typeof app>: instantiations | check (s) | ratio |')
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  let ok = true
  for (const n of sizes) {
    const { server, withClient, withTypeof } = measureClient(tsc, out, n, paths, typeofMax)
    const t = withTypeof ?? { instantiations: NaN, checkTime: NaN }
    console.log(
      `| ${n} | ${fmt(server.instantiations)} | ${fmt(server.checkTime, 2)} | ${fmt(withClient.instantiations)} | ${fmt(withClient.checkTime, 2)} | ` +
        `${fmt(withClient.instantiations / server.instantiations, 2)} | ${fmt(t.instantiations)} | ${fmt(t.checkTime, 2)} | ${fmt(t.instantiations / server.instantiations, 2)} |`,
    )
    for (const [name, r] of [['server', server], ['client<Api>', withClient], ['client<typeof app>', withTypeof]]) {
      if (r?.errors.length) {
        console.log(`  ${name} ${n}: ${r.errors.length} errors${r.tooDeep ? ' (TS2589)' : ''}: ${r.errors.slice(0, 3).join('\n  ')}`)
        ok = false
      }
    }
  }
  return ok
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const sizes = (process.argv[2] ?? process.env.CLIENT_SIZES ?? '10,100,1000').split(',').map(Number)
  if (!printClientScenario(tsc, join(root, 'bench', '.tmp', 'client'), root, sizes)) process.exitCode = 1
}
