import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import warren, { isStandardSchema, libraryOnly, standardJsonSchema, Type } from 'warren'
import { z } from 'zod'
import { schemaCacheSettled, schemaCacheStats } from '../../src/schema/cache-stats.js'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Counts the calls of a Zod or Valibot (wrapped) schema's own `validate`. */
function countValidate(schema: { '~standard': { validate: (value: unknown) => unknown } }) {
  return vi.spyOn(schema['~standard'], 'validate')
}

/** Counts the calls of every ArkType schema's `validate` (ArkType builds `~standard` on each read). */
function countArkTypeValidate(schema: object) {
  const calls = { count: 0 }
  let prototype = Object.getPrototypeOf(schema)
  while (!Object.hasOwn(prototype, '~standard')) prototype = Object.getPrototypeOf(prototype)
  const descriptor = Object.getOwnPropertyDescriptor(prototype, '~standard')!
  vi.spyOn(prototype, '~standard', 'get').mockImplementation(function (this: object) {
    const props = descriptor.get!.call(this)
    return { ...props, validate: (value: unknown) => (calls.count++, props.validate(value)) }
  })
  return calls
}

describe('which schemas need their library at request time', () => {
  it('a structural Zod schema is validated by Ajv alone: Zod never runs', async () => {
    const Body = z.object({ name: z.string().min(1).max(40), tags: z.array(z.enum(['a', 'b'])), email: z.email(), age: z.number().int().nonnegative().optional(), step: z.number().multipleOf(5).optional() })
    const validate = countValidate(Body)
    const app = warren()
    app.post('/', { schema: { body: Body, response: { 200: Body } } }, async (request) => request.body)
    const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'n', tags: ['a'], email: 'n@example.com', extra: 1 } })
    expect(res.json()).toEqual({ name: 'n', tags: ['a'], email: 'n@example.com' })
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'n', tags: ['c'], email: 'n@example.com' } })).statusCode).toBe(400)
    expect(validate).not.toHaveBeenCalled()
  })

  it('a structural Valibot schema is validated by Ajv alone', async () => {
    const Body = toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(1)), count: v.pipe(v.number(), v.integer(), v.minValue(0)) }))
    const validate = countValidate(Body)
    const app = warren()
    app.post('/', { schema: { body: Body } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'n', count: 2, extra: 1 } })).json()).toEqual({ name: 'n', count: 2 })
    expect(validate).not.toHaveBeenCalled()
  })

  it('a structural ArkType schema is validated by Ajv alone', async () => {
    const Body = type({ name: 'string > 0', count: 'number.integer >= 0' })
    const calls = countArkTypeValidate(Body)
    const app = warren()
    app.post('/', { schema: { body: Body } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'n', count: 2 } })).json()).toEqual({ name: 'n', count: 2 })
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'n', count: -2 } })).statusCode).toBe(400)
    expect(calls.count).toBe(0)
  })

  it.each([
    ['a refinement', z.object({ a: z.string() }).refine(() => true), { a: 'x' }],
    ['a transform', z.object({ a: z.string().transform((s) => s) }), { a: 'x' }],
    ['a default', z.object({ a: z.string().default('x') }), {}],
    ['a strict object', z.strictObject({ a: z.string() }), { a: 'x' }],
    ['a format Zod does not check with a pattern', z.object({ a: z.url() }), { a: 'https://example.com' }],
    ['a pattern with flags', z.object({ a: z.string().regex(/^a/i) }), { a: 'A' }],
    ['a union of objects', z.object({ a: z.union([z.object({ b: z.string() }), z.object({ c: z.string() })]) }), { a: { c: 'x' } }],
    ['a coercion', z.object({ a: z.coerce.string() }), { a: 1 }],
    ['trimming', z.object({ a: z.string().trim() }), { a: ' x ' }],
    ['a fractional step', z.object({ a: z.number().multipleOf(0.01) }), { a: 19.99 }],
  ])('a Zod schema with %s runs Zod after Ajv', async (_what, Body, payload) => {
    const validate = countValidate(Body as never)
    const app = warren()
    app.post('/', { schema: { body: Body } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload })).statusCode).toBe(200)
    expect(validate).toHaveBeenCalledTimes(1)
  })

  it("Ajv's checks run first: a body it refuses never reaches the library", async () => {
    const Body = z.object({ a: z.number() }).refine(() => true)
    const validate = countValidate(Body)
    const app = warren()
    app.post('/', { schema: { body: Body } }, async () => 'ok')
    expect((await app.inject({ method: 'POST', url: '/', payload: { a: 'x' } })).json().message).toBe('body/a must be number')
    expect(validate).not.toHaveBeenCalled()
  })

  it('a library warren knows nothing of always runs after Ajv', async () => {
    const validate = vi.fn((value: unknown) => ({ value: { seen: value } }))
    const Custom = { '~standard': { version: 1, vendor: 'home-made', validate, jsonSchema: { input: () => ({ type: 'object', properties: { a: { type: 'integer' } } }), output: () => ({}) } } }
    const app = warren()
    app.get('/', { schema: { querystring: Custom } }, async (request) => request.query)
    app.post('/', { schema: { body: Custom } }, async (request) => request.body)
    expect((await app.inject({ url: '/?a=1' })).json()).toEqual({ seen: { a: 1 } })
    expect((await app.inject({ method: 'POST', url: '/', payload: { a: '1' } })).statusCode).toBe(400)
    expect(validate).toHaveBeenCalledTimes(1)
  })
})

describe('a response whose output JSON does not carry as typed', () => {
  const refused = async (schema: unknown, spelled: string) => {
    const app = warren()
    app.get('/events', { schema: { response: { 200: schema as never } } }, async () => ({ at: new Date(0) }) as never)
    await expect(app.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_SCH_STANDARD_NOT_JSON',
      message: expect.stringContaining(`The 200 response schema of GET:/events answers with a value JSON does not carry as its type says: ${spelled} is a Date, which JSON carries as a string; send what goes on the wire: `),
    })
  }

  it('a Date (Zod, Valibot, ArkType) is refused at start-up, with what to write instead: its client would read a string typed Date', async () => {
    await refused(z.object({ at: z.date() }), 'z.date()')
    await refused(toStandardJsonSchema(v.object({ at: v.date() })), 'v.date()')
    await refused(type({ at: 'Date' }), "'Date'")
  })

  it('what the docs write instead is served, as a string, and a Date in a request part is no concern of the response', async () => {
    const app = warren()
    app.get('/zod', { schema: { response: { 200: z.object({ at: z.date().transform((date) => date.toISOString()).pipe(z.string()) }) } } }, async () => ({ at: new Date(0) }))
    app.get('/valibot', { schema: { response: { 200: toStandardJsonSchema(v.object({ at: v.pipe(v.date(), v.transform((date) => date.toISOString()), v.string()) })) } } }, async () => ({ at: new Date(0) }))
    app.get('/iso', { schema: { response: { 200: z.object({ at: z.iso.datetime() }) } } }, async () => ({ at: new Date(0).toISOString() }))
    app.get('/query', { schema: { querystring: z.object({ since: z.coerce.date() }) } }, async (request) => ({ since: request.query.since.getTime() }))
    for (const url of ['/zod', '/valibot', '/iso']) expect((await app.inject(url)).json()).toEqual({ at: '1970-01-01T00:00:00.000Z' })
    expect((await app.inject('/query?since=1970-01-01T00:00:01Z')).json()).toEqual({ since: 1000 })
  })

  it('a bigint or a Map is refused too; libraryOnly() lets the library serialize it as it will', async () => {
    const app = warren()
    app.get('/n', { schema: { response: { 200: z.object({ n: z.bigint() }) } } }, async () => ({ n: 1n }))
    await expect(app.ready()).rejects.toMatchObject({ message: expect.stringContaining('z.bigint() is a bigint, which JSON cannot carry') })
    const other = warren()
    other.get('/m', { schema: { response: { 200: z.object({ m: z.map(z.string(), z.number()) }) } } }, async () => ({ m: new Map() }))
    await expect(other.ready()).rejects.toMatchObject({ message: expect.stringContaining('z.map() is a Map, which JSON carries as {}') })
    const opted = warren()
    opted.get('/events', { schema: { response: { 200: libraryOnly(z.object({ at: z.date() })) } } }, async () => ({ at: new Date(0) }))
    expect((await opted.inject('/events')).json()).toEqual({ at: '1970-01-01T00:00:00.000Z' })
  })
})

describe('schemas without a JSON Schema', () => {
  const Raw = v.object({ name: v.string() })

  it('are refused at start-up, naming the route and the part', async () => {
    const app = warren()
    app.post('/users', { schema: { body: Raw } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({
      code: 'SVC_ERR_SCH_STANDARD_NO_JSON_SCHEMA',
      message: 'The body schema of POST:/users gives no JSON Schema to compile: valibot gives it no JSON Schema (its ~standard has no jsonSchema.input). Give it one (docs/guide/schema-libraries.md), or have its library validate it alone: libraryOnly(schema)',
    })
  })

  it('name the response status', async () => {
    const app = warren()
    app.get('/users', { schema: { response: { 201: Raw } } }, async () => {})
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_STANDARD_NO_JSON_SCHEMA', message: expect.stringMatching(/^The 201 response schema of GET:\/users /) })
  })

  it('a conversion that throws is refused with what the library said', async () => {
    const app = warren()
    const Broken = { '~standard': { version: 1, vendor: 'broken', validate: () => ({ value: 1 }), jsonSchema: { input: () => { throw new Error('cannot') }, output: () => ({}) } } }
    app.post('/', { schema: { querystring: Broken } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ message: expect.stringContaining('The querystring schema of POST:/ gives no JSON Schema to compile: broken could not convert it to JSON Schema: cannot') })
  })

  it('libraryOnly: the library validates the part alone, and serializes a response before JSON.stringify', async () => {
    const app = warren()
    const Out = v.object({ name: v.pipe(v.string(), v.transform((name) => name.toUpperCase())) })
    app.post('/users', { schema: { body: libraryOnly(Raw), response: { 200: libraryOnly(Out) } } }, async (request) => ({ name: request.body.name, extra: 1 }))
    const ok = await app.inject({ method: 'POST', url: '/users', payload: { name: 'ada' } })
    expect(ok.json()).toEqual({ name: 'ADA' })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: { name: 1 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: 'body/name Invalid type: Expected string but received 1' })
  })

  it('libraryOnly takes only a Standard Schema', () => {
    expect(() => libraryOnly({ type: 'object' } as never)).toThrow(TypeError)
  })
})

describe('where warren converts', () => {
  it('a custom validator compiler gets the Standard Schema as declared, and warren adds nothing', async () => {
    const app = warren()
    const Body = z.object({ a: z.number() }).refine(() => false, 'never valid')
    const seen: unknown[] = []
    app.setValidatorCompiler(({ schema }) => {
      seen.push(schema)
      return (data: unknown) => ({ value: { custom: data } })
    })
    app.post('/', { schema: { body: Body } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })).json()).toEqual({ custom: { a: 1 } })
    expect(seen).toEqual([Body])
  })

  it('a route may mix libraries across its parts, and with TypeBox', async () => {
    const app = warren()
    app.post('/shops/:shop', {
      schema: {
        params: z.object({ shop: z.string().min(2) }),
        querystring: type({ 'limit?': 'number.integer' }),
        body: toStandardJsonSchema(v.object({ item: v.string() })),
        response: { 200: Type.Object({ shop: Type.String(), limit: Type.Integer(), item: Type.String() }) },
      },
    }, async (request) => ({ shop: request.params.shop, limit: request.query.limit ?? 10, item: request.body.item }))
    const res = await app.inject({ method: 'POST', url: '/shops/corner?limit=5', payload: { item: 'tea' } })
    expect(res.json()).toEqual({ shop: 'corner', limit: 5, item: 'tea' })
  })

  it('a content map may hold Standard Schemas, per media type', async () => {
    const app = warren()
    app.addContentTypeParser('application/x-count', { parseAs: 'string' }, (_request, body, done) => done(null, { count: body }))
    app.post('/', {
      schema: { body: { content: { 'application/json': { schema: z.object({ name: z.string() }) }, 'application/x-count': { schema: z.object({ count: z.coerce.number() }) } } } },
    }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { name: 'n' } })).json()).toEqual({ name: 'n' })
    expect((await app.inject({ method: 'POST', url: '/', payload: { title: 'n' } })).statusCode).toBe(400)
    const counted = await app.inject({ method: 'POST', url: '/', payload: '12', headers: { 'content-type': 'application/x-count' } })
    expect(counted.json()).toEqual({ count: 12 })
  })

  it('a response content map may hold Standard Schemas', async () => {
    const app = warren()
    const Item = z.object({ id: z.number() })
    app.get('/', { schema: { response: { 200: { content: { 'application/json': { schema: Item }, '*/*': { schema: Item } } } } } }, async () => ({ id: 1, secret: 'x' }) as any)
    expect((await app.inject({ url: '/' })).json()).toEqual({ id: 1 })
  })
})

describe('a response property set to undefined', () => {
  // ArkType's optional keys are exact: `'due?'` refuses a present `undefined`, which JSON leaves out
  const Note = type({ id: 'number', 'due?': type('string.date.iso.parse').pipe((date) => date.toISOString()), 'tags?': type({ 'label?': 'string' }).array() })

  it('is absent, as JSON writes it, even for a library that refuses undefined on an optional key', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Note } } }, async () => ({ id: 1, due: undefined, tags: [{ label: undefined }, { label: 'a' }] }))
    const res = await app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: 1, tags: [{}, { label: 'a' }] })
  })

  it('does not excuse a wrong value elsewhere in the payload: still a 500 naming it', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Note } } }, async () => ({ id: 'one', due: undefined }) as never)
    const res = await app.inject({ url: '/' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ code: 'SVC_ERR_RESPONSE_SERIALIZATION', message: expect.stringContaining('/id') })
  })

  it('is handed to a library that accepts it as it is, and a present value goes through its morph', async () => {
    const app = warren()
    const Due = z.object({ id: z.number(), due: z.date().transform((d) => d.toISOString()).optional() })
    app.get('/none', { schema: { response: { 200: Due } } }, async () => ({ id: 1, due: undefined }))
    app.get('/some', { schema: { response: { 200: Note } } }, async () => ({ id: 2, due: '2030-01-02' }))
    expect((await app.inject({ url: '/none' })).json()).toEqual({ id: 1 })
    expect((await app.inject({ url: '/some' })).json()).toEqual({ id: 2, due: '2030-01-02T00:00:00.000Z' })
  })
})

describe('the compile cache', () => {
  let dir: string
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('compiles a Zod route once and loads it on the next start, answering the same', async () => {
    dir = mkdtempSync(join(tmpdir(), 'warren-standard-cache-'))
    const start = async () => {
      const app = warren({ schemaCache: { dir } })
      const Body = z.object({ name: z.string().min(2), page: z.number().int() })
      app.post('/', { schema: { body: Body, querystring: z.object({ q: z.string() }), response: { 200: Body } } }, async (request) => request.body)
      app.post('/again', { schema: { body: Body } }, async (request) => request.body)
      await app.ready()
      await schemaCacheSettled(app)
      return app
    }
    const cold = await start()
    expect(schemaCacheStats(cold)).toMatchObject({ hits: 0, misses: 3, writes: 3 })
    const requests = [
      { method: 'POST', url: '/?q=x', payload: { name: 'Ada', page: 2, extra: 1 } },
      { method: 'POST', url: '/?q=x', payload: { name: 'Ada', page: '2' } },
    ] as const
    const answers = async (app: Awaited<ReturnType<typeof start>>) => Promise.all(requests.map(async (request) => (await app.inject(request)).json()))
    const coldAnswers = await answers(cold)
    await cold.close()
    const warm = await start()
    expect(schemaCacheStats(warm)).toMatchObject({ hits: 3, misses: 0 })
    expect(await answers(warm)).toEqual(coldAnswers)
    // the body, loaded from the cache, is still not coerced: Zod would refuse '2' for a number
    expect(coldAnswers).toEqual([{ name: 'Ada', page: 2 }, expect.objectContaining({ statusCode: 400, message: 'body/page must be integer' })])
    await warm.close()
  })
})

describe('the exports', () => {
  it('isStandardSchema recognises the three libraries, and not JSON Schema or TypeBox', () => {
    expect([z.string(), type('string'), toStandardJsonSchema(v.string()), v.string()].map(isStandardSchema)).toEqual([true, true, true, true])
    expect([Type.String(), { type: 'string' }, null, 'z'].map(isStandardSchema)).toEqual([false, false, false, false])
  })

  it('standardJsonSchema gives the JSON Schema documentation shows, formats included', () => {
    expect(standardJsonSchema(z.object({ email: z.email(), at: z.date().optional() }), 'input')).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string', format: 'email' }, at: {} },
      required: ['email'],
    })
    expect(standardJsonSchema(z.object({ n: z.string().transform(Number).pipe(z.number()) }), 'output')).toMatchObject({ properties: { n: { type: 'number' } } })
    expect(standardJsonSchema(v.string(), 'input')).toBeNull()
  })
})

describe('when the library runs, Ajv never refuses what it accepts', () => {
  it.each([
    ['zod', z.object({ code: z.string().regex(/^ab/i) })],
    ['valibot', toStandardJsonSchema(v.object({ code: v.pipe(v.string(), v.regex(/^ab/i)) }))],
    ['arktype', type({ code: /^ab/i })],
  ])('a %s pattern with flags, which its JSON Schema drops, is left to the library', async (_library, Body) => {
    const app = warren()
    app.post('/', { schema: { body: Body } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { code: 'ABc' } })).json()).toEqual({ code: 'ABc' })
    expect((await app.inject({ method: 'POST', url: '/', payload: { code: 'xab' } })).statusCode).toBe(400)
  })
})

describe('recursive schemas', () => {
  interface Category { name: string; children: Category[] }
  const ZodCategory: z.ZodType<Category> = z.object({ name: z.string(), get children() { return z.array(ZodCategory) } })
  const ValibotCategory: v.GenericSchema<Category> = v.object({ name: v.string(), children: v.array(v.lazy(() => ValibotCategory)) })

  it.each([
    ['zod', ZodCategory],
    ['valibot', toStandardJsonSchema(ValibotCategory)],
    ['arktype', type({ name: 'string', children: 'this[]' })],
  ])('a recursive %s body is validated at every depth', async (_library, Body) => {
    const app = warren()
    app.post('/', { schema: { body: Body as never, response: { 200: Body as never } } }, async (request) => request.body as never)
    const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [] }] }] }
    expect((await app.inject({ method: 'POST', url: '/', payload: tree })).json()).toEqual(tree)
    const bad = await app.inject({ method: 'POST', url: '/', payload: { name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^body\/children\/0\/children\/0/)
  })
})

describe('string formats', () => {
  it('a Zod format checked by its own regular expression is exact (the pattern stands for it); one checked otherwise runs Zod', async () => {
    const Exact = z.object({ email: z.email(), id: z.uuid() })
    const Parsed = z.object({ site: z.url() })
    const exact = countValidate(Exact)
    const parsed = countValidate(Parsed)
    const app = warren()
    app.post('/exact', { schema: { body: Exact } }, async (request) => request.body)
    app.post('/parsed', { schema: { body: Parsed } }, async (request) => request.body)
    expect((await app.inject({ method: 'POST', url: '/exact', payload: { email: 'a@b.co', id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/exact', payload: { email: 'a@b', id: '00000000-0000-4000-8000-000000000000' } })).json().message).toMatch(/^body\/email must match pattern/)
    expect((await app.inject({ method: 'POST', url: '/parsed', payload: { site: 'https://example.com' } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/parsed', payload: { site: 'not a url' } })).json().message).toBe('body/site Invalid URL')
    expect(exact).not.toHaveBeenCalled()
    expect(parsed).toHaveBeenCalledTimes(2)
  })
})

describe('schemas compiled on demand', () => {
  it('request.compileValidationSchema, validateInput and reply.serializeInput take Standard Schemas too', async () => {
    const app = warren()
    const Note = z.object({ text: z.string().min(1).transform((text) => text.toUpperCase()) })
    const Stamp = type({ at: type('Date').pipe((date) => date.toISOString()) })
    app.post('/', async (request, reply) => {
      const check = request.compileValidationSchema(Note)
      return {
        valid: check({ text: 'hi' }),
        invalid: request.validateInput({ text: '' }, Note),
        stamp: reply.serializeInput({ at: new Date(0) }, Stamp),
      }
    })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json()).toEqual({
      valid: { value: { text: 'HI' } },
      invalid: false,
      stamp: '{"at":"1970-01-01T00:00:00.000Z"}',
    })
  })
})
