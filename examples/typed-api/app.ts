/**
 * A small realistic API written the way the guides recommend: TypeBox schemas that validate,
 * serialize and type each route; a database-like decorator added by a shared plugin; routes in
 * plugins that state what they need; items behind bearer authentication. No type is spelled out
 * in a handler: everything is inferred.
 *
 *   POST  /api/users          create a user (201)
 *   GET   /api/users/:id      read a user (404 when absent); passwordHash never leaves
 *   GET   /api/items          list items (?ownerId=&limit=)          bearer auth
 *   POST  /api/items          create an item for ?ownerId= (201)     bearer auth
 *   PATCH /api/items/:id      change title and/or done                bearer auth
 */
import warren, { plugin, Type, type Warren } from 'warren'
import bearerAuth from 'warren/bearer-auth'
import { IdParams, Item, ItemChanges, NewItem, NewUser, Problem, User } from './schemas.js'
import { Store } from './store.js'

/** Adds `store` to the context that registers it (a shared plugin). */
export const storePlugin = plugin(async (app) => app.decorate('store', new Store()), { name: 'store' })

/** User routes: they need `store`, and say so in their parameter's type. */
export async function userRoutes(app: Warren<{ store: Store }>): Promise<void> {
  app.post('/users', { schema: { body: NewUser, response: { 201: User } } }, async function (request, reply) {
    return reply.code(201).send(this.store.createUser(request.body))
  })

  app.get('/users/:id', { schema: { params: IdParams, response: { 200: User, 404: Problem } } }, async function (request, reply) {
    const user = this.store.findUser(request.params.id)
    if (user === undefined) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `user ${request.params.id} does not exist` })
    }
    return user
  })
}

/** Item routes, behind bearer authentication with the given keys. */
export async function itemRoutes(app: Warren<{ store: Store }>, options: { apiKeys: string[] }): Promise<void> {
  app.register(bearerAuth, { keys: options.apiKeys })

  app.get(
    '/items',
    {
      schema: {
        querystring: Type.Object({ ownerId: Type.Optional(Type.Integer()), limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) }),
        response: { 200: Type.Array(Item) },
      },
    },
    async function (request) {
      return this.store.listItems(request.query.ownerId, request.query.limit)
    },
  )

  app.post(
    '/items',
    { schema: { querystring: Type.Object({ ownerId: Type.Integer() }), body: NewItem, response: { 201: Item, 404: Problem } } },
    async function (request, reply) {
      if (this.store.findUser(request.query.ownerId) === undefined) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `user ${request.query.ownerId} does not exist` })
      }
      return reply.code(201).send(this.store.createItem(request.query.ownerId, request.body))
    },
  )

  app.patch(
    '/items/:id',
    { schema: { params: IdParams, body: ItemChanges, response: { 200: Item, 404: Problem } } },
    async function (request, reply) {
      const item = this.store.updateItem(request.params.id, request.body)
      if (item === undefined) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `item ${request.params.id} does not exist` })
      return item
    },
  )
}

/** The example's routes, as a plugin (the showcase mounts it under a prefix). */
export function typedApi(apiKeys: string[]) {
  return async function routes(app: Warren): Promise<void> {
    const withStore = app.register(storePlugin)
    withStore.register(userRoutes, { prefix: '/api' })
    withStore.register(itemRoutes, { prefix: '/api', apiKeys })
  }
}

/** The example as a standalone application. */
export function build(apiKeys = [process.env.API_KEY ?? 'typed-api-key']): Warren {
  const app = warren()
  app.register(typedApi(apiKeys))
  return app
}

const json = '-H "content-type: application/json"'
const auth = '-H "authorization: Bearer typed-api-key"'
/** What to try once it runs. */
export const tryIt = [
  `POST /api/users ${json} -d '{"name":"Ada","email":"ada@example.com"}'`,
  'GET /api/users/1',
  `POST /api/items?ownerId=1 ${json} ${auth} -d '{"title":"write the docs"}'`,
  `GET /api/items?ownerId=1 ${auth}`,
  `PATCH /api/items/2 ${json} ${auth} -d '{"done":true}'`,
  'GET /api/items',
]
