import { expectAssignable, expectError, expectType } from 'tsd'
import warren, { Type, type SerializerFunction, type ValidationFunction } from 'warren'

const app = warren()

const User = Type.Object({ id: Type.Integer(), name: Type.String() })
const Created = Type.Object({ id: Type.Integer() })
const Problem = Type.Object({ message: Type.String() })
const Fallback = Type.Object({ error: Type.String() })

// ---------- exact code, numeric and string keys ----------
app.get('/exact', { schema: { response: { 200: User, '201': Created, 404: Problem } } }, (_request, reply) => {
  reply.code(200).send({ id: 1, name: 'a' })
  reply.code(201).send({ id: 1 })
  reply.code(404).send({ message: 'nope' })
  reply.status(404).send({ message: 'nope' })
  expectError(reply.code(201).send({ message: 'x' }))
  expectError(reply.code(404).send({ id: 1 }))
  expectError(reply.status(200).send({ id: 1 }))
  // undeclared code: an error whose message says so
  expectError(reply.code(500))
  expectError(reply.status(418))
  // chaining keeps the narrowed payload
  reply.code(201).header('location', '/x').type('application/json').send({ id: 2 })
  expectError(reply.code(201).header('location', '/x').send({ name: 'x' }))
})

// ---------- an Error goes to the error handler, whatever the schema ----------
app.get('/failing/:id', { schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: Created, 404: Problem } } }, async (request, reply) => {
  if (request.params.id === 0) return reply.send(new Error('boom'))
  if (request.params.id === 1) return reply.code(404).send(new TypeError('gone'))
  // an object that is not an Error is still checked against the schema
  expectError(reply.send({ message: 'not an Error' }))
  return { id: request.params.id }
})

// ---------- class keys, then default ----------
app.get('/class', { schema: { response: { 200: User, '4xx': Problem, default: Fallback } } }, (_request, reply) => {
  reply.code(200).send({ id: 1, name: 'a' })
  reply.code(404).send({ message: 'class 4xx' })
  reply.code(422).send({ message: 'class 4xx' })
  reply.code(500).send({ error: 'default' })
  reply.code(302).send({ error: 'default' })
  reply.code(304).send()
  expectError(reply.code(302).send())
  expectError(reply.code(404).send({ error: 'default is not for 4xx' }))
  expectError(reply.code(503).send({ message: 'not default' }))
})
app.get('/class-only', { schema: { response: { '2xx': Created } } }, (_request, reply) => {
  reply.code(201).send({ id: 1 })
  reply.code(204).send({ id: 1 })
  // a status without a body, matched by its class, may be sent empty
  reply.code(204).send()
  expectError(reply.code(201).send())
  expectError(reply.code(404))
})

// ---------- send without a code, and returned values: what the runtime uses for 200 ----------
app.get('/success', { schema: { response: { 200: User, 201: Created, 404: Problem } } }, (_request, reply) => {
  reply.send({ id: 1, name: 'a' })
  // sent with 200, so checked against 200 only: the 201 payload is refused, since the runtime
  // would serialize it with the 200 schema
  expectError(reply.send({ id: 1 }))
  expectError(reply.send({ message: 'x' }))
  expectError(reply.send())
})
app.get('/returns', { schema: { response: { 200: User } } }, async () => ({ id: 1, name: 'a' }))
app.get('/returns-sync', { schema: { response: { 200: User } } }, () => ({ id: 1, name: 'a' }))
expectError(app.get('/returns-bad', { schema: { response: { 200: User } } }, async () => ({ id: 'x' })))
expectError(app.get('/returns-bad2', { schema: { response: { 200: User } } }, async () => ({ message: 'x' })))
// returning the reply or nothing is always fine
app.get('/returns-reply', { schema: { response: { 200: User, 404: Problem } } }, async (_request, reply) => {
  return reply.code(404).send({ message: 'missing' })
})
app.get('/returns-nothing', { schema: { response: { 200: User } } }, async (_request, reply) => {
  reply.send({ id: 1, name: 'a' })
})
app.get('/default-only', { schema: { response: { default: Fallback } } }, async (_request, reply) => {
  reply.send({ error: 'x' })
  reply.code(500).send({ error: 'x' })
  return { error: 'y' }
})
expectError(app.get('/default-only-bad', { schema: { response: { default: Fallback } } }, async () => ({ nope: 1 })))

// ---------- response entries in the { description, content } form ----------
app.get(
  '/content',
  {
    schema: {
      response: {
        200: {
          description: 'a user, as JSON or text',
          content: { 'application/json': { schema: User }, 'text/plain': { schema: Type.String() } },
        },
        404: { description: 'not found', content: { 'application/json': { schema: Problem } } },
      },
    },
  },
  async (_request, reply) => {
    reply.code(200).send('text')
    reply.code(200).send({ id: 1, name: 'a' })
    reply.code(404).send({ message: 'x' })
    expectError(reply.code(404).send('text'))
    expectError(reply.code(500))
    return 'also text'
  },
)

// ---------- no response schema: anything goes ----------
app.get('/free', (_request, reply) => {
  reply.send({ anything: true })
  reply.send('text')
  reply.send()
  reply.code(418).send(Buffer.from('x'))
  return 42
})
app.get('/free-with-body-schema', { schema: { body: User } }, (_request, reply) => {
  reply.code(500).send([1, 2, 3])
})

// ---------- a non-literal code gives the union of entries ----------
declare const someCode: number
app.get('/union', { schema: { response: { 200: User, 404: Problem } } }, (_request, reply) => {
  reply.code(someCode).send({ message: 'x' })
  reply.code(someCode).send({ id: 1, name: 'x' })
})

// ---------- optional payloads ----------
app.delete('/nothing', { schema: { response: { 204: Type.Null(), 200: Type.Void() } } }, (_request, reply) => {
  reply.code(204).send()
  reply.code(204).send(null)
  reply.code(200).send()
})

// ---------- the rest of the reply ----------
app.get('/reply-api', (_request, reply) => {
  expectType<number>(reply.statusCode)
  expectType<boolean>(reply.sent)
  expectType<number>(reply.elapsedTime)
  expectType<string | number | string[] | undefined>(reply.getHeader('x'))
  expectType<boolean>(reply.hasHeader('x'))
  expectAssignable<Record<string, string | number | string[]>>(reply.getHeaders())
  reply.headers({ a: '1', b: 2 }).removeHeader('a').serializer((p) => String(p))
  reply.redirect('/elsewhere')
  reply.redirect('/elsewhere', 301)
  reply.callNotFound()
  reply.hijack()
  expectType<string>(reply.request.id)
  expectType<import('node:http').ServerResponse>(reply.raw)
  reply.log.info('hello')
  expectError(reply.header('x'))
})

// ---------- a plain return or send is sent with 200: checked against 200, else 2xx, else default ----------
/** The parameters of `send`'s first overload, the payload one (`Parameters` reads the last, the Error one). */
type PayloadParameters<F> = F extends { (...payload: infer A): unknown; (error: Error): unknown } ? A : never
{
  const Account = Type.Object({ id: Type.Integer(), name: Type.String() })
  const a = warren()
  // only 201: a plain return would go out as 200 with no schema — refused, with a message
  expectError(a.post('/users', { schema: { response: { 201: Account } } }, async () => ({ id: 1, name: 'Ada', password: 'secret' })))
  a.post('/users', { schema: { response: { 201: Account } } }, (_request, reply) => {
    expectType<'No response schema covers status 200 (no 200, 2xx or default key): set the status with reply.code(...)'>(
      {} as PayloadParameters<typeof reply.send>[0] & string,
    )
    expectError(reply.send({ id: 1, name: 'Ada' }))
    return reply.code(201).send({ id: 1, name: 'Ada' })
  })
  // 2xx covers 200; default covers 200
  a.get('/class', { schema: { response: { '2xx': Account, 404: Problem } } }, async () => ({ id: 1, name: 'x' }))
  a.get('/default', { schema: { response: { default: Account } } }, async () => ({ id: 1, name: 'x' }))
  // 200 wins over 2xx
  a.get('/exact', { schema: { response: { 200: Account, '2xx': Problem } } }, async () => ({ id: 1, name: 'x' }))
  expectError(a.get('/exact2', { schema: { response: { 200: Account, '2xx': Problem } } }, async () => ({ message: 'x' })))
  // no response schema: anything
  a.get('/free', async () => ({ anything: true }))
}

// validators and serializers by hand: the route's, or a schema's compiled with the route's compilers
app.post('/by-hand', { schema: { body: Type.Object({ a: Type.Integer() }), response: { 201: User } } }, async (request, reply) => {
  expectType<boolean>(request.validateInput(request.body, 'body'))
  expectType<boolean>(request.validateInput(1, Type.Integer()))
  expectType<ValidationFunction | undefined>(request.getValidationFunction('query'))
  expectType<ValidationFunction>(request.compileValidationSchema(Type.String(), 'body'))
  expectType<string>(reply.serializeInput({ id: 1 }, 201))
  expectType<string>(reply.serializeInput({ id: 1 }, 200, 'application/json'))
  expectType<SerializerFunction | undefined>(reply.getSerializationFunction('2xx'))
  expectType<SerializerFunction>(reply.compileSerializationSchema(User, 201))
  // an HTTP part no route validates, and an argument that is neither a schema nor a part
  expectError(request.getValidationFunction('cookies'))
  expectError(request.validateInput(1, 42))
  expectError(reply.serializeInput({ id: 1 }, true))
})

// a handler may return any reply (known by its brand), whatever its response schema allows as a payload
{
  const withReply = warren().decorateReply('created', function (id: number) {
    return this.code(201).send({ id, name: 'new' })
  })
  withReply.get('/replies', { schema: { response: { 200: User, 201: User, '3xx': Type.Null() } } }, async (request, reply) => {
    if (request.url === '/a') return reply.redirect('/b')
    if (request.url === '/b') return reply.hijack()
    if (request.url === '/c') return reply.header('x', '1').code(201).send({ id: 1, name: 'a' })
    if (request.url === '/d') return reply.created(2)
    if (request.url === '/e') return request.server.log ? reply : reply.callNotFound()
    return { id: 1, name: 'b' }
  })
  // something that is not a reply still has to be the payload
  expectError(withReply.get('/not-a-reply', { schema: { response: { 200: User } } }, async (request) => request))
  expectError(withReply.get('/not-a-reply2', { schema: { response: { 200: User } } }, async () => ({ statusCode: 200, sent: true })))
}
