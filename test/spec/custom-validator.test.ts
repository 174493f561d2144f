import { describe, expect, it } from 'vitest'
import warren from 'warren'

/** A tiny Joi-like library: `schema.validate(data, options)` returns `{ value }` or `{ error, value }`. */
const joiLike = {
  object(shape: Record<string, (v: unknown) => string | null>) {
    return {
      validate(data: any, options: { stripUnknown?: boolean; abortEarly?: boolean } = {}) {
        const problems: string[] = []
        const value: Record<string, unknown> = options.stripUnknown ? {} : { ...data }
        for (const [key, check] of Object.entries(shape)) {
          const problem = check(data?.[key])
          if (problem) {
            problems.push(`"${key}" ${problem}`)
            if (options.abortEarly !== false) break
          }
          if (data?.[key] !== undefined) value[key] = data[key]
        }
        if (problems.length === 0) return { value }
        const error = Object.assign(new Error(problems.join('. ')), { name: 'ValidationError', details: problems.map((message) => ({ message })) })
        return { error, value }
      },
    }
  },
  string: () => (v: unknown) => (typeof v === 'string' ? null : 'must be a string'),
  number: () => (v: unknown) => (typeof v === 'number' ? null : 'must be a number'),
}

describe('4.4 custom validator contract', () => {
  it('4.4 success { value }: the returned value replaces the request part', async () => {
    const app = warren()
    app.post('/v', {
      schema: { body: { type: 'object' } },
      validatorCompiler: () => (data: any) => ({ value: { ...data, normalized: true } }),
    }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/v', payload: { a: 1 } })).json()).toEqual({ a: 1, normalized: true })
  })

  it('4.4 failure { error }: a 400 with the error message', async () => {
    const app = warren()
    app.post('/v', {
      schema: { body: { type: 'object' } },
      validatorCompiler: () => () => ({ error: new Error('custom failure') }),
    }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/v', payload: { a: 1 } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'custom failure' })
  })

  it('4.4 a Joi-like library, options set to mimic the baseline (strip unknown, report all errors)', async () => {
    const app = warren()
    app.setValidatorCompiler(({ schema }: any) => (data: any) => schema.validate(data, { stripUnknown: true, abortEarly: false }))
    app.post('/joi', {
      schema: { body: joiLike.object({ name: joiLike.string(), age: joiLike.number() }) as any },
    }, async (request: any) => request.body)
    const ok = await app.inject({ method: 'POST', url: '/joi', payload: { name: 'ann', age: 3, extra: true } })
    expect(ok.json()).toEqual({ name: 'ann', age: 3 })
    const bad = await app.inject({ method: 'POST', url: '/joi', payload: { name: 1, age: 'x' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('"name" must be a string. "age" must be a number')
  })

  it('4.4 a Joi-like error reaches a custom error handler with validationContext and its details', async () => {
    const app = warren()
    app.setValidatorCompiler(({ schema }: any) => (data: any) => schema.validate(data))
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.validationContext) {
        return reply.code(422).send({ context: error.validationContext, details: error.details, status: error.statusCode })
      }
      return reply.send(error)
    })
    app.get('/joi', { schema: { querystring: joiLike.object({ q: joiLike.string() }) as any } }, async (request: any) => request.query)
    const res = await app.inject('/joi')
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ context: 'querystring', details: [{ message: '"q" must be a string' }], status: 400 })
    expect((await app.inject('/joi?q=x')).json()).toEqual({ q: 'x' })
  })

  it('4.4 a yup-like validator wrapped in try/catch', async () => {
    const app = warren()
    const yupLike = (schema: any) => ({
      validateSync(data: any) {
        if (typeof data?.email !== 'string' || !data.email.includes('@')) throw Object.assign(new Error('email must be a valid email'), { name: 'ValidationError' })
        return { email: data.email.toLowerCase() }
      },
      schema,
    })
    app.setValidatorCompiler(({ schema }: any) => (data: any) => {
      try {
        return { value: schema.validateSync(data) }
      } catch (error) {
        return { error: error as Error }
      }
    })
    app.post('/yup', { schema: { body: yupLike({}) as any } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/yup', payload: { email: 'A@B.CO' } })).json()).toEqual({ email: 'a@b.co' })
    const bad = await app.inject({ method: 'POST', url: '/yup', payload: { email: 'nope' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('email must be a valid email')
  })

  it('4.4 a custom validator used with attachValidation', async () => {
    const app = warren()
    app.post('/v', {
      attachValidation: true,
      schema: { body: { type: 'object' } },
      validatorCompiler: () => () => ({ error: new Error('nope') }),
    }, async (request: any) => ({
      message: request.validationError.message,
      code: request.validationError.code,
      statusCode: request.validationError.statusCode,
      context: request.validationError.validationContext,
    }))
    expect((await app.inject({ method: 'POST', url: '/v', payload: {} })).json()).toEqual({
      message: 'nope', code: 'SVC_ERR_VALIDATION', statusCode: 400, context: 'body',
    })
  })

  it('4.4 an error returned with its own statusCode keeps the 400 contract only when it has none', async () => {
    const app = warren()
    app.post('/v', {
      schema: { body: { type: 'object' } },
      validatorCompiler: () => () => ({ error: Object.assign(new Error('too big'), { statusCode: 413 }) }),
    }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/v', payload: {} })
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('too big')
  })
})
