// The benchmark app's routes, written once for warren and Fastify: the same route code on both.
// By default Fastify is given the schemas as plain JSON (`toPlainJson`), as a Fastify user without
// TypeBox writes them; with `npm run bench -- --same-routes` it is given the very TypeBox objects
// warren gets, so the comparison cannot favour warren by construction.
import { createUserSchema, helloSchema, hookedSchema, items, itemsSchema } from '../scenarios.js'

/**
 * Scenario 2's handler (and scenario 6's): the validated body answered with 201. The answer is
 * built field by field, as the hand-written node:http server builds it, so both do the same work.
 */
export async function createUser(request, reply) {
  const { name, email, age, tags } = request.body
  reply.code(201)
  return { id: 1, name, email, age, tags }
}

/** Declares scenarios 1–5 on `app` (a warren or a Fastify instance), each schema passed through `schemaOf`. */
export function declareRoutes(app, schemaOf = (schema) => schema) {
  app.get('/', { schema: schemaOf(helloSchema) }, async () => ({ hello: 'world' }))
  app.post('/users', { schema: schemaOf(createUserSchema) }, createUser)
  app.get('/items/:id', { schema: schemaOf(itemsSchema) }, async (request) => items(request.params.id, request.query.limit))
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
    scope.get('/hooked', { schema: schemaOf(hookedSchema) }, async function (request) {
      return { user: request.user, db: this.db.name, steps: request.steps }
    })
  })
}

/** Whether this server process runs the `--same-routes` variant (set by bench/run.js for its children). */
export const sameRoutes = process.env.WARREN_BENCH_SAME_ROUTES === '1'
