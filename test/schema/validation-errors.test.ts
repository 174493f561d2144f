import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

const body = Type.Object({ name: Type.String(), age: Type.Optional(Type.Integer()) })

describe('7.1 validation failure', () => {
  it('7.1 a failure answers 400 { statusCode, code, error, message }', async () => {
    const app = warren()
    app.post('/', { schema: { body } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: { age: 1 } })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: "body must have required property 'name'" })
  })

  it('7.1 message shape: `<part> must have required property <name>` for every part', async () => {
    const app = warren()
    app.post('/:id?', {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        querystring: Type.Object({ q: Type.String() }),
        headers: Type.Object({ 'x-h': Type.String() }),
        body,
      },
    }, async () => 'ok')
    const message = async (url: string, payload: object, headers: Record<string, string> = {}) =>
      (await app.inject({ method: 'POST', url, payload, headers })).json().message
    expect(await message('/', { name: 'n' })).toBe("params must have required property 'id'")
    expect(await message('/1', {})).toBe("body must have required property 'name'")
    expect(await message('/1', { name: 'n' })).toBe("querystring must have required property 'q'")
    expect(await message('/1?q=1', { name: 'n' })).toBe("headers must have required property 'x-h'")
  })

  it('7.1 other failures give the formatter message with the property path', async () => {
    const app = warren()
    app.post('/', { schema: { body: Type.Object({ user: Type.Object({ tags: Type.Array(Type.String({ pattern: '^[a-z]+$' })) }) }) } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: { user: { tags: ['ok', 'NO'] } } })
    expect(res.json().message).toBe('body/user/tags/1 must match pattern "^[a-z]+$"')
  })

  it('7.1.2 validation errors carry validation (the raw result) and validationContext', async () => {
    const app = warren()
    const errors: any[] = []
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      errors.push(error)
      reply.send(error)
    })
    app.post('/:id', {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        body,
        query: Type.Object({ q: Type.Integer() }),
        headers: Type.Object({ 'x-h': Type.Integer() }),
      },
    }, async () => 'ok')
    await app.inject({ method: 'POST', url: '/x', payload: {} })
    await app.inject({ method: 'POST', url: '/1', payload: {} })
    await app.inject({ method: 'POST', url: '/1?q=x', payload: { name: 'n' } })
    await app.inject({ method: 'POST', url: '/1?q=1', payload: { name: 'n' }, headers: { 'x-h': 'x' } })
    expect(errors.map((e) => e.validationContext)).toEqual(['params', 'body', 'querystring', 'headers'])
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error)
      expect(error.statusCode).toBe(400)
      expect(error.code).toBe('SVC_ERR_VALIDATION')
      expect(Array.isArray(error.validation)).toBe(true)
    }
    expect(errors[0].validation).toEqual([expect.objectContaining({ instancePath: '/id', keyword: 'type', message: 'must be integer' })])
    expect(errors[1].validation).toEqual([expect.objectContaining({ instancePath: '', keyword: 'required', params: { missingProperty: 'name' } })])
  })

  it('7.1.4 attachValidation hands the same error to the handler as request.validationError', async () => {
    const app = warren()
    app.post('/', { schema: { body }, attachValidation: true }, async (request: any, reply: any) => {
      const error = request.validationError
      reply.code(error ? 418 : 200)
      return error
        ? { isError: error instanceof Error, message: error.message, code: error.code, statusCode: error.statusCode, context: error.validationContext, keyword: error.validation[0].keyword }
        : { ok: true }
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(418)
    expect(res.json()).toEqual({
      isError: true,
      message: "body must have required property 'name'",
      code: 'SVC_ERR_VALIDATION',
      statusCode: 400,
      context: 'body',
      keyword: 'required',
    })
    const ok = await app.inject({ method: 'POST', url: '/', payload: { name: 'n' } })
    expect(ok.json()).toEqual({ ok: true })
  })

  it('7.1.4 without attachValidation, request.validationError is never set and the handler does not run', async () => {
    const app = warren()
    let handled = false
    app.post('/', { schema: { body } }, async (request: any) => {
      handled = true
      return { error: request.validationError ?? null }
    })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).statusCode).toBe(400)
    expect(handled).toBe(false)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'n' } })).json()).toEqual({ error: null })
  })

  it('7.1.5 a custom error handler may answer 422 for validation errors', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validation) {
        return reply.code(422).send({ statusCode: 422, error: 'Unprocessable Entity', where: error.validationContext, message: error.message })
      }
      reply.send(error)
    })
    app.post('/', { schema: { body } }, async () => 'ok')
    app.get('/boom', async () => { throw new Error('boom') })
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ statusCode: 422, error: 'Unprocessable Entity', where: 'body', message: "body must have required property 'name'" })
    expect((await app.inject('/boom')).statusCode).toBe(500)
  })

  it('7.1.6 a custom error handler can hide schema details', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(error.statusCode ?? 500).send({ message: error.validation ? 'invalid request' : 'error' })
    })
    app.post('/', { schema: { body } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: { name: { nested: true } } })
    expect(res.statusCode).toBe(400)
    expect(res.body).toBe('{"message":"invalid request"}')
  })
})

describe('4.1 schema error formatter', () => {
  it('4.1 the schemaErrorFormatter factory option formats every validation error', async () => {
    const calls: unknown[] = []
    const app = warren({
      schemaErrorFormatter(errors: any[], dataVar: string) {
        calls.push(this)
        return new Error(`${dataVar} is wrong: ${errors.map((e) => e.keyword).join('+')}`)
      },
    })
    app.post('/', { schema: { body } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body is wrong: required' })
    expect(calls).toEqual([app])
  })

  it('4.1 setSchemaErrorFormatter is per context and `this` is that context instance', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.decorate('label', 'child formatter')
      child.setSchemaErrorFormatter(function (this: any, errors: any[], dataVar: string) {
        return new Error(`${this.label}: ${dataVar} (${errors.length})`)
      })
      child.post('/child', { schema: { body } }, async () => 'ok')
    })
    app.post('/root', { schema: { body } }, async () => 'ok')
    const child = await app.inject({ method: 'POST', url: '/child', payload: {} })
    expect(child.json().message).toBe('child formatter: body (1)')
    const root = await app.inject({ method: 'POST', url: '/root', payload: {} })
    expect(root.json().message).toBe("body must have required property 'name'")
  })

  it('4.1 setSchemaErrorFormatter in a child overrides the factory option there only', async () => {
    const app = warren({ schemaErrorFormatter: () => new Error('root says no') })
    app.register(async (child: any) => {
      child.setSchemaErrorFormatter(() => new Error('child says no'))
      child.post('/child', { schema: { body } }, async () => 'ok')
    })
    app.post('/root', { schema: { body } }, async () => 'ok')
    expect((await app.inject({ method: 'POST', url: '/child', payload: {} })).json().message).toBe('child says no')
    expect((await app.inject({ method: 'POST', url: '/root', payload: {} })).json().message).toBe('root says no')
  })

  it('4.1 the formatter result still carries statusCode 400, code, validation and validationContext', async () => {
    const app = warren({ schemaErrorFormatter: () => new Error('formatted') })
    app.post('/', { schema: { body }, attachValidation: true }, async (request: any) => {
      const { statusCode, code, validationContext, validation, message } = request.validationError
      return { statusCode, code, validationContext, items: validation.length, message }
    })
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', validationContext: 'body', items: 1, message: 'formatted' })
  })

  it('4.1 a formatter\'s error may choose its own status and code; the rest is still filled in', async () => {
    const app = warren({ schemaErrorFormatter: (errors: any[]) => Object.assign(new Error(`${errors.length} field(s) invalid`), { statusCode: 422, code: 'APP_ERR_FIELDS' }) })
    app.post('/', { schema: { body } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ statusCode: 422, code: 'APP_ERR_FIELDS', error: 'Unprocessable Entity', message: '1 field(s) invalid' })
  })

  it('4.1 a schema error formatter that is not a function is rejected', () => {
    expect(() => warren({ schemaErrorFormatter: 'no' as any })).toThrow(/schemaErrorFormatter/)
    expect(() => warren().setSchemaErrorFormatter(42 as any)).toThrow(/schemaErrorFormatter/)
  })

  it('4.1 a formatter that throws gives a 500 response, not a crash', async () => {
    const app = warren({ schemaErrorFormatter: () => { throw new Error('formatter bug') } })
    app.post('/', { schema: { body } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('formatter bug')
  })

  it('4.1 setSchemaErrorFormatter cannot be called after start', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.setSchemaErrorFormatter(() => new Error('x'))).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })
})
