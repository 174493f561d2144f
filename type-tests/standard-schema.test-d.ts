import { toStandardJsonSchema } from '@valibot/to-json-schema'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { type } from 'arktype'
import * as v from 'valibot'
import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { libraryOnly, Type, type RouteHandler, type RouteHook, type RouteTableOf, type StandardSchema } from 'warren'
import { client } from 'warren/client'
import { z } from 'zod'

// ---------- the contract: any Standard Schema v1 is one warren accepts ----------
expectAssignable<StandardSchema>({} as StandardSchemaV1<{ a: string }, { a: number }>)
expectAssignable<StandardSchema>(z.string())
expectAssignable<StandardSchema>(type('string'))
expectAssignable<StandardSchema>(v.string())

// ---------- Zod: request parts are the output type, replies the input type, per status ----------
const Signup = z.object({
  email: z.email(),
  age: z.number().int().default(18),
  since: z.string().transform((s) => new Date(s)),
})
const Account = z.object({ id: z.number(), createdAt: z.date().transform((d) => d.toISOString()) })
const Problem = z.object({ message: z.string() })
const Filter = toStandardJsonSchema(v.object({ tags: v.optional(v.array(v.string()), []), limit: v.optional(v.number()) }))
const Item = type({ id: 'number', name: 'string', 'price?': 'number' })
const Priced = type({ amount: 'string.numeric.parse' })

const app = warren()
  .decorate('store', { next: (): number => 1 })
  .decorateRequest('user', null as { id: number } | null)
  .post('/accounts/:team', {
    schema: {
      params: z.object({ team: z.string().min(2) }),
      querystring: z.object({ dryRun: z.coerce.boolean().optional() }),
      headers: z.object({ 'x-request-id': z.string().optional() }),
      body: Signup,
      response: { 201: Account, 409: Problem, '4xx': Problem },
    },
  }, async function (request, reply) {
    expectType<{ email: string; age: number; since: Date }>(request.body)
    expectType<{ team: string }>(request.params)
    expectType<{ dryRun?: boolean | undefined }>(request.query)
    expectType<string | undefined>(request.headers['x-request-id'])
    expectType<{ id: number } | null>(request.user)
    expectType<number>(this.store.next())
    // the reply gives what the response schema takes (its input: a Date here), per status
    if (request.query.dryRun) return reply.code(409).send({ message: 'dry run' })
    expectError(reply.code(201).send({ id: 1, createdAt: 'a string is the output, not the input' }))
    expectError(reply.code(409).send({ id: 1 }))
    expectError(reply.code(500))
    reply.code(404).send({ message: 'the 4xx class' })
    return reply.code(201).send({ id: this.store.next(), createdAt: request.body.since })
  })
  // ---------- Valibot and ArkType, mixed with each other and with TypeBox on one route ----------
  .put('/items/:id', {
    schema: { params: Type.Object({ id: Type.Integer() }), querystring: Filter, body: Priced, response: { 200: Item } },
  }, async (request) => {
    expectType<number>(request.params.id)
    expectType<{ tags: string[]; limit?: number | undefined }>(request.query)
    expectType<{ amount: number }>(request.body)
    expectError(request.body.name)
    return { id: request.params.id, name: 'n', price: request.body.amount }
  })

// a plain return is sent with 200: a map without 200, 2xx or default refuses it
expectError(app.post('/no-200', { schema: { response: { 201: Account } } }, async () => ({ id: 1, createdAt: new Date() })))
app.get('/plain', { schema: { response: { 200: Account } } }, async () => ({ id: 1, createdAt: new Date() }))
expectError(app.get('/plain-bad', { schema: { response: { 200: Account } } }, async () => ({ id: '1', createdAt: new Date() })))
app.get('/class', { schema: { response: { '2xx': Problem, default: Account } } }, async (_request, reply) => {
  reply.code(204).send({ message: '2xx' })
  reply.code(500).send({ id: 1, createdAt: new Date() })
  return { message: 'a plain return is 200, in 2xx' }
})

expectError(app.put('/items-bad', { schema: { response: { 200: Item } } }, async () => ({ id: 'x', name: 'n' })))
// an ArkType morph: the request part is its output, the reply gives its input
app.post('/priced', { schema: { body: Priced, response: { 200: Priced } } }, async (request, reply) => {
  expectType<number>(request.body.amount)
  expectError(reply.send({ amount: request.body.amount }))
  return reply.send({ amount: String(request.body.amount) })
})

// ---------- libraryOnly keeps the schema's types ----------
app.post('/raw', { schema: { body: libraryOnly(v.object({ n: v.pipe(v.string(), v.transform(Number)) })) } }, async (request) => {
  expectType<{ n: number }>(request.body)
  return 'ok'
})

// ---------- handlers and hooks apart from their route ----------
const schema = { body: Signup, response: { 201: Account } }
const create: RouteHandler<typeof schema, typeof app> = async function (request, reply) {
  expectType<Date>(request.body.since)
  return reply.code(201).send({ id: 1, createdAt: request.body.since })
}
const audit: RouteHook<'preHandler', typeof schema, typeof app> = async (request) => {
  expectType<number>(request.body.age)
}
app.post('/apart', { schema, preHandler: audit }, create)

// ---------- the typed client: it sends the input types and reads the output types ----------
interface Api extends RouteTableOf<typeof app> {}
const api = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })
async function calls() {
  // `age` has a default: optional to send; `since` is sent as the string the transform reads
  const answer = await api.post('/accounts/:team', { params: { team: 'core' }, body: { email: 'a@b.co', since: '2030-01-01' } })
  if (answer.status === 201) expectType<{ id: number; createdAt: string }>(answer.body)
  if (answer.status === 409) expectType<{ message: string }>(answer.body)
  expectError(api.post('/accounts/:team', { params: { team: 'core' }, body: { email: 'a@b.co', since: new Date() } }))
  expectError(api.post('/accounts/:team', { params: { team: 'core' }, body: { since: '2030-01-01' } }))
  const items = await api.put('/items/:id', { params: { id: 1 }, query: { limit: 2 }, body: { amount: '12.5' } })
  if (items.status === 200) expectType<{ id: number; name: string; price?: number | undefined }>(items.body)
  expectError(api.put('/items/:id', { params: { id: 1 }, body: { amount: 12.5 } }))
}
void calls

// a coercing schema's input is `unknown`: the client still sends only what a query can carry
const coerced = warren().get('/coerced', { schema: { querystring: z.object({ n: z.coerce.number() }) } }, async (request) => request.query.n)
async function coercedCalls() {
  const onCoerced = client<typeof coerced>({ app: coerced })
  await onCoerced.get('/coerced', { query: { n: '3' } })
  await onCoerced.get('/coerced', { query: { n: 3 } })
  expectError(onCoerced.get('/coerced', { query: { n: { nested: 1 } } }))
}
void coercedCalls
