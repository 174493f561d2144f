import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { codes } from 'warren'
import { captureLogs as capture, warren } from '../helpers.js'

describe('reply: status and headers', () => {
  it('code / status / statusCode set the status', async () => {
    const app = warren()
    app.get('/code', async (_req: any, reply: any) => { reply.code(201); return { s: reply.statusCode } })
    app.get('/status', async (_req: any, reply: any) => reply.status(202).send('x'))
    app.get('/prop', async (_req: any, reply: any) => { reply.statusCode = 203; return 'y' })
    expect((await app.inject('/code')).statusCode).toBe(201)
    expect((await app.inject('/code')).json()).toEqual({ s: 201 })
    expect((await app.inject('/status')).statusCode).toBe(202)
    expect((await app.inject('/prop')).statusCode).toBe(203)
  })

  it('an invalid status code is an error answered with 500', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.code(999).send('x'))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe(codes.SVC_ERR_BAD_STATUS_CODE.code)
  })

  it('header, headers, getHeader, getHeaders, hasHeader, removeHeader', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => {
      reply.header('X-One', '1').headers({ 'x-two': '2', 'x-three': '3' })
      reply.raw.setHeader('x-raw', 'r')
      reply.removeHeader('x-three')
      return {
        one: reply.getHeader('x-one'),
        raw: reply.getHeader('X-Raw'),
        has: [reply.hasHeader('x-two'), reply.hasHeader('x-three'), reply.hasHeader('x-raw')],
        all: reply.getHeaders(),
      }
    })
    const res = await app.inject('/')
    expect(res.json()).toEqual({ one: '1', raw: 'r', has: [true, false, true], all: { 'x-one': '1', 'x-two': '2', 'x-raw': 'r' } })
    expect(res.headers['x-one']).toBe('1')
    expect(res.headers['x-two']).toBe('2')
    expect(res.headers['x-three']).toBeUndefined()
  })

  it('set-cookie headers accumulate', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.header('set-cookie', 'a=1').header('set-cookie', 'b=2').send())
    expect((await app.inject('/')).headers['set-cookie']).toEqual(['a=1', 'b=2'])
  })

  it('a header given no value, or undefined, is sent empty', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => {
      reply.header('x-omitted').header('x-undefined', undefined).headers({ 'x-via-headers': undefined })
      return { has: reply.hasHeader('x-omitted'), value: reply.getHeader('x-undefined') }
    })
    const res = await app.inject('/')
    expect(res.json()).toEqual({ has: true, value: '' })
    expect(res.headers).toMatchObject({ 'x-omitted': '', 'x-undefined': '', 'x-via-headers': '' })
  })

  it('type() sets the content type', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.type('text/html').send('<p>hi</p>'))
    const res = await app.inject('/')
    expect(res.headers['content-type']).toBe('text/html')
    expect(res.body).toBe('<p>hi</p>')
  })

  it('an invalid header value becomes a 500, not a crash', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.header('x-bad', 'a\nb').send('x'))
    app.get('/ok', async () => 'fine')
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.headers['x-bad']).toBeUndefined()
    expect((await app.inject('/ok')).body).toBe('fine')
  })

  it('an invalid header value with a stream payload is a 500 too: the stream is dropped, nothing hangs', async () => {
    const app = warren()
    let destroyed = 0
    const stream = (): Readable => new Readable({
      read() { this.push('streamed'); this.push(null) },
      destroy(error, callback) { destroyed++; callback(error) },
    })
    app.get('/returned', async (_req: any, reply: any) => {
      reply.header('x-bad', 'a\nb').header('content-type', 'text/plain')
      return stream()
    })
    app.get('/sent', (_req: any, reply: any) => { reply.header('x-bad', 'a\nb').send(stream()) })
    await app.listen({ port: 0 })
    try {
      for (const path of ['/returned', '/sent']) {
        const res = await fetch(`http://127.0.0.1:${app.server.address().port}${path}`, { signal: AbortSignal.timeout(2000) })
        expect(res.status, path).toBe(500)
        expect(res.headers.get('x-bad'), path).toBeNull()
        expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8')
        expect(await res.json(), path).toMatchObject({ statusCode: 500, code: 'ERR_INVALID_CHAR' })
      }
      expect(destroyed).toBe(2)
    } finally {
      await app.close()
    }
  })
})

describe('reply.send payloads', () => {
  it('objects become JSON with content-length', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.send({ héllo: 'wörld' }))
    const res = await app.inject('/')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('{"héllo":"wörld"}')))
    expect(res.json()).toEqual({ héllo: 'wörld' })
  })

  it('strings are text/plain, Buffers application/octet-stream, each with content-length', async () => {
    const app = warren()
    app.get('/s', async (_req: any, reply: any) => reply.send('héllo'))
    app.get('/b', async (_req: any, reply: any) => reply.send(Buffer.from([1, 2, 3])))
    app.get('/u8', async () => new Uint8Array([4, 5]))
    const s = await app.inject('/s')
    expect(s.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(s.headers['content-length']).toBe(String(Buffer.byteLength('héllo')))
    const b = await app.inject('/b')
    expect(b.headers['content-type']).toBe('application/octet-stream')
    expect(b.headers['content-length']).toBe('3')
    expect([...b.rawPayload]).toEqual([1, 2, 3])
    expect([...(await app.inject('/u8')).rawPayload]).toEqual([4, 5])
  })

  it('a JSON content type on a string sends the string as is', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.type('application/json').send('{"pre":"serialized"}'))
    const res = await app.inject('/')
    expect(res.json()).toEqual({ pre: 'serialized' })
  })

  it('streams are piped', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.type('text/plain').send(Readable.from(['a', 'b', 'c'])))
    app.get('/web', async () => new Response('web stream').body)
    const res = await app.inject('/')
    expect(res.body).toBe('abc')
    expect((await app.inject('/web')).body).toBe('web stream')
  })

  it('a web stream that cannot be read (already locked) is a 500, not a hung request', async () => {
    const app = warren()
    app.get('/', async () => {
      const body = new Response('locked').body as ReadableStream
      body.getReader()
      return body
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'SVC_ERR_REP_READABLE_STREAM_LOCKED' })
  })

  it('a stream that fails before sending anything gives a 500', async () => {
    const app = warren()
    app.get('/', async () => new Readable({ read() { this.destroy(new Error('disk gone')) } }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('disk gone')
  })

  it('nothing: an empty body with content-length 0; 204 has no content-length', async () => {
    const app = warren()
    app.get('/empty', async (_req: any, reply: any) => reply.send())
    app.get('/204', async (_req: any, reply: any) => reply.code(204).send())
    const empty = await app.inject('/empty')
    expect(empty.statusCode).toBe(200)
    expect(empty.body).toBe('')
    expect(empty.headers['content-length']).toBe('0')
    const noContent = await app.inject('/204')
    expect(noContent.statusCode).toBe(204)
    expect(noContent.headers['content-length']).toBeUndefined()
  })

  it('null is sent as JSON null', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.send(null))
    const res = await app.inject('/')
    expect(res.body).toBe('null')
  })

  it('an Error passed to send goes to the error handler', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.send(Object.assign(new Error('bad input'), { statusCode: 422 })))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', message: 'bad input' })
  })

  it('HEAD of a streamed GET: headers only', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.type('text/plain').send(Readable.from(['data'])))
    const res = await app.inject({ method: 'HEAD', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    expect(res.headers['content-type']).toBe('text/plain')
  })

  it('reply.serializer() serializes this reply only', async () => {
    const app = warren()
    app.get('/custom', async (_req: any, reply: any) => reply.serializer((p: any) => `custom:${p.a}`).send({ a: 1 }))
    app.get('/normal', async () => ({ a: 1 }))
    expect((await app.inject('/custom')).body).toBe('custom:1')
    expect((await app.inject('/normal')).body).toBe('{"a":1}')
  })

  it('reply.serializer() leaves the content type to the caller: none added, one set kept as it is', async () => {
    const app = warren()
    app.get('/bare', async (_req: any, reply: any) => reply.serializer((p: any) => `a=${p.a}`).send({ a: 1 }))
    app.get('/typed', async (_req: any, reply: any) => reply.type('application/x-www-form-urlencoded').serializer((p: any) => `a=${p.a}`).send({ a: 1 }))
    app.get('/json', async (_req: any, reply: any) => reply.type('application/vnd.api+json').serializer(JSON.stringify).send({ a: 1 }))
    const bare = await app.inject('/bare')
    expect([bare.body, bare.headers['content-type']]).toEqual(['a=1', undefined])
    expect((await app.inject('/typed')).headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect((await app.inject('/json')).headers['content-type']).toBe('application/vnd.api+json')
  })

  it('an object under a media type nothing serializes is thrown at send(); a catch can still answer', async () => {
    const app = warren()
    const caught: unknown[] = []
    app.get('/', (_req: any, reply: any) => {
      reply.type('text/html')
      try {
        reply.send({ a: 1 })
      } catch (error) {
        caught.push(error)
        reply.send('<p>fallback</p>')
      }
    })
    const res = await app.inject('/')
    expect(caught).toHaveLength(1)
    expect(caught[0]).toBeInstanceOf(TypeError)
    expect(caught[0]).toMatchObject({ code: 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE', message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer." })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('<p>fallback</p>')
  })

  it('a custom serializer that returns neither text nor bytes is thrown at send(); uncaught, it is a 500', async () => {
    const app = warren()
    let caught: unknown
    app.get('/caught', (_req: any, reply: any) => {
      try {
        reply.serializer((p: unknown) => p).send({ a: 1 })
      } catch (error) {
        caught = error
        reply.code(418).send('teapot')
      }
    })
    app.get('/uncaught', async (_req: any, reply: any) => reply.type('text/html').send({ a: 1 }))
    const res = await app.inject('/caught')
    expect(caught).toMatchObject({ code: 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE' })
    expect(res.statusCode).toBe(418)
    const uncaught = await app.inject('/uncaught')
    expect(uncaught.statusCode).toBe(500)
    expect(uncaught.json().code).toBe('SVC_ERR_REP_INVALID_PAYLOAD_TYPE')
  })

  it('an object under such a media type reaches the onSend hooks, which may still turn it into text', async () => {
    const app = warren()
    app.addHook('onSend', async (_req: any, _reply: any, payload: any) => (typeof payload === 'object' ? `<b>${payload.a}</b>` : payload))
    app.get('/', async (_req: any, reply: any) => reply.type('text/html').send({ a: 1 }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('<b>1</b>')
  })

  it('a custom serializer may return nothing: an empty body', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.serializer(() => undefined).send({ a: 1 }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
  })
})

describe('reply: redirect, callNotFound, sent, hijack, elapsedTime', () => {
  it('redirect defaults to 302, accepts a code, and keeps a status set before (a 201 with the location of what it created)', async () => {
    const app = warren()
    app.get('/a', async (_req: any, reply: any) => reply.redirect('/b'))
    app.get('/c', async (_req: any, reply: any) => reply.redirect('/d', 301))
    app.get('/e', async (_req: any, reply: any) => reply.code(303).redirect('/f'))
    app.post('/items', async (_req: any, reply: any) => reply.code(201).redirect('/items/7'))
    const a = await app.inject('/a')
    expect(a.statusCode).toBe(302)
    expect(a.headers.location).toBe('/b')
    expect((await app.inject('/c')).statusCode).toBe(301)
    expect((await app.inject('/e')).statusCode).toBe(303)
    const created = await app.inject({ method: 'POST', url: '/items' })
    expect([created.statusCode, created.headers.location]).toEqual([201, '/items/7'])
  })

  it('callNotFound answers with the not-found handler of the context', async () => {
    const app = warren()
    app.setNotFoundHandler(async (req: any, reply: any) => reply.code(404).send({ custom: req.url }))
    app.get('/missing/:id', async (req: any, reply: any) => {
      if (req.params.id !== 'known') return reply.callNotFound()
      return 'found'
    })
    expect((await app.inject('/missing/known')).body).toBe('found')
    const res = await app.inject('/missing/other')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ custom: '/missing/other' })
  })

  it('sent is false before send and true once the response is finished', async () => {
    const app = warren()
    const states: boolean[] = []
    const finished = new Promise<void>((resolve) => app.addHook('onResponse', async (_req: any, reply: any) => { states.push(reply.sent); resolve() }))
    app.get('/', async (_req: any, reply: any) => {
      states.push(reply.sent)
      reply.send('x')
      states.push(reply.sent)
      return reply
    })
    await app.inject('/')
    await finished
    expect(states[0]).toBe(false)
    expect(states[2]).toBe(true)
  })

  it('a second send is logged and ignored, never a crash', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { level: 'warn', stream } })
    app.get('/', async (_req: any, reply: any) => {
      reply.send('first')
      reply.send('second')
      return reply
    })
    app.get('/returns-after-send', async (_req: any, reply: any) => {
      reply.send('sent')
      return 'returned'
    })
    const res = await app.inject('/')
    expect(res.body).toBe('first')
    expect(lines.some((l) => l.level === 40 && /already sent/.test(l.msg))).toBe(true)
    expect((await app.inject('/returns-after-send')).body).toBe('sent')
    expect(lines.filter((l) => l.level === 40).length).toBe(2)
  })

  it('hijack: warren writes nothing, the handler owns reply.raw', async () => {
    const app = warren()
    let onSendRan = false
    app.addHook('onSend', async () => { onSendRan = true })
    app.get('/', async (_req: any, reply: any) => {
      reply.hijack()
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.raw.end('raw answer')
      expect(reply.sent).toBe(true)
      return 'ignored'
    })
    const res = await app.inject('/')
    expect(res.body).toBe('raw answer')
    expect(onSendRan).toBe(false)
  })

  it('hijack: a hook or handler failing afterwards is not answered (nor is the socket cut); the rest of the lifecycle is skipped', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    const later: string[] = []
    app.register(async (child: any) => {
      child.addHook('onRequest', async (_req: any, reply: any) => {
        reply.hijack()
        reply.raw.end('from the hook')
        throw new Error('after hijack, in a hook')
      })
      child.addHook('preHandler', async () => { later.push('preHandler') })
      child.get('/hook', async () => { later.push('handler') })
    })
    app.get('/throws', (_req: any, reply: any) => {
      reply.hijack()
      reply.raw.end('from the handler')
      throw new Error('after hijack, sync')
    })
    app.get('/rejects', (_req: any, reply: any) => {
      reply.hijack()
      reply.raw.end('from the handler')
      return Promise.reject(new Error('after hijack, async'))
    })
    app.get('/sends', (_req: any, reply: any) => {
      reply.hijack()
      reply.raw.end('raw')
      reply.send('ignored')
    })
    expect((await app.inject('/hook')).body).toBe('from the hook')
    expect(later).toEqual([])
    expect(lines.some((l) => l.level >= 40)).toBe(false)
    const thrown = await app.inject('/throws')
    expect([thrown.statusCode, thrown.body]).toEqual([200, 'from the handler'])
    expect(lines.find((l) => l.level === 40)?.err).toMatchObject({ code: 'SVC_ERR_REP_ALREADY_SENT' })
    const rejected = await app.inject('/rejects')
    expect([rejected.statusCode, rejected.body]).toEqual([200, 'from the handler'])
    expect(lines.find((l) => l.level === 50)?.err).toMatchObject({ message: 'after hijack, async' })
    expect((await app.inject('/sends')).body).toBe('raw')
    expect(lines.filter((l) => l.level === 40 && l.err?.code === 'SVC_ERR_REP_ALREADY_SENT').length).toBe(2)
  })

  it('hijack: request.socket lets a hook answer on the connection itself', async () => {
    const app = warren()
    app.addHook('onRequest', async (req: any, reply: any) => {
      reply.hijack()
      req.socket.end('HTTP/1.1 200 OK\r\ncontent-length: 3\r\nconnection: close\r\n\r\nraw')
    })
    app.get('/', async () => 'never')
    const origin = await app.listen({ port: 0 })
    try {
      const res = await fetch(origin)
      expect([res.status, await res.text()]).toEqual([200, 'raw'])
    } finally {
      await app.close()
    }
  })

  it('a rejection after the reply was sent is logged; the finished response is left alone', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/', (_req: any, reply: any) => {
      reply.send('done')
      return new Promise((_resolve, reject) => setTimeout(() => reject(new Error('too late')), 5))
    })
    const res = await app.inject('/')
    expect(res.body).toBe('done')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(lines.find((l) => l.level === 50)?.err).toMatchObject({ message: 'too late' })
  })

  it('elapsedTime grows while the request is served', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => {
      const before = reply.elapsedTime
      await new Promise((r) => setTimeout(r, 20))
      return { before, after: reply.elapsedTime }
    })
    const { before, after } = (await app.inject('/')).json()
    expect(before).toBeGreaterThanOrEqual(0)
    expect(after).toBeGreaterThanOrEqual(before + 15)
  })

  it('elapsedTime stops when the response finished: onResponse hooks and the completion log do not count', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    let inHook = -1
    app.addHook('onResponse', async (_request: any, reply: any) => {
      await new Promise((r) => setTimeout(r, 120))
      inHook = reply.elapsedTime
    })
    app.get('/', async () => {
      await new Promise((r) => setTimeout(r, 20))
      return 'ok'
    })
    await app.inject('/')
    await new Promise((r) => setTimeout(r, 200))
    const completed = lines.find((line) => line.msg === 'request completed')
    expect(inHook).toBeGreaterThanOrEqual(15)
    expect(inHook).toBeLessThan(100)
    expect(completed.responseTime).toBe(inHook)
  })

  it('a handler that sends, then returns a value too, keeps what it sent and logs a warning, sync or async', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { level: 'warn', stream } })
    app.get('/sync', (_req: any, reply: any) => {
      reply.send('sent')
      return 'returned'
    })
    app.get('/async', async (_req: any, reply: any) => {
      reply.send('sent')
      return 'returned'
    })
    for (const url of ['/sync', '/async']) expect((await app.inject(url)).body).toBe('sent')
    await new Promise((r) => setTimeout(r, 20))
    expect(lines.filter((line) => line.err?.code === 'SVC_ERR_REP_ALREADY_SENT')).toHaveLength(2)
  })

  it('an async handler resolving undefined without sending answers an empty body, not a hang', async () => {
    const app = warren()
    app.get('/', async () => undefined)
    app.get('/204', async (_req: any, reply: any) => { reply.code(204) })
    app.get('/later', async (_req: any, reply: any) => {
      setTimeout(() => reply.send('late'), 10)
      return reply
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    expect((await app.inject('/204')).statusCode).toBe(204)
    expect((await app.inject('/later')).body).toBe('late')
  })
})
