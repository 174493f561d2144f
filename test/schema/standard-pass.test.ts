import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import warren from 'warren'
import { z } from 'zod'

/** A Standard Schema whose `validate` is the given function (and whose JSON Schema is `json`). */
function standard(validate: (value: unknown) => unknown, json: Record<string, unknown> = { type: 'object' }) {
  return { '~standard': { version: 1 as const, vendor: 'test', validate, jsonSchema: { input: () => json, output: () => json } } }
}

/** An app logging into an array of parsed lines. */
function loggedApp() {
  const lines: any[] = []
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
  return { app: warren({ loggerInstance: pino(stream) }), lines }
}

const Refined = z.object({ from: z.number(), to: z.number() }).refine((range) => range.from <= range.to, { message: 'from must not be after to', path: ['from'] })

describe('library issues as validation errors', () => {
  it('maps issues to Ajv-shaped items: the library as keyword, its path as instancePath, its code in params', async () => {
    const app = warren()
    let seen: any
    app.setErrorHandler((error: any, _request, reply) => {
      seen = error
      return reply.code(400).send({ message: error.message })
    })
    app.post('/range', { schema: { body: Refined } }, async () => 'ok')
    await app.inject({ method: 'POST', url: '/range', payload: { from: 3, to: 1 } })
    expect(seen.code).toBe('SVC_ERR_VALIDATION')
    expect(seen.statusCode).toBe(400)
    expect(seen.validationContext).toBe('body')
    expect(seen.validation).toEqual([{ keyword: 'zod', instancePath: '/from', schemaPath: '#/~standard', params: { code: 'custom' }, message: 'from must not be after to' }])
  })

  it('points at the unknown key a strict object refuses, as every library does (Zod names it beside the object\'s path)', async () => {
    const app = warren()
    app.post('/', { schema: { body: z.strictObject({ name: z.string(), nested: z.strictObject({ a: z.number() }).optional() }) } }, async () => 'ok')
    const one = await app.inject({ method: 'POST', url: '/', payload: { name: 'x', admin: true } })
    expect(one.json().message).toBe('body/admin Unrecognized key: "admin"')
    const deep = await app.inject({ method: 'POST', url: '/', payload: { name: 'x', nested: { a: 1, b: 2 } } })
    expect(deep.json().message).toBe('body/nested/b Unrecognized key: "b"')
    // several keys: the object, whose message names them all
    const two = await app.inject({ method: 'POST', url: '/', payload: { name: 'x', admin: true, root: true } })
    expect(two.json().message).toBe('body Unrecognized keys: "admin", "root"')
  })

  it('escapes path segments as JSON Pointer tokens and names a symbol key by its description', async () => {
    const app = warren()
    const issues = [{ message: 'bad', path: ['a/b', { key: 'c~d' }, 0, Symbol('s')] }]
    app.post('/', { schema: { body: standard(() => ({ issues })) } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.json().message).toBe('body/a~1b/c~0d/0/s bad')
  })

  it('gives the items to the schema error formatter, with the part as dataVar', async () => {
    const app = warren({
      schemaErrorFormatter: (errors, dataVar) => new Error(`${dataVar}: ${errors.map((item) => `${item.keyword}${item.instancePath} ${item.message}`).join('; ')}`),
    })
    app.post('/range', { schema: { body: Refined } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/range', payload: { from: 3, to: 1 } })
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', message: 'body: zod/from from must not be after to' })
  })

  it('with attachValidation, the handler runs and sees the same error on request.validationError', async () => {
    const app = warren()
    app.post('/range', { schema: { body: Refined }, attachValidation: true }, async (request) => ({
      message: request.validationError?.message,
      context: request.validationError?.validationContext,
      code: (request.validationError as any)?.code,
    }))
    const res = await app.inject({ method: 'POST', url: '/range', payload: { from: 3, to: 1 } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'body/from from must not be after to', context: 'body', code: 'SVC_ERR_VALIDATION' })
  })

  it('reports the first failing part in order (params before body), whichever stage failed', async () => {
    const app = warren()
    app.post('/:id', { schema: { params: z.object({ id: z.number().int().refine((id) => id > 0, 'id must be positive') }), body: Refined } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/0', payload: { from: 3, to: 1 } })
    expect(res.json().message).toBe('params/id id must be positive')
  })

  it('waits for an async refinement, and keeps its output', async () => {
    const app = warren()
    const taken = new Set(['ada'])
    const Signup = z.object({ user: z.string().transform((name) => name.toLowerCase()) }).refine(async (value) => !taken.has(value.user), { message: 'user is taken', path: ['user'] })
    app.post('/signup', { schema: { body: Signup, querystring: z.object({ q: z.string().optional() }).refine((query) => query.q !== 'no', 'no') } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/signup', payload: { user: 'ADA' } })).json().message).toBe('body/user user is taken')
    expect((await app.inject({ method: 'POST', url: '/signup', payload: { user: 'Grace' } })).json()).toEqual({ user: 'grace' })
    // the parts after an async one are still validated
    expect((await app.inject({ method: 'POST', url: '/signup?q=no', payload: { user: 'Grace' } })).json().message).toBe('querystring no')
  })
})

describe('a library that breaks its contract', () => {
  it('a validate that throws answers 500 SVC_ERR_SCH_STANDARD_VALIDATE, logged once, and the next request is served', async () => {
    const { app, lines } = loggedApp()
    let calls = 0
    const Flaky = standard((value) => {
      calls++
      if (calls === 1) throw new Error('library bug')
      return { value }
    })
    app.post('/flaky', { schema: { body: Flaky } }, async (request) => request.body)
    const first = await app.inject({ method: 'POST', url: '/flaky', payload: { a: 1 } })
    expect(first.statusCode).toBe(500)
    expect(first.json()).toMatchObject({ statusCode: 500, code: 'SVC_ERR_SCH_STANDARD_VALIDATE' })
    const errors = lines.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0].err).toMatchObject({ code: 'SVC_ERR_SCH_STANDARD_VALIDATE', message: expect.stringContaining("The body schema of POST:/flaky: its library's validate threw: library bug") })
    const second = await app.inject({ method: 'POST', url: '/flaky', payload: { a: 1 } })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual({ a: 1 })
  })

  it.each([
    ['a string', () => 'yes', 'returned string, not a result with value or issues'],
    ['null', () => null, 'returned null, not a result with value or issues'],
    ['neither value nor issues', () => ({}), 'returned a result with neither value nor issues'],
    ['issues that are not a list', () => ({ issues: 'bad' }), 'returned issues that are not a list of { message, path? }'],
    ['an empty list of issues', () => ({ issues: [] }), 'returned issues that are not a list of { message, path? }'],
    ['an issue without a message', () => ({ issues: [{ path: ['a'] }] }), 'returned issues that are not a list of { message, path? }'],
  ])('a validate that returns %s answers 500 with the code', async (_what, validate, says) => {
    const app = warren()
    app.post('/', { schema: { body: standard(validate) } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('SVC_ERR_SCH_STANDARD_VALIDATE')
    expect(await warrenSays(validate)).toBe(`The body schema of POST:/: its library's validate ${says}`)
  })

  it('an async validate that rejects answers 500, not 400', async () => {
    const app = warren()
    app.post('/', { schema: { body: standard(() => Promise.reject(new Error('down'))) } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('SVC_ERR_SCH_STANDARD_VALIDATE')
  })
})

/** The message of the error a route with a body of this validate fails with (the 500's body hides it). */
async function warrenSays(validate: () => unknown): Promise<string> {
  const app = warren()
  let message = ''
  app.setErrorHandler((error: Error, _request, reply) => {
    message = error.message
    return reply.code(500).send()
  })
  app.post('/', { schema: { body: standard(validate) } }, async () => 'ok')
  await app.inject({ method: 'POST', url: '/', payload: {} })
  return message
}

describe('headers', () => {
  it('a library parses the headers it declares; the other headers stay on request.headers', async () => {
    const app = warren()
    const Headers = z.object({ 'x-count': z.coerce.number().int().refine((n) => n < 10, 'too many') })
    app.get('/', { schema: { headers: Headers } }, async (request) => ({ count: request.headers['x-count'], host: request.headers.host }))
    const res = await app.inject({ url: '/', headers: { 'x-count': '3' } })
    expect(res.json()).toEqual({ count: 3, host: 'localhost:80' })
    expect((await app.inject({ url: '/', headers: { 'x-count': '30' } })).json().message).toBe('headers/x-count too many')
  })

  it('an exact schema of an object that drops unknown keys (Ajv alone checks it) removes no header either', async () => {
    const { toStandardJsonSchema } = await import('@valibot/to-json-schema')
    const v = await import('valibot')
    const { type } = await import('arktype')
    const app = warren()
    const seen = async (request: any) => ({ count: request.headers['x-count'], other: request.headers['x-other'], authorization: request.headers.authorization, host: request.headers.host })
    app.get('/zod', { schema: { headers: z.object({ 'x-count': z.number() }) } }, seen)
    app.get('/valibot', { schema: { headers: toStandardJsonSchema(v.object({ 'x-count': v.number() })) } }, seen)
    app.get('/arktype', { schema: { headers: type({ '+': 'delete', 'x-count': 'number' }) } }, seen)
    for (const url of ['/zod', '/valibot', '/arktype']) {
      const res = await app.inject({ url, headers: { 'x-count': '3', 'x-other': 'kept', authorization: 'Bearer t' } })
      expect([url, res.json()]).toEqual([url, { count: 3, other: 'kept', authorization: 'Bearer t', host: 'localhost:80' }])
    }
  })

  it('a header name with capitals is refused at start-up: the library reads the lower-case names Node gives', async () => {
    const app = warren()
    app.get('/', { schema: { headers: z.object({ 'X-Count': z.string() }) } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD', message: expect.stringContaining("names 'X-Count': write header names in lower case") })
  })
})

describe('responses', () => {
  const Event = z.object({ name: z.string(), at: z.date().transform((date) => date.toISOString()) })

  it('a transforming response schema serializes the library output', async () => {
    const app = warren()
    app.get('/event', { schema: { response: { 200: Event } } }, async () => ({ name: 'launch', at: new Date(Date.UTC(2030, 0, 1)) }))
    const res = await app.inject({ url: '/event' })
    expect(res.json()).toEqual({ name: 'launch', at: '2030-01-01T00:00:00.000Z' })
  })

  it('a payload the library refuses is a 500 SVC_ERR_RESPONSE_SERIALIZATION that names the route and the issue', async () => {
    const { app, lines } = loggedApp()
    app.get('/event', { schema: { response: { 200: Event } } }, async () => ({ name: 'launch', at: 'tomorrow' }) as any)
    const res = await app.inject({ url: '/event' })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('SVC_ERR_RESPONSE_SERIALIZATION')
    const errors = lines.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0].err.message).toMatch(/^Failed to serialize the response of GET:\/event with status 200: \/at /)
  })

  it('an async response schema cannot be waited for: a 500 that says so', async () => {
    const app = warren()
    let message = ''
    app.setErrorHandler((error: Error, _request, reply) => {
      message = error.message
      return reply.code(500).send({ failed: true })
    })
    const Async = z.object({ a: z.number() }).refine(async () => true)
    app.get('/', { schema: { response: { 200: Async } } }, async () => ({ a: 1 }))
    const res = await app.inject({ url: '/' })
    expect(res.statusCode).toBe(500)
    expect(message).toContain("its library's validate returned a promise: a response is serialized at once, so its schema cannot be async")
  })

  it('a structural response schema leaves out unknown keys, as fast-json-stringify does for TypeBox', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 1, password: 'secret' }) as any)
    expect((await app.inject({ url: '/' })).json()).toEqual({ id: 1 })
  })
})
