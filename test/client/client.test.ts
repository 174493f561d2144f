import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'
import { client, WarrenClientError } from 'warren/client'

const User = Type.Object({ id: Type.Integer(), name: Type.String() })

/** The server the client talks to, over inject and over a socket. */
function buildApp() {
  const app = warren()
  app.get('/users/:id', { schema: { params: Type.Object({ id: Type.String() }), response: { 200: User } } }, async (request) => ({ id: 7, name: request.params.id }))
  app.get('/tags', { schema: { querystring: Type.Object({ tag: Type.Array(Type.String()), limit: Type.Optional(Type.Integer()) }) } }, async (request) => request.query)
  app.post('/users', { schema: { body: Type.Object({ name: Type.String() }), response: { 201: User } } }, async (request, reply) =>
    reply.code(201).send({ id: 1, name: request.body.name }),
  )
  app.get('/whoami', async (request) => ({ token: request.headers.authorization ?? null, trace: request.headers['x-trace'] ?? null }))
  app.get('/text', async () => 'plain words')
  app.get('/bytes', async (_request, reply) => reply.type('application/octet-stream').send(Buffer.from([1, 2])))
  app.get('/broken-json', async (_request, reply) => reply.type('application/json').send('{ nope'))
  app.delete('/users/:id', async (_request, reply) => reply.code(204).send())
  return app
}

describe('warren/client over inject', () => {
  const app = buildApp()
  const api = client({ app })

  it('fills and encodes path params, and answers with status, parsed body and headers', async () => {
    const answer = await api.get('/users/:id', { params: { id: 'a b/c' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ id: 7, name: 'a b/c' })
    expect(answer.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('serialises the query as the server parses it: arrays repeat their key', async () => {
    const one = await api.get('/tags', { query: { tag: ['one', 'two'], limit: 3, skipped: undefined } })
    expect(one.body).toEqual({ tag: ['one', 'two'], limit: 3 })
    const single = await api.get('/tags', { query: { tag: ['only'] } })
    expect(single.body).toEqual({ tag: ['only'] })
  })

  it('sends a body as JSON and reads any status as an answer, not an error', async () => {
    const created = await api.post('/users', { body: { name: 'Ada' } })
    expect(created).toMatchObject({ status: 201, body: { id: 1, name: 'Ada' } })
    const invalid = await api.post('/users', { body: { nom: 'Ada' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({ code: 'SVC_ERR_VALIDATION' })
    const missing = await api.get('/nowhere')
    expect(missing).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } })
  })

  it('sends the client headers (fixed or computed per call) under the call headers', async () => {
    let n = 0
    const withAuth = client({ app, headers: () => ({ authorization: `Bearer t${++n}`, 'x-trace': 'from-client' }) })
    expect((await withAuth.get('/whoami')).body).toEqual({ token: 'Bearer t1', trace: 'from-client' })
    expect((await withAuth.get('/whoami', { headers: { 'x-trace': 'from-call' } })).body).toEqual({ token: 'Bearer t2', trace: 'from-call' })
  })

  it('reads text as a string and an empty answer as undefined', async () => {
    expect((await api.get('/text')).body).toBe('plain words')
    const deleted = await api.delete('/users/:id', { params: { id: 3 } })
    expect(deleted).toMatchObject({ status: 204, body: undefined })
  })

  it('rejects with typed errors: JSON that does not parse, a missing param', async () => {
    await expect(api.get('/broken-json')).rejects.toMatchObject({ name: 'WarrenClientError', code: 'CLIENT_ERR_INVALID_JSON', status: 200, text: '{ nope' })
    await expect(api.get('/users/:id')).rejects.toMatchObject({ code: 'CLIENT_ERR_MISSING_PARAM', message: expect.stringContaining("'id'") })
  })

  it('validates answers against a table of schemas when asked', async () => {
    const strict = client({ app, validate: { 'GET /users/:id': { 200: User }, 'GET /tags': { '2xx': Type.Object({ tag: Type.Array(Type.Integer()) }) } } })
    await expect(strict.get('/users/:id', { params: { id: 'x' } })).resolves.toMatchObject({ status: 200 })
    const failure = await strict.get('/tags', { query: { tag: ['not-a-number'] } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WarrenClientError)
    expect(failure).toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION', status: 200, message: expect.stringContaining('/tag/0') })
  })
})

describe('bodies that are not JSON: files and bytes, both ways', () => {
  /** A server that answers what it received: the content type, the bytes' length and first byte. */
  function filesApp() {
    const app = warren()
    app.addContentTypeParser(['application/octet-stream', 'image/png'], { parseAs: 'buffer' }, async (_request: any, body: Buffer) => body)
    app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, async (_request: any, body: string) => body)
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, async (_request: any, body: string) => Object.fromEntries(new URLSearchParams(body)))
    app.post('/upload', async (request: any) => ({
      type: request.headers['content-type'],
      length: Buffer.isBuffer(request.body) ? request.body.length : null,
      first: Buffer.isBuffer(request.body) ? request.body[0] : null,
      form: typeof request.body === 'string' ? /name="file"; filename="a.png"/.test(request.body) && request.body.includes('hello') : Buffer.isBuffer(request.body) ? null : request.body,
    }))
    app.get('/image', async (_request: any, reply: any) => reply.type('image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff])))
    app.get('/empty-image', async (_request: any, reply: any) => reply.type('image/png').send(Buffer.alloc(0)))
    return app
  }
  const app = filesApp()
  let baseUrl = ''
  beforeAll(async () => {
    baseUrl = await app.listen({ port: 0 })
  })
  afterAll(() => app.close())

  it('sends form data, bytes, a Blob and URL-encoded parameters as they are, typed as fetch types them; reads an image as its bytes', async () => {
    for (const api of [client({ app }), client({ handler: app.fetch }), client({ baseUrl })]) {
      const form = new FormData()
      form.append('file', new Blob(['hello'], { type: 'image/png' }), 'a.png')
      const sentForm = await api.post('/upload', { body: form })
      expect(sentForm.body).toMatchObject({ type: expect.stringMatching(/^multipart\/form-data; boundary=/), form: true })
      expect((await api.post('/upload', { body: new Uint8Array([7, 8, 9]) })).body).toEqual({ type: 'application/octet-stream', length: 3, first: 7, form: null })
      expect((await api.post('/upload', { body: new Blob([new Uint8Array([5, 6])], { type: 'image/png' }) })).body).toMatchObject({ type: 'image/png', length: 2, first: 5 })
      expect((await api.post('/upload', { body: new URLSearchParams({ a: '1' }) })).body).toMatchObject({ type: expect.stringMatching(/^application\/x-www-form-urlencoded/), form: { a: '1' } })
      const stream = new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(new Uint8Array([4, 2])), controller.close()) })
      expect((await api.post('/upload', { body: stream })).body).toEqual({ type: 'application/octet-stream', length: 2, first: 4, form: null })
      const image = await api.get('/image')
      expect(image.body).toBeInstanceOf(Uint8Array)
      expect([...(image.body as Uint8Array)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0xff])
      expect((await api.get('/empty-image')).body).toBeUndefined()
    }
  })
})

describe('the three transports (inject, a fetch handler, a socket) answer alike', () => {
  function framingApp() {
    const app = warren()
    app.post('/echo', async (request: any) => ({ length: request.headers['content-length'] ?? null, chunked: request.headers['transfer-encoding'] ?? null, type: request.headers['content-type'], token: request.headers['x-token'] ?? null }))
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      return 'late'
    })
    app.get('/gzip', async (_request: any, reply: any) => reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync(JSON.stringify({ ok: true }))))
    app.get('/bom', async (_request: any, reply: any) => reply.type('text/csv').send('\uFEFFa,b\n1,2\n'))
    return app
  }
  const app = framingApp()
  let baseUrl = ''
  beforeAll(async () => {
    baseUrl = await app.listen({ port: 0 })
  })
  afterAll(() => app.close())
  const transports = () => [['inject', client({ app })], ['handler', client({ handler: app.fetch })], ['socket', client({ baseUrl })]] as const

  it("frame a whole body with its length, let a call's header replace the client's whatever its case, decode gzip and drop a byte order mark", async () => {
    for (const [name, base] of transports()) {
      const api = client(name === 'inject' ? { app, headers: { 'Content-Type': 'application/json', 'X-Token': 'client' } } : name === 'handler' ? { handler: app.fetch, headers: { 'Content-Type': 'application/json', 'X-Token': 'client' } } : { baseUrl, headers: { 'Content-Type': 'application/json', 'X-Token': 'client' } })
      expect([name, (await api.post('/echo', { body: '{"a":1}', headers: { 'x-token': 'call' } })).body]).toEqual([name, { length: '7', chunked: null, type: 'application/json', token: 'call' }])
      expect([name, (await api.post('/echo', { body: 'hi', headers: { 'content-type': 'text/plain' } })).body]).toEqual([name, { length: '2', chunked: null, type: 'text/plain', token: 'client' }])
      expect([name, (await base.get('/gzip')).body]).toEqual([name, { ok: true }])
      expect([name, (await base.get('/bom')).body]).toEqual([name, 'a,b\n1,2\n'])
    }
  })

  it('an aborted call rejects with CLIENT_ERR_NETWORK at once, whatever the transport', async () => {
    for (const [name, api] of transports()) {
      const started = Date.now()
      const failure = await api.get('/slow', { signal: AbortSignal.timeout(20) }).catch((error: unknown) => error)
      expect([name, (failure as { code?: string }).code]).toEqual([name, 'CLIENT_ERR_NETWORK'])
      // well before the handler's 1.5 s: the call does not wait for the answer it gave up on
      expect(Date.now() - started).toBeLessThan(1000)
      const already = await api.get('/slow', { signal: AbortSignal.abort() }).catch((error: unknown) => error)
      expect([name, (already as { code?: string }).code]).toEqual([name, 'CLIENT_ERR_NETWORK'])
    }
  })
})

describe('warren/client over a fetch handler (app.fetch)', () => {
  const app = buildApp()
  const api = client({ handler: app.fetch })

  it('answers as it does over inject, each call a web Request to the handler', async () => {
    const viaHandler = await api.get('/users/:id', { params: { id: 'x y' } })
    expect(viaHandler).toMatchObject({ status: 200, body: { id: 7, name: 'x y' } })
    expect((await api.get('/tags', { query: { tag: ['a', 'b'] } })).body).toEqual({ tag: ['a', 'b'] })
    expect((await api.post('/users', { body: { name: 'Grace' } }))).toMatchObject({ status: 201, body: { id: 1, name: 'Grace' } })
    expect((await api.post('/users', { body: { nom: 'Grace' } })).body).toMatchObject({ code: 'SVC_ERR_VALIDATION' })
    expect((await api.delete('/users/:id', { params: { id: 3 } })).body).toBeUndefined()
  })

  it('sends its headers and a base URL of its own, if given', async () => {
    const seen: string[] = []
    const withBase = client({ baseUrl: 'https://api.example.test/', handler: (request) => (seen.push(request.url), app.fetch(request)), headers: { authorization: 'Bearer h' } })
    expect((await withBase.get('/whoami')).body).toEqual({ token: 'Bearer h', trace: null })
    expect(seen).toEqual(['https://api.example.test/whoami'])
  })

  it('a handler that throws is CLIENT_ERR_NETWORK; validate: true reads the schemas from app beside it', async () => {
    const failing = client({ handler: () => Promise.reject(new Error('down')) })
    await expect(failing.get('/users/:id', { params: { id: 1 } })).rejects.toMatchObject({ code: 'CLIENT_ERR_NETWORK', message: expect.stringContaining('down') })
    const lying = warren()
    lying.get('/n', { schema: { response: { 200: Type.Object({ n: Type.Integer() }) } } }, async (_request, reply) => reply.serializer((value) => JSON.stringify(value)).send({ n: 'one' } as never))
    const checked = client({ handler: lying.fetch, app: lying, validate: true })
    await expect(checked.get('/n')).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION' })
  })
})

describe('warren/client over a real socket', () => {
  const app = buildApp()
  let baseUrl = ''
  beforeAll(async () => {
    baseUrl = await app.listen({ port: 0 })
  })
  afterAll(() => app.close())

  it('answers as it does over inject', async () => {
    const api = client({ baseUrl })
    const viaSocket = await api.get('/users/:id', { params: { id: 'x y' } })
    const viaInject = await client({ app }).get('/users/:id', { params: { id: 'x y' } })
    expect(viaSocket.body).toEqual(viaInject.body)
    expect(viaSocket.status).toBe(viaInject.status)
    expect((await api.get('/tags', { query: { tag: ['a', 'b'] } })).body).toEqual({ tag: ['a', 'b'] })
    expect((await api.post('/users', { body: { name: 'Grace' } })).body).toEqual({ id: 1, name: 'Grace' })
  })

  it('a refused connection is CLIENT_ERR_NETWORK', async () => {
    const closed = warren()
    const address = await closed.listen({ port: 0 })
    await closed.close()
    await expect(client({ baseUrl: address }).get('/')).rejects.toMatchObject({ code: 'CLIENT_ERR_NETWORK' })
  })

  it('needs a baseUrl or an app', () => {
    expect(() => client({})).toThrow(/baseUrl/)
  })
})
