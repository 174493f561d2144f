// Scenarios 1–3 written with Elysia (Bun): its TypeBox-based `t` schemas for the body, params,
// query and responses, as an Elysia user writes them.
import { Elysia, t } from 'elysia'
import { items } from '../scenarios.js'

const user = {
  name: t.String({ minLength: 1, maxLength: 64 }),
  email: t.String({ format: 'email', maxLength: 254 }),
  age: t.Integer({ minimum: 0, maximum: 150 }),
  tags: t.Array(t.String({ maxLength: 32 }), { maxItems: 10 }),
}

/** Builds the Elysia app of scenarios 1–3. */
export function build() {
  return new Elysia()
    .get('/', () => ({ hello: 'world' }), { response: { 200: t.Object({ hello: t.String() }) } })
    .post('/users', ({ body, set }) => {
      set.status = 201
      return { id: 1, name: body.name, email: body.email, age: body.age, tags: body.tags }
    }, {
      body: t.Object(user, { additionalProperties: false }),
      response: { 201: t.Object({ id: t.Integer(), ...user }) },
    })
    .get('/items/:id', ({ params, query }) => items(params.id, query.limit), {
      params: t.Object({ id: t.Numeric({ minimum: 1 }) }),
      query: t.Object({ limit: t.Numeric({ minimum: 1, maximum: 100, default: 10 }) }),
      response: { 200: t.Array(t.Object({ id: t.Integer(), owner: t.Integer(), name: t.String() })) },
    })
}
