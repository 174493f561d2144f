// The realistic app of bench/types/realistic.js written with Zod schemas, for the type-check budget
// of Standard Schema routes: a Zod route must cost no more than the same route in TypeBox plus what
// Zod's own inference of its schemas costs.
//
// Two sources at any size: the warren app (shared schemas as plain Zod objects, entities derived with
// omit / pick / extend, replies per status, decorators, hooks, a guard, as in the TypeBox app), and
// "Zod alone", the floor: the same schemas and the same handler code as functions typed by Zod's
// own `z.output` / `z.input`, no framework. `npm run test:type-budget` checks both at the sizes of
// budget.json's `zod.routes`.
//
//   node bench/types/zod.js [sizes]      e.g. node bench/types/zod.js 10,100
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { check, warrenPrelude, writeProject } from './realistic.js'

const SHARED = `const Money = z.object({ amount: z.number(), currency: z.string() })
const Country = z.object({ code: z.string(), name: z.string() })
const Address = z.object({ street: z.string(), city: z.string(), zip: z.string() })
const Problem = z.object({ message: z.string(), code: z.string() })
const Paging = z.object({ page: z.number().int().optional(), size: z.number().int().optional(), create: z.boolean().optional() })
const IdParams = z.object({ id: z.number().int() })
`

/** Route i's schemas: the entities of the TypeBox app, derived the Zod way. */
function schemas(i) {
  return `
const Base${i} = z.object({ id: z.number().int(), name${i}: z.string(), price: Money, address: Address, tags: z.array(z.string()) })
const Create${i} = Base${i}.omit({ id: true })
const Summary${i} = Base${i}.pick({ id: true, name${i}: true })
const Full${i} = Base${i}.extend({ country: Country })
`
}

/** The handler's body, shared by the route and by Zod alone (`db` and `user` in scope). */
function handlerBody(i) {
  return `
  if (params.id === 0) return notFound({ message: 'no ${i}', code: 'E_NOT_FOUND' })
  if (query.create) return created({ id: 1, name${i}: body.name${i} })
  const total = db.count + body.price.amount
  return {
    id: params.id,
    name${i}: body.name${i} + (user?.name ?? ''),
    price: { amount: total, currency: body.price.currency },
    address: body.address,
    tags: body.tags,
    country: { code: 'FR', name: 'France' },
  }`
}

/** The warren version of the app with `routes` Zod routes. */
export function warrenZod(routes) {
  let src = `import warren, { type RouteHook } from 'warren'\nimport { z } from 'zod'\n\ninterface User { id: number; name: string }\n${SHARED}`
  src += warrenPrelude()
  for (let i = 0; i < routes; i++) {
    src += schemas(i)
    src += `app.post('/r${i}/:id', {
  schema: { params: IdParams, querystring: Paging, body: Create${i}, response: { 200: Full${i}, 201: Summary${i}, 404: Problem, '4xx': Problem } },
  preHandler: guard,
}, async function (request, reply) {
  const { params, query, body, user } = request
  const db = this.db
  const notFound = (problem: z.input<typeof Problem>) => reply.code(404).send(problem)
  const created = (summary: z.input<typeof Summary${i}>) => reply.code(201).send(summary)
${handlerBody(i)}
})
`
  }
  return src + '\nexport default app\n'
}

/** Zod alone: the same schemas and handler code, typed by Zod's inference only. */
export function zodAlone(routes) {
  let src = `import { z } from 'zod'\n\ninterface User { id: number; name: string }\n${SHARED}`
  src += `const db = { count: 1, find: (id: number) => ({ id }) }
declare const user: User | null
declare function answer<T>(payload: T): T
`
  for (let i = 0; i < routes; i++) {
    src += schemas(i)
    src += `export async function handler${i}(params: z.output<typeof IdParams>, query: z.output<typeof Paging>, body: z.output<typeof Create${i}>): Promise<z.input<typeof Full${i}> | z.input<typeof Summary${i}> | z.input<typeof Problem>> {
  const notFound = (problem: z.input<typeof Problem>) => answer(problem)
  const created = (summary: z.input<typeof Summary${i}>) => answer(summary)
${handlerBody(i)}
}
`
  }
  return src
}

/** Instantiations of the warren Zod app and of Zod alone at two sizes, and the cost per added route. */
export function measureZod(tsc, out, [small, large], paths) {
  const size = (make, name, n) => check(tsc, writeProject(join(out, `${name}-${n}`), make(n), paths))
  const runs = {
    warren: [size(warrenZod, 'zod-warren', small), size(warrenZod, 'zod-warren', large)],
    alone: [size(zodAlone, 'zod-alone', small), size(zodAlone, 'zod-alone', large)],
  }
  const perRoute = ([a, b]) => Math.round((b.instantiations - a.instantiations) / (large - small))
  return { runs, warrenPerRoute: perRoute(runs.warren), alonePerRoute: perRoute(runs.alone) }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const sizes = (process.argv[2] ?? '10,100').split(',').map(Number)
  const measured = measureZod(tsc, join(root, 'bench', '.tmp', 'zod-types'), sizes, { warren: [join(root, 'dist', 'src', 'index.d.ts')] })
  for (const [name, [a, b]] of Object.entries(measured.runs)) {
    console.log(`${name}: ${sizes[0]} routes ${a.instantiations} / ${sizes[1]} routes ${b.instantiations} instantiations (check ${a.checkTime} s / ${b.checkTime} s)${a.errors.length + b.errors.length ? `, errors:\n${[...a.errors, ...b.errors].slice(0, 5).join('\n')}` : ''}`)
  }
  console.log(`per route: warren ${measured.warrenPerRoute}, Zod alone ${measured.alonePerRoute}`)
}
