// Scenarios 1–3 written with Hono, as a Hono user writes them with TypeBox: the same schemas,
// compiled once with TypeBox's TypeCompiler (its fastest validator), checked in the handler; Hono
// has no response serializer, so answers go through `c.json` (JSON.stringify).
import { FormatRegistry } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { Hono } from 'hono'
import { createUserSchema, items, itemsSchema } from '../scenarios.js'

// TypeBox checks only the formats registered with it: `email`, as a Hono user registers it
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))

const checkUser = TypeCompiler.Compile(createUserSchema.body)
const checkParams = TypeCompiler.Compile(itemsSchema.params)
const checkQuery = TypeCompiler.Compile(itemsSchema.querystring)

function invalid(c, check, value) {
  const first = check.Errors(value).First()
  return c.json({ statusCode: 400, error: 'Bad Request', message: first ? `${first.path} ${first.message}` : 'invalid' }, 400)
}

/** Builds the Hono app of scenarios 1–3. */
export function build() {
  const app = new Hono()
  app.get('/', (c) => c.json({ hello: 'world' }))
  app.post('/users', async (c) => {
    let body
    try {
      body = await c.req.json()
    } catch {
      return c.json({ statusCode: 400, error: 'Bad Request', message: 'invalid JSON' }, 400)
    }
    if (!checkUser.Check(body)) return invalid(c, checkUser, body)
    return c.json({ id: 1, name: body.name, email: body.email, age: body.age, tags: body.tags }, 201)
  })
  app.get('/items/:id', (c) => {
    // path and query values are strings: coerced by hand, as the route's schemas ask
    const params = { id: Number(c.req.param('id')) }
    const limitText = c.req.query('limit')
    const query = { limit: limitText === undefined ? 10 : Number(limitText) }
    if (!checkParams.Check(params)) return invalid(c, checkParams, params)
    if (!checkQuery.Check(query)) return invalid(c, checkQuery, query)
    return c.json(items(params.id, query.limit))
  })
  return app
}
