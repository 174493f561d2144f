// The benchmark app written with Fastify 5, with the same JSON schemas as warren's TypeBox ones.
import Fastify from 'fastify'
import { createUserSchema, helloSchema, hookedSchema, items, itemsSchema, toPlainJson } from '../scenarios.js'
import { declareRoutes, sameRoutes } from './shared-routes.js'

/** Builds the app for scenarios 1–5, ready to listen. */
export async function build() {
  const app = Fastify()
  if (sameRoutes) {
    declareRoutes(app)
    return ready(app)
  }
  app.get('/', { schema: toPlainJson(helloSchema) }, async () => ({ hello: 'world' }))
  app.post('/users', { schema: toPlainJson(createUserSchema) }, async (request, reply) => {
    reply.code(201)
    return { id: 1, ...request.body }
  })
  app.get('/items/:id', { schema: toPlainJson(itemsSchema) }, async (request) => items(request.params.id, request.query.limit))
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
    scope.get('/hooked', { schema: toPlainJson(hookedSchema) }, async function (request) {
      return { user: request.user, db: this.db.name, steps: request.steps }
    })
  })
  return ready(app)
}

async function ready(app) {
  await app.ready()
  return {
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: () => app.close(),
  }
}
