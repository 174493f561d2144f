import { expectError, expectType } from 'tsd'
import warren, { Type, plugin, type Static, type StaticOf, type TSchema, type UnknownRef, type Warren } from 'warren'

const User = Type.Object({ id: Type.Integer(), name: Type.String() })
const Address = Type.Object({ city: Type.String() })

// addSchema with a literal $id returns an instance whose routes resolve Type.Ref('<id>')
const app = warren()
  .addSchema({ ...User, $id: 'User' })
  .addSchema({ ...Address, $id: 'Address' })

app.post(
  '/users',
  {
    schema: {
      body: Type.Object({ user: Type.Ref('User'), address: Type.Optional(Type.Ref('Address')) }),
      response: { 201: Type.Ref('User'), 200: Type.Array(Type.Ref('User')) },
    },
  },
  async (request, reply) => {
    expectType<{ id: number; name: string }>(request.body.user)
    expectType<{ city: string } | undefined>(request.body.address)
    reply.code(201).send({ id: 1, name: 'a' })
    expectError(reply.code(201).send({ id: 'x' }))
    return [{ id: 1, name: 'a' }]
  },
)
// schemas without refs are unaffected by the registry
app.get('/plain', { schema: { querystring: Type.Object({ q: Type.String() }) } }, (request) => {
  expectType<{ q: string }>(request.query)
})
expectError(
  app.get('/bad', { schema: { response: { 200: Type.Ref('User') } } }, async () => ({ id: 'not a number', name: 'x' })),
)

// getSchema is typed for known ids
expectType<'User'>(app.getSchema('User').$id)
expectType<unknown>(app.getSchema('Other'))
expectType<Record<string, unknown>>(app.getSchemas())

// the options' $id is kept by warren's `Type`
const kept = warren().addSchema(Type.Object({ x: Type.String() }, { $id: 'Kept' }))
kept.get('/kept', { schema: { body: Type.Ref('Kept') } }, (request) => {
  expectType<{ x: string }>(request.body)
})
// a schema whose $id is not a literal adds nothing to the type (refs to it stay unknown)
const looseId: string = 'Loose'
const loose = warren().addSchema(Type.Object({ x: Type.String() }, { $id: looseId }))
loose.get('/loose', { schema: { body: Type.Ref('Loose') } }, (request) => {
  expectType<unknown>(request.body)
})
// TypeBox's Static works as usual, and is exported
expectType<{ id: number; name: string }>({} as Static<typeof User>)
expectType<TSchema>(User as TSchema)

// shared schemas flow through shared plugins, and can be required by plugins
const schemasPlugin = plugin(async (instance) => instance.addSchema({ ...User, $id: 'User' }))
const withSchemas = warren().register(schemasPlugin)
withSchemas.get('/me', { schema: { response: { 200: Type.Ref('User') } } }, async () => ({ id: 1, name: 'me' }))
const needsUserSchema = async (instance: Warren<{}, {}, {}, { User: typeof User }>) => {
  instance.get('/u', { schema: { response: { 200: Type.Ref('User') } } }, async () => ({ id: 1, name: 'me' }))
}
withSchemas.register(needsUserSchema)
expectError(warren().register(needsUserSchema))

// plain JSON Schemas are accepted (addSchema, route parts, responses) and typed `unknown`
const plainApp = warren()
  .addSchema({ $id: 'point', type: 'object', properties: { x: { type: 'number' } } })
  .addSchema({ ...User, $id: 'TypedUser' })
plainApp.post(
  '/plain-json',
  {
    schema: {
      body: { type: 'object', properties: { a: { type: 'string' } } },
      querystring: { q: { type: 'string' } },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } }, 201: Type.Ref('TypedUser') },
    },
  },
  async (request, reply) => {
    expectType<unknown>(request.body)
    expectType<unknown>(request.query)
    reply.code(201).send({ id: 1, name: 'typed through the registry' })
    expectError(reply.code(201).send({ id: 'x' }))
    return { anything: true }
  },
)

// ---------- spec 4.4: a custom validator returns { value } or { error }, never throws ----------
warren().setValidatorCompiler(({ schema }) => (data) => {
  try {
    if (schema === undefined) throw new Error('no schema')
    return { value: data }
  } catch (error) {
    return { error }
  }
})

// ---------- named TypeBox schemas: Type.Object({...}, { $id }) + addSchema + Type.Ref ----------
{
  const Country = Type.Object({ code: Type.String(), name: Type.String() }, { $id: 'Country' })
  const Money = Type.Object({ amount: Type.Number(), currency: Type.String() }, { $id: 'Money' })
  const Tags = Type.Array(Type.String(), { $id: 'Tags' })
  const named = warren().addSchema(Country).addSchema(Money).addSchema(Tags)
  named.post(
    '/countries',
    { schema: { body: Type.Ref('Country'), querystring: Type.Object({ tags: Type.Ref('Tags') }), response: { 200: Type.Object({ price: Type.Ref('Money#') }) } } },
    async (request) => {
      expectType<{ code: string; name: string }>(request.body)
      expectType<string[]>(request.query.tags)
      return { price: { amount: 1, currency: 'EUR' } }
    },
  )
  // the response is checked against the named schema (whole-schema `Money#` form and plain `Money`)
  expectError(named.get('/price', { schema: { response: { 200: Type.Object({ price: Type.Ref('Money#') }) } } }, async () => ({ price: { amount: '1' } })))
  expectError(named.get('/money', { schema: { response: { 200: Type.Ref('Money') } } }, async () => ({ amount: 1 })))
  // a Ref to a schema the instance does not have is typed by a type that names the id and the known ones
  named.get('/other', { schema: { body: Type.Ref('Other') } }, async (request) => {
    expectType<UnknownRef<'Other', 'Country' | 'Money' | 'Tags'>>(request.body)
    expectError(request.body.amount)
    return 'ok'
  })
}

// a schema builder (fluent-json-schema's shape: methods, an isFluentSchema mark, valueOf) is a schema whose static type is unknown
interface FluentLike {
  readonly isFluentSchema: boolean
  readonly isFluentJSONSchema: boolean
  prop(name: string, schema?: FluentLike): FluentLike
  id(id: string): FluentLike
}
declare const fluent: FluentLike
const withBuilders = warren().addSchema(fluent.id('Shared'))
withBuilders.post('/fluent', { schema: { body: fluent, querystring: fluent, response: { 200: fluent, 201: { content: { 'application/json': { schema: fluent } } } } } }, (request) => {
  expectType<unknown>(request.body)
  expectType<unknown>(request.query)
  return { anything: true }
})
// an instance of a class-like interface with no builder mark is still not a schema
interface NotABuilder {
  prop(name: string): NotABuilder
}
declare const notABuilder: NotABuilder
expectError(warren().post('/not-fluent', { schema: { body: notABuilder } }, () => 'x'))

// ---------- the static type of an object schema (StaticOf, and its type-check cost) ----------
{
  type Reg = { Money: typeof Money }
  const Money = Type.Object({ amount: Type.Number(), currency: Type.String() })
  // no optional property: every key required, none readonly (also for `Type.Readonly`)
  const Plain = Type.Object({ id: Type.Integer(), price: Type.Ref('Money'), tags: Type.Array(Type.String()), note: Type.Readonly(Type.String()) })
  expectType<{ id: number; price: { amount: number; currency: string }; tags: string[]; note: string }>({} as StaticOf<typeof Plain, Reg>)
  // optional properties stay optional, the others required
  const Some = Type.Object({ id: Type.Integer(), price: Type.Optional(Type.Ref('Money')), note: Type.ReadonlyOptional(Type.String()) })
  expectType<{ id: number; price?: { amount: number; currency: string }; note?: string }>({} as StaticOf<typeof Some, Reg>)
  const All = Type.Object({ a: Type.Optional(Type.String()), b: Type.Optional(Type.Boolean()) })
  expectType<{ a?: string; b?: boolean }>({} as StaticOf<typeof All, Reg>)
  const Empty = Type.Object({})
  expectType<{}>({} as StaticOf<typeof Empty, Reg>)
  // nested, and inside arrays and unions
  const Nested = Type.Object({ inner: Type.Object({ x: Type.Optional(Type.Number()), y: Type.Ref('Money') }), list: Type.Array(Type.Object({ z: Type.String() })) })
  expectType<{ inner: { x?: number; y: { amount: number; currency: string } }; list: { z: string }[] }>({} as StaticOf<typeof Nested, Reg>)
  const Either = Type.Union([Type.Object({ k: Type.Literal('a') }), Type.Object({ k: Type.Literal('b'), v: Type.Optional(Type.Number()) })])
  expectType<{ k: 'a' } | { k: 'b'; v?: number }>({} as StaticOf<typeof Either, Reg>)
}
