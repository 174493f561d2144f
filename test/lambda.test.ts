import { Readable, Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { Type } from 'warren'
import { lambda, streamingLambda } from 'warren/lambda'
import { captureLogs, warren } from './helpers.js'

// Events written out from the shapes AWS documents for each integration (payload formats 1.0 and
// 2.0 of API Gateway, function URLs, Application Load Balancer targets).

function restApiEvent(overrides: Record<string, unknown> = {}): any {
  return {
    resource: '/items/{id}',
    path: '/items/42',
    httpMethod: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Cookie: 'theme=dark; lang=en',
      Host: 'abc123.execute-api.eu-west-1.amazonaws.com',
      'X-Forwarded-For': '203.0.113.10, 10.0.0.1',
      'X-Forwarded-Proto': 'https',
    },
    multiValueHeaders: {
      Accept: ['application/json'],
      'Content-Type': ['application/json'],
      Cookie: ['theme=dark; lang=en'],
      Host: ['abc123.execute-api.eu-west-1.amazonaws.com'],
      'X-Forwarded-For': ['203.0.113.10, 10.0.0.1'],
      'X-Forwarded-Proto': ['https'],
    },
    queryStringParameters: { tag: 'b', q: 'lamp shade' },
    multiValueQueryStringParameters: { tag: ['a', 'b'], q: ['lamp shade'] },
    pathParameters: { id: '42' },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      httpMethod: 'POST',
      identity: { sourceIp: '203.0.113.10', userAgent: 'curl/8.5.0' },
      path: '/prod/items/42',
      protocol: 'HTTP/1.1',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      requestTimeEpoch: 1767225600000,
      resourcePath: '/items/{id}',
      stage: 'prod',
    },
    body: '{"name":"lamp","price":12}',
    isBase64Encoded: false,
    ...overrides,
  }
}

function httpApiEvent(overrides: Record<string, unknown> = {}): any {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/items/42',
    rawQueryString: 'tag=a&tag=b&q=lamp%20shade',
    cookies: ['theme=dark', 'lang=en'],
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      host: 'abc123.execute-api.eu-west-1.amazonaws.com',
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-proto': 'https',
    },
    queryStringParameters: { tag: 'a,b', q: 'lamp shade' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: 'POST', path: '/items/42', protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'curl/8.5.0' },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: '$default',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1767225600000,
    },
    body: Buffer.from('{"name":"lamp","price":12}').toString('base64'),
    isBase64Encoded: true,
    ...overrides,
  }
}

function functionUrlEvent(path: string, method = 'GET'): any {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'a1b2c3.lambda-url.eu-west-1.on.aws', 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.44' },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'a1b2c3',
      domainName: 'a1b2c3.lambda-url.eu-west-1.on.aws',
      domainPrefix: 'a1b2c3',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.44', userAgent: 'curl/8.5.0' },
      requestId: 'id',
      routeKey: '$default',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1767225600000,
    },
    isBase64Encoded: false,
  }
}

function albEvent(multiValue: boolean, overrides: Record<string, unknown> = {}): any {
  const headers = { accept: 'application/json', host: 'lb-123.eu-west-1.elb.amazonaws.com', 'x-forwarded-for': '72.12.164.125', 'x-forwarded-port': '443', 'x-forwarded-proto': 'https' }
  const query = { q: 'lamp%20shade', tag: 'a' }
  const base = {
    requestContext: { elb: { targetGroupArn: 'arn:aws:elasticloadbalancing:eu-west-1:123456789012:targetgroup/lambda/abc' } },
    httpMethod: 'GET',
    path: '/items/42',
    body: '',
    isBase64Encoded: false,
  }
  const parts = multiValue
    ? { multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])), multiValueQueryStringParameters: { q: ['lamp%20shade'], tag: ['a', 'b'] } }
    : { headers, queryStringParameters: query }
  return { ...base, ...parts, ...overrides }
}

function itemsApp(options: unknown = {}): any {
  const app = warren(options)
  const Item = Type.Object({ name: Type.String({ minLength: 1 }), price: Type.Number() })
  app.post('/items/:id', {
    schema: { params: Type.Object({ id: Type.Integer() }), body: Item, querystring: Type.Object({ tag: Type.Array(Type.String()), q: Type.String() }) },
  }, async (request: any, reply: any) => {
    reply.code(201).header('set-cookie', ['seen=1; Path=/', 'cart=lamp; HttpOnly'])
    return { id: request.params.id, ...request.body, tags: request.query.tag, q: request.query.q, ip: request.ip, cookie: request.headers.cookie ?? null, protocol: request.protocol }
  })
  app.get('/items/:id', async (request: any) => ({ id: request.params.id, q: request.query.q, tag: request.query.tag, ip: request.ip }))
  return app
}

afterEach(() => {
  delete (globalThis as { awslambda?: unknown }).awslambda
})

describe('warren/lambda', () => {
  it('serves an API Gateway REST API event (1.0): multi-value query and headers in, multiValueHeaders and cookies out, the client address from the event', async () => {
    const handler = lambda(itemsApp())
    const result = await handler(restApiEvent())
    expect(result.statusCode).toBe(201)
    expect(result.isBase64Encoded).toBe(false)
    expect(result.multiValueHeaders).toMatchObject({ 'content-type': ['application/json; charset=utf-8'], 'set-cookie': ['seen=1; Path=/', 'cart=lamp; HttpOnly'] })
    expect(JSON.parse(result.body)).toEqual({ id: 42, name: 'lamp', price: 12, tags: ['a', 'b'], q: 'lamp shade', ip: '203.0.113.10', cookie: 'theme=dark; lang=en', protocol: 'https' })
  })

  it("reads a header an event repeats as Node's record does: a single-valued one keeps its first value, others are joined", async () => {
    const app = warren()
    app.get('/headers', async (request: any) => ({ agent: request.headers['user-agent'], type: request.headers['content-type'], dup: request.headers['x-dup'], cookie: request.headers.cookie }))
    const event = restApiEvent({
      path: '/headers',
      httpMethod: 'GET',
      body: null,
      multiValueHeaders: { 'User-Agent': ['first/1.0', 'second/2.0'], 'Content-Type': ['text/plain', 'application/json'], 'X-Dup': ['1', '2'], Cookie: ['a=1', 'b=2'] },
    })
    const result = await lambda(app)(event)
    expect(JSON.parse(result.body)).toEqual({ agent: 'first/1.0', type: 'text/plain', dup: '1, 2', cookie: 'a=1; b=2' })
  })

  it('serves an HTTP API event (2.0): a base64 body, cookies as a list both ways, the raw query string', async () => {
    const handler = lambda(itemsApp())
    const result = await handler(httpApiEvent())
    expect(result.statusCode).toBe(201)
    expect(result.cookies).toEqual(['seen=1; Path=/', 'cart=lamp; HttpOnly'])
    expect(result.headers?.['set-cookie']).toBeUndefined()
    expect(result.headers?.['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(result.body)).toMatchObject({ id: 42, name: 'lamp', tags: ['a', 'b'], q: 'lamp shade', ip: '198.51.100.7', cookie: 'theme=dark; lang=en' })
  })

  it('serves a function URL: binary bodies go out as base64 (from the content type), text as text', async () => {
    const app = warren()
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00])
    app.get('/logo.png', (_request: any, reply: any) => reply.type('image/png').send(png))
    app.get('/notes.txt', (_request: any, reply: any) => reply.type('text/plain; charset=utf-8').send('plain words'))
    app.get('/zipped', (_request: any, reply: any) => reply.type('application/json').header('content-encoding', 'gzip').send(Buffer.from([0x1f, 0x8b, 0x08])))
    app.get('/svg', (_request: any, reply: any) => reply.type('image/svg+xml').send('<svg/>'))
    const handler = lambda(app)
    const image = await handler(functionUrlEvent('/logo.png'))
    expect(image.isBase64Encoded).toBe(true)
    expect(Buffer.from(image.body, 'base64').equals(png)).toBe(true)
    const text = await handler(functionUrlEvent('/notes.txt'))
    expect(text).toMatchObject({ statusCode: 200, isBase64Encoded: false, body: 'plain words' })
    const zipped = await handler(functionUrlEvent('/zipped'))
    expect(zipped.isBase64Encoded).toBe(true)
    expect((await handler(functionUrlEvent('/svg'))).isBase64Encoded).toBe(false)
  })

  it('serves ALB events with and without multi-value headers: statusDescription, query strings as the client sent them, the address the balancer saw', async () => {
    const handler = lambda(itemsApp())
    const single = await handler(albEvent(false))
    expect(single.statusCode).toBe(200)
    expect(single.statusDescription).toBe('200 OK')
    expect(single.headers?.['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(single.body)).toEqual({ id: '42', q: 'lamp shade', tag: 'a', ip: '72.12.164.125' })
    const multi = await handler(albEvent(true))
    expect(multi.multiValueHeaders?.['content-type']).toEqual(['application/json; charset=utf-8'])
    expect(JSON.parse(multi.body)).toMatchObject({ tag: ['a', 'b'] })
  })

  it('sends every cookie to an ALB with multi-value headers, and warns once that one without them gets the last', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    app.get('/login', async (_request: any, reply: any) => reply.header('set-cookie', ['session=abc; HttpOnly', 'theme=dark']).send('ok'))
    const handler = lambda(app)
    const path = { path: '/login', queryStringParameters: {}, multiValueQueryStringParameters: { } }
    const multi = await handler(albEvent(true, path))
    expect(multi.multiValueHeaders?.['set-cookie']).toEqual(['session=abc; HttpOnly', 'theme=dark'])
    for (let i = 0; i < 2; i++) expect((await handler(albEvent(false, path))).headers?.['set-cookie']).toBe('theme=dark')
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg)
    expect(warnings).toEqual(['warren/lambda: this ALB target group has multi-value headers off, so a response carries one set-cookie header: 1 of 2 cookies were dropped (turn on multi-value headers to send them all)'])
  })

  it('reads a path an HTTP API gives decoded and one a function URL gives encoded as the same path', async () => {
    const app = warren()
    app.get('/greet/:name', async (request: any) => ({ name: request.params.name, url: request.url }))
    const handler = lambda(app)
    const decoded = (rawPath: string, rawQueryString = '') => handler(httpApiEvent({ rawPath, rawQueryString, body: undefined, isBase64Encoded: false, requestContext: { ...httpApiEvent().requestContext, http: { ...httpApiEvent().requestContext.http, method: 'GET', path: rawPath } } }))
    const answers = await Promise.all([decoded('/greet/100%'), decoded('/greet/a b'), decoded('/greet/what?', 'x=1'), decoded('/greet/café'), handler(functionUrlEvent('/greet/100%25')), handler(functionUrlEvent('/greet/caf%C3%A9'))])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(answers.map((answer) => JSON.parse(answer.body).name)).toEqual(['100%', 'a b', 'what?', 'café', '100%', 'café'])
    expect(JSON.parse(answers[2].body).url).toBe('/greet/what%3F?x=1')
  })

  it("takes an HTTP API's named stage off the path, and a custom domain's mapping given as basePath", async () => {
    const app = warren()
    app.get('/items/:id', async (request: any) => ({ id: request.params.id, url: request.url }))
    app.get('/', async () => 'root')
    const get = (rawPath: string, stage: string, rawQueryString = '') => httpApiEvent({ rawPath, rawQueryString, body: undefined, isBase64Encoded: false, requestContext: { ...httpApiEvent().requestContext, stage, http: { ...httpApiEvent().requestContext.http, method: 'GET', path: rawPath } } })
    const handler = lambda(app)
    const staged = await handler(get('/prod/items/7', 'prod', 'x=1'))
    expect([staged.statusCode, JSON.parse(staged.body)]).toEqual([200, { id: '7', url: '/items/7?x=1' }])
    expect((await handler(get('/prod', 'prod'))).body).toBe('root')
    // a path that only starts with the stage's letters keeps them
    expect((await handler(get('/production/items/7', 'prod'))).statusCode).toBe(404)
    const mapped = lambda(app, { basePath: '/v1/' })
    expect(JSON.parse((await mapped(get('/v1/items/8', '$default', 'y=2'))).body)).toEqual({ id: '8', url: '/items/8?y=2' })
    expect(JSON.parse((await mapped(restApiEvent({ path: '/v1/items/9', httpMethod: 'GET', body: null }))).body)).toMatchObject({ id: '9' })
    expect((await mapped(get('/v1', '$default', 'z=3'))).body).toBe('root')
    expect(() => lambda(app, { basePath: 'v1' })).toThrow(/basePath must be a path starting with '\/'/)
  })

  it('refuses bad input as a socket does: validation, malformed JSON, oversized and unknown bodies, a body on GET ignored', async () => {
    const handler = lambda(itemsApp({ bodyLimit: 64 }))
    const invalid = await handler(restApiEvent({ body: '{"name":"","price":1}' }))
    expect(invalid.statusCode).toBe(400)
    expect(JSON.parse(invalid.body)).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: 'body/name must NOT have fewer than 1 characters' })
    const malformed = await handler(restApiEvent({ body: '{"name":' }))
    expect(JSON.parse(malformed.body)).toMatchObject({ statusCode: 400, code: 'SVC_ERR_CTP_INVALID_JSON_BODY' })
    const oversized = await handler(httpApiEvent({ body: Buffer.from(JSON.stringify({ name: 'x'.repeat(100), price: 1 })).toString('base64') }))
    expect(oversized.statusCode).toBe(413)
    const unknown = await handler(httpApiEvent({ headers: { 'content-type': 'application/x-unknown' } }))
    expect(unknown.statusCode).toBe(415)
    const getWithBody = await handler(albEvent(false, { body: 'ignored', headers: { 'content-type': 'text/plain', host: 'lb' } }))
    expect(getWithBody.statusCode).toBe(200)
    expect(JSON.parse(getWithBody.body)).toMatchObject({ id: '42', q: 'lamp shade' })
  })

  it('refuses hostile headers and a content-length that is no number with the client-error answer', async () => {
    const handler = lambda(itemsApp())
    for (const headers of [{ 'bad name': 'x' }, { 'x-injected': 'a\r\nset-cookie: evil=1' }, { 'content-type': 'application/json', 'content-length': '12, 13' }]) {
      const result = await handler(httpApiEvent({ headers }))
      expect(result.statusCode).toBe(400)
      expect(JSON.parse(result.body)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Client Error' })
    }
  })

  it("gives the client-error answer in the event's result format, without the connection's headers", async () => {
    const handler = lambda(itemsApp())
    const hostile = { 'x-bad': 'a\u0001b' }
    const alb = await handler(albEvent(false, { headers: { host: 'lb', ...hostile } }))
    expect(alb).toMatchObject({ statusCode: 400, statusDescription: '400 Bad Request', isBase64Encoded: false })
    expect(alb.headers).toMatchObject({ 'content-type': 'application/json' })
    const multi = await handler(albEvent(true, { multiValueHeaders: { host: ['lb'], 'x-bad': ['a\u0001b'] } }))
    expect(multi).toMatchObject({ statusCode: 400, statusDescription: '400 Bad Request', multiValueHeaders: { 'content-type': ['application/json'] } })
    expect(multi.headers).toBeUndefined()
    const rest = await handler(restApiEvent({ multiValueHeaders: { 'x-bad': ['a\u0001b'] }, headers: hostile }))
    expect(rest.multiValueHeaders).toMatchObject({ 'content-type': ['application/json'] })
    for (const result of [alb, multi, rest]) {
      expect(JSON.parse(result.body)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Client Error' })
      expect({ ...result.headers, ...result.multiValueHeaders }).not.toHaveProperty('connection')
    }
  })

  it('leaves hop-by-hop headers out of a result: the integration owns the connection', async () => {
    const app = warren()
    app.get('/', async (_request: unknown, reply: any) => reply.header('connection', 'close').header('keep-alive', 'timeout=5').send('ok'))
    const handler = lambda(app)
    for (const event of [functionUrlEvent('/'), albEvent(true, { path: '/' })]) {
      const result = await handler(event)
      expect(result.statusCode).toBe(200)
      const names = Object.keys({ ...result.headers, ...result.multiValueHeaders })
      expect(names).toContain('content-type')
      expect(names).not.toContain('connection')
      expect(names).not.toContain('keep-alive')
    }
  })

  it('answers an event of no supported shape with a coded 500, logged once, and keeps serving', async () => {
    const { lines, stream } = captureLogs()
    const handler = lambda(itemsApp({ logger: { stream } }))
    const result = await handler({ Records: [{ eventSource: 'aws:sqs' }] } as any)
    expect(result.statusCode).toBe(500)
    expect(JSON.parse(result.body)).toMatchObject({ statusCode: 500, code: 'SVC_ERR_LAMBDA_EVENT_UNSUPPORTED' })
    expect(lines.filter((line) => line.err?.code === 'SVC_ERR_LAMBDA_EVENT_UNSUPPORTED')).toHaveLength(1)
    expect((await handler(albEvent(false))).statusCode).toBe(200)
  })

  it("answers an event of no supported shape in the application's error format", async () => {
    const handler = lambda(itemsApp({ errorFormat: 'problem' }))
    const result = await handler({ Records: [{ eventSource: 'aws:sqs' }] } as any)
    expect(result.statusCode).toBe(500)
    expect(result.headers?.['content-type']).toMatch(/^application\/problem\+json/)
    expect(JSON.parse(result.body)).toMatchObject({ type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'SVC_ERR_LAMBDA_EVENT_UNSUPPORTED' })
  })

  it('streams a response through awslambda.HttpResponseStream: the head first, then the body as it is written', async () => {
    const preludes: unknown[] = []
    ;(globalThis as any).awslambda = {
      HttpResponseStream: {
        from(target: Writable, prelude: unknown) {
          preludes.push(prelude)
          return target
        },
      },
    }
    const app = warren()
    app.get('/ticks', (_request: any, reply: any) => {
      reply.type('text/plain').header('set-cookie', 'streamed=yes').send(Readable.from(['one ', 'two ', 'three']))
    })
    const chunks: string[] = []
    const target = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(chunk.toString())
        callback()
      },
    })
    await streamingLambda(app)(functionUrlEvent('/ticks'), target as any)
    expect(preludes).toEqual([{ statusCode: 200, headers: { 'content-type': 'text/plain' }, cookies: ['streamed=yes'] }])
    expect(chunks.join('')).toBe('one two three')
    expect(chunks.length).toBeGreaterThan(1)
  })

  it("streams the client-error answer without the connection's headers a client error handler writes for its socket", async () => {
    const preludes: Array<{ statusCode: number; headers: Record<string, string> }> = []
    ;(globalThis as any).awslambda = {
      HttpResponseStream: {
        from(target: Writable, prelude: { statusCode: number; headers: Record<string, string> }) {
          preludes.push(prelude)
          return target
        },
      },
    }
    let body = ''
    const target = new Writable({
      write(chunk, _encoding, callback) {
        body += chunk.toString()
        callback()
      },
    })
    const event = { ...functionUrlEvent('/'), headers: { host: 'a1b2c3.lambda-url.eu-west-1.on.aws', 'x-bad': 'a\u0001b' } }
    // a client error handler writes what a socket needs, its connection's end included
    const app = warren({ clientErrorHandler: (_error: Error, socket: any) => socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\nbad header') })
    await streamingLambda(app)(event, target as any)
    expect(preludes).toEqual([{ statusCode: 400, headers: { 'content-type': 'text/plain' } }])
    expect(body).toBe('bad header')
  })
})
