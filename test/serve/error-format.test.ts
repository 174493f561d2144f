import net from 'node:net'
import { STATUS_CODES } from 'node:http'
import * as fastUri from 'fast-uri'
import { afterEach, describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** An answer as both transports give it: status, content type and the body parsed. */
interface Answer {
  status: number
  contentType: string
  body: any
}

/**
 * What a generic problem-details consumer (RFC 9457) relies on, whoever wrote the server: the
 * media type, `status` equal to the HTTP status, `type` a URI reference (`about:blank` when
 * absent), `title` and `detail` strings, `instance` a URI reference when present, and for
 * `about:blank` the status phrase as the title.
 */
function expectProblem(answer: Answer, status: number): void {
  expect(answer.contentType.split(';')[0].trim()).toBe('application/problem+json')
  const problem = answer.body
  expect(problem).toBeTypeOf('object')
  expect(answer.status).toBe(status)
  expect(problem.status).toBe(answer.status)
  const type = problem.type ?? 'about:blank'
  expect(type).toBeTypeOf('string')
  expect(fastUri.parse(type).error, `type ${type} is a URI reference`).toBeUndefined()
  expect(/^[a-z][a-z0-9+.-]*:/i.test(type), `type ${type} is absolute, as RFC 9457 recommends`).toBe(true)
  expect(problem.title).toBeTypeOf('string')
  expect(problem.detail).toBeTypeOf('string')
  if (type === 'about:blank') expect(problem.title).toBe(STATUS_CODES[status])
  if (problem.instance !== undefined) expect(fastUri.parse(problem.instance).error).toBeUndefined()
}

/** One error source: an app that produces it and the request that meets it. */
interface ErrorSource {
  name: string
  options?: Record<string, unknown>
  setup(app: any): void
  request: { method?: string; url: string; headers?: Record<string, string>; body?: string }
  status: number
  /** The `code` the answer carries (none for a plain status). */
  code?: string
  check?(problem: any): void
}

const userSchema = {
  type: 'object',
  required: ['email', 'name'],
  properties: { email: { type: 'string', format: 'email' }, name: { type: 'string' } },
}

const sources: ErrorSource[] = [
  {
    name: 'an Error thrown by a handler (500, plain status)',
    setup: (app) => app.get('/boom', async () => {
      throw new Error('kaboom')
    }),
    request: { url: '/boom' },
    status: 500,
    check: (problem) => expect(problem).toStrictEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'kaboom', instance: '/boom' }),
  },
  {
    name: 'a rejected promise with a status and a code of its own (409)',
    setup: (app) => app.get('/taken', () => Promise.reject(Object.assign(new Error('name taken'), { statusCode: 409, code: 'APP_ERR_TAKEN' }))),
    request: { url: '/taken?name=ada' },
    status: 409,
    code: 'APP_ERR_TAKEN',
    check: (problem) => expect(problem).toStrictEqual({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'name taken', instance: '/taken?name=ada', code: 'APP_ERR_TAKEN' }),
  },
  {
    name: 'a body that fails its schema (400, one errors item per failed keyword)',
    setup: (app) => app.post('/users', { schema: { body: userSchema } }, async () => 'created'),
    request: { method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'not an email' }) },
    status: 400,
    code: 'SVC_ERR_VALIDATION',
    check: (problem) => expect(problem).toStrictEqual({
      type: 'urn:warren:error:SVC_ERR_VALIDATION',
      title: 'Request validation failed',
      status: 400,
      detail: 'body/email must match format "email"',
      instance: '/users',
      code: 'SVC_ERR_VALIDATION',
      errors: [{ pointer: '/body/email', message: 'must match format "email"', keyword: 'format' }],
    }),
  },
  {
    name: 'a missing required property, pointed at where it should be',
    setup: (app) => app.post('/users', { schema: { body: userSchema } }, async () => 'created'),
    request: { method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' },
    status: 400,
    code: 'SVC_ERR_VALIDATION',
    check: (problem) => expect(problem.errors).toStrictEqual([{ pointer: '/body/email', message: "must have required property 'email'", keyword: 'required' }]),
  },
  {
    name: 'a querystring that fails its schema',
    setup: (app) => app.get('/search', { schema: { querystring: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } } } }, async () => []),
    request: { url: '/search?limit=500' },
    status: 400,
    code: 'SVC_ERR_VALIDATION',
    check: (problem) => expect(problem.errors).toStrictEqual([{ pointer: '/querystring/limit', message: 'must be <= 100', keyword: 'maximum' }]),
  },
  {
    name: 'params and headers that fail their schemas',
    setup: (app) => app.get('/items/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } }, headers: { type: 'object', required: ['x-tenant'], properties: { 'x-tenant': { type: 'string' } } } } }, async () => 'item'),
    request: { url: '/items/abc', headers: { 'x-tenant': 't1' } },
    status: 400,
    code: 'SVC_ERR_VALIDATION',
    check: (problem) => expect(problem.errors).toStrictEqual([{ pointer: '/params/id', message: 'must be integer', keyword: 'type' }]),
  },
  {
    name: 'an unknown route (404, plain status)',
    setup: () => {},
    request: { url: '/nowhere' },
    status: 404,
    check: (problem) => expect(problem).toStrictEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'Route GET:/nowhere not found', instance: '/nowhere' }),
  },
  {
    name: 'a body over bodyLimit (413)',
    options: { bodyLimit: 16 },
    setup: (app) => app.post('/notes', async () => 'saved'),
    request: { method: 'POST', url: '/notes', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(64) }) },
    status: 413,
    code: 'SVC_ERR_CTP_BODY_TOO_LARGE',
    check: (problem) => expect(problem).toMatchObject({ type: 'urn:warren:error:SVC_ERR_CTP_BODY_TOO_LARGE', title: 'Request body too large' }),
  },
  {
    name: 'a media type no parser accepts (415)',
    setup: (app) => app.post('/notes', async () => 'saved'),
    request: { method: 'POST', url: '/notes', headers: { 'content-type': 'application/xml' }, body: '<note/>' },
    status: 415,
    code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE',
  },
  {
    name: 'a JSON body that does not parse (400)',
    setup: (app) => app.post('/notes', async () => 'saved'),
    request: { method: 'POST', url: '/notes', headers: { 'content-type': 'application/json' }, body: '{"text":' },
    status: 400,
    code: 'SVC_ERR_CTP_INVALID_JSON_BODY',
  },
  {
    name: "an error body its route's 500 schema cannot serialize: the last-resort 500",
    setup: (app) => app.get('/strict', { schema: { response: { 500: { type: 'object', required: ['never'], properties: { never: { type: 'string' } } } } } }, async () => {
      throw new Error('first')
    }),
    request: { url: '/strict' },
    status: 500,
    code: 'SVC_ERR_FAILED_ERROR_SERIALIZATION',
    check: (problem) => expect(problem).toMatchObject({ title: 'Error response could not be serialized', detail: 'Failed to serialize an error. Error: "never" is required!. Original error: first' }),
  },
  {
    name: 'a handler over its handlerTimeout (503)',
    setup: (app) => app.get('/slow', { handlerTimeout: 20 }, () => new Promise(() => {})),
    request: { url: '/slow' },
    status: 503,
    code: 'SVC_ERR_HANDLER_TIMEOUT',
  },
  {
    name: 'an error answer whose onSend hook fails: the last resort, with the status the reply had',
    options: { exposeServerErrors: false },
    setup: (app) => {
      app.addHook('onSend', async (_request: any, reply: any) => {
        if (reply.statusCode >= 400) throw new Error('onSend broke')
      })
      app.get('/fragile', async () => {
        throw Object.assign(new Error('first'), { statusCode: 422 })
      })
    },
    request: { url: '/fragile' },
    status: 422,
    // the new failure is the server's, whatever the status: its message is hidden as a 5xx's is
    check: (problem) => expect(problem).toStrictEqual({ type: 'about:blank', title: 'Unprocessable Entity', status: 422, detail: 'Unprocessable Entity', instance: '/fragile' }),
  },
]

async function viaInject(source: ErrorSource): Promise<Answer> {
  const app = warren({ errorFormat: 'problem', ...source.options })
  source.setup(app)
  const { method = 'GET', url, headers, body } = source.request
  const res = await app.inject({ method, url, headers, payload: body })
  await app.close()
  return { status: res.statusCode, contentType: String(res.headers['content-type']), body: res.json() }
}

async function viaSocket(source: ErrorSource): Promise<Answer> {
  const app = warren({ errorFormat: 'problem', ...source.options })
  source.setup(app)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const { method = 'GET', url, headers, body } = source.request
    const res = await fetch(address + url, { method, headers, body })
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.json() }
  } finally {
    await app.close()
  }
}

describe("errorFormat: 'problem' answers every error source with RFC 9457 problem details", () => {
  for (const [transport, answer] of [['inject()', viaInject], ['a socket', viaSocket]] as const) {
    describe(`through ${transport}`, () => {
      for (const source of sources) {
        it(source.name, async () => {
          const got = await answer(source)
          expectProblem(got, source.status)
          expect(got.body.code).toBe(source.code)
          // a catalogue code names its problem type; any other error is a plain status
          expect(got.body.type).toBe(source.code?.startsWith('SVC_ERR_') ? `urn:warren:error:${source.code}` : 'about:blank')
          source.check?.(got.body)
        })
      }
    })
  }
})

/** Writes raw bytes on a new connection and resolves with all the server sent until it closed. */
function rawExchange(address: string, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1', () => socket.write(bytes))
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

/** Writes each request on one connection once the previous one is answered; resolves with all the server sent until it closed. */
function keptAliveExchange(address: string, requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    let next = 0
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1', () => socket.write(requests[next++]))
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      data += chunk
      const answered = (data.match(/HTTP\/1\.1 \d{3} /g) ?? []).length
      if (answered === next && next < requests.length) socket.write(requests[next++])
    })
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

/** The status, content type and body of a raw HTTP/1.1 answer. */
function parseRaw(raw: string): Answer {
  const [head, body] = [raw.slice(0, raw.indexOf('\r\n\r\n')), raw.slice(raw.indexOf('\r\n\r\n') + 4)]
  const contentType = /^content-type: (.*)$/im.exec(head)?.[1] ?? ''
  return { status: Number(head.split(' ')[1]), contentType, body: JSON.parse(body) }
}

describe("errorFormat: 'problem' for what the server answers before any request exists", () => {
  const unparsed: Array<[string, Record<string, unknown>, string, number, Record<string, unknown>]> = [
    ['a request Node cannot parse: 400 without an instance (there is no request URL)', {}, 'GARBAGE\r\n\r\n', 400, { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Client Error' }],
    ['headers too large: 431', { http: { maxHeaderSize: 1024 } }, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(4096)}\r\n\r\n`, 431, { type: 'about:blank', title: 'Request Header Fields Too Large', status: 431, detail: 'Exceeded maximum allowed HTTP header size' }],
    ['a request not complete within requestTimeout: 408', { requestTimeout: 50, http: { connectionsCheckingInterval: 20 } }, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n', 408, { type: 'about:blank', title: 'Request Timeout', status: 408, detail: 'Client Timeout' }],
  ]
  for (const [name, options, bytes, status, problem] of unparsed) {
    it(name, async () => {
      const app = warren({ errorFormat: 'problem', ...options })
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      try {
        const answer = parseRaw(await rawExchange(address, bytes))
        expectProblem(answer, status)
        expect(answer.body).toStrictEqual(problem)
      } finally {
        await app.close()
      }
    })
  }

  it('a request arriving while the server closes: 503 SVC_ERR_SERVICE_UNAVAILABLE, on a socket', async () => {
    const app = warren({ errorFormat: 'problem', forceCloseConnections: false })
    let closing: Promise<void> | undefined
    app.get('/', async () => {
      // the server stops while this request is in flight: its kept-alive connection stays open
      closing = app.close()
      await new Promise((resolve) => setTimeout(resolve, 50))
      return 'answered'
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const raw = await keptAliveExchange(address, ['GET / HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /?again HTTP/1.1\r\nHost: x\r\n\r\n'])
    await closing
    const second = parseRaw(raw.slice(raw.lastIndexOf('HTTP/1.1 ')))
    expectProblem(second, 503)
    expect(second.body).toMatchObject({ type: 'urn:warren:error:SVC_ERR_SERVICE_UNAVAILABLE', code: 'SVC_ERR_SERVICE_UNAVAILABLE', instance: '/?again' })
  })

  it('a request arriving while the server closes: the same 503 through app.fetch (app.inject refuses once close() began)', async () => {
    const app = warren({ errorFormat: 'problem' })
    let second: Promise<Response> | undefined
    app.get('/', async () => {
      const closing = app.close()
      // close() marks the application closing once its preClose stage began, a tick later
      second = new Promise((resolve) => setImmediate(resolve)).then(() => app.fetch(new Request('http://localhost/late')))
      await closing
      return 'answered'
    })
    await app.inject('/')
    const res = await (second as Promise<Response>)
    const body = await res.json()
    expectProblem({ status: res.status, contentType: res.headers.get('content-type') ?? '', body }, 503)
    expect(body).toMatchObject({ code: 'SVC_ERR_SERVICE_UNAVAILABLE', instance: '/late' })
  })
})

describe("errorFormat: 'problem' details", () => {
  const original = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = original
  })

  it('in production a 5xx detail is the status phrase; type, title and code stay', async () => {
    process.env.NODE_ENV = 'production'
    const app = warren({ errorFormat: 'problem' })
    app.get('/secret', async () => {
      throw new Error('db password is hunter2')
    })
    app.get('/slow', async () => {
      throw Object.assign(new Error('upstream hunter2'), { statusCode: 503, code: 'SVC_ERR_SERVICE_UNAVAILABLE' })
    })
    app.get('/client', async () => {
      throw Object.assign(new Error('shown to the client'), { statusCode: 422 })
    })
    expect((await app.inject('/secret')).json()).toStrictEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Internal Server Error', instance: '/secret' })
    const slow = (await app.inject('/slow')).json()
    expect(slow).toMatchObject({ type: 'urn:warren:error:SVC_ERR_SERVICE_UNAVAILABLE', title: 'Server is closing', detail: 'Service Unavailable', code: 'SVC_ERR_SERVICE_UNAVAILABLE' })
    expect((await app.inject('/client')).json().detail).toBe('shown to the client')
  })

  it("a route's response schema for the status shapes the problem body, as it shapes any answer", async () => {
    const app = warren({ errorFormat: 'problem' })
    const problemSchema = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer' } } }
    app.post('/users', { schema: { body: userSchema, response: { 400: problemSchema } } }, async () => 'created')
    const res = await app.inject({ method: 'POST', url: '/users', payload: {} })
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(res.json()).toStrictEqual({ title: 'Request validation failed', status: 400 })
  })

  it('setErrorHandler keeps full control; an error it passes on is answered in the format', async () => {
    const app = warren({ errorFormat: 'problem' })
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      if (error.statusCode === 409) return reply.code(409).send({ mine: true })
      throw error
    })
    app.get('/mine', async () => {
      throw Object.assign(new Error('taken'), { statusCode: 409 })
    })
    app.get('/passed-on', async () => {
      throw new Error('not mine')
    })
    const mine = await app.inject('/mine')
    expect(mine.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(mine.json()).toStrictEqual({ mine: true })
    const passed = await app.inject('/passed-on')
    expect(passed.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(passed.json()).toMatchObject({ type: 'about:blank', status: 500, detail: 'not mine' })
  })

  it('a validator that returns its own error (no keyword list) gives one item for the whole part', async () => {
    const app = warren({ errorFormat: 'problem' })
    app.post('/custom', {
      schema: { body: { type: 'object' } },
      validatorCompiler: () => () => ({ error: new Error('nope, not like this') }),
    }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/custom', payload: {} })
    expect(res.json().errors).toStrictEqual([{ pointer: '/body', keyword: 'validator', message: 'nope, not like this' }])
  })
})

describe('errorFormat: a function (a house format)', () => {
  it('answers its body, status and headers for every error warren writes, with the request and reply', async () => {
    const seen: Array<{ url: string | undefined; hasReply: boolean }> = []
    const app = warren({
      errorFormat: (error: any, request: any, reply: any) => {
        seen.push({ url: request?.url, hasReply: reply !== null && typeof reply.code === 'function' })
        return { status: error.code === 'SVC_ERR_VALIDATION' ? 422 : undefined, headers: { 'x-error-code': error.code ?? 'none' }, body: { failure: { reason: error.message } } }
      },
    })
    app.post('/users', { schema: { body: userSchema } }, async () => 'created')
    const invalid = await app.inject({ method: 'POST', url: '/users', payload: {} })
    expect(invalid.statusCode).toBe(422)
    expect(invalid.headers['x-error-code']).toBe('SVC_ERR_VALIDATION')
    expect(invalid.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(invalid.json()).toStrictEqual({ failure: { reason: "body must have required property 'email'" } })
    const missing = await app.inject('/nowhere')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toStrictEqual({ failure: { reason: 'Route GET:/nowhere not found' } })
    expect(seen).toEqual([{ url: '/users', hasReply: true }, { url: '/nowhere', hasReply: true }])
  })

  it('a text body goes as text, and a content-type of its own wins', async () => {
    const app = warren({ errorFormat: (error: any) => ({ headers: { 'Content-Type': 'text/x-error' }, body: `E: ${error.message}` }) })
    app.get('/', async () => {
      throw new Error('plain')
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.headers['content-type']).toBe('text/x-error')
    expect(res.body).toBe('E: plain')
  })

  it('a JSON content type of its own is declared UTF-8, as every JSON answer, whichever error it answers', async () => {
    const app = warren({ errorFormat: (error: any) => ({ headers: { 'content-type': 'application/vnd.house+json' }, body: { house: error.message } }) })
    app.get('/', async () => {
      throw new Error('thrown')
    })
    for (const url of ['/', '/nowhere']) {
      const res = await app.inject(url)
      expect(res.headers['content-type']).toBe('application/vnd.house+json; charset=utf-8')
      expect(res.json()).toHaveProperty('house')
    }
  })

  it('on the socket, where no request was parsed, it gets null for the request and the reply', async () => {
    const calls: unknown[][] = []
    const app = warren({
      errorFormat: (error: any, request: unknown, reply: unknown) => {
        calls.push([error.statusCode, error.message, error.cause?.code?.startsWith('HPE_'), request, reply])
        return { headers: { 'x-house': 'yes' }, body: { house: error.statusCode } }
      },
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const raw = await rawExchange(address, 'GARBAGE\r\n\r\n')
      expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
      expect(raw).toMatch(/\r\nx-house: yes\r\n/)
      expect(parseRaw(raw).body).toStrictEqual({ house: 400 })
      expect(calls).toEqual([[400, 'Client Error', true, null, null]])
    } finally {
      await app.close()
    }
  })

  const broken: Array<[string, (...args: any[]) => unknown]> = [
    ['throws', () => {
      throw new Error('formatter bug')
    }],
    ['returns nothing', () => undefined],
    ['returns no body', () => ({ status: 400 })],
    ['returns a body JSON cannot hold', () => {
      const cycle: Record<string, unknown> = {}
      cycle.self = cycle
      return { body: cycle }
    }],
    ['returns a success status', () => ({ status: 200, body: { fine: true } })],
    ['returns a function as the body', () => ({ body: () => 'no' })],
  ]
  for (const [what, format] of broken) {
    it(`one that ${what}: a plain 500 in Fastify's shape, the failure logged once, and the next request served`, async () => {
      const { lines, stream } = captureLogs()
      const app = warren({ errorFormat: format, logger: { stream } })
      app.get('/fails', async () => {
        throw Object.assign(new Error('the original'), { statusCode: 400 })
      })
      app.get('/works', async () => 'still serving')
      const res = await app.inject('/fails')
      expect(res.statusCode).toBe(500)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toStrictEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' })
      await settle()
      expect(lines.filter((line) => /errorFormat/.test(line.msg))).toHaveLength(1)
      expect((await app.inject('/works')).body).toBe('still serving')
    })
  }

  it("names a status given as text as text, so '422' is not read as the number it looks like", async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ errorFormat: () => ({ status: '422' as unknown as number, body: { oops: true } }), logger: { stream } })
    app.get('/fails', async () => {
      throw Object.assign(new Error('the original'), { statusCode: 400 })
    })
    expect((await app.inject('/fails')).statusCode).toBe(500)
    await settle()
    expect(JSON.stringify(lines.find((line) => /errorFormat/.test(line.msg)))).toContain(String.raw`status must be a 4xx or 5xx code, got \"422\" (a string)`)
  })

  it('a header Node refuses among its headers is dropped, and a connection that was to close still closes', async () => {
    const app = warren({ errorFormat: () => ({ headers: { 'x-detail': 'line1\nline2' }, body: 'refused' }) })
    app.post('/json', async (request: any) => request.body)
    app.get('/', async () => 'a request smuggled behind a refused body')
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      // a malformed body: its answer closes the connection, so what follows is never served
      const raw = await rawExchange(address, 'POST /json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{xGET / HTTP/1.1\r\nHost: x\r\n\r\n')
      expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
      expect(raw).toMatch(/\r\nconnection: close\r\n/i)
      expect(raw).not.toMatch(/x-detail/i)
      expect(raw).not.toMatch(/smuggled/)
    } finally {
      await app.close()
    }
  })

  it('one that fails on the socket: the plain 500 is written there too', async () => {
    const app = warren({ errorFormat: () => null })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const raw = await rawExchange(address, 'GARBAGE\r\n\r\n')
      expect(raw).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/)
      expect(parseRaw(raw).body).toStrictEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' })
      const missing = await fetch(address + '/nowhere')
      expect(missing.status).toBe(500)
      expect(await missing.json()).toStrictEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' })
    } finally {
      await app.close()
    }
  })
})

describe('errorFormat option', () => {
  it('an unknown value is refused at start-up, naming the accepted values', () => {
    for (const value of ['problems', 'rfc9457', 42, null, { type: 'problem' }]) {
      expect(() => warren({ errorFormat: value })).toThrow(
        expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringMatching(/'errorFormat'.*'fastify', 'problem' or a function/) }),
      )
    }
  })
})
