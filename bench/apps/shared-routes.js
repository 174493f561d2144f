// The benchmark app's routes written once, for the `--same-routes` variant of `npm run bench`:
// warren and Fastify are given the same TypeBox schema objects and byte-for-byte the same route
// code, so the comparison cannot favour warren by construction (the default apps give Fastify the
// schemas as plain JSON, as a Fastify user without TypeBox writes them).
import { createUserSchema, helloSchema, hookedSchema, items, itemsSchema } from '../scenarios.js'

/** Declares scenarios 1–5 on `app` (a warren or a Fastify instance). */
export function declareRoutes(app) {
  app.get('/', { schema: helloSchema }, async () => ({ hello: 'world' }))
  app.post('/users', { schema: createUserSchema }, async (request, reply) => {
    reply.code(201)
    return { id: 1, ...request.body }
  })
  app.get('/items/:id', { schema: itemsSchema }, async (request) => items(request.params.id, request.query.limit))
  app.register(async (scope) => {
    scope.decorate('db', { name: 'bench-db' })
    scope.decorateRequest('user', null)
    scope.decorateRequest('steps', 0)
    scope.addHook('onRequest', async (request) => {
      request.user = 'ada'
      request.steps++
    })
    scope.addHook('preValidation', async (request) => {
      request.steps++
    })
    scope.addHook('preHandler', async (request) => {
      request.steps++
    })
    scope.get('/hooked', { schema: hookedSchema }, async function (request) {
      return { user: request.user, db: this.db.name, steps: request.steps }
    })
  })
}

/** Whether this server process runs the `--same-routes` variant (set by bench/run.js for its children). */
export const sameRoutes = process.env.WARREN_BENCH_SAME_ROUTES === '1'
