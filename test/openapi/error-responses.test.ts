import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import warren, { Type, type ErrorFormat } from 'warren'
import bearerAuth from 'warren/bearer-auth'
import openapi, { type OpenApiDocument } from 'warren/openapi'
import { examples } from '../../examples/catalogue.js'
import { documented, expectValidDocument } from './helpers.js'

/** ajv-formats is CommonJS: its default import holds the plugin at run time. */
const addFormats = formatsModule.default

const User = Type.Object({ email: Type.String({ format: 'email' }), name: Type.String() })

/** An app in `errorFormat` with a body route, a read route with params, a bare route and one behind bearer-auth. */
async function shop(errorFormat?: ErrorFormat) {
  const app = await warren({ errorFormat, bodyLimit: 64 }).register(openapi, { info: { title: 'Shop', version: '1.0.0' } })
  app.post('/users', { schema: { body: User } }, async () => 'created')
  app.get('/users/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async () => 'user')
  app.get('/health', async () => 'ok')
  app.register(async (secured) => {
    secured.register(bearerAuth, { keys: ['k'] })
    secured.get('/secret', async () => 'secret')
  })
  await app.ready()
  return app
}

function responsesOf(document: OpenApiDocument, path: string, method: 'get' | 'post') {
  return document.paths[path][method]?.responses ?? {}
}

/** Follows a `#/...` pointer in the document. */
function at(document: OpenApiDocument, ref: string): any {
  return ref.slice(2).split('/').reduce<any>((node, token) => node?.[token], document)
}

/** Validates `body` against the schema the document gives a response (following its `$ref`s), for `mediaType`. */
function conforms(document: OpenApiDocument, response: { $ref?: string; content?: Record<string, { schema?: unknown }> }, mediaType: string, body: unknown) {
  const resolved = response.$ref === undefined ? response : at(document, response.$ref)
  const ajv = new Ajv2020({ strict: false })
  addFormats(ajv)
  ajv.addSchema({ ...structuredClone(document), $id: 'doc' })
  const schema = JSON.parse(JSON.stringify(resolved.content[mediaType].schema).replace(/"#\/components/g, '"doc#/components'))
  const validate = ajv.compile(schema)
  const valid = validate(body)
  return valid ? [] : validate.errors
}

describe('warren/openapi documents the error responses warren answers by itself', () => {
  it('a body schema gives 400, 413 and 415; params 400; every route 500; never over what a route declares', async () => {
    const app = await shop()
    const document = app.openapi()
    await expectValidDocument(document)
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` })
    expect(responsesOf(document, '/users', 'post')).toEqual({
      200: { description: 'OK' },
      400: ref('WarrenBadRequest'),
      413: ref('WarrenPayloadTooLarge'),
      415: ref('WarrenUnsupportedMediaType'),
      500: ref('WarrenInternalServerError'),
    })
    expect(responsesOf(document, '/users/{id}', 'get')).toEqual({ 200: { description: 'OK' }, 400: ref('WarrenBadRequest'), 500: ref('WarrenInternalServerError') })
    expect(responsesOf(document, '/health', 'get')).toEqual({ 200: { description: 'OK' }, 500: ref('WarrenInternalServerError') })
    await app.close()
  })

  it("the not-found answer is documented once, in components.responses, in no operation", async () => {
    const app = await shop()
    const document = app.openapi()
    expect(document.components.responses?.WarrenNotFound.description).toMatch(/No route matches/)
    expect(JSON.stringify(document.paths)).not.toContain('WarrenNotFound')
    await app.close()
  })

  it("Fastify's body by default: application/json, the WarrenError schema, which real answers match", async () => {
    const app = await shop()
    const document = app.openapi()
    expect(document.components.schemas?.WarrenError).toMatchObject({ type: 'object', required: ['statusCode', 'message'] })
    const badRequest = document.components.responses?.WarrenBadRequest
    expect(badRequest?.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/WarrenError' } } })
    expect(badRequest?.description).toContain('SVC_ERR_VALIDATION')
    const answers = {
      400: await app.inject({ method: 'POST', url: '/users', payload: { name: 'x' } }),
      413: await app.inject({ method: 'POST', url: '/users', payload: { name: 'x'.repeat(100), email: 'a@b.c' } }),
      415: await app.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'text/csv' }, payload: 'a,b' }),
      404: await app.inject('/nowhere'),
    }
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.statusCode).toBe(Number(status))
      const documentedAs = status === '404' ? { $ref: '#/components/responses/WarrenNotFound' } : responsesOf(document, '/users', 'post')[status]
      expect(conforms(document, documentedAs, 'application/json', answer.json()), `the ${status} answer matches its documentation`).toEqual([])
      expect(conforms(document, documentedAs, 'application/json', {}), `the ${status} documentation refuses an empty body`).not.toEqual([])
    }
    await app.close()
  })

  it("errorFormat: 'problem': application/problem+json, problem and validation-problem schemas, which real answers match", async () => {
    const app = await shop('problem')
    const document = app.openapi()
    await expectValidDocument(document)
    expect(Object.keys(document.components.schemas ?? {})).toEqual(['WarrenProblem', 'WarrenValidationProblem'])
    const badRequest = document.components.responses?.WarrenBadRequest
    expect(Object.keys(badRequest?.content ?? {})).toEqual(['application/problem+json'])
    const invalid = await app.inject({ method: 'POST', url: '/users', payload: { name: 'x', email: 'nope' } })
    expect(invalid.json().errors).toHaveLength(1)
    expect(conforms(document, { $ref: '#/components/responses/WarrenBadRequest' }, 'application/problem+json', invalid.json())).toEqual([])
    // the validation schema requires its errors: a problem without them is not one
    expect(conforms(document, { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/WarrenValidationProblem' } } } }, 'application/problem+json', { ...(invalid.json() as object), errors: undefined })).not.toEqual([])
    const notJson = await app.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, payload: '{' })
    expect(conforms(document, { $ref: '#/components/responses/WarrenBadRequest' }, 'application/problem+json', notJson.json())).toEqual([])
    const missing = await app.inject('/nowhere')
    expect(conforms(document, { $ref: '#/components/responses/WarrenNotFound' }, 'application/problem+json', missing.json())).toEqual([])
    await app.close()
  })

  it("errorFormat: 'problem': a declared error status is listed as application/problem+json too, what a thrown error answers", async () => {
    const Conflict = Type.Object({ type: Type.String(), title: Type.String(), status: Type.Integer(), detail: Type.String(), code: Type.Optional(Type.String()) })
    const app = await warren({ errorFormat: 'problem' }).register(openapi, { info: { title: 'Shop', version: '1' } })
    app.post('/orders', { schema: { response: { 201: Type.Object({ id: Type.Integer() }), 409: Conflict } } }, async () => {
      throw Object.assign(new Error('already placed'), { statusCode: 409, code: 'APP_ERR_DUPLICATE' })
    })
    await app.ready()
    const responses = responsesOf(app.openapi(), '/orders', 'post')
    expect(Object.keys(responses['201']?.content ?? {})).toEqual(['application/json'])
    expect(Object.keys(responses['409']?.content ?? {})).toEqual(['application/json', 'application/problem+json'])
    const thrown = await app.inject({ method: 'POST', url: '/orders' })
    expect(thrown.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(conforms(app.openapi(), responses['409'] as never, 'application/problem+json', thrown.json())).toEqual([])
    await app.close()
  })

  it("bearer-auth's 401 is documented with the application's error body; with its own errorResponse, without one", async () => {
    for (const format of ['fastify', 'problem'] as const) {
      const app = await shop(format)
      const document = app.openapi()
      const refused = responsesOf(document, '/secret', 'get')[401]
      const mediaType = format === 'problem' ? 'application/problem+json' : 'application/json'
      expect(refused?.description).toBe('Missing, malformed or invalid bearer token')
      const answer = await app.inject('/secret')
      expect(answer.statusCode).toBe(401)
      expect(conforms(document, refused as never, mediaType, answer.json())).toEqual([])
      // the documented schema constrains the body: an empty one does not pass it
      expect(conforms(document, refused as never, mediaType, {})).not.toEqual([])
      await app.close()
    }
    const own = await documented(async (app) => {
      app.register(bearerAuth, { keys: ['k'], errorResponse: () => ({ denied: true }) })
      app.get('/secret', async () => 'secret')
    })
    await own.ready()
    expect(responsesOf(own.openapi(), '/secret', 'get')[401]).toEqual({ description: 'Missing, malformed or invalid bearer token' })
    await own.close()
  })

  it('a route that declares a status, a class or default keeps it', async () => {
    const app = await documented(async (app) => {
      const Mine = Type.Object({ mine: Type.Boolean() })
      app.post('/exact', { schema: { body: User, response: { 200: Mine, 400: Mine } } }, async () => ({ mine: true }))
      app.post('/class', { schema: { body: User, response: { 200: Mine, '4xx': Mine } } }, async () => ({ mine: true }))
      app.post('/default', { schema: { body: User, response: { 200: Mine, default: Mine } } }, async () => ({ mine: true }))
    })
    await app.ready()
    const document = app.openapi()
    expect(Object.keys(responsesOf(document, '/exact', 'post'))).toEqual(['200', '400', '413', '415', '500'])
    expect(responsesOf(document, '/exact', 'post')[400]).toMatchObject({ description: 'Bad Request', content: { 'application/json': { schema: { type: 'object' } } } })
    expect(Object.keys(responsesOf(document, '/class', 'post'))).toEqual(['200', '500', '4XX'])
    expect(Object.keys(responsesOf(document, '/default', 'post'))).toEqual(['200', 'default'])
    await app.close()
  })

  it('an errorFormat function: the responses are documented without a schema (the body is the application\'s)', async () => {
    const app = await shop(() => ({ body: { oops: true } }))
    const document = app.openapi()
    await expectValidDocument(document)
    expect(document.components.schemas).toBeUndefined()
    expect(document.components.responses?.WarrenInternalServerError).toEqual({ description: 'The server failed to answer (codes: `SVC_ERR_RESPONSE_SERIALIZATION`, `SVC_ERR_FAILED_ERROR_SERIALIZATION`, `SVC_ERR_ASYNC_CONSTRAINT`, `SVC_ERR_SEND_UNDEFINED_ERR`, `SVC_ERR_BAD_STATUS_CODE`, `SVC_ERR_REP_INVALID_PAYLOAD_TYPE`, `SVC_ERR_ROUTE_REWRITE_NOT_STR`, `SVC_ERR_REQ_BODY_CONSUMED`, `SVC_ERR_REP_RESPONSE_BODY_CONSUMED`, `SVC_ERR_REP_READABLE_STREAM_LOCKED`, `SVC_ERR_FETCH_RESPONSE_STATUS`, `SVC_ERR_BAD_TRAILER_NAME`, `SVC_ERR_SCH_STANDARD_VALIDATE`)' })
    await app.close()
  })

  it('errorResponses: false leaves them out for an app whose error handler answers its own shape; a plugin\'s 401 keeps its description', async () => {
    const app = await warren().register(openapi, { info: { title: 'Own errors', version: '1.0.0' }, errorResponses: false })
    app.setErrorHandler((error: Error, request, reply) => reply.code(422).send({ errors: [error.message] }))
    app.post('/users', { schema: { body: User, response: { 201: User, 422: Type.Object({ errors: Type.Array(Type.String()) }) } } }, async (request, reply) => reply.code(201).send({ email: 'a@b.c', name: 'a' }))
    app.register(async (secured) => {
      secured.register(bearerAuth, { keys: ['k'] })
      secured.get('/secret', async () => 'secret')
    })
    await app.ready()
    const document = app.openapi()
    await expectValidDocument(document)
    expect(Object.keys(responsesOf(document, '/users', 'post'))).toEqual(['201', '422'])
    expect(responsesOf(document, '/secret', 'get')).toEqual({ 200: { description: 'OK' }, 401: { description: 'Missing, malformed or invalid bearer token' } })
    expect(document.components.responses).toBeUndefined()
    expect(Object.keys(document.components.schemas ?? {})).toEqual([])
    await app.close()
  })

  it('a shared schema that has taken a name warren uses: warren\'s takes another, and its references follow', async () => {
    const app = await documented(async (app) => {
      app.addSchema({ $id: 'WarrenError', type: 'object', properties: { mine: { type: 'string' } } })
      app.get('/x', { schema: { response: { 200: { $ref: 'WarrenError#' } } } }, async () => ({ mine: 'yes' }))
    })
    await app.ready()
    const document = app.openapi()
    await expectValidDocument(document)
    expect(document.components.schemas?.WarrenError).toEqual({ type: 'object', properties: { mine: { type: 'string' } } })
    expect(document.components.responses?.WarrenInternalServerError.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/WarrenError_2' } } })
    await app.close()
  })

  it("every example app's document lists warren's error responses, and validates", async () => {
    for (const example of examples) {
      const app = await documented(example.routes)
      await app.ready()
      const document = app.openapi()
      await expectValidDocument(document)
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const declared = Object.keys(operation?.responses ?? {})
          const covers500 = declared.some((key) => key === '500' || key === '5XX' || key === 'default')
          expect(covers500, `${example.name}: ${method} ${path} documents its 500`).toBe(true)
        }
      }
      await app.close()
    }
  })
})
