import http from 'node:http'
import net from 'node:net'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

/** Writes all of `requests` in one write on a new connection; resolves with what arrived until the server closed it. */
function pipelined(port: number, requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = net.connect(port, '127.0.0.1', () => socket.write(requests.join('')))
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

function post(path: string, body: unknown, close = false): string {
  const text = JSON.stringify(body)
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}${close ? '\r\nConnection: close' : ''}\r\n\r\n${text}`
}

function statuses(raw: string): string[] {
  return [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])
}

function bodies(raw: string): string[] {
  return [...raw.matchAll(/\r\n\r\n(\{[^}]*\})/g)].map((m) => m[1])
}

const portOf = (address: string): number => Number(new URL(address).port)

type Gate = ReturnType<typeof holdFirst>

/** A handler that answers request `n` with `answer` once its gate lets it, then tells the gate. */
function gatedEcho<R extends object>(gate: Gate, answer: (reply: R, n: number) => void) {
  return async (request: { body: unknown }, reply: R): Promise<R> => {
    const n = (request.body as { n: number }).n
    await gate.wait(n)
    answer(reply, n)
    gate.handled(n)
    return reply
  }
}

/** Starts `app`, sends `requests` pipelined on one connection, stops it; resolves with what came back. */
async function answersTo(app: { listen(options: { port: number }): Promise<string>; close(): Promise<unknown> }, requests: string[]): Promise<string> {
  const address = await app.listen({ port: 0 })
  try {
    return await pipelined(portOf(address), requests)
  } finally {
    await app.close()
  }
}

/**
 * Holds the first request's handler until the other two were handled, so their answers are sent
 * while they still wait for their turn on the connection.
 */
function holdFirst(): { wait: (n: number) => Promise<void>; handled: (n: number) => void } {
  let release: () => void = () => {}
  const othersHandled = new Promise<void>((resolve) => (release = resolve))
  const seen = new Set<number>()
  return {
    wait: (n) => (n === 1 ? othersHandled : Promise.resolve()),
    handled: (n) => {
      seen.add(n)
      if (seen.has(2) && seen.has(3)) setImmediate(release)
    },
  }
}

describe('pipelined HTTP/1.1 requests', () => {
  it('answers each in order, through its hooks and response schema, each counted sent as soon as it was sent', async () => {
    const app = warren()
    const gate = holdFirst()
    const sentAfterSend: boolean[] = []
    const headersOutAfterSend: boolean[] = []
    const responded: number[] = []
    app.addHook('onResponse', async (request) => {
      responded.push((request.body as { n: number }).n)
    })
    app.post('/echo', {
      schema: {
        body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        response: { 201: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    }, async (request, reply) => {
      const n = (request.body as { n: number }).n
      await gate.wait(n)
      reply.code(201).send({ n, dropped: 'by the schema' })
      sentAfterSend[n - 1] = reply.sent
      headersOutAfterSend[n - 1] = reply.raw.headersSent
      gate.handled(n)
      return reply
    })
    const raw = await answersTo(app, [post('/echo', { n: 1 }), post('/echo', { n: 2 }), post('/echo', { n: 3 }, true)])
    expect(statuses(raw)).toEqual(['201', '201', '201'])
    expect(bodies(raw)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    expect(sentAfterSend).toEqual([true, true, true])
    // the first had the connection; the others are written at their turn, not queued in Node
    expect(headersOutAfterSend).toEqual([true, false, false])
    expect(responded).toEqual([1, 2, 3])
  })

  it("waits the same way with a response class of the user's or a serverFactory's server; the default one is still Node's ServerResponse", async () => {
    class AuditedResponse<R extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<R> {}
    const classes: string[] = []
    const echoOn = (app: ReturnType<typeof warren>) => {
      const gate = holdFirst()
      app.post('/echo', gatedEcho(gate, (reply: { raw: object; send(payload: unknown): unknown }, n) => {
        classes.push(`${n}:${reply.raw.constructor.name}:${reply.raw instanceof http.ServerResponse}`)
        reply.send({ n })
      }))
      return app
    }
    const requests = [post('/echo', { n: 1 }), post('/echo', { n: 2 }), post('/echo', { n: 3 }, true)]
    for (const app of [
      echoOn(warren({ http: { ServerResponse: AuditedResponse } })),
      echoOn(warren({ serverFactory: (handler) => http.createServer(handler) })),
      echoOn(warren()),
    ]) {
      const raw = await answersTo(app, requests)
      expect(statuses(raw)).toEqual(['200', '200', '200'])
      expect(bodies(raw)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    }
    expect(new Set(classes.map((entry) => entry.slice(2)))).toEqual(new Set(['AuditedResponse:true', 'ServerResponse:true', 'TurnResponse:true']))
  })

  it('keeps the answer a queued handler sent when it then fails, and logs the failure', async () => {
    const logged: string[] = []
    const app = warren({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } })
    const gate = holdFirst()
    app.post('/echo', async (request, reply) => {
      const n = (request.body as { n: number }).n
      await gate.wait(n)
      reply.send({ n })
      gate.handled(n)
      throw new Error('after the answer')
    })
    const raw = await answersTo(app, [post('/echo', { n: 1 }), post('/echo', { n: 2 }), post('/echo', { n: 3 }, true)])
    expect(statuses(raw)).toEqual(['200', '200', '200'])
    expect(bodies(raw)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    expect(logged.filter((line) => line.includes('reply.sent = true was set'))).toHaveLength(3)
  })

  it('streams a queued answer and answers a queued HEAD without a body, at their turn', async () => {
    const app = warren()
    const gate = holdFirst()
    app.post('/echo', gatedEcho(gate, (reply, n) => {
      reply.header('content-type', 'application/json')
      reply.send(n === 2 ? Readable.from([`{"n":`, `${n}}`]) : { n })
    }))
    app.head('/echo', async () => {
      gate.handled(3)
      return { n: 3 }
    })
    const head = 'HEAD /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'
    const raw = await answersTo(app, [post('/echo', { n: 1 }), post('/echo', { n: 2 }), head])
    expect(statuses(raw)).toEqual(['200', '200', '200'])
    expect(raw).toContain('\r\n\r\n{"n":1}HTTP/1.1 200')
    expect(raw).toMatch(/transfer-encoding: chunked\r\n\r\n5\r\n\{"n":\r\n2\r\n2\}\r\n0\r\n\r\nHTTP\/1\.1 200/i)
    // the HEAD answer carries the GET's length and no body, and ends the exchange
    expect(raw).toMatch(/content-length: 7\r\n(?:[^\r]+\r\n)*\r\n$/i)
  })

  it('writes a queued answer its handler hijacked after sending it, as the bytes were already given', async () => {
    const app = warren()
    const gate = holdFirst()
    app.post('/echo', gatedEcho(gate, (reply, n) => {
      reply.send({ n })
      if (n === 2) reply.hijack()
    }))
    const raw = await answersTo(app, [post('/echo', { n: 1 }), post('/echo', { n: 2 }), post('/echo', { n: 3 }, true)])
    expect(statuses(raw)).toEqual(['200', '200', '200'])
    expect(bodies(raw)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
  })

  it('reports a header Node refuses on a queued answer as a 500 at its turn', async () => {
    const app = warren()
    const gate = holdFirst()
    app.post('/echo', gatedEcho(gate, (reply, n) => {
      if (n === 2) reply.header('x-bad', 'line\nbreak')
      reply.send({ n })
    }))
    const raw = await answersTo(app, [post('/echo', { n: 1 }), post('/echo', { n: 2 }), post('/echo', { n: 3 }, true)])
    expect(statuses(raw)).toEqual(['200', '500', '200'])
    expect(bodies(raw)[0]).toBe('{"n":1}')
    expect(bodies(raw)[2]).toBe('{"n":3}')
  })

  it('drops the queued answers of a connection the client closed, and goes on serving', async () => {
    const app = warren()
    let release: () => void = () => {}
    const firstHeld = new Promise<void>((resolve) => (release = resolve))
    let handled = 0
    app.post('/echo', async (request) => {
      handled++
      const n = (request.body as { n: number }).n
      if (n === 1) await firstHeld
      return { n }
    })
    const address = await app.listen({ port: 0 })
    try {
      const socket = net.connect(portOf(address), '127.0.0.1')
      socket.on('error', () => {})
      await new Promise<void>((resolve) => socket.once('connect', resolve))
      socket.write(post('/echo', { n: 1 }) + post('/echo', { n: 2 }))
      await expect.poll(() => handled).toBe(2)
      socket.destroy()
      release()
      const raw = await pipelined(portOf(address), [post('/echo', { n: 3 }, true)])
      expect(statuses(raw)).toEqual(['200'])
      expect(bodies(raw)).toEqual(['{"n":3}'])
    } finally {
      await app.close()
    }
  })

  class OwnResponse<R extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<R> {}

  it.each([
    ['warren\'s response class', () => warren()],
    ['a response class of the user\'s', () => warren({ http: { ServerResponse: OwnResponse } })],
  ])('stops reading a connection whose queued answers pass the socket\'s high-water mark, as Node does, and reads on as they go out (%s)', async (_name, build) => {
    const app = build()
    let release: () => void = () => {}
    const slow = new Promise<void>((resolve) => (release = resolve))
    let handled = 0
    app.get('/slow', async () => {
      await slow
      return { slow: true }
    })
    app.get('/data', async () => {
      handled++
      return { blob: 'x'.repeat(1024) }
    })
    const address = await app.listen({ port: 0 })
    const socket = net.connect(portOf(address), '127.0.0.1')
    try {
      const flood = 2000
      let received = ''
      socket.setEncoding('latin1')
      socket.on('data', (chunk) => (received += chunk))
      await new Promise<void>((resolve) => socket.once('connect', resolve))
      socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n')
      // sent as a client floods, write after write: Node still parses the whole of a chunk it read
      for (let sent = 0; sent < flood; sent += 100) {
        socket.write('GET /data HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(100))
        await new Promise((resolve) => setImmediate(resolve))
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      // the answers held reached 16 KiB's worth: the rest of the requests wait unread in the socket
      expect(handled).toBeGreaterThan(0)
      expect(handled).toBeLessThan(flood / 2)
      release()
      await expect.poll(() => statuses(received).length, { timeout: 10_000 }).toBe(flood + 1)
      expect(handled).toBe(flood)
    } finally {
      socket.destroy()
      await app.close()
    }
  })
})
