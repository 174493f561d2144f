import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import warren, { Type, type RouteTableOf, type Warren, type WarrenReply, type WarrenRequest } from 'warren'
import {
  client,
  errorCatalogue,
  type CatalogueCode,
  type CodesWithStatus,
  type FastifyErrorBody,
  type ProblemDetails,
  type ValidationProblemDetails,
  type ValidationProblemItem,
} from 'warren/client'

const User = Type.Object({ id: Type.Integer(), name: Type.String() })
const Mine = Type.Object({ mine: Type.Boolean() })

/** The same routes on an app of each error format, as a plugin. */
async function shop(app: Warren) {
  return app
    .post('/users', { schema: { body: Type.Object({ name: Type.String() }), response: { 201: User } } }, async (_r, reply) => reply.code(201).send({ id: 1, name: 'Ada' }))
    .get('/own', { schema: { response: { 200: User, 400: Mine, '5xx': Mine } } }, async () => ({ id: 1, name: 'Ada' }))
    .get('/all', { schema: { response: { 200: User, default: Mine } } }, async () => ({ id: 1, name: 'Ada' }))
}

type Codes400 = CodesWithStatus<400>

// ---------- Fastify's bodies (the default) ----------
const fastifyApp = warren().register(shop)
const fastifyApi = client<typeof fastifyApp>({ baseUrl: 'http://127.0.0.1:3000' })
void (async () => {
  const created = await fastifyApi.post('/users', { body: { name: 'Ada' } })
  if (created.status === 400) {
    expectType<FastifyErrorBody<400, Codes400>>(created.body)
    // a validation failure is told by its code
    if (created.body.code === 'SVC_ERR_VALIDATION') expectType<'SVC_ERR_VALIDATION'>(created.body.code)
    // Fastify's body has no errors list
    expectError(created.body.errors)
  }
  // each status its own body: its status, and the codes answered with it
  if (created.status === 500) {
    expectType<FastifyErrorBody<500, CodesWithStatus<500>>>(created.body)
    expectType<500>(created.body.statusCode)
  }
  if (created.status === 413) {
    expectType<CodesWithStatus<413> | undefined>(created.body.code)
    expectAssignable<typeof created.body.code>('SVC_ERR_CTP_BODY_TOO_LARGE')
    // a 404's code is not a 413's
    expectNotAssignable<typeof created.body.code>('SVC_ERR_NOT_FOUND')
  }
  if (created.status === 404) expectType<string>(created.body.message)
  // a status warren does not answer by itself is still unknown
  if (created.status === 302) expectType<unknown>(created.body)

  // the route's own error schemas win: 400 and the 5xx class declared, default covers all
  const own = await fastifyApi.get('/own')
  if (own.status === 400) expectType<{ mine: boolean }>(own.body)
  if (own.status === 503) expectType<{ mine: boolean }>(own.body)
  if (own.status === 401) expectType<FastifyErrorBody<401, CodesWithStatus<401>>>(own.body)
  const all = await fastifyApi.get('/all')
  if (all.status !== 200 && all.status !== 204 && all.status !== 205 && all.status !== 304) expectType<{ mine: boolean }>(all.body)
  // a bodiless status under default reads no body
  if (all.status === 204) expectType<undefined>(all.body)
})()

// ---------- problem details ----------
const problemApp = warren({ errorFormat: 'problem' }).register(shop)
const problemApi = client<typeof problemApp>({ baseUrl: 'http://127.0.0.1:3000' })
void (async () => {
  const created = await problemApi.post('/users', { body: { name: 'Ada' } })
  if (created.status === 400) {
    expectType<ValidationProblemDetails | ProblemDetails<400, Exclude<Codes400, 'SVC_ERR_VALIDATION'>>>(created.body)
    // the errors list exists on validation failures only
    expectError(created.body.errors)
    if (created.body.code === 'SVC_ERR_VALIDATION') {
      expectType<ValidationProblemItem[]>(created.body.errors)
      expectType<string>(created.body.errors[0].pointer)
    }
  }
  if (created.status === 500) {
    expectType<ProblemDetails<500, CodesWithStatus<500>>>(created.body)
    expectType<string>(created.body.type)
    expectType<string | undefined>(created.body.instance)
  }
  const own = await problemApi.get('/own')
  if (own.status === 400) expectType<{ mine: boolean }>(own.body)
})()

// the format travels in the route table, so the interface form of the client keeps it
interface ProblemApi extends RouteTableOf<typeof problemApp> {}
void (async () => {
  const created = await client<ProblemApi>({ baseUrl: 'http://127.0.0.1:3000' }).post('/users', { body: { name: 'Ada' } })
  if (created.status === 500) expectType<ProblemDetails<500, CodesWithStatus<500>>>(created.body)
})()

// ---------- a house format: the function's body ----------
const houseApp = warren({ errorFormat: (error) => ({ status: 422, body: { failure: { reason: error.message, code: error.code ?? 'E_UNKNOWN' } } }) }).register(shop)
void (async () => {
  const created = await client<typeof houseApp>({ baseUrl: 'http://127.0.0.1:3000' }).post('/users', { body: { name: 'Ada' } })
  if (created.status === 400) expectType<{ failure: { reason: string; code: string } }>(created.body)
  if (created.status === 500) expectType<{ failure: { reason: string; code: string } }>(created.body)
})()

// ---------- the option ----------
expectError(warren({ errorFormat: 'problems' }))
// a format function answers { status?, headers?, body }
expectError(warren({ errorFormat: () => 'a body' }))
expectError(warren({ errorFormat: () => ({ status: 422 }) }))
// the request and reply are null on the socket (a client error has neither)
warren({
  errorFormat: (error, request, reply) => {
    expectType<string | undefined>(error.code)
    expectType<WarrenRequest | null>(request)
    expectType<WarrenReply | null>(reply)
    return { body: { url: request?.url ?? null, sent: reply?.sent ?? false } }
  },
})

// ---------- the catalogue, for exhaustive switches ----------
expectType<413>(errorCatalogue.SVC_ERR_CTP_BODY_TOO_LARGE.status)
expectType<'Request validation failed'>(errorCatalogue.SVC_ERR_VALIDATION.title)
expectAssignable<CatalogueCode>('SVC_ERR_HANDLER_TIMEOUT')
expectNotAssignable<CatalogueCode>('SVC_ERR_DUPLICATED_ROUTE') // a start-up error is thrown, never answered

/** A switch a client writes over a 400's code: the compiler proves every code handled. */
function describeBadRequest(body: FastifyErrorBody<400, Codes400>): string {
  switch (body.code) {
    case 'SVC_ERR_VALIDATION':
      return 'fix the fields'
    case 'SVC_ERR_BAD_URL':
    case 'SVC_ERR_ROUTE_MISSING_CONTENT_TYPE':
      return 'fix the request'
    case 'SVC_ERR_CTP_INVALID_JSON_BODY':
    case 'SVC_ERR_CTP_EMPTY_JSON_BODY':
    case 'SVC_ERR_CTP_FORBIDDEN_PROPERTY':
    case 'SVC_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'fix the body'
    case undefined:
      return body.message
    default: {
      const unhandled: never = body.code
      return unhandled
    }
  }
}
void describeBadRequest

/** The same switch missing a code does not compile. */
function forgetsOne(body: FastifyErrorBody<400, Codes400>): string {
  switch (body.code) {
    case 'SVC_ERR_VALIDATION':
    case 'SVC_ERR_BAD_URL':
    case 'SVC_ERR_ROUTE_MISSING_CONTENT_TYPE':
    case 'SVC_ERR_CTP_INVALID_JSON_BODY':
    case 'SVC_ERR_CTP_EMPTY_JSON_BODY':
    case 'SVC_ERR_CTP_FORBIDDEN_PROPERTY':
    case undefined:
      return 'handled'
    default: {
      expectError<never>(body.code)
      return 'missed SVC_ERR_CTP_INVALID_CONTENT_LENGTH'
    }
  }
}
void forgetsOne

// an error handler reads a validation failure's list in Ajv's shape, as Fastify's handlers do
warren().setErrorHandler((error, _request, reply) => {
  if (error.validation) return reply.code(422).send({ fields: error.validation.map((issue) => issue.instancePath), keyword: error.validation[0]?.keyword })
  expectType<string | undefined>(error.validationContext)
  return reply.send(error)
})
