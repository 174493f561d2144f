import { request as httpRequest, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { PassThrough } from 'node:stream'
import { gzipSync, createGunzip } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

const MB = 1024 * 1024

function post(app: any, url: string, payload: string | Buffer, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', ...headers }, payload })
}

function expect413(res: any): void {
  expect(res.statusCode).toBe(413)
  expect(res.json()).toEqual({ statusCode: 413, code: 'SVC_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' })
}

interface Upload {
  status: number
  body: string
  sent: number
  peakArrayBuffers: number
}

/**
 * Streams `total` bytes to the server in 64 KiB chunks (chunked, or with a content-length when
 * `declare` is set), honouring backpressure, and stops writing as soon as the response arrives.
 */
function upload(address: string, total: number, declare: boolean): Promise<Upload> {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  const baseline = process.memoryUsage().arrayBuffers
  let peak = 0
  const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline) }, 5)
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const headers: Record<string, string | number> = { 'content-type': 'text/plain' }
    if (declare) headers['content-length'] = total
    const req = httpRequest(address, { method: 'POST', headers })
    const finish = (res: IncomingMessage, body: string): void => {
      clearInterval(sample)
      resolve({ status: res.statusCode ?? 0, body, sent, peakArrayBuffers: peak })
    }
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (text) => { body += text })
      res.on('end', () => finish(res, body))
      res.on('error', () => finish(res, body))
    })
    // once the server has answered and closed, writes fail: that is expected
    req.on('error', (error) => { if (!answered) { clearInterval(sample); reject(error) } })
    const pump = (): void => {
      while (!answered && !req.destroyed && sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (sent >= total && !answered) req.end()
    }
    pump()
  })
}

/** An app with a 1 MiB limit that records how many bytes each connection read off the wire. */
async function limitedServer(): Promise<{ app: any, address: string, bytesRead: () => number, parserCalls: () => number }> {
  const app = warren({ bodyLimit: MB })
  let calls = 0
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_req: any, body: any, done: any) => { calls++; done(null, body.length) })
  app.post('/', async (request: any) => ({ length: request.body }))
  const sockets: Socket[] = []
  const address = await app.listen({ port: 0 })
  app.server.on('connection', (socket: Socket) => sockets.push(socket))
  return { app, address, bytesRead: () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0), parserCalls: () => calls }
}

describe('bodyLimit through inject', () => {
  it('the factory limit applies to every parser; a body at the limit passes', async () => {
    const app = warren({ bodyLimit: 10 })
    app.post('/', async (request: any) => ({ body: request.body }))
    expect((await post(app, '/', '0123456789')).json()).toEqual({ body: '0123456789' })
    expect413(await post(app, '/', '0123456789A'))
    expect413(await post(app, '/', JSON.stringify({ more: 'than ten' }), { 'content-type': 'application/json' }))
  })

  it('counts bytes, not characters', async () => {
    const app = warren({ bodyLimit: 10 })
    app.post('/', async (request: any) => ({ body: request.body }))
    expect((await post(app, '/', 'ééééé')).statusCode).toBe(200)
    expect413(await post(app, '/', 'éééééé'))
  })

  it('a route limit overrides the factory limit, both ways', async () => {
    const app = warren({ bodyLimit: 100 })
    app.post('/small', { bodyLimit: 5 }, async (request: any) => request.body)
    app.post('/large', { bodyLimit: 1000 }, async (request: any) => request.body)
    app.post('/default', async (request: any) => request.body)
    expect413(await post(app, '/small', '123456'))
    expect((await post(app, '/large', 'x'.repeat(500))).statusCode).toBe(200)
    expect413(await post(app, '/default', 'x'.repeat(101)))
  })

  it('a parser limit overrides the factory limit, and a route limit overrides the parser limit', async () => {
    const app = warren({ bodyLimit: 100 })
    app.addContentTypeParser('text/x-tiny', { parseAs: 'string', bodyLimit: 3 }, (_req: any, body: any, done: any) => done(null, body))
    app.addContentTypeParser('text/x-huge', { parseAs: 'string', bodyLimit: 1000 }, (_req: any, body: any, done: any) => done(null, body))
    app.post('/', async (request: any) => request.body)
    app.post('/route', { bodyLimit: 10 }, async (request: any) => request.body)
    expect((await post(app, '/', 'abc', { 'content-type': 'text/x-tiny' })).body).toBe('abc')
    expect413(await post(app, '/', 'abcd', { 'content-type': 'text/x-tiny' }))
    expect((await post(app, '/', 'x'.repeat(500), { 'content-type': 'text/x-huge' })).statusCode).toBe(200)
    expect((await post(app, '/route', 'abcd', { 'content-type': 'text/x-tiny' })).body).toBe('abcd')
    expect413(await post(app, '/route', 'x'.repeat(11), { 'content-type': 'text/x-huge' }))
  })

  it('a route may declare the factory limit explicitly and still beat a parser limit', async () => {
    const app = warren({ bodyLimit: 100 })
    app.addContentTypeParser('text/x-huge', { parseAs: 'string', bodyLimit: 1000 }, (_req: any, body: any, done: any) => done(null, body))
    app.post('/', { bodyLimit: 100 }, async (request: any) => request.body)
    expect413(await post(app, '/', 'x'.repeat(101), { 'content-type': 'text/x-huge' }))
  })

  it('an onRoute hook may change the limit', async () => {
    const app = warren({ bodyLimit: 100 })
    app.addHook('onRoute', (options: any) => { options.bodyLimit = 4 })
    app.post('/', async (request: any) => request.body)
    expect413(await post(app, '/', '12345'))
    expect((await post(app, '/', '1234')).body).toBe('1234')
  })

  it('a limit of 1 refuses a longer body but accepts an empty one; 0 is refused at declaration, as in Fastify', async () => {
    const app = warren()
    app.post('/', { bodyLimit: 1 }, async (request: any) => ({ body: request.body }))
    expect(() => app.post('/zero', { bodyLimit: 0 }, async () => 'x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT' }))
    expect413(await post(app, '/', 'xy'))
    expect((await post(app, '/', '')).json()).toEqual({ body: '' })
  })

  it('refuses a declared content-length over the limit before reading', async () => {
    const app = warren({ bodyLimit: 10 })
    let parsed = false
    app.addContentTypeParser('text/x', { parseAs: 'string' }, (_req: any, body: any, done: any) => { parsed = true; done(null, body) })
    app.post('/', async () => 'never')
    const res = await post(app, '/', 'short', { 'content-type': 'text/x', 'content-length': '11' })
    expect413(res)
    expect(parsed).toBe(false)
  })

  it('answers a content-length that disagrees with the body with 400', async () => {
    const app = warren()
    app.post('/', async (request: any) => request.body)
    for (const length of ['3', '20']) {
      const res = await post(app, '/', '{"a":1}', { 'content-type': 'application/json', 'content-length': length })
      expect(res.statusCode, length).toBe(400)
      expect(res.json(), length).toEqual({ statusCode: 400, code: 'SVC_ERR_CTP_INVALID_CONTENT_LENGTH', error: 'Bad Request', message: 'Request body size did not match Content-Length' })
    }
  })

  it('routeOptions.bodyLimit shows the limit in force for the route', async () => {
    const app = warren({ bodyLimit: 100 })
    app.get('/default', async (request: any) => request.routeOptions.bodyLimit)
    app.get('/own', { bodyLimit: 7 }, async (request: any) => request.routeOptions.bodyLimit)
    expect((await app.inject('/default')).body).toBe('100')
    expect((await app.inject('/own')).body).toBe('7')
  })

  it('refuses bad route limits at declaration', () => {
    const app = warren()
    expect(() => app.post('/', { bodyLimit: -1 }, async () => 'x')).toThrow(/bodyLimit/)
    // @ts-expect-error bodyLimit is a number: the types refuse a string; the test checks the route declaration refuses it too
    expect(() => app.post('/', { bodyLimit: '10' }, async () => 'x')).toThrow(/bodyLimit/)
  })
})

describe('bodyLimit on a real socket', () => {
  it('a 20 MB chunked upload against 1 MB is refused with 413 as soon as the limit is crossed, without buffering it', async () => {
    const server = await limitedServer()
    try {
      const result = await upload(server.address, 20 * MB, false)
      expect(result.status).toBe(413)
      expect(JSON.parse(result.body)).toEqual({ statusCode: 413, code: 'SVC_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' })
      expect(server.parserCalls()).toBe(0)
      // the server stopped reading soon after the limit: far from the 20 MB the client wanted to send
      expect(server.bytesRead()).toBeLessThan(8 * MB)
      expect(result.sent).toBeLessThan(12 * MB)
      expect(result.peakArrayBuffers).toBeLessThan(10 * MB)
    } finally {
      await server.app.close()
    }
  })

  it('a 20 MB upload that declares its length is refused before its body is read', async () => {
    const server = await limitedServer()
    try {
      const result = await upload(server.address, 20 * MB, true)
      expect(result.status).toBe(413)
      expect(JSON.parse(result.body).code).toBe('SVC_ERR_CTP_BODY_TOO_LARGE')
      expect(server.parserCalls()).toBe(0)
      expect(server.bytesRead()).toBeLessThan(8 * MB)
      expect(result.peakArrayBuffers).toBeLessThan(10 * MB)
    } finally {
      await server.app.close()
    }
  })

  it('a chunked body within the limit is read whole, and the server keeps serving after a 413', async () => {
    const server = await limitedServer()
    try {
      expect((await upload(server.address, 2 * MB, false)).status).toBe(413)
      const ok = await upload(server.address, 16 * 64 * 1024, false)
      expect(ok.status).toBe(200)
      expect(JSON.parse(ok.body)).toEqual({ length: MB })
      const fetched = await fetch(server.address, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' })
      expect(await fetched.json()).toEqual({ length: 5 })
    } finally {
      await server.app.close()
    }
  })

  it('the 413 closes the connection', async () => {
    const server = await limitedServer()
    try {
      const res = await fetch(server.address, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: Buffer.alloc(MB + 1) })
      expect(res.status).toBe(413)
      expect(res.headers.get('connection')).toBe('close')
      await res.arrayBuffer()
    } finally {
      await server.app.close()
    }
  })
})

describe('preParsing can replace the payload', () => {
  function gunzipApp(options: Record<string, unknown> = {}): any {
    const app = warren(options)
    app.addHook('preParsing', async (request: any, _reply: any, payload: any) => {
      if (request.headers['content-encoding'] !== 'gzip') return payload
      const gunzip = createGunzip()
      payload.pipe(gunzip)
      return gunzip
    })
    app.post('/', async (request: any) => ({ body: request.body }))
    return app
  }

  it('decompresses a gzip body before the parser sees it', async () => {
    const app = gunzipApp()
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync(JSON.stringify({ zipped: true })) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ body: { zipped: true } })
  })

  it('applies the limit to the decompressed bytes (a small zip bomb is refused)', async () => {
    const app = gunzipApp({ bodyLimit: 1000 })
    const bomb = gzipSync(JSON.stringify({ pad: 'x'.repeat(100_000) }))
    expect(bomb.length).toBeLessThan(1000)
    expect413(await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: bomb }))
  })

  describe('a replacing stream that says what it read (receivedEncodedLength) is checked against content-length', () => {
    /** A gunzip stream that counts the compressed bytes it reads, as decompression plugins do. */
    function countingGunzipApp(options: Record<string, unknown> = {}, misreport = 0): any {
      const app = warren(options)
      app.addHook('preParsing', async (_request: any, _reply: any, payload: any) => {
        const gunzip: any = createGunzip()
        gunzip.receivedEncodedLength = 0
        payload.on('data', (chunk: Buffer) => (gunzip.receivedEncodedLength += chunk.length + misreport))
        payload.pipe(gunzip)
        return gunzip
      })
      app.post('/', async (request: any) => ({ body: request.body }))
      return app
    }
    const zipped = gzipSync(JSON.stringify({ zipped: true }))
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' }

    it('the compressed length matches the header: parsed', async () => {
      const res = await countingGunzipApp().inject({ method: 'POST', url: '/', headers, payload: zipped })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ body: { zipped: true } })
    })

    it('it does not match: 400 SVC_ERR_CTP_INVALID_CONTENT_LENGTH, as in Fastify', async () => {
      const res = await countingGunzipApp({}, 1).inject({ method: 'POST', url: '/', headers, payload: zipped })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('SVC_ERR_CTP_INVALID_CONTENT_LENGTH')
    })

    it('what it read crosses the limit: 413 even before the decompressed bytes do', async () => {
      const app = countingGunzipApp({ bodyLimit: 1000 }, 2000)
      expect413(await app.inject({ method: 'POST', url: '/', headers, payload: zipped }))
    })

    it('a declared length over the limit is refused before reading, replaced or not', async () => {
      const app = countingGunzipApp({ bodyLimit: 10 })
      expect413(await app.inject({ method: 'POST', url: '/', headers, payload: zipped }))
    })
  })

  it('a replaced stream is stopped, not drained, once the limit is crossed', async () => {
    const app = warren({ bodyLimit: 100 })
    let produced = 0
    let destroyed = false
    app.addHook('preParsing', (_request: any, _reply: any, payload: any, done: any) => {
      payload.resume()
      const endless = new PassThrough()
      const timer = setInterval(() => { produced += 64; endless.write(Buffer.alloc(64, 'x')) }, 1)
      endless.on('close', () => { destroyed = true; clearInterval(timer) })
      done(null, endless)
    })
    app.post('/', async () => 'never')
    expect413(await post(app, '/', 'x'))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(destroyed).toBe(true)
    expect(produced).toBeLessThan(1000)
  })

  it('the content-length of the compressed request is not checked against the decompressed size', async () => {
    const app = gunzipApp()
    const zipped = gzipSync(JSON.stringify({ a: 'b'.repeat(1000) }))
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(zipped.length) }, payload: zipped })
    expect(res.statusCode).toBe(200)
  })

  it('a corrupt gzip stream is a 400 from the stream error', async () => {
    const app = gunzipApp()
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: 'not gzip at all' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })

  it('a replacement stream destroyed without an error fails the request instead of hanging', async () => {
    const app = warren()
    app.addHook('preParsing', (_request: any, _reply: any, payload: any, done: any) => {
      payload.resume()
      const broken = new PassThrough()
      broken.write('{"partial":')
      setTimeout(() => broken.destroy(), 5)
      done(null, broken)
    })
    app.post('/', async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'aborted' })
  })

  it('a replacement stream already destroyed fails the request instead of hanging', async () => {
    const app = warren()
    app.addHook('preParsing', async (_request: any, _reply: any, payload: any) => {
      payload.resume()
      const gone = new PassThrough()
      gone.destroy()
      await new Promise((resolve) => setImmediate(resolve))
      return gone
    })
    app.post('/', async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('aborted')
  })

  it('a replacement stream that starts paused is still read', async () => {
    const app = warren()
    app.addHook('preParsing', async (_request: any, _reply: any, payload: any) => {
      const paused = new PassThrough()
      paused.pause()
      payload.pipe(paused)
      return paused
    })
    app.post('/', async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' })
    expect(res.json()).toEqual({ a: 1 })
  })

  it('works over a real socket with a chunked compressed upload', async () => {
    const app = gunzipApp({ bodyLimit: 1000 })
    const address = await app.listen({ port: 0 })
    try {
      const ok = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"small":1}') })
      expect(await ok.json()).toEqual({ body: { small: 1 } })
      const big = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(JSON.stringify({ pad: 'x'.repeat(50_000) })) })
      expect(big.status).toBe(413)
      expect(((await big.json()) as { code: string }).code).toBe('SVC_ERR_CTP_BODY_TOO_LARGE')
    } finally {
      await app.close()
    }
  })
})
