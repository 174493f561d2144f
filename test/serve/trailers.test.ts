import http from 'node:http'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import warren from 'warren'

/** reply.trailer() sends the response chunked, with trailers computed after the payload. */
let open: any = null
afterEach(async () => {
  await open?.close()
  open = null
})

function rawGet(port: number, path: string): Promise<{ status: number, headers: http.IncomingHttpHeaders, trailers: NodeJS.Dict<string>, body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, trailers: res.trailers, body }))
    }).on('error', reject)
  })
}

describe('reply.trailer', () => {
  it('adds a trailer computed from the payload, without content-length (inject)', async () => {
    const app = warren()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('X-Length', (_reply: any, payload: string, done: any) => done(null, String(payload.length)))
      reply.send('hello')
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('hello')
    expect(res.headers.trailer).toBe('x-length')
    expect(res.headers['content-length']).toBeUndefined()
    expect(res.trailers['x-length']).toBe('5')
  })

  it('accepts async trailer functions, several at once, over a real socket with a stream payload', async () => {
    const app = warren()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('a', async (_reply: any, payload: unknown) => (payload === null ? 'stream' : 'other'))
      reply.trailer('b', (_reply: any, _payload: unknown, done: any) => setTimeout(() => done(null, 'late'), 10))
      reply.send(Readable.from(['one ', 'two']))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    open = app
    const port = (app.server.address() as any).port
    const res = await rawGet(port, '/')
    expect(res.status).toBe(200)
    expect(res.body).toBe('one two')
    expect(res.headers['transfer-encoding']).toBe('chunked')
    expect(res.headers.trailer).toBe('a, b')
    expect(res.trailers).toEqual({ a: 'stream', b: 'late' })
  })

  it('leaves out a trailer whose function fails, and sends the others', async () => {
    const app = warren({ logger: false })
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('bad', () => { throw new Error('boom') })
      reply.trailer('rejected', async () => { throw new Error('no') })
      reply.trailer('good', (_r: any, _p: unknown, done: any) => done(null, 'yes'))
      reply.send({ ok: true })
    })
    const res = await app.inject('/')
    expect(res.json()).toEqual({ ok: true })
    expect(res.trailers).toEqual({ good: 'yes' })
  })

  it('hasTrailer and removeTrailer; a removed trailer is not sent', async () => {
    const app = warren()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('ETag', (_r: any, _p: unknown, done: any) => done(null, 'x'))
      const had = reply.hasTrailer('etag')
      reply.removeTrailer('ETAG')
      reply.send({ had, has: reply.hasTrailer('etag') })
    })
    const res = await app.inject('/')
    expect(res.json()).toEqual({ had: true, has: false })
    expect(res.headers.trailer).toBeUndefined()
    expect(res.headers['content-length']).toBe(String(res.body.length))
  })

  it('refuses forbidden names and values that are not functions', async () => {
    const app = warren()
    app.get('/', (_request: any, reply: any) => {
      const codes: string[] = []
      for (const name of ['Content-Length', 'set-cookie', 'trailer', '']) {
        try { reply.trailer(name, () => 'x') } catch (error: any) { codes.push(error.code) }
      }
      try { reply.trailer('x-ok', 'value') } catch (error: any) { codes.push(error.code) }
      reply.send({ codes })
    })
    const res = await app.inject('/')
    expect(res.json().codes).toEqual([
      'SVC_ERR_BAD_TRAILER_NAME', 'SVC_ERR_BAD_TRAILER_NAME', 'SVC_ERR_BAD_TRAILER_NAME', 'SVC_ERR_BAD_TRAILER_NAME', 'SVC_ERR_BAD_TRAILER_VALUE',
    ])
  })

  it('sends no trailers on 204 nor on HEAD', async () => {
    const app = warren()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('x', (_r: any, _p: unknown, done: any) => done(null, 'v'))
      reply.code(204).send()
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(204)
    expect(res.headers.trailer).toBeUndefined()
    const head = await app.inject({ method: 'HEAD', url: '/' })
    expect(head.headers.trailer).toBeUndefined()
  })
})

describe('reply.writeEarlyHints', () => {
  it('sends a 103 with the hints before the response, over a real socket', async () => {
    const app = warren()
    let called = false
    app.get('/', async (_request: any, reply: any) => {
      reply.writeEarlyHints({ link: '</app.css>; rel=preload; as=style' }, () => { called = true })
      return 'page'
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    open = app
    const port = (app.server.address() as any).port
    const hints: Array<{ status: number | undefined, link: unknown }> = []
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let data = ''
        res.on('data', (chunk) => { data += chunk })
        res.on('end', () => resolve(`${res.statusCode} ${data}`))
      })
      req.on('information', (info) => hints.push({ status: info.statusCode, link: info.headers.link }))
      req.on('error', reject)
    })
    expect(hints).toEqual([{ status: 103, link: '</app.css>; rel=preload; as=style' }])
    expect(body).toBe('200 page')
    expect(called).toBe(true)
  })
})

describe('request.mediaType and reply.mediaType', () => {
  it('are the content types without parameters, lower case, or undefined', async () => {
    const app = warren()
    app.post('/', (request: any, reply: any) => {
      const before = reply.mediaType
      reply.raw.setHeader('Content-Type', 'TEXT/html')
      const raw = reply.mediaType
      reply.raw.removeHeader('Content-Type')
      reply.type('application/json ; charset=utf-8')
      reply.send({ request: request.mediaType, before: before ?? null, raw, reply: reply.mediaType })
    })
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'Text/Plain; charset=utf-8' }, payload: 'x' })
    expect(res.json()).toEqual({ request: 'text/plain', before: null, raw: 'text/html', reply: 'application/json' })
    const noType = await app.inject({ method: 'POST', url: '/' })
    expect(noType.json().request).toBeUndefined()
  })
})
