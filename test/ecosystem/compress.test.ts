import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import compress from '@fastify/compress'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface CompressReply {
  compress: (payload: unknown) => void
}
const compressPlugin = fromFastify<Record<string, unknown>, {}, {}, CompressReply>(compress)
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item number ${i}` })) }

describe('@fastify/compress', () => {
  it('gzips a JSON payload over the threshold when the client accepts gzip', async () => {
    const app = await warren().register(compressPlugin)
    app.get('/', async () => big)
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toBe('accept-encoding')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(big)
  })

  it('leaves the payload alone without accept-encoding, under the threshold, or for x-no-compression', async () => {
    const app = await warren().register(compressPlugin)
    app.get('/big', async () => big)
    app.get('/small', async () => ({ ok: true }))
    const plain = await app.inject({ url: '/big' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(big)
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ ok: true })
    const optedOut = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip', 'x-no-compression': '1' } })
    expect(optedOut.headers['content-encoding']).toBeUndefined()
  })

  it('compresses streams with the preferred encoding, and reply.compress() sends compressed', async () => {
    const app = await warren().register(compressPlugin, { global: false })
    app.get('/stream', (_request, reply) => {
      reply.type('text/plain').compress(Readable.from(['hello ', 'streaming ', 'world']))
    })
    const res = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'br, gzip;q=0.5' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-length']).toBeUndefined()
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('hello streaming world')
  })

  it('reply.compress() serializes an object payload first', async () => {
    const app = await warren().register(compressPlugin, { global: false })
    app.get('/object', (_request, reply) => reply.compress(big))
    const res = await app.inject({ url: '/object', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(big)
  })

  it('honours the route option compress: false and decompresses gzipped request bodies', async () => {
    const app = await warren().register(compressPlugin)
    // a plugin's own route option, read by its onRoute hook (warren's route option type has no slot for these)
    app.route(Object.assign({ method: 'GET' as const, url: '/raw', handler: async () => big }, { compress: false }))
    app.post('/echo', async (request) => ({ received: request.body }))
    const raw = await app.inject({ url: '/raw', headers: { 'accept-encoding': 'gzip' } })
    expect(raw.headers['content-encoding']).toBeUndefined()
    const echoed = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ zipped: true })),
    })
    expect(echoed.statusCode).toBe(200)
    expect(echoed.json()).toEqual({ received: { zipped: true } })
    const unsupported = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-ish' }, payload: '{}' })
    expect(unsupported.statusCode).toBe(415)
    expect(unsupported.json()).toMatchObject({ statusCode: 415, code: 'FST_CP_ERR_INVALID_CONTENT_ENCODING' })
  })
})
