import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { Type } from 'warren'
import { captureLogs, warren } from '../helpers.js'

const json = { 'content-type': 'application/json' }

function post(path: string, body: string, headers: Record<string, string> = json): Request {
  return new Request(`http://app.test${path}`, { method: 'POST', body, headers })
}

/** A body stream that produces `chunk` without end, counting what was pulled from it. */
function endlessBody(chunk: Uint8Array): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulls = 0
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++
      controller.enqueue(chunk)
    },
    cancel() {
      cancelled = true
    },
  })
  return { stream, pulled: () => pulls, cancelled: () => cancelled }
}

function usersApp(): any {
  const app = warren()
  const User = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() })
  app.post('/users', { schema: { body: User, response: { 201: Type.Object({ name: Type.String() }) } } }, async (request: any, reply: any) => {
    reply.code(201)
    return { ...request.body, secret: 'never serialized' }
  })
  app.get('/users/:id', { schema: { params: Type.Object({ id: Type.Integer() }), querystring: Type.Object({ full: Type.Boolean({ default: false }) }) } }, async (request: any) => ({
    id: request.params.id,
    full: request.query.full,
  }))
  return app
}

describe('app.fetch(request)', () => {
  it('answers as a socket does: status, headers, serialized body, validated params and query; detached and before ready()', async () => {
    const app = usersApp()
    const { fetch } = app
    const created = await fetch(post('/users', JSON.stringify({ name: 'Ada', age: 36 })))
    expect(created.status).toBe(201)
    expect(created.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(created.headers.get('content-length')).toBe('14')
    expect(await created.json()).toEqual({ name: 'Ada' })

    const read = await fetch(new Request('http://app.test/users/7?full=true'))
    expect(read.status).toBe(200)
    expect(read.statusText).toBe('OK')
    expect(await read.json()).toEqual({ id: 7, full: true })

    const listening = await app.listen({ port: 0 })
    const viaSocket = await globalThis.fetch(`${listening}/users/7?full=true`)
    expect(await viaSocket.json()).toEqual({ id: 7, full: true })
    await app.close()
  })

  it('answers validation errors, not-found, malformed JSON and unknown media types with the error bodies of a socket', async () => {
    const app = usersApp()
    const invalid = await app.fetch(post('/users', JSON.stringify({ name: '', age: 'x' })))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/name must NOT have fewer than 1 characters' })

    const badParam = await app.fetch(new Request('http://app.test/users/abc'))
    expect(await badParam.json()).toMatchObject({ statusCode: 400, message: 'params/id must be integer' })

    const malformed = await app.fetch(post('/users', '{"name": "Ada",'))
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'SVC_ERR_CTP_INVALID_JSON_BODY' })

    const unknownType = await app.fetch(post('/users', 'name=Ada', { 'content-type': 'application/x-www-form-urlencoded' }))
    expect(unknownType.status).toBe(415)
    expect(await unknownType.json()).toMatchObject({ code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE' })

    const missing = await app.fetch(new Request('http://app.test/nowhere', { method: 'DELETE' }))
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route DELETE:/nowhere not found' })
  })

  it('runs hooks and keeps encapsulation: a child context sees its decorators and hooks, its sibling does not', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('onRequest', async () => void order.push('onRequest'))
    app.addHook('onResponse', async () => void order.push('onResponse'))
    app.register(async (child: any) => {
      child.decorateRequest('user', null)
      child.addHook('preHandler', async (request: any) => {
        request.user = request.headers['x-user']
      })
      child.addHook('onSend', async (_request: any, reply: any, payload: string) => {
        reply.header('x-scope', 'child')
        return payload
      })
      child.get('/me', async (request: any) => ({ user: request.user }))
    })
    app.get('/open', async (request: any) => ({ user: request.user ?? null }))

    const me = await app.fetch(new Request('http://app.test/me', { headers: { 'x-user': 'ada' } }))
    expect(await me.json()).toEqual({ user: 'ada' })
    expect(me.headers.get('x-scope')).toBe('child')
    const open = await app.fetch(new Request('http://app.test/open', { headers: { 'x-user': 'ada' } }))
    expect(await open.json()).toEqual({ user: null })
    expect(open.headers.get('x-scope')).toBeNull()
    await new Promise((resolve) => setImmediate(resolve))
    expect(order).toEqual(['onRequest', 'onResponse', 'onRequest', 'onResponse'])
  })

  it('a thrown error, a custom error handler and a status a Response cannot carry answer as documented', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream, level: 'error' } })
    app.get('/boom', async () => {
      throw new Error('kaput')
    })
    app.register(async (child: any) => {
      child.setErrorHandler(async (error: Error, _request: any, reply: any) => reply.code(422).send({ handled: error.message }))
      child.get('/handled', async () => {
        throw new Error('nope')
      })
    })
    app.get('/informational', (_request: any, reply: any) => reply.code(102).send())
    const boom = await app.fetch(new Request('http://app.test/boom'))
    expect(boom.status).toBe(500)
    expect(await boom.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error', message: 'kaput' })
    const handled = await app.fetch(new Request('http://app.test/handled'))
    expect(handled.status).toBe(422)
    expect(await handled.json()).toEqual({ handled: 'nope' })
    const informational = await app.fetch(new Request('http://app.test/informational'))
    expect(informational.status).toBe(500)
    expect(await informational.json()).toMatchObject({ code: 'SVC_ERR_FETCH_RESPONSE_STATUS' })
    expect(lines.some((line) => line.err?.code === 'SVC_ERR_FETCH_RESPONSE_STATUS')).toBe(true)
  })

  it('enforces bodyLimit while the body streams in: an endless body is refused with 413 after about the limit, and stopped', async () => {
    const app = warren({ bodyLimit: 1024 })
    app.post('/upload', async (request: any) => ({ size: request.body.length }))
    const body = endlessBody(new Uint8Array(256).fill(65))
    const response = await app.fetch(new Request('http://app.test/upload', { method: 'POST', body: body.stream, headers: { 'content-type': 'text/plain' }, duplex: 'half' } as RequestInit))
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'SVC_ERR_CTP_BODY_TOO_LARGE' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(body.cancelled()).toBe(true)
    // what was pulled is bounded by the request stream's read-ahead (16 KiB), not by the body
    expect(body.pulled()).toBeLessThan(100)

    const declared = await app.fetch(post('/upload', 'x'.repeat(2000), { 'content-type': 'text/plain', 'content-length': '2000' }))
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ statusCode: 413, code: 'SVC_ERR_CTP_BODY_TOO_LARGE' })
    // a socket's answer closes its connection; the runtime owns this one, so no hop-by-hop header says so
    expect(declared.headers.get('connection')).toBeNull()
    const fits = await app.fetch(post('/upload', 'x'.repeat(1000), { 'content-type': 'text/plain' }))
    expect(await fits.json()).toEqual({ size: 1000 })
  })

  it('stops a refused body stream only once the read under way has settled (wrangler\'s local workerd restarts the Worker otherwise)', async () => {
    const app = warren({ bodyLimit: 1024 })
    app.post('/upload', async (request: any) => ({ size: request.body.length }))
    let pulls = 0
    let pulling = false
    let finishPull = (): void => {}
    const cancels: boolean[] = []
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++
        // the first pull is over the limit; the next waits, as a network read does for the next bytes
        if (pulls === 1) return controller.enqueue(new Uint8Array(2048).fill(65))
        pulling = true
        return new Promise<void>((resolve) => {
          finishPull = () => {
            pulling = false
            controller.enqueue(new Uint8Array(8).fill(66))
            resolve()
          }
        })
      },
      cancel() {
        cancels.push(pulling)
      },
    }, { highWaterMark: 0 })
    const response = await app.fetch(new Request('http://app.test/upload', { method: 'POST', body: stream, headers: { 'content-type': 'text/plain' }, duplex: 'half' } as RequestInit))
    expect(response.status).toBe(413)
    await new Promise((resolve) => setImmediate(resolve))
    expect(pulling).toBe(true)
    expect(cancels).toEqual([])
    finishPull()
    await new Promise((resolve) => setImmediate(resolve))
    expect(cancels).toEqual([false])
  })

  it("leaves out the hop-by-hop headers a handler sets: the runtime's server frames the body and owns the connection", async () => {
    const app = warren()
    app.get('/framed', async (_request: any, reply: any) => reply.header('transfer-encoding', 'chunked').header('connection', 'keep-alive').header('keep-alive', 'timeout=5').header('x-kept', '1').send('body'))
    const response = await app.fetch(new Request('http://app.test/framed'))
    expect([...response.headers.keys()].sort()).toEqual(['content-length', 'content-type', 'x-kept'])
    expect(await response.text()).toBe('body')
  })

  it('reads a body stream no header frames by what it holds: empty is no body, else a body of unknown length', async () => {
    const app = warren()
    app.post('/echo', async (request: any) => ({ body: request.body ?? null, chunked: request.headers['transfer-encoding'] ?? null }))
    const streamOf = (...pieces: string[]) => new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece))
        controller.close()
      },
    })
    const unframed = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      app.fetch(new Request('http://app.test/echo', { method: 'POST', body, headers, duplex: 'half' } as RequestInit))
    // what Deno hands over for a POST without a body: no content type needed, as on a socket
    const empty = await unframed(streamOf())
    expect([empty.status, await empty.json()]).toEqual([200, { body: null, chunked: null }])
    const emptyPieces = await unframed(streamOf('', ''))
    expect(emptyPieces.status).toBe(200)
    const json = await unframed(streamOf('{"a":', '1}'), { 'content-type': 'application/json' })
    expect([json.status, await json.json()]).toEqual([200, { body: { a: 1 }, chunked: 'chunked' }])
    const untyped = await unframed(streamOf('x'))
    expect(untyped.status).toBe(415)
  })

  it('refuses what a socket parser refuses (a content-length that is no number) and a Request whose body was already read (500, coded)', async () => {
    const app = warren()
    app.post('/echo', async (request: any) => request.body)
    const bogus = await app.fetch(post('/echo', '{}', { 'content-type': 'application/json', 'content-length': '12abc' }))
    expect(bogus.status).toBe(400)
    expect(await bogus.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Client Error' })

    const used = post('/echo', '{"a":1}')
    await used.text()
    const response = await app.fetch(used)
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ statusCode: 500, code: 'SVC_ERR_REQ_BODY_CONSUMED' })
    // the application keeps serving
    expect(await (await app.fetch(post('/echo', '{"a":1}'))).json()).toEqual({ a: 1 })
  })

  it('reads a body only where the request has one to parse: a method without a body leaves it unread, POST without a content type is a 415', async () => {
    const app = warren()
    app.addHttpMethod('PURGE')
    app.route({ method: 'PURGE', url: '/thing', handler: async () => 'no body read' })
    app.post('/thing', async () => 'never')
    const unread = endlessBody(new Uint8Array(16))
    const purge = await app.fetch(new Request('http://app.test/thing', { method: 'PURGE', body: unread.stream, duplex: 'half' } as RequestInit))
    expect(await purge.text()).toBe('no body read')
    expect(unread.pulled()).toBeLessThanOrEqual(1)
    // as on a socket: a body of unknown length and type is there to parse, and nothing parses it
    const untyped = await app.fetch(new Request('http://app.test/thing', { method: 'POST', body: endlessBody(new Uint8Array(16)).stream, duplex: 'half' } as RequestInit))
    expect(untyped.status).toBe(415)
    expect(await untyped.json()).toMatchObject({ statusCode: 415, code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE' })
  })

  it('reads a short body of declared length in one piece: parsed and validated, a length that lies is a 400, a long one streams, an unread one is cancelled', async () => {
    const app = usersApp()
    app.addHttpMethod('PURGE')
    app.route({ method: 'PURGE', url: '/users', handler: async () => 'no body read' })
    const body = '{"name":"ada","age":36}'
    const created = await app.fetch(post('/users', body, { ...json, 'content-length': String(body.length) }))
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({ name: 'ada' })
    const invalid = await app.fetch(post('/users', '{"name":"","age":1}', { ...json, 'content-length': '19' }))
    expect(await invalid.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION' })
    // a hand-made Request whose length is not its body's: refused as a socket refuses it
    const lying = await app.fetch(post('/users', body, { ...json, 'content-length': '5' }))
    expect(lying.status).toBe(400)
    expect(await lying.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_CTP_INVALID_CONTENT_LENGTH' })
    // a longer declared body streams in, as one of unknown length does
    const large = warren({ bodyLimit: 200_000 })
    large.post('/upload', async (request: any) => ({ size: request.body.length }))
    const sized = await large.fetch(post('/upload', 'x'.repeat(100_000), { 'content-type': 'text/plain', 'content-length': '100000' }))
    expect(await sized.json()).toEqual({ size: 100_000 })
    const unread = endlessBody(new Uint8Array(16))
    const request = new Request('http://app.test/users', { method: 'PURGE', body: unread.stream, headers: { 'content-length': '16' }, duplex: 'half' } as RequestInit)
    expect(await (await app.fetch(request)).text()).toBe('no body read')
    await new Promise((resolve) => setImmediate(resolve))
    expect(unread.cancelled()).toBe(true)
  })

  it('streams a response as it is written: the first chunk arrives before the stream ends, web streams too', async () => {
    const app = warren()
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve) => (finish = resolve))
    app.get('/node-stream', (_request: any, reply: any) => {
      const stream = new Readable({ read() {} })
      stream.push('first ')
      void done.then(() => {
        stream.push('last')
        stream.push(null)
      })
      reply.type('text/plain').send(stream)
    })
    app.get('/web-stream', () => new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('web '))
        controller.enqueue(new TextEncoder().encode('stream'))
        controller.close()
      },
    }))
    const response = await app.fetch(new Request('http://app.test/node-stream'))
    expect(response.headers.get('content-type')).toBe('text/plain')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe('first ')
    finish()
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value)
    expect(rest).toBe('last')
    expect(await (await app.fetch(new Request('http://app.test/web-stream'))).text()).toBe('web stream')
  })

  it('aborts request.signal and runs onRequestAbort when the client goes away; a cancelled body stops the source', async () => {
    const app = warren()
    const aborted: string[] = []
    let signalSeen: AbortSignal | undefined
    let entered: () => void = () => {}
    const inHandler = new Promise<void>((resolve) => (entered = resolve))
    app.get('/slow', { onRequestAbort: async () => void aborted.push('hook') }, async (request: any) => {
      signalSeen = request.signal
      entered()
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve))
      return 'too late'
    })
    let sourceDestroyed = false
    app.get('/ticker', (_request: any, reply: any) => {
      const source = new Readable({ read() { this.push('tick ') } })
      source.on('close', () => (sourceDestroyed = true))
      reply.send(source)
    })
    const client = new AbortController()
    const pending = app.fetch(new Request('http://app.test/slow', { signal: client.signal }))
    await inHandler
    client.abort()
    // nobody reads it: an empty 499, not a failed call a runtime would log
    expect((await pending).status).toBe(499)
    await new Promise((resolve) => setImmediate(resolve))
    expect(signalSeen?.aborted).toBe(true)
    expect(aborted).toEqual(['hook'])

    const ticker = await app.fetch(new Request('http://app.test/ticker'))
    const reader = (ticker.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel()
    await new Promise((resolve) => setImmediate(resolve))
    expect(sourceDestroyed).toBe(true)
  })

  it('ends the exchange as an aborted socket\'s when the client leaves mid-body: onRequestAbort, no answer, no onResponse', async () => {
    const app = warren()
    const events: string[] = []
    app.addHook('onRequestAbort', async () => void events.push('onRequestAbort'))
    app.addHook('onError', async (_request: any, _reply: any, error: any) => void events.push(`onError ${error.code} ${error.message}`))
    app.addHook('onResponse', async (_request: any, reply: any) => void events.push(`onResponse ${reply.statusCode}`))
    app.post('/echo', async (request: any) => request.body)
    const check = async (request: Request, breakIt: () => void): Promise<void> => {
      events.length = 0
      const pending = app.fetch(request)
      await new Promise((resolve) => setTimeout(resolve, 10))
      breakIt()
      expect((await pending).status).toBe(499)
      await new Promise((resolve) => setTimeout(resolve, 10))
      // in the order an aborted socket tells them: the abort, then the failed read
      expect(events).toEqual(['onRequestAbort', 'onError ECONNRESET aborted'])
    }
    // a body streamed by the runtime, broken by the connection (Deno's, Node adapters')
    let streamed: ReadableStreamDefaultController<Uint8Array> | undefined
    const unsized = new ReadableStream<Uint8Array>({ start: (controller) => void (streamed = controller) })
    streamed?.enqueue(new TextEncoder().encode('{"a":'))
    await check(new Request('http://app.test/echo', { method: 'POST', headers: json, body: unsized, duplex: 'half' } as RequestInit), () => streamed?.error(new Error('connection reset')))
    // a body of declared length, read whole, whose read fails the same way
    let declared: ReadableStreamDefaultController<Uint8Array> | undefined
    const sized = new ReadableStream<Uint8Array>({ start: (controller) => void (declared = controller) })
    await check(new Request('http://app.test/echo', { method: 'POST', headers: { ...json, 'content-length': '20' }, body: sized, duplex: 'half' } as RequestInit), () => declared?.error(new Error('connection reset')))
  })

  it('closes a streamed answer quietly when its client leaves, and stops the source', async () => {
    const app = warren()
    let sourceDestroyed = false
    app.get('/ticker', (_request: any, reply: any) => {
      const source = new Readable({ read() { setTimeout(() => this.push('tick '), 1) } })
      source.on('close', () => (sourceDestroyed = true))
      reply.send(source)
    })
    const client = new AbortController()
    const ticker = await app.fetch(new Request('http://app.test/ticker', { signal: client.signal }))
    const reader = (ticker.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    client.abort()
    // the body ends rather than errors: a runtime logs an errored body as a failure of the handler
    let done = false
    while (!done) done = (await reader.read()).done
    await new Promise((resolve) => setImmediate(resolve))
    expect(sourceDestroyed).toBe(true)
  })

  it('keeps request.raw a full Readable for code that reads it, and tells close listeners on either half that the client left', async () => {
    const app = warren()
    app.addContentTypeParser('application/x-lines', (_request: any, payload: NodeJS.ReadableStream, done: any) => {
      let text = ''
      payload.on('data', (chunk: Buffer) => (text += chunk.toString()))
      payload.on('end', () => done(null, text.split('\n')))
    })
    app.post('/lines', async (request: any) => ({ lines: request.body, readable: request.raw instanceof Readable, ended: request.raw.readableEnded }))
    // read whole, the request is still a stream, at its end
    app.post('/after', async (request: any) => {
      const rest: Buffer[] = []
      for await (const chunk of request.raw) rest.push(chunk)
      return { body: request.body, rest: Buffer.concat(rest).length, destroyed: request.raw.destroyed }
    })
    const closed: string[] = []
    let entered: () => void = () => {}
    app.get('/watched/:half', (request: any, reply: any) => {
      // one half watched at a time: each must be told on its own
      if (request.params.half === 'request') request.raw.on('close', () => closed.push('request'))
      else reply.raw.on('close', () => closed.push(reply.raw.writableEnded ? 'ended' : 'reply'))
      entered()
    })
    let kept: any
    app.get('/kept', (request: any) => {
      kept = request.raw
      return 'ok'
    })
    const lines = await app.fetch(post('/lines', 'a\nb', { 'content-type': 'application/x-lines', 'content-length': '3' }))
    expect(await lines.json()).toEqual({ lines: ['a', 'b'], readable: true, ended: true })
    expect(await (await app.fetch(post('/after', '{"a":1}', { ...json, 'content-length': '7' }))).json()).toEqual({ body: { a: 1 }, rest: 0, destroyed: false })

    // a request nobody read is destroyed with its exchange, and its stream says so when first used
    expect(await (await app.fetch(new Request('http://app.test/kept'))).text()).toBe('ok')
    await new Promise((resolve) => setImmediate(resolve))
    expect(kept.destroyed).toBe(true)
    expect(kept.readable).toBe(false)
    expect(kept.destroyed).toBe(true)

    for (const half of ['request', 'reply']) {
      const inHandler = new Promise<void>((resolve) => (entered = resolve))
      const client = new AbortController()
      const pending = app.fetch(new Request(`http://app.test/watched/${half}`, { signal: client.signal }))
      await inHandler
      client.abort()
      expect((await pending).status).toBe(499)
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(closed).toEqual(['request', 'reply'])
  })

  it('keeps request.raw and reply.raw usable as Node shapes, and reads the client address from the runtime', async () => {
    const app = warren()
    app.addHook('onRequest', async (request: any, reply: any) => {
      reply.raw.setHeader('x-raw', request.raw.headers['x-in'] ?? 'none')
    })
    app.get('/who', async (request: any) => ({ ip: request.ip ?? null, protocol: request.protocol, host: request.host, url: request.raw.url, method: request.raw.method }))
    const plain = await app.fetch(new Request('https://app.test:8443/who?x=1', { headers: { 'x-in': 'hello' } }))
    expect(plain.headers.get('x-raw')).toBe('hello')
    expect(await plain.json()).toEqual({ ip: null, protocol: 'https', host: 'app.test:8443', url: '/who?x=1', method: 'GET' })
    let asked = 0
    const bunServer = { requestIP: () => (asked++, { address: '203.0.113.9', family: 'IPv4', port: 1 }) }
    // the runtime is asked only when someone reads the address
    expect((await app.fetch(new Request('http://app.test/unknown'), bunServer)).status).toBe(404)
    expect(asked).toBe(0)
    expect((await (await app.fetch(new Request('http://app.test/who'), bunServer)).json()).ip).toBe('203.0.113.9')
    expect(asked).toBe(1)
    const denoInfo = { remoteAddr: { hostname: '198.51.100.4', port: 2, transport: 'tcp' } }
    expect((await (await app.fetch(new Request('http://app.test/who'), denoInfo)).json()).ip).toBe('198.51.100.4')
    const workers = [{}, { waitUntil() {}, passThroughOnException() {} }] as const
    const fromEdge = await app.fetch(new Request('http://app.test/who', { headers: { 'cf-connecting-ip': '192.0.2.7' } }), ...workers)
    expect((await fromEdge.json()).ip).toBe('192.0.2.7')
    // elsewhere the header is just a header: a client could have sent it
    expect((await (await app.fetch(new Request('http://app.test/who', { headers: { 'cf-connecting-ip': '192.0.2.7' } }))).json()).ip).toBeNull()
  })

  it('reads the web Request\'s headers only when someone does: one Bun\'s server made without a body is answered without them', async () => {
    const app = warren()
    app.get('/plain', async () => ({ plain: true }))
    app.get('/validated', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (request: any) => ({ n: request.query.n }))
    app.get('/host', async (request: any) => ({ host: request.headers.host }))
    let reads = 0
    const readHeaders = Object.getOwnPropertyDescriptor(Request.prototype, 'headers')?.get as (this: Request) => Headers
    const counted = (url: string): Request => {
      const request = new Request(url)
      Object.defineProperty(request, 'headers', { get: () => (reads++, readHeaders.call(request)) })
      return request
    }
    const bunServer = { requestIP: () => null }
    expect(await (await app.fetch(counted('http://app.test/plain'), bunServer)).json()).toEqual({ plain: true })
    expect(await (await app.fetch(counted('http://app.test/validated?n=3'), bunServer)).json()).toEqual({ n: 3 })
    expect(reads).toBe(0)
    // read, they are Node's record, the host taken from the URL when the request names none
    expect(await (await app.fetch(counted('http://app.test:8080/host'), bunServer)).json()).toEqual({ host: 'app.test:8080' })
    expect(reads).toBeGreaterThan(0)
  })

  it('parses a body with byte order marks as a socket does, with or without a server\'s env (text/plain kept whole, JSON without one mark)', async () => {
    const app = warren()
    app.post('/echo', async (request: any) => ({ body: request.body }))
    const mark = '\uFEFF'
    const bodies: Array<[string, string]> = [
      ['text/plain', `${mark}hello`],
      ['text/plain', `${mark}${mark}hello`],
      ['application/json', `${mark}{"a":1}`],
      ['application/json', `${mark}${mark}{"a":1}`],
      ['application/json', mark],
      ['application/json', '{"a":"\u00e9"}'],
    ]
    const origin = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      for (const [type, text] of bodies) {
        const bytes = Buffer.from(text)
        const init = { method: 'POST', body: bytes, headers: { 'content-type': type, 'content-length': String(bytes.length) } }
        const socket = await fetch(`${origin}/echo`, init)
        const expected = [socket.status, await socket.json()]
        expect(expected[0], `${type} ${JSON.stringify(text)}`).toBe(/\ufeff\ufeff\{|^\ufeff$/.test(text) && type === 'application/json' ? 400 : 200)
        for (const env of [undefined, { requestIP: () => null }]) {
          const answer = await app.fetch(new Request('http://app.test/echo', init), env)
          expect([answer.status, await answer.json()], `${type} ${JSON.stringify(text)}`).toEqual(expected)
        }
      }
    } finally {
      await app.close()
    }
  })

  it('answers HEAD with the headers of GET and no body, and 204 without a body', async () => {
    const app = warren()
    app.get('/thing', async () => ({ thing: true }))
    app.delete('/thing', async (_request: any, reply: any) => reply.code(204).send())
    const head = await app.fetch(new Request('http://app.test/thing', { method: 'HEAD' }))
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('14')
    expect(await head.text()).toBe('')
    const deleted = await app.fetch(new Request('http://app.test/thing', { method: 'DELETE' }))
    expect(deleted.status).toBe(204)
    expect(deleted.body).toBeNull()
  })

  it('gives the Response every header the reply set: a number as text, repeated cookies each their own', async () => {
    const app = warren()
    app.get('/odd', async (_request: any, reply: any) => {
      reply.header('x-one', 1)
      return 'odd'
    })
    app.get('/cookies', async (_request: any, reply: any) => reply.header('set-cookie', ['a=1', 'b=2']).send('two'))
    const odd = await app.fetch(new Request('http://app.test/odd'))
    expect(odd.headers.get('x-one')).toBe('1')
    const cookies = await app.fetch(new Request('http://app.test/cookies'))
    expect(cookies.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
  })

  it('sends the body of a reply with trailers, and no trailer header announcing fields a Response cannot carry', async () => {
    const app = warren()
    app.get('/summed', async (_request: any, reply: any) => {
      reply.trailer('x-checksum', async () => 'abc')
      return 'hello'
    })
    app.get('/both', async (_request: any, reply: any) => {
      reply.trailer('x-checksum', async () => 'abc')
      return reply.header('set-cookie', ['a=1', 'b=2']).send('two')
    })
    const summed = await app.fetch(new Request('http://app.test/summed'))
    expect(await summed.text()).toBe('hello')
    expect(summed.headers.has('trailer')).toBe(false)
    const both = await app.fetch(new Request('http://app.test/both'))
    expect([both.headers.has('trailer'), both.headers.getSetCookie()]).toEqual([false, ['a=1', 'b=2']])
  })
})
