import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import ajvErrors from 'ajv-errors'
import warren, { Type } from 'warren'

const require = createRequire(import.meta.url)

describe('7.1 validation failure', () => {
  it('7.1 status 400, body { statusCode, error, message }', async () => {
    const app = warren()
    app.post('/u', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/u', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = res.json()
    expect(body.statusCode).toBe(400)
    expect(body.error).toBe('Bad Request')
    expect(body.message).toBe("body must have required property 'name'")
    expect(typeof body.message).toBe('string')
  })

  it('7.1 message shape for other failures: <part><path> <message>', async () => {
    const app = warren()
    app.post('/u', {
      schema: { body: Type.Object({ user: Type.Object({ age: Type.Integer({ minimum: 0 }), tags: Type.Array(Type.String(), { maxItems: 1 }) }) }) },
    }, async () => 'never')
    const post = (payload: any) => app.inject({ method: 'POST', url: '/u', payload })
    expect((await post({ user: { age: -1, tags: [] } })).json().message).toBe('body/user/age must be >= 0')
    expect((await post({ user: { age: 1, tags: ['a', 'b'] } })).json().message).toBe('body/user/tags must NOT have more than 1 items')
    expect((await post({ user: { tags: [] } })).json().message).toBe("body/user must have required property 'age'")
    expect((await post({ user: 'x' })).json().message).toBe('body/user must be object')
  })

  it('7.1 rule 1: validation errors carry statusCode 400 so the default handler answers 400, whatever the part', async () => {
    const app = warren()
    app.get('/p/:n', {
      schema: { params: { n: { type: 'integer' } }, querystring: { q: { type: 'integer' } }, headers: { type: 'object', properties: { 'x-h': { type: 'integer' } } } },
    }, async () => 'ok')
    for (const [url, headers] of [['/p/x', {}], ['/p/1?q=x', {}], ['/p/1', { 'x-h': 'x' }]] as const) {
      const res = await app.inject({ url, headers })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code).toBe('SVC_ERR_VALIDATION')
    }
  })

  it('7.1 rule 2: validation and validationContext reach the error handler', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(error.statusCode).send({ context: error.validationContext, keywords: error.validation.map((v: any) => v.keyword) })
    })
    app.get('/q', { schema: { querystring: Type.Object({ n: Type.Integer() }) } }, async () => 'never')
    expect((await app.inject('/q?n=x')).json()).toEqual({ context: 'querystring', keywords: ['type'] })
  })

  it('7.1 rule 3: a custom error handler that checks error.validation', async () => {
    const app = warren()
    app.setValidatorCompiler(() => () => ({ error: new Error('odd message from another library') }))
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validationContext) return reply.code(400).send({ invalid: error.validationContext })
      return reply.code(500).send({ other: true })
    })
    app.post('/x', { schema: { body: { type: 'object' } } }, async () => 'never')
    expect((await app.inject({ method: 'POST', url: '/x', payload: {} })).json()).toEqual({ invalid: 'body' })
  })

  it('7.1 rule 4: attachValidation: the handler decides the response', async () => {
    const app = warren()
    app.post('/a', { attachValidation: true, schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request: any, reply: any) => {
      if (request.validationError) return reply.code(200).send({ accepted: false, why: request.validationError.message })
      return { accepted: true }
    })
    expect((await app.inject({ method: 'POST', url: '/a', payload: { n: 'x' } })).json()).toEqual({ accepted: false, why: 'body/n must be integer' })
    expect((await app.inject({ method: 'POST', url: '/a', payload: { n: 1 } })).json()).toEqual({ accepted: true })
  })

  it('7.1 rule 5: a custom error handler answering 422 for validation errors', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validation) {
        return reply.status(422).send({ statusCode: 422, error: 'Unprocessable Entity', message: error.message, fields: error.validation.map((v: any) => v.instancePath) })
      }
      return reply.send(error)
    })
    app.post('/u', { schema: { body: Type.Object({ age: Type.Integer() }) } }, async () => 'never')
    app.get('/other', async () => {
      throw Object.assign(new Error('gone'), { statusCode: 410 })
    })
    const res = await app.inject({ method: 'POST', url: '/u', payload: { age: 'old' } })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: 'body/age must be integer', fields: ['/age'] })
    const other = await app.inject('/other')
    expect(other.statusCode).toBe(410)
    expect(other.json()).toMatchObject({ statusCode: 410, message: 'gone' })
  })

  it('7.1 rule 5: a localized error.validation with status 400 (ajv-i18n)', async () => {
    const localize = require('ajv-i18n')
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validation) {
        localize.de(error.validation)
        return reply.status(400).send(error.validation)
      }
      return reply.send(error)
    })
    app.post('/u', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/u', payload: {} })
    expect(res.statusCode).toBe(400)
    const [item] = res.json()
    expect(item.keyword).toBe('required')
    expect(item.message).toBe('muss das erforderliche Attribut name enthalten')
  })

  it('7.1 rule 6: a custom error handler hides schema internals', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validation) return reply.code(400).send({ message: 'Invalid request' })
      return reply.send(error)
    })
    app.post('/u', { schema: { body: Type.Object({ secretField: Type.String() }) } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/u', payload: {} })
    expect(res.body).toBe('{"message":"Invalid request"}')
  })

  it('7.1 rule 7: custom messages with ajv-errors (errorMessage), allErrors and jsonPointers as shown', async () => {
    const app = warren({ validator: { customOptions: { allErrors: true, jsonPointers: true } as any, plugins: [ajvErrors] } })
    app.post('/u', {
      schema: {
        body: {
          type: 'object',
          properties: { foo: { type: 'number', minimum: 2, maximum: 10, multipleOf: 2, errorMessage: { type: 'foo must be a number', minimum: 'foo must be >= 2' } } },
          required: ['foo'],
          errorMessage: { required: { foo: 'foo is required' } },
        },
      },
    }, async () => 'ok')
    const post = (payload: any) => app.inject({ method: 'POST', url: '/u', payload })
    expect((await post({})).json().message).toBe('body foo is required')
    expect((await post({ foo: 'x' })).json().message).toBe('body/foo foo must be a number')
    expect((await post({ foo: 0 })).json().message).toBe('body/foo foo must be >= 2')
    expect((await post({ foo: 4 })).statusCode).toBe(200)
  })

  it('7.1 rule 7: plugins given as [plugin, options]', async () => {
    const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [[ajvErrors, { singleError: true }]] as any } })
    app.post('/u', {
      schema: { body: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], errorMessage: 'whole body is wrong' } },
    }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/u', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body whole body is wrong')
  })
})

describe('7.2 other errors (Fastify v5 shapes)', () => {
  it('7.2 unknown route: 404 with the Fastify-shaped body', async () => {
    const app = warren()
    const res = await app.inject({ method: 'POST', url: '/nope?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route POST:/nope?x=1 not found' })
  })

  it('7.2 a handler exception: 500 with the message', async () => {
    const app = warren()
    app.get('/boom', async () => {
      throw new Error('kaboom')
    })
    const res = await app.inject('/boom')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'kaboom' })
  })

  it('7.2 errors with statusCode, code and headers keep them', async () => {
    const app = warren()
    app.get('/teapot', async () => {
      throw Object.assign(new Error('short and stout'), { statusCode: 418, code: 'E_TEAPOT', headers: { 'x-teapot': 'yes' } })
    })
    const res = await app.inject('/teapot')
    expect(res.statusCode).toBe(418)
    expect(res.headers['x-teapot']).toBe('yes')
    expect(res.json()).toEqual({ statusCode: 418, code: 'E_TEAPOT', error: "I'm a Teapot", message: 'short and stout' })
  })

  it('7.2 a statusCode below 400 becomes a 500', async () => {
    const app = warren()
    app.get('/weird', async () => {
      throw Object.assign(new Error('not an error status'), { statusCode: 302 })
    })
    expect((await app.inject('/weird')).statusCode).toBe(500)
  })

  it('7.2 the error\'s own 4xx/5xx wins over a status the reply had; without one, the reply\'s error status stays', async () => {
    const app = warren()
    app.addHook('onRequest', async (request: any, reply: any) => {
      if (request.url !== '/admin') return
      reply.code(401)
      throw Object.assign(new Error('not yours'), { statusCode: 403 })
    })
    app.get('/admin', async () => 'ok')
    app.get('/notes/:id', async (_request: any, reply: any) => {
      reply.code(400)
      throw Object.assign(new Error('no such note'), { status: 404 })
    })
    app.get('/conflict', async (_request: any, reply: any) => {
      reply.code(409)
      throw new Error('taken')
    })
    app.get('/ok', async (_request: any, reply: any) => {
      reply.code(201)
      throw new Error('late')
    })
    expect((await app.inject('/admin')).json()).toMatchObject({ statusCode: 403, message: 'not yours' })
    expect((await app.inject('/notes/7')).json()).toMatchObject({ statusCode: 404, message: 'no such note' })
    expect((await app.inject('/conflict')).json()).toMatchObject({ statusCode: 409, message: 'taken' })
    expect((await app.inject('/ok')).statusCode).toBe(500)
  })

  it('7.2 a synchronous throw in a callback handler', async () => {
    const app = warren()
    app.get('/sync', () => {
      throw new Error('sync throw')
    })
    const res = await app.inject('/sync')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('sync throw')
  })

  it('7.2 reply.send(error) goes through the error handler', async () => {
    const app = warren()
    app.get('/send-error', (_request: any, reply: any) => {
      reply.send(Object.assign(new Error('sent'), { statusCode: 409 }))
    })
    const res = await app.inject('/send-error')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict', message: 'sent' })
  })

  it('7.2 throwing a non-Error value still answers 500', async () => {
    const app = warren()
    app.get('/string', async () => {
      throw 'a string'
    })
    app.get('/object', async () => {
      throw { weird: true }
    })
    // the payload of such an answer is not defined by 7.2 (warren sends the value, as Fastify does)
    for (const url of ['/string', '/object']) expect((await app.inject(url)).statusCode, url).toBe(500)
    expect((await app.inject('/missing-after')).statusCode).toBe(404)
  })

  it('7.2 an unsupported content type: 415', async () => {
    const app = warren()
    app.post('/p', async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/p', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ statusCode: 415, code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type' })
  })

  it('7.2 invalid JSON: 400; empty JSON body: 400', async () => {
    const app = warren()
    app.post('/p', async (request: any) => request.body)
    const invalid = await app.inject({ method: 'POST', url: '/p', headers: { 'content-type': 'application/json' }, payload: '{"a":' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    const empty = await app.inject({ method: 'POST', url: '/p', headers: { 'content-type': 'application/json' }, payload: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_CTP_EMPTY_JSON_BODY' })
  })

  it('7.2 prototype poisoning in JSON is refused', async () => {
    const app = warren()
    app.post('/p', async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/p', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"polluted":true}}' })
    expect(res.statusCode).toBe(400)
    expect(({} as any).polluted).toBeUndefined()
  })

  it('7.2 setNotFoundHandler: custom 404, with a prefix per context', async () => {
    const app = warren()
    app.setNotFoundHandler((request: any, reply: any) => {
      reply.code(404).send({ where: 'root', url: request.url })
    })
    app.register(async (api: any) => {
      api.setNotFoundHandler((_request: any, reply: any) => {
        reply.code(404).send({ where: 'api' })
      })
    }, { prefix: '/api' })
    expect((await app.inject('/x')).json()).toEqual({ where: 'root', url: '/x' })
    expect((await app.inject('/api/x')).json()).toEqual({ where: 'api' })
  })

  it('7.2 reply.callNotFound()', async () => {
    const app = warren()
    app.get('/maybe/:id', async (request: any, reply: any) => {
      if (request.params.id !== '1') return reply.callNotFound()
      return { id: 1 }
    })
    expect((await app.inject('/maybe/1')).json()).toEqual({ id: 1 })
    expect((await app.inject('/maybe/2')).statusCode).toBe(404)
  })
})
