import { connect } from 'node:net'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface RawAnswer {
  status: number
  body: string
}

/**
 * Sends a request head, then each piece of the body in its own write, `delay` ms apart (a slow
 * client), and resolves with the response once the server closes or answers in full.
 */
async function sendInPieces(address: string, head: string, pieces: Buffer[], delay = 20): Promise<RawAnswer> {
  const { port } = new URL(address)
  const socket = connect(Number(port), '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  let received = ''
  socket.setEncoding('utf8')
  const answered = new Promise<RawAnswer>((resolve) => {
    const done = (): void => {
      const [headText, body = ''] = received.split('\r\n\r\n')
      resolve({ status: Number(headText.split(' ')[1]), body })
    }
    socket.on('data', (text: string) => {
      received += text
      const [headText, body] = received.split('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(headText ?? '')?.[1]
      if (body !== undefined && length !== undefined && Buffer.byteLength(body) >= Number(length)) {
        socket.destroy()
        done()
      }
    })
    socket.on('close', done)
  })
  socket.write(head)
  for (const piece of pieces) {
    await sleep(delay)
    socket.write(piece)
  }
  return answered
}

/** Splits `bytes` at the given offsets. */
function split(bytes: Buffer, ...offsets: number[]): Buffer[] {
  const pieces: Buffer[] = []
  let start = 0
  for (const offset of [...offsets, bytes.length]) {
    pieces.push(bytes.subarray(start, offset))
    start = offset
  }
  return pieces
}

/** A chunked transfer coding of `pieces`, one chunk each, then the last chunk. */
function chunked(pieces: Buffer[]): Buffer[] {
  const framed = pieces.map((piece) => Buffer.concat([Buffer.from(piece.length.toString(16) + '\r\n'), piece, Buffer.from('\r\n')]))
  framed.push(Buffer.from('0\r\n\r\n'))
  return framed
}

function echoApp(options: Record<string, unknown> = {}): any {
  const app = warren(options)
  app.post('/echo', async (request: any) => ({ body: request.body }))
  return app
}

// the snowman (3 bytes in UTF-8) and a 4-byte emoji, each split between two pieces below
const text = 'naïve ☃ and 😀, read whole'
const json = Buffer.from(JSON.stringify({ text }))
const snowman = json.indexOf(Buffer.from('☃'))
const emoji = json.indexOf(Buffer.from('😀'))

describe('reading a body that arrives in pieces', () => {
  it('with a content-length, from a slow client, a multi-byte character split between pieces', async () => {
    const app = echoApp()
    const address = await app.listen({ port: 0 })
    try {
      const head = `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n`
      const answer = await sendInPieces(address, head, split(json, snowman + 1, emoji + 2, emoji + 3))
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toEqual({ body: { text } })
    } finally {
      await app.close()
    }
  })

  it('once the body is read, a late event on the request changes nothing', async () => {
    const app = warren()
    app.post('/late', async (request: any) => {
      // what a stream never emits after its end, emitted anyway
      request.raw.emit('data', Buffer.alloc(2 * 1024 * 1024))
      request.raw.emit('end')
      request.raw.emit('close')
      return { body: request.body }
    })
    const address = await app.listen({ port: 0 })
    try {
      for (const n of [1, 2]) {
        const answer = await fetch(`${address}/late`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"n":${n}}` })
        expect([answer.status, await answer.json()]).toEqual([200, { body: { n } }])
      }
    } finally {
      await app.close()
    }
  })

  it('chunked, without a content-length, a multi-byte character split between chunks', async () => {
    const app = echoApp()
    const address = await app.listen({ port: 0 })
    try {
      const head = 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n'
      const answer = await sendInPieces(address, head, chunked(split(json, 3, snowman + 2, emoji + 1)))
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toEqual({ body: { text } })
    } finally {
      await app.close()
    }
  })

  it('a text body split inside a character reaches a string parser whole', async () => {
    const app = echoApp()
    const address = await app.listen({ port: 0 })
    try {
      const bytes = Buffer.from(text)
      const at = bytes.indexOf(Buffer.from('😀')) + 1
      const head = `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`
      const answer = await sendInPieces(address, head, split(bytes, at))
      expect(JSON.parse(answer.body)).toEqual({ body: text })
    } finally {
      await app.close()
    }
  })

  it('a chunked body that crosses bodyLimit in its third piece is refused with 413, and the server keeps serving', async () => {
    const app = echoApp({ bodyLimit: 100 })
    const address = await app.listen({ port: 0 })
    try {
      const head = 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n'
      const answer = await sendInPieces(address, head, chunked([Buffer.alloc(40, 'a'), Buffer.alloc(40, 'b'), Buffer.alloc(40, 'c')]))
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body).code).toBe('SVC_ERR_CTP_BODY_TOO_LARGE')
      const after = await fetch(`${address}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'still here' })
      expect(await after.json()).toEqual({ body: 'still here' })
    } finally {
      await app.close()
    }
  })

  it('a body in pieces exactly at bodyLimit is read', async () => {
    const app = echoApp({ bodyLimit: 80 })
    const address = await app.listen({ port: 0 })
    try {
      const head = 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 80\r\nConnection: close\r\n\r\n'
      const answer = await sendInPieces(address, head, [Buffer.alloc(40, 'a'), Buffer.alloc(40, 'b')])
      expect(JSON.parse(answer.body)).toEqual({ body: 'a'.repeat(40) + 'b'.repeat(40) })
    } finally {
      await app.close()
    }
  })
})

describe('a body that is not a socket request', () => {
  it('read from a stream payload in pieces: whole, and 413 once the pieces cross bodyLimit', async () => {
    const app = echoApp({ bodyLimit: 100 })
    const pieces = split(json, snowman + 1, emoji + 2)
    const ok = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: Readable.from(pieces) })
    expect(ok.json()).toEqual({ body: { text } })
    const large = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'text/plain' }, payload: Readable.from([Buffer.alloc(60), Buffer.alloc(60)]) })
    expect(large.statusCode).toBe(413)
  })

  it('longer or shorter than its content-length says: 400 SVC_ERR_CTP_INVALID_CONTENT_LENGTH', async () => {
    const app = echoApp()
    for (const declared of [json.length - 5, json.length + 5]) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-length': String(declared) },
        payload: Readable.from(split(json, 10, 20)),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('SVC_ERR_CTP_INVALID_CONTENT_LENGTH')
    }
  })
})

describe('a request destroyed while its body is read', () => {
  for (const [name, destroyWith, code] of [
    ['without an error', undefined, 'ECONNRESET'],
    ['with an error of its own', Object.assign(new Error('stopped by a hook'), { code: 'STOPPED_BY_HOOK' }), 'STOPPED_BY_HOOK'],
  ] as const) {
    it(`${name}: the body stage fails with that error, nothing reaches the handler, the server keeps serving`, async () => {
      const app = warren()
      const events: string[] = []
      app.addHook('onRequest', async (request: any) => {
        if (request.url === '/slow') setTimeout(() => request.raw.destroy(destroyWith), 30)
      })
      app.addHook('onError', async (_request: any, _reply: any, error: any) => { events.push(`error:${error.code}`) })
      app.post('/slow', async () => { events.push('handler'); return 'never' })
      app.get('/ping', async () => 'pong')
      const address = await app.listen({ port: 0 })
      try {
        const head = 'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n'
        await sendInPieces(address, head, [Buffer.from('{"a":'), Buffer.from('"b')], 10)
        for (let waited = 0; events.length === 0 && waited < 2000; waited += 10) await sleep(10)
        expect(events).toEqual([`error:${code}`])
        expect(await (await fetch(`${address}/ping`)).text()).toBe('pong')
      } finally {
        await app.close()
      }
    })
  }
})

describe('declaredLengthOf', () => {
  it('reads a content-length as Number() does, digits directly', async () => {
    const { declaredLengthOf } = await import('../../src/content-type/body-reader.js')
    for (const value of ['0', '7', '0012', '1048576', '999999999999999', '1234567890123456', ' 12', '12 ', '+5', '-1', '1e3', '0x10', '1.5', 'abc', '']) {
      expect(Object.is(declaredLengthOf(value), Number(value)), value).toBe(true)
    }
    expect(declaredLengthOf(undefined)).toBeNaN()
  })
})
