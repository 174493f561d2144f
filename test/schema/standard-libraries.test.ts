import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import warren from 'warren'
import { z } from 'zod'

/**
 * The same route schemas written with each library: what a route accepts, refuses and hands its
 * handler must be what the library itself would, whether Ajv alone can check it or the library runs.
 */
interface Library {
  name: string
  /** `{ name: string (2+ characters), age?: integer }`, dropping unknown keys. */
  user: object
  /** `{ a: number }` refusing unknown keys. */
  strict: object
  /** `{ a: number }` keeping unknown keys. */
  loose: object
  /** `{ a: number, b: number }` with `a < b` checked by code. */
  refined: object
  /** `{ n: string }` turned into `{ n: number }`. */
  transformed: object
  /** `{ page?: integer }` defaulting to 1. */
  defaulted: object
  /** `{ id: integer }`, for params and querystrings. */
  id: object
}

const zod: Library = {
  name: 'zod',
  user: z.object({ name: z.string().min(2), age: z.number().int().optional() }),
  strict: z.strictObject({ a: z.number() }),
  loose: z.looseObject({ a: z.number() }),
  refined: z.object({ a: z.number(), b: z.number() }).refine((o) => o.a < o.b, { message: 'a must be less than b', path: ['a'] }),
  transformed: z.object({ n: z.string().transform((s) => s.length) }),
  defaulted: z.object({ page: z.number().int().default(1) }),
  id: z.object({ id: z.number().int() }),
}

const valibot: Library = {
  name: 'valibot',
  user: toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(2)), age: v.optional(v.pipe(v.number(), v.integer())) })),
  strict: toStandardJsonSchema(v.strictObject({ a: v.number() })),
  loose: toStandardJsonSchema(v.looseObject({ a: v.number() })),
  refined: toStandardJsonSchema(
    v.pipe(
      v.object({ a: v.number(), b: v.number() }),
      v.forward(v.check((o) => o.a < o.b, 'a must be less than b'), ['a']),
    ),
  ),
  transformed: toStandardJsonSchema(v.object({ n: v.pipe(v.string(), v.transform((s) => s.length)) })),
  defaulted: toStandardJsonSchema(v.object({ page: v.optional(v.pipe(v.number(), v.integer()), 1) })),
  id: toStandardJsonSchema(v.object({ id: v.pipe(v.number(), v.integer()) })),
}

const arktype: Library = {
  name: 'arktype',
  user: type({ '+': 'delete', name: 'string >= 2', 'age?': 'number.integer' }),
  strict: type({ '+': 'reject', a: 'number' }),
  loose: type({ a: 'number' }),
  refined: type({ a: 'number', b: 'number' }).narrow((o, ctx) => o.a < o.b || ctx.reject({ message: 'a must be less than b', path: ['a'] })),
  transformed: type({ n: type('string').pipe((s) => s.length) }),
  defaulted: type({ page: 'number.integer = 1' }),
  id: type({ id: 'number.integer' }),
}

async function post(app: any, url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, payload })
  return { status: res.statusCode, body: res.json() }
}

describe.each([zod, valibot, arktype])('$name schemas on routes', (library) => {
  function app() {
    const server = warren()
    const echo = async (request: any) => ({ body: request.body, query: request.query, params: request.params })
    server.post('/user', { schema: { body: library.user as any } }, async (request: any) => request.body)
    server.post('/strict', { schema: { body: library.strict as any } }, async (request: any) => request.body)
    server.post('/loose', { schema: { body: library.loose as any } }, async (request: any) => request.body)
    server.post('/refined', { schema: { body: library.refined as any } }, async (request: any) => request.body)
    server.post('/transformed', { schema: { body: library.transformed as any } }, async (request: any) => request.body)
    server.post('/defaulted', { schema: { body: library.defaulted as any } }, async (request: any) => request.body)
    server.get('/items/:id', { schema: { params: library.id as any, querystring: library.defaulted as any } }, echo)
    return server
  }

  it('accepts a valid body and hands the handler the library output', async () => {
    expect(await post(app(), '/user', { name: 'Ada', age: 36 })).toEqual({ status: 200, body: { name: 'Ada', age: 36 } })
  })

  it('answers 400 SVC_ERR_VALIDATION for a wrong type, naming the part and the property', async () => {
    const { status, body } = await post(app(), '/user', { name: 'Ada', age: 'old' })
    expect(status).toBe(400)
    expect(body.code).toBe('SVC_ERR_VALIDATION')
    expect(body.message).toMatch(/^body\/age /)
  })

  it('answers 400 for a missing field, in the usual wording', async () => {
    expect((await post(app(), '/user', { age: 3 })).body).toMatchObject({ statusCode: 400, message: "body must have required property 'name'" })
  })

  it('answers 400 for a constraint the JSON Schema states (minimum length)', async () => {
    expect((await post(app(), '/user', { name: 'A' })).body.message).toMatch(/^body\/name /)
  })

  it('drops unknown keys where the library strips them', async () => {
    expect(await post(app(), '/user', { name: 'Ada', admin: true })).toEqual({ status: 200, body: { name: 'Ada' } })
  })

  it('refuses unknown keys where the library is strict', async () => {
    const { status, body } = await post(app(), '/strict', { a: 1, admin: true })
    expect(status).toBe(400)
    expect(body.code).toBe('SVC_ERR_VALIDATION')
    expect(await post(app(), '/strict', { a: 1 })).toEqual({ status: 200, body: { a: 1 } })
  })

  it('keeps unknown keys where the library lets them through', async () => {
    expect(await post(app(), '/loose', { a: 1, extra: 'kept' })).toEqual({ status: 200, body: { a: 1, extra: 'kept' } })
  })

  it('holds a refinement JSON Schema cannot state, with the library message at its path', async () => {
    const { status, body } = await post(app(), '/refined', { a: 2, b: 1 })
    expect(status).toBe(400)
    expect(body.message).toBe('body/a a must be less than b')
    expect(await post(app(), '/refined', { a: 1, b: 2 })).toEqual({ status: 200, body: { a: 1, b: 2 } })
  })

  it('applies a transform: the handler gets the output', async () => {
    expect(await post(app(), '/transformed', { n: 'four' })).toEqual({ status: 200, body: { n: 4 } })
  })

  it('fills a default the library gives', async () => {
    expect(await post(app(), '/defaulted', {})).toEqual({ status: 200, body: { page: 1 } })
    expect(await post(app(), '/defaulted', { page: 3 })).toEqual({ status: 200, body: { page: 3 } })
  })

  it("coerces params and querystring as Ajv does for TypeBox ('42' is 42) before the library sees them", async () => {
    const res = await app().inject({ url: '/items/42?page=7' })
    expect(res.json()).toEqual({ params: { id: 42 }, query: { page: 7 } })
    const defaulted = await app().inject({ url: '/items/42' })
    expect(defaulted.json().query).toEqual({ page: 1 })
    const wrong = await app().inject({ url: '/items/forty-two' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toMatch(/^params\/id /)
  })

  it('answers malformed JSON with the parser error, as for any route', async () => {
    const res = await app().inject({ method: 'POST', url: '/user', payload: '{"name":', headers: { 'content-type': 'application/json' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('SVC_ERR_CTP_INVALID_JSON_BODY')
  })
})

/**
 * Differential check: a route answers a JSON body exactly as the library's own validate does: the
 * same verdict, and on success the same value.
 */
describe('a route accepts and produces exactly what its library would', () => {
  const inputs: unknown[] = [
    {},
    { name: 'Ada' },
    { name: 'Ada', age: 36, extra: { nested: true } },
    { name: 'A', age: 36 },
    { name: 'Ada', age: 3.5 },
    { name: 'Ada', tags: ['x', 'y'] },
    { name: 'Ada', tags: [{}] },
    { name: { first: 'Ada' } },
    { name: 'Ada', kind: 'admin', level: 3 },
    { name: 'Ada', kind: 'guest' },
    { name: 'Ada', kind: 'admin' },
    { name: 'Ada', email: 'ada@example.com' },
    { name: 'Ada', email: 'not-an-email' },
    { name: null },
    { name: 42 },
    { name: 'Ada', age: '36' },
    { name: 'Ada', tags: 'x' },
    { name: 'Ada', age: null },
    { name: '😀😀' },
    { name: 'Ada', age: 1.5, tags: ['x'] },
    { name: 'Ada', age: '007' },
    [],
  ]
  const schemas: Array<[string, object]> = [
    ['zod', z.object({ name: z.string().min(2), age: z.number().int().optional(), tags: z.array(z.string()).max(3).optional(), email: z.email().optional() })],
    ['zod', z.strictObject({ name: z.string(), age: z.number().optional() })],
    ['zod', z.object({ name: z.string(), kind: z.enum(['admin', 'guest']).optional(), level: z.number().min(1).optional() }).refine((o) => o.kind !== 'admin' || o.level !== undefined, 'admins need a level')],
    ['zod', z.object({ name: z.string().transform((name) => name.toUpperCase()), tags: z.array(z.string()).default([]) })],
    ['valibot', toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(2)), age: v.optional(v.pipe(v.number(), v.integer())), tags: v.optional(v.pipe(v.array(v.string()), v.maxLength(3))) }))],
    ['valibot', toStandardJsonSchema(v.strictObject({ name: v.string(), age: v.optional(v.number()) }))],
    ['valibot', toStandardJsonSchema(v.object({ name: v.string(), email: v.optional(v.pipe(v.string(), v.email())) }))],
    ['arktype', type({ name: 'string >= 2', 'age?': 'number.integer', 'tags?': 'string[] <= 3', 'email?': 'string.email' })],
    ['arktype', type({ '+': 'reject', name: 'string', 'age?': 'number' })],
    ['arktype', type({ '+': 'delete', name: 'string', 'kind?': "'admin' | 'guest'", 'level?': 'number >= 1' })],
    ['zod', z.object({ name: z.string().max(2).catch('?'), age: z.union([z.number().multipleOf(0.5), z.string()]).optional(), tags: z.tuple([z.string()]).optional() })],
    ['valibot', toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.maxLength(3)), age: v.optional(v.union([v.pipe(v.number(), v.multipleOf(0.5)), v.string()])), tags: v.optional(v.tuple([v.string()])) }))],
    ['valibot', toStandardJsonSchema(v.looseObject({ name: v.pipe(v.string(), v.minLength(2)), tags: v.optional(v.looseTuple([v.string()])) }))],
    ['arktype', type({ name: 'string <= 3', 'age?': 'number | string', 'tags?': ['string'] })],
  ]

  it.each(schemas)('%s: %#', async (_library, schema) => {
    const app = warren()
    app.post('/', { schema: { body: schema as any } }, async (request: any) => ({ value: request.body }))
    for (const input of inputs) {
      const own = (await (schema as any)['~standard'].validate(structuredClone(input))) as { value?: unknown; issues?: unknown }
      const res = await app.inject({ method: 'POST', url: '/', payload: input as object })
      const verdict = { status: res.statusCode, value: res.statusCode === 200 ? res.json().value : undefined }
      expect(verdict, `input ${JSON.stringify(input)}`).toEqual(own.issues ? { status: 400, value: undefined } : { status: 200, value: JSON.parse(JSON.stringify(own.value)) })
    }
  })
})

describe('coercion', () => {
  it("z.coerce converts as Zod does, which Ajv's coercion would refuse ('' is 0, a list of one is its item)", async () => {
    const app = warren()
    app.get('/', { schema: { querystring: z.object({ page: z.coerce.number().int().min(0), flag: z.coerce.boolean() }) } }, async (request) => request.query)
    expect((await app.inject({ url: '/?page=&flag=yes' })).json()).toEqual({ page: 0, flag: true })
    expect((await app.inject({ url: '/?page=3&flag=' })).json()).toEqual({ page: 3, flag: false })
    expect((await app.inject({ url: '/?page=x&flag=1' })).json().message).toMatch(/^querystring\/page /)
  })
})

describe('nullable values', () => {
  it('keep null, and every other value, as each library alone does: Ajv does not coerce null into the first type it tries', async () => {
    const app = warren()
    const echo = async (request: any) => ({ body: request.body, query: request.query })
    const query = (schema: any) => ({ querystring: schema })
    app.post('/zod', { schema: { body: z.object({ n: z.number().nullable(), s: z.string().nullable(), int: z.number().int().nullable(), tags: z.array(z.string()).nullable() }), ...query(z.object({ q: z.number().nullable().optional() })) } }, echo)
    app.post('/valibot', { schema: { body: toStandardJsonSchema(v.object({ n: v.nullable(v.number()), s: v.nullable(v.string()), int: v.nullable(v.pipe(v.number(), v.integer())), tags: v.nullable(v.array(v.string())) })), ...query(toStandardJsonSchema(v.object({ q: v.optional(v.nullable(v.number())) }))) } }, echo)
    app.post('/arktype', { schema: { body: type({ n: 'number | null', s: 'string | null', int: 'number.integer | null', tags: 'string[] | null' }), ...query(type({ 'q?': 'number | null' })) } }, echo)
    for (const url of ['/zod', '/valibot', '/arktype']) {
      const nulls = await app.inject({ method: 'POST', url, payload: { n: null, s: null, int: null, tags: null } })
      expect([url, nulls.json().body]).toEqual([url, { n: null, s: null, int: null, tags: null }])
      const falsy = await app.inject({ method: 'POST', url: `${url}?q=5`, payload: { n: 0, s: '', int: 0, tags: [] } })
      expect([url, falsy.json()]).toEqual([url, { body: { n: 0, s: '', int: 0, tags: [] }, query: { q: 5 } }])
      const wrong = await app.inject({ method: 'POST', url, payload: { n: 'x', s: null, int: null, tags: null } })
      expect([url, wrong.statusCode]).toEqual([url, 400])
    }
  })
})

describe('a JSON body is not coerced: it arrives typed, and the library decides', () => {
  const bodies: Array<[string, object]> = [
    ['zod', z.object({ title: z.string(), pages: z.number().optional(), ref: z.union([z.number(), z.string()]).optional(), tags: z.array(z.string()).optional() })],
    ['valibot', toStandardJsonSchema(v.object({ title: v.string(), pages: v.optional(v.number()), ref: v.optional(v.union([v.number(), v.string()])), tags: v.optional(v.array(v.string())) }))],
    ['arktype', type({ title: 'string', 'pages?': 'number', 'ref?': 'number | string', 'tags?': 'string[]' })],
  ]

  it.each(bodies)("%s: null, a number for a string, '42' for a number and a lone item for an array are refused, as the library refuses them", async (_library, Body) => {
    const app = warren()
    app.post('/', { schema: { body: Body as any } }, async (request: any) => request.body)
    for (const payload of [{ title: null }, { title: 9780441013593 }, { title: 'Dune', pages: '412' }, { title: 'Dune', tags: 'sf' }]) {
      const res = await app.inject({ method: 'POST', url: '/', payload })
      expect([payload, res.statusCode, res.json().code]).toEqual([payload, 400, 'SVC_ERR_VALIDATION'])
    }
    expect((await app.inject({ method: 'POST', url: '/', payload: { title: 'Dune', pages: 412, tags: ['sf'] } })).json()).toEqual({ title: 'Dune', pages: 412, tags: ['sf'] })
  })

  it.each(bodies)("%s: a string in a number | string union stays the string the client sent ('007' is not 7)", async (_library, Body) => {
    const app = warren()
    app.post('/', { schema: { body: Body as any } }, async (request: any) => ({ ref: request.body.ref, type: typeof request.body.ref }))
    expect((await app.inject({ method: 'POST', url: '/', payload: { title: 'Dune', ref: '007' } })).json()).toEqual({ ref: '007', type: 'string' })
    expect((await app.inject({ method: 'POST', url: '/', payload: { title: 'Dune', ref: 7 } })).json()).toEqual({ ref: 7, type: 'number' })
  })

  it.each([
    ['zod', z.object({ u: z.union([z.object({ a: z.number() }), z.object({ a: z.string(), b: z.string() })]) })],
    ['valibot', toStandardJsonSchema(v.object({ u: v.union([v.object({ a: v.number() }), v.object({ a: v.string(), b: v.string() })]) }))],
    ['arktype', type({ u: type({ a: 'number' }).or({ a: 'string', b: 'string' }) })],
  ])('%s: a union of objects hands on the member that matches as sent, with all its fields', async (_library, Body) => {
    const app = warren()
    app.post('/', { schema: { body: Body as any } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { u: { a: '5', b: 'note' } } })).json()).toEqual({ u: { a: '5', b: 'note' } })
    expect((await app.inject({ method: 'POST', url: '/', payload: { u: { a: 5 } } })).json()).toEqual({ u: { a: 5 } })
  })

  it('the querystring, params and headers of the same route are still coerced: they arrive as strings', async () => {
    const app = warren()
    app.post('/:id', { schema: { params: z.object({ id: z.number() }), querystring: z.object({ page: z.number() }), headers: z.object({ 'x-n': z.number() }), body: z.object({ n: z.number() }) } }, async (request: any) => ({ id: request.params.id, page: request.query.page, n: request.headers['x-n'], body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/4?page=2', headers: { 'x-n': '3' }, payload: { n: 1 } })
    expect(res.json()).toEqual({ id: 4, page: 2, n: 3, body: { n: 1 } })
    expect((await app.inject({ method: 'POST', url: '/4?page=2', headers: { 'x-n': '3' }, payload: { n: '1' } })).json().message).toBe('body/n must be number')
  })
})

describe('start-up', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("is silent for the schemas the documentation shows: Ajv's strict mode has nothing to say of a library's generated JSON Schema", async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {})
    const app = warren()
    app.get('/books', { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(50), q: z.coerce.string().min(2).optional() }) } }, async (request) => request.query)
    app.post('/shelf', { schema: { body: toStandardJsonSchema(v.object({ shelf: v.tuple([v.string(), v.number()]), rest: v.optional(v.tupleWithRest([v.string()], v.number())) })) } }, async (request) => request.body)
    app.post('/zod', { schema: { body: z.object({ pair: z.tuple([z.string(), z.number().optional()]), rest: z.tuple([z.string()]).rest(z.number()) }) } }, async (request) => request.body)
    app.post('/arktype', { schema: { body: type({ pair: ['string', 'number?'], rest: ['string', '...', 'number[]'] }) } }, async (request) => request.body)
    await app.ready()
    expect([...warned.mock.calls, ...logged.mock.calls]).toEqual([])
    expect((await app.inject({ url: '/books?limit=5' })).json()).toEqual({ limit: 5 })
  })
})

describe('a fractional multipleOf is left to the library, whose arithmetic decides', () => {
  it("z.number().multipleOf(0.01) accepts 19.99 and 0.07, as Zod does; Valibot's multipleOf(0.1) refuses 0.5, as Valibot does", async () => {
    const app = warren()
    app.post('/zod', { schema: { body: z.object({ price: z.number().multipleOf(0.01) }) } }, async (request) => request.body)
    app.post('/valibot', { schema: { body: toStandardJsonSchema(v.object({ step: v.pipe(v.number(), v.multipleOf(0.1)) })) } }, async (request) => request.body)
    expect(await post(app, '/zod', { price: 19.99 })).toEqual({ status: 200, body: { price: 19.99 } })
    expect(await post(app, '/zod', { price: 0.07 })).toEqual({ status: 200, body: { price: 0.07 } })
    expect((await post(app, '/zod', { price: 19.991 })).status).toBe(400)
    expect(await post(app, '/valibot', { step: 0.2 })).toEqual({ status: 200, body: { step: 0.2 } })
    const refused = await post(app, '/valibot', { step: 0.5 })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/^body\/step Invalid multiple/)
  })
})

describe('string lengths and patterns are counted as the library counts them', () => {
  it('Valibot and ArkType count UTF-16 units (an emoji is 2), Zod code points (an emoji is 1)', async () => {
    const app = warren()
    app.post('/valibot/max', { schema: { body: toStandardJsonSchema(v.object({ code: v.pipe(v.string(), v.maxLength(2)) })) } }, async (request) => request.body)
    app.post('/valibot/min', { schema: { body: toStandardJsonSchema(v.object({ code: v.pipe(v.string(), v.minLength(2)) })) } }, async (request) => request.body)
    app.post('/arktype/max', { schema: { body: type({ code: 'string <= 2' }) } }, async (request) => request.body)
    app.post('/arktype/min', { schema: { body: type({ code: 'string >= 2' }) } }, async (request) => request.body)
    app.post('/zod/max', { schema: { body: z.object({ code: z.string().max(2) }) } }, async (request) => request.body)
    app.post('/zod/min', { schema: { body: z.object({ code: z.string().min(2) }) } }, async (request) => request.body)
    const status = async (url: string, code: string) => (await post(app, url, { code })).status
    expect([await status('/valibot/max', '😀😀'), await status('/valibot/max', '😀'), await status('/valibot/min', '😀')]).toEqual([400, 200, 200])
    expect([await status('/arktype/max', '😀😀'), await status('/arktype/max', '😀'), await status('/arktype/min', '😀')]).toEqual([400, 200, 200])
    expect([await status('/zod/max', '😀😀'), await status('/zod/min', '😀'), await status('/zod/min', '😀😀')]).toEqual([200, 400, 200])
  })

  it("a pattern matches as the library's regular expression does, without the u flag ('.' is one UTF-16 unit)", async () => {
    const app = warren()
    app.post('/zod', { schema: { body: z.object({ code: z.string().regex(/^.{0,2}$/) }) } }, async (request) => request.body)
    app.post('/valibot', { schema: { body: toStandardJsonSchema(v.object({ code: v.pipe(v.string(), v.regex(/^.{0,2}$/)) })) } }, async (request) => request.body)
    app.post('/arktype', { schema: { body: type({ code: /^.{0,2}$/ }) } }, async (request) => request.body)
    for (const url of ['/zod', '/valibot', '/arktype']) {
      expect([url, (await post(app, url, { code: '😀😀' })).status, (await post(app, url, { code: '😀' })).status]).toEqual([url, 400, 200])
    }
  })
})

describe('a fallback (.catch(), v.fallback()) replaces what the library would refuse', () => {
  it('Zod: a wrong or missing value becomes the fallback, in a querystring and a body', async () => {
    const Listing = z.object({ sort: z.enum(['title', 'year']).catch('title'), limit: z.number().catch(20) })
    const app = warren()
    app.get('/', { schema: { querystring: Listing } }, async (request) => request.query)
    app.post('/', { schema: { body: Listing } }, async (request) => request.body)
    expect((await app.inject({ url: '/?sort=bogus&limit=10' })).json()).toEqual({ sort: 'title', limit: 10 })
    expect((await app.inject({ url: '/?sort=year&limit=lots' })).json()).toEqual({ sort: 'year', limit: 20 })
    expect((await app.inject({ url: '/' })).json()).toEqual({ sort: 'title', limit: 20 })
    expect(await post(app, '/', { sort: 5, limit: null })).toEqual({ status: 200, body: { sort: 'title', limit: 20 } })
  })

  it('Valibot: a wrong or missing value becomes the fallback, around a pipe too', async () => {
    const Listing = toStandardJsonSchema(v.object({
      sort: v.fallback(v.picklist(['title', 'year']), 'title'),
      limit: v.fallback(v.number(), () => 20),
      q: v.fallback(v.pipe(v.string(), v.minLength(2)), ''),
      tags: v.optional(v.array(v.fallback(v.pipe(v.string(), v.maxLength(3)), '?'))),
    }))
    const app = warren()
    app.get('/', { schema: { querystring: Listing } }, async (request) => request.query)
    expect((await app.inject({ url: '/?sort=bogus&limit=10&q=x' })).json()).toEqual({ sort: 'title', limit: 10, q: '' })
    expect((await app.inject({ url: '/?sort=year&q=dune&tags=sf&tags=classic' })).json()).toEqual({ sort: 'year', limit: 20, q: 'dune', tags: ['sf', '?'] })
    expect((await app.inject({ url: '/' })).json()).toEqual({ sort: 'title', limit: 20, q: '' })
  })
})

describe('tuples follow their library', () => {
  it('Valibot: v.tuple drops extra items in a request and a response, v.looseTuple keeps them, v.strictTuple refuses them', async () => {
    const app = warren()
    const handled: unknown[] = []
    app.post('/tuple', { schema: { body: toStandardJsonSchema(v.object({ shelf: v.tuple([v.string(), v.number()]) })) } }, async (request) => (handled.push(request.body), request.body))
    app.post('/loose', { schema: { body: toStandardJsonSchema(v.object({ shelf: v.looseTuple([v.string(), v.number()]) })) } }, async (request) => request.body)
    app.post('/strict', { schema: { body: toStandardJsonSchema(v.object({ shelf: v.strictTuple([v.string(), v.number()]) })) } }, async (request) => request.body)
    app.get('/tuple', { schema: { response: { 200: toStandardJsonSchema(v.tuple([v.string(), v.number()])) } } }, async () => ['B', 12, 'x'] as any)
    app.get('/loose', { schema: { response: { 200: toStandardJsonSchema(v.looseTuple([v.string(), v.number()])) } } }, async () => ['B', 12, 'x'] as any)
    expect(await post(app, '/tuple', { shelf: ['B', 12, { injected: true }] })).toEqual({ status: 200, body: { shelf: ['B', 12] } })
    expect(handled).toEqual([{ shelf: ['B', 12] }])
    expect(await post(app, '/loose', { shelf: ['B', 12, 'x'] })).toEqual({ status: 200, body: { shelf: ['B', 12, 'x'] } })
    expect((await post(app, '/strict', { shelf: ['B', 12, 'x'] })).status).toBe(400)
    expect((await post(app, '/tuple', { shelf: ['B'] })).status).toBe(400)
    expect(await app.inject({ url: '/tuple' })).toMatchObject({ statusCode: 200, body: '["B",12]' })
    expect(await app.inject({ url: '/loose' })).toMatchObject({ statusCode: 200, body: '["B",12,"x"]' })
  })

  it('Valibot: an optional item may be left out, as Valibot allows', async () => {
    const app = warren()
    app.post('/', { schema: { body: toStandardJsonSchema(v.object({ pair: v.tuple([v.string(), v.optional(v.number())]) })) } }, async (request) => ({ length: request.body.pair.length, first: request.body.pair[0] }))
    expect(await post(app, '/', { pair: ['a'] })).toEqual({ status: 200, body: { length: 2, first: 'a' } })
  })

  it.each([
    ['zod', z.object({ pair: z.tuple([z.string(), z.number()]) }), z.object({ pair: z.tuple([z.string(), z.number()]).rest(z.boolean()) })],
    ['arktype', type({ pair: ['string', 'number'] }), type({ pair: ['string', 'number', '...', 'boolean[]'] })],
  ])('%s: a tuple refuses extra items; one with a rest checks them', async (_library, Fixed, Rest) => {
    const app = warren()
    app.post('/fixed', { schema: { body: Fixed as any } }, async (request: any) => request.body)
    app.post('/rest', { schema: { body: Rest as any } }, async (request: any) => request.body)
    expect((await post(app, '/fixed', { pair: ['a', 1, true] })).status).toBe(400)
    expect(await post(app, '/fixed', { pair: ['a', 1] })).toEqual({ status: 200, body: { pair: ['a', 1] } })
    expect(await post(app, '/rest', { pair: ['a', 1, true, false] })).toEqual({ status: 200, body: { pair: ['a', 1, true, false] } })
    expect((await post(app, '/rest', { pair: ['a', 1, 'x'] })).status).toBe(400)
  })
})

describe('objects that keep unknown keys keep them in a response too', () => {
  it.each([
    ['zod', z.looseObject({ id: z.number() })],
    ['valibot', toStandardJsonSchema(v.looseObject({ id: v.number() }))],
    ['arktype', type({ id: 'number' })],
  ])('%s', async (_library, Out) => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Out as any } } }, async () => ({ id: 1, extra: 'kept', nested: { deep: true } }))
    expect((await app.inject({ url: '/' })).json()).toEqual({ id: 1, extra: 'kept', nested: { deep: true } })
  })

  it('an object that drops them drops them, and a nested ArkType object keeps them', async () => {
    const app = warren()
    app.get('/zod', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 1, extra: 'dropped' }) as any)
    app.get('/valibot', { schema: { response: { 200: toStandardJsonSchema(v.object({ id: v.number() })) } } }, async () => ({ id: 1, extra: 'dropped' }) as any)
    app.get('/arktype', { schema: { response: { 200: type({ a: { id: 'number' } }) } } }, async () => ({ a: { id: 1, extra: 'kept' } }))
    expect((await app.inject({ url: '/zod' })).json()).toEqual({ id: 1 })
    expect((await app.inject({ url: '/valibot' })).json()).toEqual({ id: 1 })
    expect((await app.inject({ url: '/arktype' })).json()).toEqual({ a: { id: 1, extra: 'kept' } })
  })
})

describe('a union of objects told apart by one property names that property when it fails', () => {
  const formats = {
    zod: z.object({ format: z.discriminatedUnion('kind', [z.object({ kind: z.literal('paper'), pages: z.number().int().min(1) }), z.object({ kind: z.literal('ebook'), sizeMb: z.number() })]) }),
    valibot: toStandardJsonSchema(v.object({ format: v.variant('kind', [v.object({ kind: v.literal('paper'), pages: v.pipe(v.number(), v.integer(), v.minValue(1)) }), v.object({ kind: v.literal('ebook'), sizeMb: v.number() })]) })),
    arktype: type({ format: type({ kind: "'paper'", pages: 'number.integer >= 1' }).or({ kind: "'ebook'", sizeMb: 'number' }) }),
  }

  it.each(Object.entries(formats))('%s: an unknown tag answers `body/format/kind`, with the allowed values; a wrong field only that branch\'s field', async (_name, body) => {
    const app = warren()
    app.post('/', { schema: { body } }, async (request) => request.body)
    const send = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/', payload })
    const unknown = await send({ format: { kind: 'audio' } })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/format/kind must be equal to one of the allowed values' })
    const missing = await send({ format: { pages: 3 } })
    expect(missing.json().message).toBe("body/format must have required property 'kind'")
    const wrongField = await send({ format: { kind: 'paper', pages: 0 } })
    expect(wrongField.json().message).toBe('body/format/pages must be >= 1')
    const valid = await send({ format: { kind: 'ebook', sizeMb: 2.5 } })
    expect(valid.json()).toEqual({ format: { kind: 'ebook', sizeMb: 2.5 } })
  })

  it('a union that is the whole body names its tag too (a converter writes $schema beside it)', async () => {
    const app = warren()
    const media = z.discriminatedUnion('kind', [z.object({ kind: z.literal('book'), pages: z.number().int().min(1) }), z.object({ kind: z.literal('audio'), minutes: z.number() })])
    app.post('/', { schema: { body: media } }, async (request) => request.body)
    const unknown = await app.inject({ method: 'POST', url: '/', payload: { kind: 'video' } })
    expect(unknown.json().message).toBe('body/kind must be equal to one of the allowed values')
    expect((await app.inject({ method: 'POST', url: '/', payload: { kind: 'book', pages: 2 } })).json()).toEqual({ kind: 'book', pages: 2 })
  })

  it('the allowed values are in the validation item, for an error handler or a schema error formatter', async () => {
    const app = warren()
    app.post('/', { schema: { body: formats.zod }, attachValidation: true }, async (request) => request.validationError?.validation)
    const items = (await app.inject({ method: 'POST', url: '/', payload: { format: { kind: 'audio' } } })).json()
    expect(items).toEqual([expect.objectContaining({ keyword: 'enum', instancePath: '/format/kind', params: { allowedValues: ['paper', 'ebook'] } })])
  })
})
