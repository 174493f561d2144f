import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { warren } from '../helpers.js'

function echoApp(): any {
  const app = warren()
  app.all('/echo', async (request: any) => ({
    method: request.method,
    url: request.url,
    query: request.query,
    headers: request.headers,
    body: request.body ?? null,
    ip: request.ip,
  }))
  return app
}

describe('inject() on the in-process pair keeps light-my-request\'s behaviour', () => {
  it('builds the request as a client would: host and user-agent defaults, lower-case headers, JSON payloads with their length, cookies, query merged', async () => {
    const app = echoApp()
    const res = await app.inject({
      method: 'post',
      url: '/echo?a=1&b=2',
      query: { b: '3', list: ['x', 'y'] },
      headers: { 'X-Custom': 42 },
      cookies: { session: 'a b' },
      payload: { hello: 'world' },
      remoteAddress: '10.0.0.9',
    })
    const echoed = res.json()
    expect(echoed.method).toBe('POST')
    expect(echoed.url).toBe('/echo?a=1&b=3&list=x&list=y')
    expect(echoed.headers).toMatchObject({
      host: 'localhost:80',
      'user-agent': 'lightMyRequest',
      'x-custom': '42',
      cookie: 'session=a%20b',
      'content-type': 'application/json',
      'content-length': '17',
    })
    expect(echoed.body).toEqual({ hello: 'world' })
    expect(echoed.ip).toBe('10.0.0.9')

    const fromParts = await app.inject({ url: { pathname: '/echo', hostname: 'example.test', port: 8080, query: { q: '1' } }, authority: 'ignored-when-url-has-host' })
    expect(fromParts.json().url).toBe('/echo?q=1')
    expect(fromParts.json().headers.host).toBe('ignored-when-url-has-host')
    // `..` segments are resolved as a URL parser resolves them
    expect((await app.inject('/nested/../echo')).json().url).toBe('/echo')
  })

  it('joins a header given as a list as Node\'s parser joins repeated ones: cookie with ;, a single-valued header its first, others with a comma', async () => {
    const app = echoApp()
    const res = await app.inject({ url: '/echo', headers: { accept: ['text/html', 'application/json'], cookie: ['session=abc', 'theme=dark'], authorization: ['Bearer one', 'Bearer two'] } })
    expect(res.json().headers).toMatchObject({ accept: 'text/html, application/json', cookie: 'session=abc; theme=dark', authorization: 'Bearer one' })
  })

  it('sends cookies given by name, with a path, or as the list an earlier response set; a path the URL is not under leaves its cookie out', async () => {
    const app = echoApp()
    app.get('/login', async (_request: any, reply: any) => {
      reply.header('set-cookie', ['session=s1; Path=/', 'scoped=a1; Path=/account/7', 'admin=no; Path=/admin'])
      return 'in'
    })
    app.get('/account/7/echo', async (request: any) => ({ headers: request.headers }))
    const login = await app.inject('/login')
    const cookieAt = async (url: string, cookies: any): Promise<string | undefined> => (await app.inject({ method: 'GET', url, cookies })).json().headers.cookie
    expect(await cookieAt('/echo', login.cookies)).toBe('session=s1')
    expect(await cookieAt('/account/7/echo', login.cookies)).toBe('session=s1; scoped=a1')
    expect(await cookieAt('/account/7/echo', { session: 'ok', scoped: { value: 'uid', path: '/account/7' }, other: { value: 'x', path: '/account/70' } })).toBe('session=ok; scoped=uid')
    // a path matches at a segment's end only
    expect(await cookieAt('/echo', { near: { value: 'x', path: '/ech' }, dir: { value: 'y', path: '/' } })).toBe('dir=y')
  })

  it("answers when a plugin redefines reply.raw.headersSent (as express's adapter does), whether the hook sends or fails", async () => {
    const app = warren()
    app.addHook('onRequest', (request: any, reply: any, done: (error?: Error) => void) => {
      let sent = false
      Object.defineProperty(reply.raw, 'headersSent', { get: () => sent, configurable: true })
      if (request.url === '/fails') return done(new Error('middleware failed'))
      sent = true
      reply.send('from the hook')
    })
    app.get('/fails', async () => 'handler')
    app.get('/sends', async () => 'handler')
    const failed = await app.inject('/fails')
    expect([failed.statusCode, failed.json().message]).toEqual([500, 'middleware failed'])
    const sent = await app.inject('/sends')
    expect([sent.statusCode, sent.body]).toEqual([200, 'from the hook'])
  })

  it('gives request.raw and reply.raw the members of Node\'s HTTP/1.1 shapes, trailers made on first read and kept', async () => {
    const app = warren()
    app.get('/shape', async (request: any, reply: any) => {
      const raw = request.raw
      raw.trailers['x-seen'] = 'yes'
      return {
        version: [raw.httpVersion, raw.httpVersionMajor, raw.httpVersionMinor, raw.upgrade],
        trailers: raw.trailers,
        rawTrailers: raw.rawTrailers,
        writable: [reply.raw.writableObjectMode, reply.raw.writableCorked, reply.raw.writableHighWaterMark],
        emitter: raw instanceof EventEmitter && reply.raw instanceof EventEmitter && raw instanceof Readable,
      }
    })
    expect((await app.inject('/shape')).json()).toEqual({
      version: ['1.1', 1, 1, false],
      trailers: { 'x-seen': 'yes' },
      rawTrailers: [],
      writable: [false, 0, 16384],
      emitter: true,
    })
  })

  it('forgets a removed header, on the reply and its raw response, as Node\'s ServerResponse does', async () => {
    const app = warren()
    app.get('/removed', async (_request: any, reply: any) => {
      reply.header('x-kept', 'k').header('x-gone', 'g')
      reply.removeHeader('x-gone')
      reply.raw.setHeader('x-raw-gone', 'r')
      reply.raw.removeHeader('x-raw-gone')
      return { reply: Object.keys(reply.getHeaders()), raw: Object.keys(reply.raw.getHeaders()), names: reply.raw.getHeaderNames() }
    })
    const answer = await app.inject('/removed')
    expect(answer.json()).toEqual({ reply: ['x-kept'], raw: [], names: [] })
    expect(answer.headers['x-gone']).toBeUndefined()
    expect(answer.headers['x-raw-gone']).toBeUndefined()
  })

  it('answers with the status, message, headers a client receives (date, connection, framing), payload forms and cookies', async () => {
    const app = warren()
    app.get('/cookies', (_request: any, reply: any) => {
      reply.header('set-cookie', ['a=1; Path=/; HttpOnly', 'b=hello%20you; Max-Age=60; Secure; SameSite=Lax; Expires=Wed, 21 Oct 2037 07:28:00 GMT'])
      reply.send({ ok: true })
    })
    app.get('/stream', (_request: any, reply: any) => reply.type('text/plain').send(Readable.from(['a', 'b'])))
    const res = await app.inject('/cookies')
    expect(res.statusCode).toBe(200)
    expect(res.statusMessage).toBe('OK')
    expect(res.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'content-length': '11', connection: 'keep-alive' })
    expect(typeof res.headers.date).toBe('string')
    expect(res.payload).toBe('{"ok":true}')
    expect(res.body).toBe(res.payload)
    expect(res.rawPayload.equals(Buffer.from('{"ok":true}'))).toBe(true)
    expect(res.json()).toEqual({ ok: true })
    expect(res.cookies).toEqual([
      { name: 'a', value: '1', path: '/', httpOnly: true },
      { name: 'b', value: 'hello you', maxAge: 60, secure: true, sameSite: 'Lax', expires: new Date('Wed, 21 Oct 2037 07:28:00 GMT') },
    ])
    expect(res.raw.res.statusCode).toBe(200)
    expect(res.raw.req.url).toBe('/cookies')

    const streamed = await app.inject('/stream')
    expect(streamed.headers['transfer-encoding']).toBe('chunked')
    expect(streamed.headers['content-length']).toBeUndefined()
    expect(streamed.payload).toBe('ab')
    const chunks: Buffer[] = []
    for await (const chunk of streamed.stream()) chunks.push(chunk)
    expect(Buffer.concat(chunks).toString()).toBe('ab')
  })

  it('answers with a plain object whose members are its own: json, stream and cookies may be destructured or spread', async () => {
    const app = warren()
    app.get('/', (_request: any, reply: any) => reply.header('set-cookie', 'a=1').send({ ok: true }))
    const res = await app.inject('/')
    const { json, stream, cookies } = res
    expect(json()).toEqual({ ok: true })
    expect(cookies).toEqual([{ name: 'a', value: '1' }])
    const chunks: Buffer[] = []
    for await (const chunk of stream()) chunks.push(chunk)
    expect(Buffer.concat(chunks).toString()).toBe('{"ok":true}')
    const copy = { ...res }
    expect(copy.json()).toEqual({ ok: true })
    expect(Object.keys(res)).toEqual(['raw', 'headers', 'statusCode', 'statusMessage', 'trailers', 'cookies', 'rawPayload', 'payload', 'body', 'json', 'stream'])
    expect(Object.getPrototypeOf(res)).toBe(Object.prototype)
  })

  it("reply.raw.setTimeout fires its timeout unless the response ended first, under inject() and app.fetch", async () => {
    const app = warren()
    app.get('/slow', (_request: any, reply: any) => {
      reply.raw.setTimeout(30, () => reply.code(504).send('timed out'))
    })
    let fired = false
    app.get('/quick', (_request: any, reply: any) => {
      reply.raw.setTimeout(30, () => { fired = true })
      reply.send('quick')
    })
    expect(await app.inject('/slow')).toMatchObject({ statusCode: 504, body: 'timed out' })
    const fetched = await app.fetch(new Request('http://localhost/slow'))
    expect([fetched.status, await fetched.text()]).toEqual([504, 'timed out'])
    expect((await app.inject('/quick')).body).toBe('quick')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(fired).toBe(false)
  })

  it('payloadAsStream resolves at the head and streams the body; json() is then refused', async () => {
    const app = warren()
    app.get('/big', async () => 'x'.repeat(100_000))
    const res = await app.inject({ url: '/big', payloadAsStream: true })
    expect(res.statusCode).toBe(200)
    expect(() => res.json()).toThrow('payloadAsStream')
    let size = 0
    for await (const chunk of res.stream()) size += chunk.length
    expect(size).toBe(100_000)
  })

  it('chains: methods, headers, payload and query set step by step, sent by end(), then() or on the next tick; a second send is refused', async () => {
    const app = echoApp()
    const chained = await app.inject().post('/echo').headers({ 'x-step': '1' }).payload({ n: 1 }).query({ q: 'v' })
    expect(chained.json()).toMatchObject({ method: 'POST', url: '/echo?q=v', body: { n: 1 } })
    expect(chained.json().headers['x-step']).toBe('1')
    const viaEnd = await app.inject().get('/echo').end()
    expect(viaEnd.statusCode).toBe(200)
    expect(viaEnd.json()).toMatchObject({ method: 'GET', url: '/echo' })
    const chain = app.inject().get('/echo')
    await chain
    expect(() => chain.get('/other')).toThrow('The dispatch function has already been invoked')
    const called = await new Promise<any>((resolve) => app.inject().get('/echo').end((error: Error | undefined, res: any) => resolve({ error, res })))
    // null, as light-my-request calls back
    expect(called.error).toBeNull()
    expect(called.res.statusCode).toBe(200)
    expect(called.res.json()).toMatchObject({ method: 'GET', url: '/echo' })
    const withCallback = await new Promise<any>((resolve) => app.inject({ url: '/echo' }, (error: Error | undefined, res: any) => resolve({ error, res })))
    expect(withCallback.res.json().url).toBe('/echo')
    expect(withCallback.error).toBeNull()
    const closed = echoApp()
    await closed.close()
    const failed = await new Promise<any>((resolve) => closed.inject({ url: '/echo' }, (error: Error | undefined, res: any) => resolve({ error, res })))
    expect([failed.error?.code, failed.res]).toEqual(['SVC_ERR_REOPENED_CLOSE_SERVER', null])
  })

  it('refuses wrong options at the call, or in the chain\'s promise', async () => {
    const app = echoApp()
    await app.ready()
    expect(() => app.inject({ url: '/echo', method: 'FETCH' }, () => {})).toThrow('method must be an HTTP method')
    expect(() => app.inject({ method: 'GET' }, () => {})).toThrow('exactly one of url and path')
    await expect(app.inject({ url: 42 })).rejects.toThrow('url must be a string')
    expect(() => app.inject({ url: '/echo', headers: { 'x-missing': undefined } }, () => {})).toThrow('invalid value "undefined" for header x-missing')
    // `validate: false` skips the checks
    const unchecked = await app.inject({ path: '/echo', validate: false })
    expect(unchecked.statusCode).toBe(200)
    expect(unchecked.json().url).toBe('/echo')
  })

  it('sends FormData as multipart, stream payloads as they come, and an old-style stream whole with its length', async () => {
    const app = warren()
    app.addContentTypeParser(/^multipart\/form-data/, { parseAs: 'string' }, (_request: any, body: string, done: any) => done(null, body))
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request: any, body: Buffer, done: any) => done(null, body))
    app.post('/form', async (request: any) => ({ type: request.headers['content-type'], hasField: request.body.includes('name="field"\r\n\r\nvalue') }))
    app.post('/bytes', async (request: any) => ({ size: request.body.length, length: request.headers['content-length'] ?? null }))
    const form = new FormData()
    form.append('field', 'value')
    const multipart = (await app.inject({ method: 'POST', url: '/form', payload: form })).json()
    expect(multipart.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(multipart.hasField).toBe(true)

    const modern = await app.inject({ method: 'POST', url: '/bytes', headers: { 'content-type': 'application/octet-stream' }, payload: Readable.from([Buffer.from('abc'), Buffer.from('de')]) })
    expect(modern.json()).toEqual({ size: 5, length: null })
    const legacy = new EventEmitter() as EventEmitter & { resume: () => void }
    legacy.resume = () => {
      setImmediate(() => {
        legacy.emit('data', Buffer.from('old'))
        legacy.emit('end')
      })
    }
    const old = await app.inject({ method: 'POST', url: '/bytes', headers: { 'content-type': 'application/octet-stream' }, payload: legacy })
    expect(old.json()).toEqual({ size: 3, length: '3' })
  })

  it('fixes the head of a response ended without writeHead through writeHead, as Node does, so code wrapping it sees it', async () => {
    const app = warren()
    const seen: number[] = []
    app.addHook('onRequest', (_request: any, reply: any, done: any) => {
      const original = reply.raw.writeHead
      reply.raw.writeHead = function (this: any, ...args: any[]) {
        seen.push(args[0])
        return original.apply(this, args)
      }
      done()
    })
    app.get('/raw', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.statusCode = 202
      reply.raw.end('ended')
    })
    const res = await app.inject('/raw')
    expect([res.statusCode, res.body, seen]).toEqual([202, 'ended', [202]])
  })

  it('answers a request destroyed after its body was read whole (a proxy done with it), as a socket does', async () => {
    const app = warren()
    // the body left unread, for the handler to stream on, as a proxy plugin does
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request: any, payload: any, done: any) => done(null, payload))
    app.post('/relay', async (request: any) => {
      let text = ''
      for await (const chunk of request.raw) text += chunk
      request.raw.destroy()
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { got: text }
    })
    const res = await app.inject({ method: 'POST', url: '/relay', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' })
    expect([res.statusCode, res.json()]).toEqual([200, { got: '{"a":1}' }])
  })

  it('simulates a misbehaving client: a split body still parses, an error or early close is a 400, an unended body never completes', async () => {
    const app = warren()
    app.post('/echo', async (request: any) => request.body)
    const split = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 }, simulate: { split: true } })
    expect(split.json()).toEqual({ a: 1 })
    const failed = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 }, simulate: { error: true } })
    expect(failed.statusCode).toBe(400)
    const closed = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 }, simulate: { close: true, end: false } })
    expect(closed.statusCode).toBe(400)
    // closed after a whole body: the body is complete, as it is for Fastify with light-my-request
    const closedAfter = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 }, simulate: { close: true } })
    expect([closedAfter.statusCode, closedAfter.json()]).toEqual([200, { a: 1 }])
    const never = app.inject({ method: 'POST', url: '/echo', payload: { a: 1 }, simulate: { end: false } })
    const outcome = await Promise.race([never.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 100, 'still waiting'))])
    expect(outcome).toBe('still waiting')
  })

  it('an aborted signal rejects the injection; a Request class gives the request its prototype', async () => {
    const app = warren()
    app.get('/slow', async () => new Promise((resolve) => setTimeout(resolve, 200, 'late')))
    class Custom {
      hello(): string {
        return 'from the custom class'
      }
    }
    app.get('/custom', async (request: any) => ({ isCustom: request.raw instanceof Custom, hello: request.raw.hello() }))
    const controller = new AbortController()
    const pending = app.inject({ url: '/slow', signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toThrow()
    expect((await app.inject({ url: '/custom', Request: Custom })).json()).toEqual({ isCustom: true, hello: 'from the custom class' })
  })

  it('reports trailers, and after close() refuses with SVC_ERR_REOPENED_CLOSE_SERVER', async () => {
    const app = warren()
    app.get('/trailers', (_request: any, reply: any) => {
      reply.trailer('x-digest', async () => 'abc')
      reply.send('body')
    })
    const res = await app.inject('/trailers')
    expect(res.trailers).toEqual({ 'x-digest': 'abc' })
    expect(res.payload).toBe('body')
    await app.close()
    await expect(app.inject('/trailers')).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
    // the chain form as well, when it sends
    await expect(app.inject().get('/trailers').end()).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
    await expect(app.inject().get('/trailers')).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
  })
})
