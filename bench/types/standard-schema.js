// The realistic app of bench/types/realistic.js written with Standard Schema libraries (Zod, Valibot,
// ArkType), for the type-check budget of their routes: a route of each library must cost no more
// than the same route in TypeBox plus what the library's own inference of its schemas costs.
//
// Two sources per library at any size: the warren app (shared schemas as plain library objects,
// entities derived with the library's omit / pick / extend, replies per status, decorators, hooks, a
// guard, as in the TypeBox app), and "<library> alone", the floor: the same schemas and the same
// handler code as functions typed by the library's own input / output types, no framework.
// `npm run test:type-budget` checks both at the sizes of budget.json's `standardSchemas.routes`.
//
//   node bench/types/standard-schema.js [sizes] [libraries]   e.g. node bench/types/standard-schema.js 10,100 zod,arktype
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { check, warrenPrelude, writeProject } from './realistic.js'

/** Each library's spelling of the app's schemas, and of a schema's input and output types. */
export const libraries = {
  zod: {
    label: 'Zod',
    imports: `import { z } from 'zod'`,
    shared: `const Money = z.object({ amount: z.number(), currency: z.string() })
const Country = z.object({ code: z.string(), name: z.string() })
const Address = z.object({ street: z.string(), city: z.string(), zip: z.string() })
const Problem = z.object({ message: z.string(), code: z.string() })
const Paging = z.object({ page: z.number().int().optional(), size: z.number().int().optional(), create: z.boolean().optional() })
const IdParams = z.object({ id: z.number().int() })
`,
    entities: (i) => `
const Base${i} = z.object({ id: z.number().int(), name${i}: z.string(), price: Money, address: Address, tags: z.array(z.string()) })
const Create${i} = Base${i}.omit({ id: true })
const Summary${i} = Base${i}.pick({ id: true, name${i}: true })
const Full${i} = Base${i}.extend({ country: Country })
`,
    input: (schema) => `z.input<typeof ${schema}>`,
    output: (schema) => `z.output<typeof ${schema}>`,
  },
  valibot: {
    label: 'Valibot',
    imports: `import * as v from 'valibot'`,
    shared: `const Money = v.object({ amount: v.number(), currency: v.string() })
const Country = v.object({ code: v.string(), name: v.string() })
const Address = v.object({ street: v.string(), city: v.string(), zip: v.string() })
const Problem = v.object({ message: v.string(), code: v.string() })
const Paging = v.object({ page: v.optional(v.pipe(v.number(), v.integer())), size: v.optional(v.pipe(v.number(), v.integer())), create: v.optional(v.boolean()) })
const IdParams = v.object({ id: v.pipe(v.number(), v.integer()) })
`,
    entities: (i) => `
const Base${i} = v.object({ id: v.pipe(v.number(), v.integer()), name${i}: v.string(), price: Money, address: Address, tags: v.array(v.string()) })
const Create${i} = v.omit(Base${i}, ['id'])
const Summary${i} = v.pick(Base${i}, ['id', 'name${i}'])
const Full${i} = v.object({ ...Base${i}.entries, country: Country })
`,
    input: (schema) => `v.InferInput<typeof ${schema}>`,
    output: (schema) => `v.InferOutput<typeof ${schema}>`,
  },
  arktype: {
    label: 'ArkType',
    imports: `import { type } from 'arktype'`,
    shared: `const Money = type({ amount: 'number', currency: 'string' })
const Country = type({ code: 'string', name: 'string' })
const Address = type({ street: 'string', city: 'string', zip: 'string' })
const Problem = type({ message: 'string', code: 'string' })
const Paging = type({ 'page?': 'number.integer', 'size?': 'number.integer', 'create?': 'boolean' })
const IdParams = type({ id: 'number.integer' })
`,
    entities: (i) => `
const Base${i} = type({ id: 'number.integer', name${i}: 'string', price: Money, address: Address, tags: 'string[]' })
const Create${i} = Base${i}.omit('id')
const Summary${i} = Base${i}.pick('id', 'name${i}')
const Full${i} = Base${i}.merge({ country: Country })
`,
    input: (schema) => `typeof ${schema}.inferIn`,
    output: (schema) => `typeof ${schema}.infer`,
  },
}

/** The handler's body, shared by the route and by the library alone (`db` and `user` in scope). */
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

/** The warren version of the app with `routes` routes whose schemas are `library`'s. */
export function warrenApp(library, routes) {
  let src = `import warren, { type RouteHook } from 'warren'\n${library.imports}\n\ninterface User { id: number; name: string }\n${library.shared}`
  src += warrenPrelude()
  for (let i = 0; i < routes; i++) {
    src += library.entities(i)
    src += `app.post('/r${i}/:id', {
  schema: { params: IdParams, querystring: Paging, body: Create${i}, response: { 200: Full${i}, 201: Summary${i}, 404: Problem, '4xx': Problem } },
  preHandler: guard,
}, async function (request, reply) {
  const { params, query, body, user } = request
  const db = this.db
  const notFound = (problem: ${library.input('Problem')}) => reply.code(404).send(problem)
  const created = (summary: ${library.input(`Summary${i}`)}) => reply.code(201).send(summary)
${handlerBody(i)}
})
`
  }
  return src + '\nexport default app\n'
}

/** The library alone: the same schemas and handler code, typed by the library's inference only. */
export function libraryAlone(library, routes) {
  let src = `${library.imports}\n\ninterface User { id: number; name: string }\n${library.shared}`
  src += `const db = { count: 1, find: (id: number) => ({ id }) }
declare const user: User | null
declare function answer<T>(payload: T): T
`
  for (let i = 0; i < routes; i++) {
    src += library.entities(i)
    const output = library.output
    const input = library.input
    src += `export async function handler${i}(params: ${output('IdParams')}, query: ${output('Paging')}, body: ${output(`Create${i}`)}): Promise<${input(`Full${i}`)} | ${input(`Summary${i}`)} | ${input('Problem')}> {
  const notFound = (problem: ${input('Problem')}) => answer(problem)
  const created = (summary: ${input(`Summary${i}`)}) => answer(summary)
${handlerBody(i)}
}
`
  }
  return src
}

/** Instantiations of the warren app and of the library alone at two sizes, and the cost per added route. */
export function measureLibrary(name, tsc, out, [small, large], paths) {
  const library = libraries[name]
  const size = (make, kind, n) => check(tsc, writeProject(join(out, `${name}-${kind}-${n}`), make(library, n), paths))
  const runs = {
    warren: [size(warrenApp, 'warren', small), size(warrenApp, 'warren', large)],
    alone: [size(libraryAlone, 'alone', small), size(libraryAlone, 'alone', large)],
  }
  const perRoute = ([a, b]) => Math.round((b.instantiations - a.instantiations) / (large - small))
  return { runs, warrenPerRoute: perRoute(runs.warren), alonePerRoute: perRoute(runs.alone) }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const sizes = (process.argv[2] ?? '10,100').split(',').map(Number)
  const names = (process.argv[3] ?? Object.keys(libraries).join(',')).split(',')
  for (const name of names) {
    const measured = measureLibrary(name, tsc, join(root, 'bench', '.tmp', 'standard-schema-types'), sizes, { warren: [join(root, 'dist', 'src', 'index.d.ts')] })
    for (const [kind, [a, b]] of Object.entries(measured.runs)) {
      const errors = [...a.errors, ...b.errors]
      console.log(`${libraries[name].label} ${kind}: ${sizes[0]} routes ${a.instantiations} / ${sizes[1]} routes ${b.instantiations} instantiations (check ${a.checkTime} s / ${b.checkTime} s)${errors.length ? `, errors:\n${errors.slice(0, 5).join('\n')}` : ''}`)
    }
    console.log(`${libraries[name].label} per route: warren ${measured.warrenPerRoute}, alone ${measured.alonePerRoute}`)
  }
}
