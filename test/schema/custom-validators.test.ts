import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Ajv } from 'ajv'
import warren, { Type } from 'warren'
import { recordValidatorSchemas } from './recording-compiler.js'

const nameBody = Type.Object({ name: Type.String() })

/** A validator in the spec 4.4 contract, checking `name` is a string. */
function contractValidator() {
  return (data: any) => (typeof data?.name === 'string' ? { value: { name: data.name.toUpperCase() } } : { error: new Error('name is required') })
}

describe('4.1 setValidatorCompiler and route validatorCompiler', () => {
  it('4.1 the compiler is called as { schema, method, url, httpPart } for each part, at start-up', async () => {
    const app = warren()
    const calls: any[] = []
    app.setValidatorCompiler((route: any) => {
      calls.push(route)
      return () => ({ value: undefined })
    })
    const params = Type.Object({ id: Type.String() })
    const querystring = Type.Object({ q: Type.String() })
    const headers = Type.Object({ 'x-h': Type.String() })
    app.post('/items/:id', { schema: { params, querystring, headers, body: nameBody } }, async () => 'ok')
    await app.ready()
    expect(calls.map(({ method, url, httpPart }) => `${method} ${url} ${httpPart}`).sort()).toEqual([
      'POST /items/:id body',
      'POST /items/:id headers',
      'POST /items/:id params',
      'POST /items/:id querystring',
    ])
    expect(calls.find((c) => c.httpPart === 'body').schema).toBe(nameBody)
    expect(calls.find((c) => c.httpPart === 'params').schema).toBe(params)
    expect(calls.find((c) => c.httpPart === 'querystring').schema).toBe(querystring)
    expect(calls).toHaveLength(4)
    await app.inject({ method: 'POST', url: '/items/1?q=1', payload: { name: 'x' }, headers: { 'x-h': '1' } })
    expect(calls).toHaveLength(4)
  })

  it('4.1 setValidatorCompiler is per context: the parent and siblings keep the default', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.setValidatorCompiler(() => contractValidator())
      child.post('/custom', { schema: { body: nameBody } }, async (request: any) => request.body)
      child.register(async (grandchild: any) => {
        grandchild.post('/inherited', { schema: { body: nameBody } }, async (request: any) => request.body)
      })
    })
    app.register(async (sibling: any) => {
      sibling.post('/sibling', { schema: { body: nameBody } }, async (request: any) => request.body)
    })
    app.post('/root', { schema: { body: nameBody } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/custom', payload: { name: 'ann' } })).json()).toEqual({ name: 'ANN' })
    expect((await app.inject({ method: 'POST', url: '/inherited', payload: { name: 'bob' } })).json()).toEqual({ name: 'BOB' })
    expect((await app.inject({ method: 'POST', url: '/custom', payload: {} })).json().message).toBe('name is required')
    expect((await app.inject({ method: 'POST', url: '/sibling', payload: { name: 'ann' } })).json()).toEqual({ name: 'ann' })
    expect((await app.inject({ method: 'POST', url: '/root', payload: {} })).json().message).toBe("body must have required property 'name'")
  })

  it('2.4 the route validatorCompiler option overrides the context compiler for that route', async () => {
    const app = warren()
    const seen: string[] = []
    app.post('/', {
      schema: { body: nameBody },
      validatorCompiler: ({ httpPart, url }: any) => {
        seen.push(`${httpPart} ${url}`)
        return contractValidator()
      },
    }, async (request: any) => request.body)
    app.post('/other', { schema: { body: nameBody } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })).json()).toEqual({ name: 'X' })
    expect((await app.inject({ method: 'POST', url: '/other', payload: { name: 'x' } })).json()).toEqual({ name: 'x' })
    expect(seen).toEqual(['body /'])
  })

  it('4.1 setValidatorCompiler cannot be called after start', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.setValidatorCompiler(() => () => true)).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })
})

describe('4.3.6 per-part validators', () => {
  const compilers: Record<string, (schema: any) => any> = {
    body: () => (data: any) => (data?.ok === true ? { value: data } : { error: new Error('body is not ok') }),
    querystring: () => (data: any) => (data?.page !== undefined ? { value: { page: Number(data.page) } } : { error: new Error('page is missing') }),
  }
  function perPart({ schema, httpPart }: any): any {
    if (schema === undefined) throw new Error(`missing schema for ${httpPart}`)
    const compiler = compilers[httpPart]
    if (compiler === undefined) throw new Error(`missing compiler for ${httpPart}`)
    return compiler(schema)
  }

  it('4.3.6 a compiler that switches on httpPart validates each part with its own function', async () => {
    const app = warren()
    app.setValidatorCompiler(perPart)
    app.post('/', { schema: { body: nameBody, querystring: Type.Object({ page: Type.Number() }) } }, async (request: any) => ({ body: request.body, query: request.query }))
    expect((await app.inject({ method: 'POST', url: '/?page=2', payload: { ok: true } })).json()).toEqual({ body: { ok: true }, query: { page: 2 } })
    const badBody = await app.inject({ method: 'POST', url: '/?page=2', payload: { ok: false } })
    expect(badBody.statusCode).toBe(400)
    expect(badBody.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body is not ok' })
    expect((await app.inject({ method: 'POST', url: '/', payload: { ok: true } })).json().message).toBe('page is missing')
  })

  it('4.3.6 a part without a compiler throws at start-up, naming the part and the route', async () => {
    const app = warren()
    app.setValidatorCompiler(perPart)
    app.get('/:id', { schema: { params: Type.Object({ id: Type.String() }) } }, async () => 'ok')
    const error = await app.ready().then(() => null, (e: any) => e)
    expect(error).toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
    expect(error.message).toBe('Failed building the validation schema for GET: /:id, due to error missing compiler for params')
  })

  it('4.3.6 a compiler that returns no function is a start-up error (SVC_ERR_SCH_MISSING_COMPILER)', async () => {
    const app = warren()
    app.setValidatorCompiler(({ httpPart }: any) => (compilers as any)[httpPart])
    app.get('/', { schema: { headers: Type.Object({ 'x-a': Type.String() }) } }, async () => 'ok')
    const error = await app.ready().then(() => null, (e: any) => e)
    expect(error).toMatchObject({ code: 'SVC_ERR_SCH_MISSING_COMPILER' })
    expect(error.message).toBe("The validator compiler has no compiler for the 'headers' part of GET: /")
  })
})

describe('4.4 custom validator contract', () => {
  it('4.4 success returns { value }: the value is what the handler sees', async () => {
    const app = warren()
    app.setValidatorCompiler(() => (data: any) => ({ value: { ...data, checked: true } }))
    app.post('/', { schema: { body: nameBody } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })).json()).toEqual({ name: 'x', checked: true })
  })

  it('4.4 failure returns { error: Error }: 400 with its message, validation and validationContext', async () => {
    const app = warren()
    const failure = new Error('no good')
    app.setValidatorCompiler(() => () => ({ error: failure }))
    app.post('/', { schema: { body: nameBody }, attachValidation: true }, async (request: any) => {
      const error = request.validationError
      return { same: error === failure, statusCode: error.statusCode, code: error.code, context: error.validationContext, message: error.message }
    })
    app.post('/plain', { schema: { body: nameBody } }, async () => 'ok')
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json()).toEqual({ same: true, statusCode: 400, code: 'SVC_ERR_VALIDATION', context: 'body', message: 'no good' })
    const res = await app.inject({ method: 'POST', url: '/plain', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'no good' })
  })

  it('7.1.3 { error } in the default validator structure gets the default formatter message', async () => {
    const app = warren()
    app.setValidatorCompiler(() => () => ({ error: [{ keyword: 'name', schemaPath: '#', params: {}, instancePath: '/name', message: 'must be a real name' }] }))
    app.post('/', { schema: { body: nameBody } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.json().message).toBe('body/name must be a real name')
  })

  it('7.1.3 other error shapes reach a custom error handler through error.validation', async () => {
    const app = warren()
    const issues: any = [{ path: ['name'], problem: 'Required' }]
    app.setValidatorCompiler(() => () => ({ error: issues }))
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(error.statusCode).send({ issues: error.validation, where: error.validationContext })
    })
    app.post('/', { schema: { body: nameBody } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ issues, where: 'body' })
  })

  it('4.4 an Ajv-style boolean validator with .errors works as a custom validator', async () => {
    const ajv = new Ajv({ allErrors: false })
    const app = warren()
    app.setValidatorCompiler(({ schema }: any) => ajv.compile(schema))
    app.post('/', { schema: { body: nameBody } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })).json()).toEqual({ name: 'x' })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json().message).toBe("body must have required property 'name'")
  })

  it('4.4 a validator that says false without errors still refuses, with a message that says so', async () => {
    for (const errorFormat of ['fastify', 'problem'] as const) {
      const app = warren({ errorFormat })
      app.setValidatorCompiler(() => (data: any) => data?.ok === true)
      app.post('/', { schema: { body: nameBody } }, async () => 'ok')
      expect((await app.inject({ method: 'POST', url: '/', payload: { ok: true } })).body).toBe('ok')
      const refused = await app.inject({ method: 'POST', url: '/', payload: { ok: false } })
      expect(refused.statusCode).toBe(400)
      if (errorFormat === 'fastify') expect(refused.json().message).toBe('body is invalid')
      else expect(refused.json()).toMatchObject({ detail: 'body is invalid', errors: [{ pointer: '/body', message: 'is invalid', keyword: 'validator' }] })
    }
  })

  it('4.4 an async custom validator is awaited and answers pass or fail: rejecting or resolving false fails', async () => {
    const app = warren()
    app.setValidatorCompiler(({ httpPart }: any): any => {
      const validate: any = async (data: any) => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        if (httpPart === 'querystring') return data.q === 'ok'
        if (!data?.name) throw new Error('async says no')
        return data
      }
      validate.errors = [{ instancePath: '/q', schemaPath: '#/q', keyword: 'custom', params: {}, message: 'must be ok' }]
      return validate
    })
    app.post('/', { schema: { body: nameBody, querystring: Type.Object({}) } }, async (request: any) => ({ body: request.body, query: request.query }))
    expect((await app.inject({ method: 'POST', url: '/?q=ok', payload: { name: 'x' } })).json()).toEqual({ body: { name: 'x' }, query: { q: 'ok' } })
    const rejected = await app.inject({ method: 'POST', url: '/?q=ok', payload: {} })
    expect(rejected.statusCode).toBe(400)
    expect(rejected.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'async says no' })
    const resolvedFalse = await app.inject({ method: 'POST', url: '/?q=no', payload: { name: 'x' } })
    expect(resolvedFalse.statusCode).toBe(400)
    expect(resolvedFalse.json().message).toBe('querystring/q must be ok')
  })

  it('4.4 what an async validator resolves with is never read as { value } or { error } (the data itself)', async () => {
    const app = warren()
    app.setValidatorCompiler((): any => async (data: any) => data)
    app.post('/', { schema: { body: nameBody } }, async (request: any) => request.body)
    const withValue = { name: 'x', value: { name: 'replaced' } }
    expect((await app.inject({ method: 'POST', url: '/', payload: withValue })).json()).toEqual(withValue)
    const withError = { name: 'x', error: 'boom' }
    const res = await app.inject({ method: 'POST', url: '/', payload: withError })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(withError)
  })

  it('4.4 an async rejection reaches the error handler as a validation error, and attaches with attachValidation', async () => {
    const app = warren()
    const seen: any[] = []
    app.setErrorHandler((error: any, _request, reply) => {
      seen.push(error)
      return reply.code(error.statusCode).send({ part: error.validationContext, code: error.code })
    })
    const validatorCompiler = (): any => async () => Promise.reject(Object.assign(new Error('taken'), { details: ['name'] }))
    app.post('/', { schema: { body: nameBody }, validatorCompiler }, async () => 'never')
    app.post('/attach', { schema: { body: nameBody }, validatorCompiler, attachValidation: true }, async (request: any) => ({
      message: request.validationError.message,
      part: request.validationError.validationContext,
    }))
    const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })
    expect(res.json()).toEqual({ part: 'body', code: 'SVC_ERR_VALIDATION' })
    expect(res.statusCode).toBe(400)
    expect(seen[0].details).toEqual(['name'])
    expect((await app.inject({ method: 'POST', url: '/attach', payload: { name: 'x' } })).json()).toEqual({ message: 'taken', part: 'body' })
  })

  it('4.4 an async rejection with a non-error value is formatted like an error item', async () => {
    const app = warren()
    app.setValidatorCompiler((): any => () => Promise.reject({ instancePath: '/name', message: 'is taken' }))
    app.post('/', { schema: { body: nameBody } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('body/name is taken')
  })
})

describe('4.3.10 a validator that throws anyway', () => {
  let rejections: unknown[] = []
  const onRejection = (reason: unknown) => rejections.push(reason)
  beforeEach(() => {
    rejections = []
    process.on('unhandledRejection', onRejection)
  })
  afterEach(() => {
    process.off('unhandledRejection', onRejection)
  })

  function throwingApp(withHook: boolean) {
    const app = warren()
    if (withHook) {
      app.addHook('preValidation', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
      })
    }
    app.setValidatorCompiler(() => () => {
      throw new TypeError('validator bug')
    })
    app.post('/', { schema: { body: nameBody } }, async () => 'ok')
    return app
  }

  it('4.3.10 a throwing validator becomes a 500 error response with its own error, not a crash', async () => {
    const app = throwingApp(false)
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'validator bug' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rejections).toEqual([])
  })

  it.each([['a sync', false], ['an async', true]])('4.3.10 behind %s preValidation hook, the error handler gets the thrown error itself', async (_label, withHook) => {
    const app = throwingApp(withHook)
    const seen: unknown[] = []
    app.setErrorHandler((error, _request, reply) => {
      seen.push(error)
      return reply.code(500).send({ error: error.message })
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.json()).toEqual({ error: 'validator bug' })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBeInstanceOf(TypeError)
  })

  it('4.3.10 behind an async preValidation hook, a throwing validator still gives an error response', async () => {
    const app = throwingApp(true)
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(res.status).toBe(500)
      expect(((await res.json()) as any).message).toBe('validator bug')
      const again = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(again.status).toBe(500)
      await again.text()
    } finally {
      await app.close()
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rejections).toEqual([])
  })

  it('4.3.10 a validator that throws after an async one still gives an error response', async () => {
    const app = warren()
    app.setValidatorCompiler(({ httpPart }: any): any => (httpPart === 'params' ? async () => true : () => {
      throw new Error('late bug')
    }))
    app.post('/:id', { schema: { params: Type.Object({ id: Type.String() }), body: nameBody } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/1', payload: {} })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('late bug')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rejections).toEqual([])
  })

  it('4.3.10 an error thrown with its own status keeps it', async () => {
    const app = warren()
    app.setValidatorCompiler(() => () => {
      throw Object.assign(new Error('teapot'), { statusCode: 418 })
    })
    app.post('/', { schema: { body: nameBody } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(418)
    expect(res.json().message).toBe('teapot')
  })
})

describe('4.3.8-9 custom validators and shared schemas, async schemas', () => {
  it('4.3.8 with a custom validator, shared-schema $ref is its business and getSchemas() returns what was added', async () => {
    const app = warren()
    const address = { $id: 'address', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
    app.addSchema(address)
    expect(app.getSchemas()).toEqual({ address })
    const ajv = new Ajv()
    for (const schema of Object.values(app.getSchemas())) ajv.addSchema(schema as object)
    app.setValidatorCompiler(({ schema }: any) => ajv.compile(schema))
    app.post('/', { schema: { body: { type: 'object', properties: { home: { $ref: 'address#' } }, required: ['home'] } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { home: { city: 'Oslo' } } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/', payload: { home: {} } })).json().message).toBe("body/home must have required property 'city'")
  })

  it('4.3.8 a custom validator that was not given the shared schemas cannot resolve their $ref (start-up error)', async () => {
    const app = warren()
    app.addSchema({ $id: 'address', type: 'object' })
    const ajv = new Ajv()
    app.setValidatorCompiler(({ schema }: any) => ajv.compile(schema))
    app.post('/', { schema: { body: { type: 'object', properties: { home: { $ref: 'address#' } } } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('4.3.9 async work belongs in preHandler, after validation', async () => {
    const app = warren()
    const taken = new Set(['ann'])
    app.post('/', {
      schema: { body: nameBody },
      preHandler: async (request: any, reply: any) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        if (taken.has(request.body.name)) return reply.code(409).send({ message: 'taken' })
      },
    }, async (request: any) => ({ created: request.body.name }))
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'ann' } })).statusCode).toBe(409)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'bob' } })).json()).toEqual({ created: 'bob' })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).statusCode).toBe(400)
  })
  describe('a map of another library\'s schema objects (joi style)', () => {
    /** A rule object of a validation library: an instance of its own class, not JSON Schema. */
    class NumberRule {
      check(value: unknown): boolean {
        return typeof value === 'string' && /^\d+$/.test(value)
      }
    }
    function ruleCompiler(seen: unknown[]) {
      return ({ schema }: any) => {
        seen.push(schema)
        return (data: any) => {
          const failed = Object.keys(schema).find((key) => !schema[key].check(data[key]))
          return failed === undefined ? { value: data } : { error: new Error(`${failed} is invalid`) }
        }
      }
    }

    it('reaches the custom compiler as given, not wrapped as a short-form JSON Schema', async () => {
      const app = warren()
      const seen: unknown[] = []
      app.setValidatorCompiler(ruleCompiler(seen))
      const params = { id: new NumberRule() }
      app.get('/items/:id', { schema: { params } }, async (request: any) => ({ id: request.params.id }))
      const ok = await app.inject({ method: 'GET', url: '/items/42' })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ id: '42' })
      expect(seen.length).toBeGreaterThan(0)
      for (const schema of seen) expect(schema).toBe(params)
      const bad = await app.inject({ method: 'GET', url: '/items/abc' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('id is invalid')
    })

    it('a short form of literal JSON Schemas is still wrapped as { type: object, properties }', async () => {
      const app = warren()
      const seen = recordValidatorSchemas(app)
      const params = { id: { type: 'string' } }
      app.get('/items/:id', { schema: { params } }, async () => 'ok')
      await app.ready()
      expect(seen[0]).toEqual({ type: 'object', properties: params })
    })
  })
})
