import { readFileSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

const tls = {
  key: readFileSync(new URL('../fixtures/tls/localhost.key', import.meta.url)),
  cert: readFileSync(new URL('../fixtures/tls/localhost.crt', import.meta.url)),
}

const sleepMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function portOf(address: string): number {
  return Number(new URL(address).port)
}

/**
 * Writes each of `requests` on one connection, the next once an answer to the previous one
 * arrived, and resolves with everything the server sent until it closed.
 */
function sequentialExchange(port: number, requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    let next = 0
    const socket = net.connect(port, '127.0.0.1', () => socket.write(requests[next++]))
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      data += chunk
      if (next < requests.length) socket.write(requests[next++])
      else socket.end()
    })
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
  })
}

/** Writes raw bytes on a new connection and resolves with everything the server sent until it closed. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

function http2Get(origin: string, path: string, options: http2.SecureClientSessionOptions = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const client = http2.connect(origin, options)
    client.on('error', reject)
    const req = client.request({ ':path': path })
    let body = ''
    let status = 0
    req.setEncoding('utf8')
    req.on('response', (headers) => (status = Number(headers[':status'])))
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      client.close()
      resolve({ status, body })
    })
    req.on('error', reject)
    req.end()
  })
}

/** Sends one request on an open HTTP/2 session; resolves with the status, the headers and the body's bytes. */
function http2Exchange(client: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = client.request(headers)
    const chunks: Buffer[] = []
    let received: http2.IncomingHttpHeaders = {}
    req.on('response', (answered) => (received = answered))
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve({ status: Number(received[':status']), headers: received, body: Buffer.concat(chunks) }))
    req.on('error', reject)
    req.end(body)
  })
}

describe('the server warren builds', () => {
  it('is built when first needed: none for an application only injected into, and app.server read before listen() is the one listen() binds', async () => {
    const created: unknown[] = []
    const original = http.createServer
    http.createServer = ((...args: Parameters<typeof original>) => {
      const server = original(...args)
      created.push(server)
      return server
    }) as typeof original
    try {
      const injectedOnly = warren()
      injectedOnly.get('/', async () => ({ ok: true }))
      expect((await injectedOnly.inject({ url: '/' })).json()).toEqual({ ok: true })
      expect(injectedOnly.addresses()).toEqual([])
      await injectedOnly.close()
      expect(created).toHaveLength(0)

      const app = warren()
      app.get('/', async () => ({ ok: true }))
      const early = app.server
      expect(created).toEqual([early])
      const origin = await app.listen({ port: 0 })
      expect(app.server).toBe(early)
      expect(await (await fetch(origin)).json()).toEqual({ ok: true })
      await app.close()
      expect(created).toHaveLength(1)
    } finally {
      http.createServer = original
    }
  })

  it('passes the timeouts and maxRequestsPerSocket to an HTTP/1 server, and `http` options to createServer', () => {
    const app = warren({ connectionTimeout: 1234, keepAliveTimeout: 2345, requestTimeout: 3456, maxRequestsPerSocket: 7, http: { requireHostHeader: false } })
    expect(app.server).toBeInstanceOf(http.Server)
    expect(app.server.timeout).toBe(1234)
    expect(app.server.keepAliveTimeout).toBe(2345)
    expect(app.server.requestTimeout).toBe(3456)
    expect(app.server.maxRequestsPerSocket).toBe(7)
    expect(app.initialConfig).toMatchObject({ maxRequestsPerSocket: 7, handlerTimeout: 0 })
    // as in Fastify, http2 and https appear only when asked for
    expect(app.initialConfig).not.toHaveProperty('http2')
    expect(app.initialConfig).not.toHaveProperty('https')
  })

  it('keeps a headers timeout (Node\'s 60 s) with the default requestTimeout of 0: a client that never ends its headers is answered 408 and let go', async () => {
    expect(warren().server.headersTimeout).toBe(60_000)
    expect(warren({ requestTimeout: 0 }).server.requestTimeout).toBe(0)
    const app = warren({ http: { headersTimeout: 200, connectionsCheckingInterval: 50 } })
    app.get('/', async () => 'ok')
    const address = await app.listen({ port: 0 })
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        let text = ''
        const socket = net.connect(portOf(address), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: '))
        socket.on('data', (chunk) => (text += chunk))
        socket.on('close', () => resolve(text))
        socket.on('error', reject)
      })
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    } finally {
      await app.close()
    }
  })

  it('maxRequestsPerSocket closes a kept-alive connection after that many requests', async () => {
    const app = warren({ maxRequestsPerSocket: 2 })
    app.get('/', async () => 'ok')
    const address = await app.listen({ port: 0 })
    try {
      const request = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'
      const all = await sequentialExchange(portOf(address), [request, request, request])
      const statuses = [...all.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])
      expect(statuses).toEqual(['200', '200', '503'])
      expect(all).toMatch(/connection: close/i)
    } finally {
      await app.close()
    }
  })

  it('refuses wrong server options with SVC_ERR_INIT_OPTS_INVALID', () => {
    expect(() => warren({ maxRequestsPerSocket: -1 })).toThrow(/maxRequestsPerSocket/)
    expect(() => warren({ http: 'yes' })).toThrow(/'http'/)
    expect(() => warren({ http2: 1 })).toThrow(/'http2'/)
    expect(() => warren({ serverFactory: {} })).toThrow(/'serverFactory'/)
    expect(() => warren({ http2SessionTimeout: 1.5 })).toThrow(/http2SessionTimeout/)
    expect(() => warren({ clientErrorHandler: 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
  })

  it('serves HTTPS with the `https` TLS options, and takes `https: true` for Node defaults', async () => {
    expect(warren({ https: true }).server).toBeInstanceOf(https.Server)
    const app = warren({ https: tls, maxRequestsPerSocket: 5 })
    expect(app.server.maxRequestsPerSocket).toBe(5)
    app.get('/', async (request: any) => ({ protocol: request.protocol }))
    const address = await app.listen({ port: 0 })
    try {
      expect(address.startsWith('https://')).toBe(true)
      const body = await new Promise<string>((resolve, reject) => {
        https.get(`${address}/`, { ca: tls.cert }, (res) => {
          let data = ''
          res.on('data', (c) => (data += c))
          res.on('end', () => resolve(data))
        }).on('error', reject)
      })
      expect(JSON.parse(body)).toEqual({ protocol: 'https' })
    } finally {
      await app.close()
    }
  })

  it('serves cleartext HTTP/2 with `http2: true`', async () => {
    const app = warren({ http2: true, connectionTimeout: 5000, keepAliveTimeout: 3 })
    expect(app.server.constructor.name).toBe('Http2Server')
    expect(app.server.timeout).toBe(5000)
    // keepAliveTimeout is an HTTP/1 setting
    expect(app.server.keepAliveTimeout).not.toBe(3)
    expect(app.initialConfig.http2).toBe(true)
    app.get('/', async (request: any) => ({ host: request.host, url: request.url }))
    const address = await app.listen({ port: 0 })
    try {
      const { status, body } = await http2Get(address, '/?x=1')
      expect(status).toBe(200)
      expect(JSON.parse(body)).toEqual({ host: `127.0.0.1:${portOf(address)}`, url: '/?x=1' })
    } finally {
      await app.close()
    }
  })

  it('answers an HTTP/2 body that fails to parse with 400 and no connection header (Node refuses it on HTTP/2 with a warning)', async () => {
    const app = warren({ http2: true, logger: false })
    app.post('/', async (request: any) => request.body)
    const warnings: string[] = []
    const onWarning = (warning: Error): void => void warnings.push(warning.message)
    process.on('warning', onWarning)
    const address = await app.listen({ port: 0 })
    const client = http2.connect(address)
    try {
      const answer = await http2Exchange(client, { ':method': 'POST', ':path': '/', 'content-type': 'application/json' }, '{"broken":')
      await new Promise((resolve) => setImmediate(resolve))
      expect(answer.status).toBe(400)
      expect(JSON.parse(String(answer.body))).toMatchObject({ statusCode: 400, code: 'SVC_ERR_CTP_INVALID_JSON_BODY' })
      expect(answer.headers.connection).toBeUndefined()
      expect(warnings.filter((message) => message.includes('connection'))).toEqual([])
    } finally {
      process.off('warning', onWarning)
      client.close()
      await app.close()
    }
  })

  it('close() closes idle HTTP/2 sessions (a client may keep one open forever) and lets open streams finish', async () => {
    const app = warren({ http2: true })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    app.get('/', async () => 'ok')
    app.get('/slow', async () => {
      await held
      return 'finished'
    })
    const address = await app.listen({ port: 0 })
    const idle = http2.connect(address)
    expect((await http2Get(address, '/')).body).toBe('ok')
    await new Promise<void>((resolve) => {
      const req = idle.request({ ':path': '/' })
      req.resume()
      req.on('end', () => resolve())
      req.end()
    })
    const busy = http2.connect(address)
    const slow = new Promise<string>((resolve) => {
      const req = busy.request({ ':path': '/slow' })
      let data = ''
      req.setEncoding('utf8')
      req.on('data', (chunk) => (data += chunk))
      req.on('end', () => resolve(data))
      req.end()
    })
    await sleepMs(50)
    const t0 = Date.now()
    const closing = app.close()
    setTimeout(release, 100)
    await closing
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(await slow).toBe('finished')
    expect(idle.closed || idle.destroyed).toBe(true)
    idle.destroy()
    busy.destroy()
  })

  it('answers an unknown method over HTTP/2 from the not-found handler of the URL\'s context', async () => {
    const app = warren({ http2: true })
    app.get('/', async () => 'ok')
    app.register(async (child: any) => {
      child.setNotFoundHandler(async (request: any, reply: any) => reply.code(404).send(`no ${request.method} here`))
    }, { prefix: '/custom' })
    const address = await app.listen({ port: 0 })
    const client = http2.connect(address)
    const ask = async (path: string) => {
      const { status, body } = await http2Exchange(client, { ':method': 'UNKNOWN_METHOD', ':path': path })
      return { status, body: String(body) }
    }
    try {
      const root = await ask('/')
      expect(root.status).toBe(404)
      expect(JSON.parse(root.body)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route UNKNOWN_METHOD:/ not found' })
      expect(await ask('/custom/x')).toEqual({ status: 404, body: 'no UNKNOWN_METHOD here' })
    } finally {
      client.destroy()
      await app.close()
    }
  })

  it('writes a large HTTP/2 body as the stream drains: it arrives whole, and a client that cancels it can still use the session', async () => {
    const app = warren({ http2: true })
    const large = Buffer.alloc(24 * 1024 * 1024, 'a')
    large.write('end', large.length - 3)
    app.get('/large', async () => large)
    app.get('/text', async () => 'é'.repeat(300 * 1024))
    app.get('/small', async () => 'ok')
    const address = await app.listen({ port: 0 })
    const client = http2.connect(address)
    const read = async (path: string) => (await http2Exchange(client, { ':path': path })).body
    try {
      expect((await read('/large')).equals(large)).toBe(true)
      expect((await read('/text')).toString()).toBe('é'.repeat(300 * 1024))
      // read nothing of it, then cancel it
      await new Promise<void>((resolve, reject) => {
        const req = client.request({ ':path': '/large' })
        req.on('response', () => {
          req.pause()
          setTimeout(() => {
            req.close(http2.constants.NGHTTP2_CANCEL)
            resolve()
          }, 50)
        })
        req.on('error', reject)
        req.end()
      })
      await sleepMs(50)
      expect((await read('/small')).toString()).toBe('ok')
    } finally {
      client.destroy()
      await app.close()
    }
  })

  /** Sends a GET on a new HTTP/2 session and calls app.close() in the same tick: the request is on the wire, not yet read. */
  function requestThenClose(app: any, address: string): Promise<{ status: number; body: string; closed: Promise<void> }> {
    return new Promise((resolve, reject) => {
      const client = http2.connect(address, () => {
        const req = client.request({ ':path': '/' })
        let body = ''
        req.setEncoding('utf8')
        req.on('data', (chunk) => (body += chunk))
        req.on('response', (headers) => req.on('end', () => {
          resolve({ status: Number(headers[':status']), body, closed: closed.then(() => client.destroy()) })
        }))
        req.on('error', reject)
        req.end()
        const closed = app.close() as Promise<void>
      })
      client.on('error', reject)
    })
  }

  /** Records the `connection` header each response of `app` is given (HTTP/2 has none: node drops it, with a warning once per process). */
  function recordConnectionHeaders(app: any): unknown[] {
    const seen: unknown[] = []
    // before warren's own listener: a request refused while closing runs no hook
    app.server.prependListener('request', (_req: unknown, raw: any) => {
      const writeHead = raw.writeHead
      raw.writeHead = function (status: number, headers?: Record<string, unknown>) {
        seen.push(headers?.connection ?? raw.getHeader('connection'))
        return writeHead.call(raw, status, headers)
      }
    })
    return seen
  }

  it('close(): an HTTP/2 request already sent is answered (503 while closing), not refused by the GOAWAY, without a connection header', async () => {
    const app = warren({ http2: true })
    const connectionHeaders = recordConnectionHeaders(app)
    app.get('/', async () => 'ok')
    const address = await app.listen({ port: 0 })
    const { status, body, closed } = await requestThenClose(app, address)
    expect(status).toBe(503)
    expect(JSON.parse(body)).toMatchObject({ statusCode: 503, code: 'SVC_ERR_SERVICE_UNAVAILABLE' })
    await closed
    expect(connectionHeaders).toEqual([undefined])
  })

  it('close() with return503OnClosing: false serves an HTTP/2 request already sent, then ends the session', async () => {
    const app = warren({ http2: true, return503OnClosing: false })
    const connectionHeaders = recordConnectionHeaders(app)
    app.get('/', async () => 'ok')
    const address = await app.listen({ port: 0 })
    const { status, body, closed } = await requestThenClose(app, address)
    expect(status).toBe(200)
    expect(body).toBe('ok')
    await closed
    expect(connectionHeaders).toEqual([undefined])
    expect(app.server.listening).toBe(false)
  })

  it('serves HTTP/2 over TLS with `http2: true` and `https`, and closes idle sessions after http2SessionTimeout', async () => {
    const app = warren({ http2: true, https: tls, http2SessionTimeout: 100 })
    app.get('/', async () => 'secure')
    const address = await app.listen({ port: 0 })
    try {
      expect(address.startsWith('https://')).toBe(true)
      const { status, body } = await http2Get(address, '/', { ca: tls.cert })
      expect(status).toBe(200)
      expect(body).toBe('secure')
      const client = http2.connect(address, { ca: tls.cert })
      const t0 = Date.now()
      await new Promise<void>((resolve) => client.once('close', () => resolve()))
      expect(Date.now() - t0).toBeGreaterThanOrEqual(80)
    } finally {
      await app.close()
    }
  })
})

describe('serverFactory', () => {
  it('builds the server from the handler and the options, and warren applies none of its settings to it', async () => {
    let seen: any
    const app = warren({
      connectionTimeout: 4000,
      serverFactory: (handler: http.RequestListener, options: any) => {
        seen = options
        const server = http.createServer((req, res) => {
          ;(req as any).viaFactory = true
          handler(req, res)
        })
        server.setTimeout(5000)
        return server
      },
    })
    expect(seen.connectionTimeout).toBe(4000)
    expect(app.server.timeout).toBe(5000)
    app.get('/', async (request: any) => ({ viaFactory: request.raw.viaFactory === true }))
    const address = await app.listen({ port: 0 })
    try {
      expect(await (await fetch(address)).json()).toEqual({ viaFactory: true })
    } finally {
      await app.close()
    }
  })

  it("leaves a server it did not listen on alone at close, and refuses forceCloseConnections: 'idle' without closeIdleConnections", async () => {
    const server = http.createServer()
    const app = warren({ serverFactory: (handler: http.RequestListener) => server.on('request', handler) })
    app.get('/', async () => 'mine')
    await app.ready()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const { port } = server.address() as net.AddressInfo
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('mine')
    expect(app.addresses()).toEqual([server.address()])
    await app.close()
    expect(server.listening).toBe(true)
    await new Promise((resolve) => server.close(resolve))

    expect(() => warren({ forceCloseConnections: 'idle', serverFactory: () => ({ on() {} }) })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE' }),
    )
  })

  it("closes idle connections of a user's server at close(); Node's own server does it in close()", async () => {
    let calls = 0
    const app = warren({
      forceCloseConnections: 'idle',
      serverFactory: (handler: http.RequestListener) => {
        const server = http.createServer(handler)
        const original = server.closeIdleConnections.bind(server)
        server.closeIdleConnections = () => {
          calls++
          original()
        }
        return server
      },
    })
    await app.listen({ port: 0 })
    await app.close()
    // once by Node's server.close(), once by warren
    expect(calls).toBe(2)

    const native = warren({ forceCloseConnections: 'idle' })
    await native.listen({ port: 0 })
    let nativeCalls = 0
    native.server.closeIdleConnections = () => nativeCalls++
    await native.close()
    expect(nativeCalls).toBe(1)
  })
})

describe('client errors', () => {
  it('answers 400 to a request Node cannot parse, and to a non-numeric content-length', async () => {
    const app = warren()
    app.post('/', async () => 'never')
    const address = await app.listen({ port: 0 })
    try {
      const garbage = await rawExchange(portOf(address), 'GARBAGE\r\n\r\n')
      expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
      const body = JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))
      expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Client Error' })
      const length = await rawExchange(portOf(address), 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n')
      expect(length).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    } finally {
      await app.close()
    }
  })

  it('logs a client error at trace: a request nobody could parse may be a probe, not worth a debug line', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { level: 'trace', stream } })
    const address = await app.listen({ port: 0 })
    try {
      await rawExchange(portOf(address), 'GARBAGE\r\n\r\n')
    } finally {
      await app.close()
    }
    const logged = lines.filter((line) => String(line.msg).startsWith('client error'))
    expect(logged.map((line) => line.level)).toEqual([10])
  })

  it('answers 400 to a bad request on a kept-alive connection after a good one', async () => {
    const app = warren()
    app.get('/', async () => 'good')
    const address = await app.listen({ port: 0 })
    try {
      const all = await sequentialExchange(portOf(address), ['GET / HTTP/1.1\r\nHost: x\r\n\r\n', 'NOT HTTP\r\n\r\n'])
      expect([...all.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['200', '400'])
    } finally {
      await app.close()
    }
  })

  it('answers 400 to a bad request pipelined behind a good one, after the good answer', async () => {
    const app = warren()
    app.get('/', (_req: any, reply: any) => { reply.send('good') })
    const address = await app.listen({ port: 0 })
    try {
      // one write: the bad request is parsed while the good one's answer is still on its way out
      const all = await rawExchange(portOf(address), 'GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /?a b HTTP/1.1\r\nHost: x\r\n\r\n')
      expect([...all.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['200', '400'])
      expect(all).toMatch(/\r\n\r\ngoodHTTP\/1\.1 400 Bad Request\r\n/)
    } finally {
      await app.close()
    }
  })

  it('answers 408 when the request is not complete within requestTimeout, with Fastify\'s error body', async () => {
    const app = warren({ requestTimeout: 50, http: { connectionsCheckingInterval: 20 } })
    app.post('/', async () => 'never')
    const address = await app.listen({ port: 0 })
    try {
      // the headers never end
      const answer = await rawExchange(portOf(address), 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n')
      expect(answer).toBe(
        'HTTP/1.1 408 Request Timeout\r\nContent-Length: 71\r\nContent-Type: application/json\r\n\r\n{"error":"Request Timeout","message":"Client Timeout","statusCode":408}',
      )
    } finally {
      await app.close()
    }
  })

  it("answers a request Node cannot parse with Fastify's bytes", async () => {
    const app = warren()
    const address = await app.listen({ port: 0 })
    try {
      const body = '{"error":"Bad Request","message":"Client Error","statusCode":400}'
      expect(await rawExchange(portOf(address), 'oooops!')).toBe(`HTTP/1.1 400 Bad Request\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}`)
    } finally {
      await app.close()
    }
  })

  it('writes the client-error answer in one piece, then destroys the socket (a socket that cannot be written is only destroyed)', () => {
    const app = warren()
    const written: string[] = []
    const calls: string[] = []
    const socket = (writable: boolean) => ({
      destroyed: false,
      writable,
      write: (chunk: string | Buffer) => { written.push(String(chunk)); calls.push('write') },
      end: () => calls.push('end'),
      destroy: () => calls.push('destroy'),
    })
    app.server.emit('clientError', new Error('bad request line'), socket(true))
    expect(calls).toEqual(['write', 'destroy'])
    expect(written[0]).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\r\n\r\n\{"error":"Bad Request","message":"Client Error","statusCode":400\}$/)
    calls.length = 0
    app.server.emit('clientError', new Error('bad request line'), socket(false))
    expect(calls).toEqual(['destroy'])
  })

  it('hands client errors to clientErrorHandler, with the instance as `this`', async () => {
    let seen: { code?: string; self?: unknown } = {}
    const app = warren({
      clientErrorHandler(this: unknown, error: any, socket: net.Socket) {
        seen = { code: error.code, self: this }
        socket.end('HTTP/1.1 418 I\'m a Teapot\r\nContent-Length: 0\r\n\r\n')
      },
    })
    const address = await app.listen({ port: 0 })
    try {
      const answer = await rawExchange(portOf(address), 'GARBAGE\r\n\r\n')
      expect(answer).toMatch(/^HTTP\/1\.1 418/)
      expect(seen.code).toMatch(/^HPE_/)
      expect(seen.self).toBe(app)
    } finally {
      await app.close()
    }
  })
})
