// The realistic app for the type-check budget: the code people write, generated at
// any size. Shared schemas named with `$id` and referenced by `Type.Ref`, entities derived with
// Composite / Pick / Omit, replies per status (200, 201, 404, 4xx), an instance decorator read
// through `this`, a request decorator set in a hook, a route-level guard, `request.server`.
//
// The same app is written for Fastify 5 + @fastify/type-provider-typebox. That provider does not
// resolve `Type.Ref('Money')` (its static type is `unknown`), so the Fastify version embeds the
// shared schema objects where warren references them: how a Fastify user gets the same types.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const SHARED = `const Money = Type.Object({ amount: Type.Number(), currency: Type.String() }, { $id: 'Money' })
const Country = Type.Object({ code: Type.String(), name: Type.String() }, { $id: 'Country' })
const Address = Type.Object({ street: Type.String(), city: Type.String(), zip: Type.String() }, { $id: 'Address' })
const Problem = Type.Object({ message: Type.String(), code: Type.String() }, { $id: 'Problem' })
const Paging = Type.Object({ page: Type.Optional(Type.Integer()), size: Type.Optional(Type.Integer()), create: Type.Optional(Type.Boolean()) })
`

// Route i, with `ref(name)` the way each framework refers to a shared schema.
function routeSource(i, ref, guardType) {
  return `
const Base${i} = Type.Object({ id: Type.Integer(), name${i}: Type.String(), price: ${ref('Money')}, address: ${ref('Address')}, tags: Type.Array(Type.String()) })
const Create${i} = Type.Omit(Base${i}, ['id'])
const Summary${i} = Type.Pick(Base${i}, ['id', 'name${i}'])
const Full${i} = Type.Composite([Base${i}, Type.Object({ country: ${ref('Country')} })])
app.post('/r${i}/:id', {
  schema: {
    params: Type.Object({ id: Type.Integer() }),
    querystring: Paging,
    body: Create${i},
    response: { 200: Full${i}, 201: Summary${i}, 404: ${ref('Problem')}, '4xx': ${ref('Problem')} },
  },
  preHandler: ${guardType},
}, async function (request, reply) {
  if (request.params.id === 0) return reply.code(404).send({ message: 'no ${i}', code: 'E_NOT_FOUND' })
  if (request.query.create) return reply.code(201).send({ id: 1, name${i}: request.body.name${i} })
  const total = this.db.count + request.server.db.count + request.body.price.amount
  return {
    id: request.params.id,
    name${i}: request.body.name${i} + (request.user?.name ?? ''),
    price: { amount: total, currency: request.body.price.currency },
    address: request.body.address,
    tags: request.body.tags,
    country: { code: 'FR', name: 'France' },
  }
})
`
}

/**
 * The warren app's decorations, hook and guard, declared on `app` (`register` adds what comes
 * between `warren()` and them, such as shared schemas): shared with the Zod version of the app.
 */
export function warrenPrelude(register = '') {
  return `const app = warren()${register}
  .decorate('db', { count: 1, find: (id: number) => ({ id }) })
  .decorateRequest<{ user: User | null }>('user', null)
app.addHook('onRequest', async (request) => {
  request.user = { id: 1, name: request.headers.host ?? '' }
})
const guard: RouteHook<'preHandler', {}, typeof app> = async (request, reply) => {
  if (request.user === null) return reply.code(401).send({ message: 'login', code: 'E_LOGIN' })
}
`
}

/** The warren version of the app with `routes` routes. */
export function warrenRealistic(routes) {
  let src = `import warren, { Type, type RouteHook } from 'warren'\n\ninterface User { id: number; name: string }\n${SHARED}`
  src += warrenPrelude('\n  .addSchema(Money).addSchema(Country).addSchema(Address).addSchema(Problem)')
  for (let i = 0; i < routes; i++) src += routeSource(i, (name) => `Type.Ref('${name}')`, 'guard')
  return src + '\nexport default app\n'
}

/** The Fastify 5 + TypeBox provider version of the same app. */
export function fastifyRealistic(routes) {
  let src = `import Fastify from 'fastify'\nimport { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'\n\n`
  src += `interface User { id: number; name: string }
declare module 'fastify' {
  interface FastifyInstance { db: { count: number; find: (id: number) => { id: number } } }
  interface FastifyRequest { user: User | null }
}
${SHARED}
const app = Fastify().withTypeProvider<TypeBoxTypeProvider>()
app.addSchema(Money).addSchema(Country).addSchema(Address).addSchema(Problem)
app.decorate('db', { count: 1, find: (id: number) => ({ id }) })
app.decorateRequest('user', null)
app.addHook('onRequest', async (request) => {
  request.user = { id: 1, name: request.headers.host ?? '' }
})
`
  // Fastify's route generics do not accept a guard typed once for any route; it is written inline
  const guard = `async (request, reply) => { if (request.user === null) return reply.code(401).send({ message: 'login', code: 'E_LOGIN' }) }`
  for (let i = 0; i < routes; i++) src += routeSource(i, (name) => name, guard)
  return src + '\nexport default app\n'
}

/** Writes `source` as a strict NodeNext project in `dir` (with `paths` mapping `warren` to its declarations). */
export function writeProject(dir, source, paths) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'app.ts'), source)
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    ...(paths ? { paths } : {}),
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }, null, 2))
  return dir
}

/** Type-checks the project in `dir` with `--extendedDiagnostics`: instantiations, check time, errors. */
export function check(tsc, dir) {
  const result = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--noEmit', '--extendedDiagnostics'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const text = result.stdout + result.stderr
  const read = (label) => {
    const m = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(text)
    return m ? Number(m[1]) : NaN
  }
  const errors = text.split('\n').filter((line) => /error TS\d+/.test(line))
  return {
    instantiations: read('Instantiations'),
    types: read('Types'),
    memoryK: read('Memory used'),
    checkTime: read('Check time'),
    totalTime: read('Total time'),
    errors,
    tooDeep: errors.some((line) => line.includes('TS2589')),
  }
}
