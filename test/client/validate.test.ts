/**
 * @module `validate`: answers are checked as the server's validator would check them — every
 * ajv-formats format, the application's own formats and keywords — and bodiless answers (204, 205,
 * 304, HEAD) are never checked against a body schema. Over inject (schemas read from the app) and
 * over a socket (schemas given as a table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import warren, { Type, type ValidatorOptions } from 'warren'
import { client, type WarrenClient } from 'warren/client'

const Event = Type.Object({
  id: Type.String({ format: 'uuid' }),
  at: Type.String({ format: 'date-time' }),
  day: Type.String({ format: 'date' }),
  contact: Type.String({ format: 'email' }),
  site: Type.String({ format: 'uri' }),
  host: Type.String({ format: 'ipv4' }),
})
const Slugged = Type.Object({ slug: Type.String({ format: 'slug' }), even: Type.Integer({ even: true }) })
const good = { id: '3b241101-e2bb-4255-8caf-4136c566a962', at: '2024-02-29T10:00:00Z', day: '2024-02-29', contact: 'ada@example.com', site: 'https://example.com/a', host: '127.0.0.1' }

/** The application's own format and keyword, as the server's `validator` option declares them. */
const validator: ValidatorOptions = {
  customOptions: {
    formats: { slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ },
    keywords: [{ keyword: 'even', type: 'number', schemaType: 'boolean', validate: (wanted: boolean, n: number) => !wanted || n % 2 === 0 }],
  },
}

/** Routes that answer as their schema says, and raw answers that do not (`raw` skips serialization). */
function buildApp() {
  const raw = (json: string) => json as never
  const app = warren({ validator })
  app.get('/event/:mode', { schema: { response: { 200: Event } } }, async (request, reply) =>
    request.params.mode === 'good' ? good : reply.type('application/json').send(raw(JSON.stringify({ ...good, day: '2024-02-30' }))),
  )
  app.get('/slug/:slug', { schema: { response: { 200: Slugged } } }, async (request, reply) =>
    reply.type('application/json').send(raw(JSON.stringify({ slug: request.params.slug, even: request.params.slug.length }))),
  )
  app.delete('/thing', { schema: { response: { 204: Type.Null() } } }, async (_request, reply) => reply.code(204).send(null))
  app.post('/reset', { schema: { response: { '2xx': Type.Object({ ok: Type.Boolean() }) } } }, async (_request, reply) => reply.code(205).send({ ok: true }))
  app.get('/cached', { schema: { response: { 200: Type.Object({ n: Type.Integer() }), 304: Type.Object({ n: Type.Integer() }) } } }, async (request, reply) =>
    request.headers['if-none-match'] === 'v1' ? reply.code(304).send({ n: 1 }) : { n: 1 },
  )
  app.get('/media', { schema: { response: { 200: { content: { 'application/json': { schema: Type.Object({ n: Type.Integer() }) }, 'text/plain': { schema: Type.String({ maxLength: 3 }) } } } } } }, async (request, reply) =>
    request.headers.accept === 'text/plain' ? reply.type('text/plain').send('long text') : reply.type('application/json').send({ n: 1 }),
  )
  app.get('/short', { schema: { response: { 200: { n: { type: 'integer' } } } } }, async (_request, reply) => reply.type('application/json').send(raw('{"n":"one"}')))
  return app
}

/** The same checks through a client that validates: over inject or over a socket. */
function checks(make: () => WarrenClient) {
  it('accepts answers whose strings have ajv-formats formats, and checks them as the server would', async () => {
    const api = make()
    expect((await api.get('/event/:mode', { params: { mode: 'good' } })).body).toEqual(good)
    await expect(api.get('/event/:mode', { params: { mode: 'bad' } })).rejects.toMatchObject({
      code: 'CLIENT_ERR_RESPONSE_VALIDATION',
      message: 'The 200 answer of GET /event/:mode does not match its schema: /day must match format "date"',
    })
  })

  it("knows the application's own formats and keywords", async () => {
    const api = make()
    expect((await api.get('/slug/:slug', { params: { slug: 'ab-cde' } })).body).toEqual({ slug: 'ab-cde', even: 6 })
    await expect(api.get('/slug/:slug', { params: { slug: 'Ab_c' } })).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', message: expect.stringContaining('/slug must match format "slug"') })
    await expect(api.get('/slug/:slug', { params: { slug: 'abc' } })).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', message: expect.stringContaining('/even must pass "even" keyword validation') })
  })

  it('does not check bodiless answers against a body schema: 204, 205, 304 and HEAD', async () => {
    const api = make()
    expect(await api.delete('/thing')).toMatchObject({ status: 204, body: undefined })
    expect(await api.post('/reset')).toMatchObject({ status: 205, body: undefined })
    expect(await api.get('/cached', { headers: { 'if-none-match': 'v1' } })).toMatchObject({ status: 304, body: undefined })
    expect(await api.head('/event/:mode', { params: { mode: 'bad' } })).toMatchObject({ status: 200, body: undefined })
  })

  it("checks a content map's schema for the answer's media type", async () => {
    const api = make()
    expect((await api.get('/media')).body).toEqual({ n: 1 })
    await expect(api.get('/media', { headers: { accept: 'text/plain' } })).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', message: expect.stringContaining('must NOT have more than 3 characters') })
  })
}

describe('validate: true, schemas and validator settings read from the app (inject)', () => {
  const app = buildApp()
  checks(() => client({ app, validate: true }))

  it('reads a short-form response schema as the serializer does', async () => {
    await expect(client({ app, validate: true }).get('/short')).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', message: expect.stringContaining('/n must be integer') })
  })

  it('refuses to check against a format it does not know, saying how to add it', async () => {
    const api = client({ app, validate: true, validator: {} }) // the client's own settings replace the app's
    await expect(api.get('/slug/:slug', { params: { slug: 'ab' } })).rejects.toMatchObject({
      code: 'CLIENT_ERR_RESPONSE_SCHEMA',
      message: expect.stringContaining("format 'slug' is unknown to the client (add it to the client's `validator` option"),
    })
  })
})

describe('validate: a table of schemas, over a socket', () => {
  const app = buildApp()
  let baseUrl = ''
  beforeAll(async () => {
    baseUrl = await app.listen({ port: 0 })
  })
  afterAll(() => app.close())
  const table = {
    'GET /event/:mode': { 200: Event },
    'GET /slug/:slug': { 200: Slugged },
    'DELETE /thing': { 204: Type.Null() },
    'POST /reset': { '2xx': Type.Object({ ok: Type.Boolean() }) },
    'GET /cached': { 200: Type.Object({ n: Type.Integer() }), 304: Type.Object({ n: Type.Integer() }) },
    'GET /media': { 200: { content: { 'application/json': { schema: Type.Object({ n: Type.Integer() }) }, 'text/plain': { schema: Type.String({ maxLength: 3 }) } } } },
  }
  checks(() => client({ baseUrl, validate: table, validator }))
})
