import { describe, expect, it } from 'vitest'
import warren, { Type, codes } from 'warren'

/** Builds an app whose error handler reports every field of the error it receives. */
function reportingApp(options?: any) {
  const app = warren(options)
  app.setErrorHandler((error: any, _request: any, reply: any) => {
    reply.code(299).send({
      isError: error instanceof Error,
      message: error.message,
      statusCode: error.statusCode,
      code: error.code,
      validation: error.validation,
      validationContext: error.validationContext,
    })
  })
  return app
}

describe('2.7 validation error object', () => {
  it('2.7 fields for a body failure: message, statusCode 400, code, validation (raw errors), validationContext', async () => {
    const app = reportingApp()
    app.post('/b', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/b', payload: {} })
    expect(res.statusCode).toBe(299)
    const body = res.json()
    expect(body).toMatchObject({
      isError: true,
      message: "body must have required property 'name'",
      statusCode: 400,
      code: 'SVC_ERR_VALIDATION',
      validationContext: 'body',
    })
    expect(body.validation).toHaveLength(1)
    expect(body.validation[0]).toMatchObject({ keyword: 'required', instancePath: '', params: { missingProperty: 'name' } })
  })

  it('2.7 validationContext names each part: params, querystring, headers', async () => {
    const app = reportingApp()
    app.get('/p/:id', { schema: { params: { id: { type: 'integer' } } } }, async () => 'never')
    app.get('/q', { schema: { querystring: { n: { type: 'integer' } } } }, async () => 'never')
    app.get('/q2', { schema: { query: { n: { type: 'integer' } } } }, async () => 'never')
    app.get('/h', { schema: { headers: { type: 'object', properties: { 'x-n': { type: 'integer' } }, required: ['x-n'] } } }, async () => 'never')
    const params = (await app.inject('/p/x')).json()
    expect(params).toMatchObject({ validationContext: 'params', message: 'params/id must be integer', statusCode: 400 })
    expect(params.validation[0]).toMatchObject({ keyword: 'type', instancePath: '/id' })
    expect((await app.inject('/q?n=x')).json()).toMatchObject({ validationContext: 'querystring', message: 'querystring/n must be integer' })
    expect((await app.inject('/q2?n=x')).json()).toMatchObject({ validationContext: 'querystring', message: 'querystring/n must be integer' })
    expect((await app.inject('/h')).json()).toMatchObject({ validationContext: 'headers', message: "headers must have required property 'x-n'" })
  })

  it('2.7 code is SVC_ERR_VALIDATION, the code of codes.SVC_ERR_VALIDATION (attachValidation)', async () => {
    const app = warren()
    app.post('/b', { attachValidation: true, schema: { body: { type: 'object', required: ['a'] } } }, async (request: any) => ({
      code: request.validationError.code,
      sameCode: request.validationError.code === new codes.SVC_ERR_VALIDATION('x').code,
      statusCode: request.validationError.statusCode,
    }))
    expect((await app.inject({ method: 'POST', url: '/b', payload: {} })).json()).toEqual({
      code: 'SVC_ERR_VALIDATION',
      sameCode: true,
      statusCode: 400,
    })
  })

  it('2.7 validation: the error property returned by a custom validation function', async () => {
    const app = reportingApp()
    const items = [{ instancePath: '/x', message: 'is wrong', keyword: 'custom', params: {}, schemaPath: '#/x' }]
    app.setValidatorCompiler(() => () => ({ error: items }))
    app.post('/c', { schema: { body: { type: 'object' } } }, async () => 'never')
    const body = (await app.inject({ method: 'POST', url: '/c', payload: {} })).json()
    expect(body).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', validationContext: 'body', message: 'body/x is wrong' })
    expect(body.validation).toEqual(items)
  })

  it('2.7 a custom validator returning { error: Error } keeps its message, gets statusCode 400 and a context (and can be sent back)', async () => {
    const app = reportingApp()
    app.setValidatorCompiler(() => () => ({ error: new Error('custom says no') }))
    app.get('/c', { schema: { querystring: { type: 'object' } } }, async () => 'never')
    expect((await app.inject('/c')).json()).toMatchObject({
      isError: true,
      message: 'custom says no',
      statusCode: 400,
      validationContext: 'querystring',
    })
  })

  it('2.7 the formatter receives the raw error items and the part name', async () => {
    const calls: any[] = []
    const app = reportingApp({
      schemaErrorFormatter: (errors: any, dataVar: string) => {
        calls.push({ errors, dataVar })
        return new Error(`${dataVar}: ${errors.length} problem(s)`)
      },
    })
    app.post('/b', { schema: { body: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => 'never')
    const body = (await app.inject({ method: 'POST', url: '/b', payload: { n: 'x' } })).json()
    expect(body).toMatchObject({ message: 'body: 1 problem(s)', statusCode: 400, code: 'SVC_ERR_VALIDATION', validationContext: 'body' })
    expect(calls).toHaveLength(1)
    expect(calls[0].dataVar).toBe('body')
    expect(Array.isArray(calls[0].errors)).toBe(true)
    expect(calls[0].errors[0]).toMatchObject({ keyword: 'type', instancePath: '/n' })
    expect(body.validation).toEqual(calls[0].errors)
  })
})
