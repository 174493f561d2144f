// The five request scenarios of the side-by-side benchmark, shared by every framework: the
// schemas (TypeBox for warren, the same JSON for Fastify), the request autocannon sends and the
// answer every server must give to it.
import { Type } from '@sinclair/typebox'

/** Scenario 1: `GET /` answering `{"hello":"world"}` through a response schema. */
export const helloSchema = {
  response: { 200: Type.Object({ hello: Type.String() }) },
}

const user = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  age: Type.Integer({ minimum: 0, maximum: 150 }),
  tags: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 }),
}

/** Scenario 2: `POST /users`, a validated body answered with 201 through a response schema. */
export const createUserSchema = {
  body: Type.Object(user, { additionalProperties: false }),
  response: { 201: Type.Object({ id: Type.Integer(), ...user }) },
}

/** Scenario 3: `GET /items/:id?limit=N`, coerced params and querystring, an array response. */
export const itemsSchema = {
  params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) }),
  response: {
    200: Type.Array(Type.Object({ id: Type.Integer(), owner: Type.Integer(), name: Type.String() })),
  },
}

/** Scenario 5: a route behind three async hooks and two decorators. */
export const hookedSchema = {
  response: { 200: Type.Object({ user: Type.String(), db: Type.String(), steps: Type.Integer() }) },
}

/** The same schemas as plain JSON (TypeBox's symbol keys dropped), as a Fastify user writes them. */
export function toPlainJson(schema) {
  return JSON.parse(JSON.stringify(schema))
}

/** The items scenario 3 answers: `limit` items of owner `id`. */
export function items(id, limit) {
  const list = new Array(limit)
  for (let i = 0; i < limit; i++) list[i] = { id: i + 1, owner: id, name: 'item-' + (i + 1) }
  return list
}

const userBody = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', age: 36, tags: ['math', 'engines'] })

/**
 * The scenarios, in table order: the request autocannon sends and the answer expected from
 * every framework (`body: null` when frameworks may word it differently, as 404 bodies do).
 */
export const scenarios = [
  {
    id: 1,
    name: 'GET / (response schema)',
    request: { method: 'GET', path: '/' },
    expect: { status: 200, body: { hello: 'world' } },
  },
  {
    id: 2,
    name: 'POST /users (validated body, 201)',
    request: { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: userBody },
    expect: { status: 201, body: { id: 1, ...JSON.parse(userBody) } },
  },
  {
    id: 3,
    name: 'GET /items/:id?limit=N (coerced)',
    request: { method: 'GET', path: '/items/42?limit=5' },
    expect: { status: 200, body: items(42, 5) },
  },
  {
    id: 4,
    name: 'unknown route (404)',
    request: { method: 'GET', path: '/nowhere/to/be/found' },
    expect: { status: 404, body: null },
  },
  {
    id: 5,
    name: '3 async hooks + 2 decorators',
    request: { method: 'GET', path: '/hooked' },
    expect: { status: 200, body: { user: 'ada', db: 'bench-db', steps: 3 } },
  },
]
