import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runOnSend, send } from '../../src/serve/send.js'
import { writeResponse } from '../../src/serve/write.js'
import { kReplyHeaders } from '../../src/core/symbols.js'
import type { HookFn } from '../../src/hooks/store.js'
import { stubReply } from './stubs.js'

const settle = () => new Promise((resolve) => setImmediate(resolve))
const headersOf = (reply: object) => (reply as Record<symbol, Record<string, unknown>>)[kReplyHeaders]

// send and write alone, against a stub response that records what would reach the socket
describe('send (serve/send) with a stub socket', () => {
  it('serializes an object as JSON with its length and content type', () => {
    const { reply, written } = stubReply()
    send(reply, { hello: 'world' })
    expect(written.statusCode).toBe(200)
    expect(String(written.body)).toBe('{"hello":"world"}')
    expect(written.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'content-length': '17' })
  })

  it('sends plain objects, null-prototype objects and arrays as JSON, even with a pipe method; an instance with one is piped', async () => {
    const cases: Array<[unknown, string]> = [
      [{ pipe: 'a string', name: 'plain' }, '{"pipe":"a string","name":"plain"}'],
      [Object.assign(Object.create(null), { name: 'no prototype' }), '{"name":"no prototype"}'],
      [[1, 2], '[1,2]'],
    ]
    for (const [payload, json] of cases) {
      const { reply, written } = stubReply()
      send(reply, payload)
      expect(String(written.body)).toBe(json)
    }
    const withPipe = { pipe: () => {}, name: 'data' }
    const plain = stubReply()
    send(plain.reply, withPipe)
    expect(String(plain.written.body)).toBe('{"name":"data"}')
    const stream = stubReply()
    send(stream.reply, Readable.from(['streamed']))
    await settle()
    expect(String(stream.written.body)).toBe('streamed')
  })

  it('uses the route serializer for the status when there is one', () => {
    const { reply, written } = stubReply({ serializerFor: (status) => (status === 200 ? () => '{"by":"schema"}' : null) })
    send(reply, { by: 'anything' })
    expect(String(written.body)).toBe('{"by":"schema"}')
  })

  it('a serializer that throws is a 500 naming the route and status, through the reply', () => {
    const { reply, failures, written } = stubReply({
      serializerFor: () => () => {
        throw new Error('"name" is required!')
      },
    })
    send(reply, {})
    expect(written.ended).toBe(false)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatchObject({ code: 'SVC_ERR_RESPONSE_SERIALIZATION', statusCode: 500 })
  })

  it('sends strings as text and bytes as octet-stream, as they are', () => {
    const text = stubReply()
    send(text.reply, 'plain')
    expect(text.written.headers).toMatchObject({ 'content-type': 'text/plain; charset=utf-8', 'content-length': '5' })
    const bytes = stubReply()
    send(bytes.reply, new Uint8Array([1, 2, 3]))
    expect(bytes.written.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'content-length': '3' })
    expect(bytes.written.body).toEqual(Buffer.from([1, 2, 3]))
  })

  it('hands an Error to the failure path instead of sending it', () => {
    const { reply, failures, written } = stubReply()
    const error = new Error('boom')
    send(reply, error)
    expect(failures).toEqual([error])
    expect(written.ended).toBe(false)
  })

  it('ignores a second send and warns', () => {
    const { reply, written, log } = stubReply()
    send(reply, 'first')
    send(reply, 'second')
    expect(String(written.body)).toBe('first')
    expect(log.warn).toHaveBeenCalledTimes(1)
  })

  it('runs onSend hooks on the serialized payload before writing', async () => {
    const onSend: HookFn[] = [async (_q: unknown, _r: unknown, payload: string) => payload.toUpperCase()]
    const { reply, written } = stubReply({ hooks: { preSerialization: null, onSend } })
    send(reply, { a: 'b' })
    await settle()
    expect(String(written.body)).toBe('{"A":"B"}')
  })

  it('writes no body and no content-length for 204', () => {
    const { reply, written } = stubReply()
    reply.raw.statusCode = 204
    runOnSend(reply, 'ignored')
    expect(written.statusCode).toBe(204)
    expect(written.body).toBeUndefined()
    expect(written.headers).not.toHaveProperty('content-length')
  })

  it('answers HEAD with the headers of GET and no body', () => {
    const { reply, written } = stubReply({}, 'HEAD')
    writeResponse(reply, 'twelve bytes')
    expect(written.headers).toMatchObject({ 'content-length': '12' })
    expect(written.body).toBeUndefined()
  })

  it('an invalid header value fails the request and clears the headers for the error answer', () => {
    const { reply, failures, written } = stubReply()
    headersOf(reply)['x-bad'] = 'line\r\nbreak'
    writeResponse(reply, 'body')
    expect(written.ended).toBe(false)
    expect((failures[0] as Error).message).toMatch(/Invalid character/)
    expect(headersOf(reply)).toEqual({})
  })

  it('refuses a payload of a type it cannot write', () => {
    const { reply, failures } = stubReply()
    writeResponse(reply, 42)
    expect(failures[0]).toMatchObject({ code: 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE' })
  })

  it("asks for the connection to close while the server closes (forceCloseConnections 'idle')", () => {
    const { reply, written } = stubReply({ root: { closing: true, options: { forceCloseConnections: 'idle' } } })
    writeResponse(reply, 'bye')
    expect(written.headers).toMatchObject({ connection: 'close' })
  })

  it('leaves the connection alone while the server closes with forceCloseConnections: false', () => {
    const { reply, written } = stubReply({ root: { closing: true, options: { forceCloseConnections: false } } })
    writeResponse(reply, 'bye')
    expect(written.headers).not.toHaveProperty('connection')
  })

  it('pipes a stream payload to the response', async () => {
    const { reply, written } = stubReply()
    writeResponse(reply, Readable.from(['chunk one, ', 'chunk two']))
    await new Promise((resolve) => reply.raw.on('finish', resolve))
    expect(String(written.body)).toBe('chunk one, chunk two')
  })

  it('a stream that fails before its first byte is reported through the reply', async () => {
    const { reply, failures } = stubReply()
    const stream = new Readable({
      read() {
        this.destroy(new Error('ENOENT: no such file'))
      },
    })
    writeResponse(reply, stream)
    await settle()
    expect((failures[0] as Error).message).toBe('ENOENT: no such file')
  })
})
