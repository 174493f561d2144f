// The benchmark app written with warren, every scenario on one server. warren is loaded from its
// build, dist/src/index.js, or from the build WARREN_DIST names (to compare two builds).
import { pathToFileURL } from 'node:url'
import { createUserSchema, helloSchema, hookedSchema, items, itemsSchema } from '../scenarios.js'
import { declareRoutes, sameRoutes } from './shared-routes.js'

/** Builds the app for scenarios 1–5, ready to listen. */
export async function build() {
  const entry = process.env.WARREN_DIST ? pathToFileURL(process.env.WARREN_DIST).href : '../../dist/src/index.js'
  const { default: warren } = await import(entry)
  const app = warren()
  if (sameRoutes) {
    declareRoutes(app)
    return ready(app)
  }
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
  return ready(app)
}

async function ready(app) {
  await app.ready()
  return {
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: () => app.close(),
  }
}
