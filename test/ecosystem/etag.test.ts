import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import etag from '@fastify/etag'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

const etagPlugin = fromFastify<{ weak?: boolean; replyWith304?: boolean; hashFn?: (payload: string | Buffer) => string }>(etag)
const sha1 = (text: string): string => '"' + createHash('sha1').update(text).digest('base64') + '"'

describe('@fastify/etag', () => {
  it('adds an etag computed from the serialized payload', async () => {
    const app = warren().register(etagPlugin)
    app.get('/json', async () => ({ hello: 'world' }))
    app.get('/text', async () => 'plain text')
    expect((await app.inject({ url: '/json' })).headers.etag).toBe(sha1('{"hello":"world"}'))
    expect((await app.inject({ url: '/text' })).headers.etag).toBe(sha1('plain text'))
  })

  it('answers 304 with no body when if-none-match matches, 200 otherwise', async () => {
    const app = warren().register(etagPlugin)
    app.get('/', async () => ({ version: 1 }))
    const first = await app.inject({ url: '/' })
    const tag = first.headers.etag as string
    const again = await app.inject({ url: '/', headers: { 'if-none-match': tag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(tag)
    expect(again.headers['content-length']).toBeUndefined()
    const stale = await app.inject({ url: '/', headers: { 'if-none-match': '"something-else"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.json()).toEqual({ version: 1 })
  })

  it('makes weak etags, keeps an etag the route set itself, and skips streams', async () => {
    const app = warren().register(etagPlugin, { weak: true })
    app.get('/weak', async () => 'abc')
    app.get('/own', async (_request, reply) => reply.header('etag', '"v42"').send('mine'))
    app.get('/stream', async (_request, reply) => {
      const { Readable } = await import('node:stream')
      return reply.send(Readable.from(['a', 'b']))
    })
    expect((await app.inject({ url: '/weak' })).headers.etag).toBe('W/' + sha1('abc'))
    const own = await app.inject({ url: '/own', headers: { 'if-none-match': '"v42"' } })
    expect(own.statusCode).toBe(304)
    expect(own.headers.etag).toBe('"v42"')
    const stream = await app.inject({ url: '/stream' })
    expect(stream.body).toBe('ab')
    expect(stream.headers.etag).toBeUndefined()
  })

  it('with replyWith304: false only sets the header', async () => {
    const app = warren().register(etagPlugin, { replyWith304: false, hashFn: (payload) => String(payload.length) })
    app.get('/', async () => 'four')
    const res = await app.inject({ url: '/', headers: { 'if-none-match': '"4"' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('four')
    expect(res.headers.etag).toBe('"4"')
  })
})
