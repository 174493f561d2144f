import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

/** A raw keep-alive connection: send requests on it, read each answer, see when it closes. */
async function rawConnection(address: string) {
  const socket = net.connect(Number(new URL(address).port), '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  let received = ''
  const waiters: Array<() => void> = []
  socket.on('data', (chunk) => {
    received += chunk.toString()
    for (const wake of waiters.splice(0)) wake()
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return {
    closed,
    send(path: string): void {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`)
    },
    /** Resolves with all text received once it contains `count` responses. */
    async responses(count: number): Promise<string> {
      while ((received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length < count) await new Promise<void>((resolve) => waiters.push(resolve))
      return received
    },
  }
}

describe('onClose hooks', () => {
  it('see their context as `this` and as their argument, in every style; children run before parents, last added first', async () => {
    const app = warren()
    const order: string[] = []
    let child: any
    app.register(async (instance: any) => {
      child = instance
      instance.addHook('onClose', function (this: any, received: any, done: () => void) {
        expect(this).toBe(instance)
        expect(received).toBe(instance)
        order.push('child')
        done()
      })
    })
    app.addHook('onClose', function (this: any, received: any) {
      expect(this).toBe(app)
      expect(received).toBe(app)
      order.push('root, first added')
    })
    app.addHook('onClose', async function (this: any) {
      expect(this).toBe(app)
      order.push('root, last added')
    })
    await app.ready()
    expect(child).toBeDefined()
    await app.close()
    expect(order).toEqual(['child', 'root, last added', 'root, first added'])
  })

  it('a hook that throws, rejects or passes an error to done rejects close(); the other hooks still run', async () => {
    for (const failing of [
      () => { throw new Error('cleanup failed') },
      async () => { throw new Error('cleanup failed') },
      (_instance: unknown, done: (error: Error) => void) => done(new Error('cleanup failed')),
    ]) {
      const app = warren()
      let otherRan = false
      app.addHook('onClose', () => { otherRan = true })
      app.addHook('onClose', failing)
      await app.ready()
      await expect(app.close()).rejects.toThrow('cleanup failed')
      expect(otherRan).toBe(true)
    }
  })

  it('a disposable resource is disposed of at close: Symbol.asyncDispose preferred, Symbol.dispose otherwise', async () => {
    const app = warren()
    const events: string[] = []
    app.addHook('onClose', {
      async [Symbol.asyncDispose]() { events.push('async') },
      [Symbol.dispose]() { events.push('sync of the async one') },
    })
    app.addHook('onClose', { [Symbol.dispose]() { events.push('sync') } })
    await app.ready()
    expect(events).toEqual([])
    await app.close()
    expect(events).toEqual(['sync', 'async'])
  })

  it('a failing dispose rejects close() with its error', async () => {
    for (const resource of [
      { async [Symbol.asyncDispose]() { throw new Error('pool would not drain') } },
      { [Symbol.dispose]() { throw new Error('pool would not drain') } },
    ]) {
      const app = warren()
      app.addHook('onClose', resource)
      await expect(app.close()).rejects.toThrow('pool would not drain')
    }
  })

  it('anything else is refused with SVC_ERR_HOOK_INVALID_HANDLER, for onClose as for other hooks', () => {
    const app = warren()
    for (const [name, value] of [['onClose', { close() {} }], ['onClose', 'close'], ['onReady', { [Symbol.dispose]() {} }]] as const) {
      expect(() => app.addHook(name, value)).toThrow(expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_HANDLER' }))
    }
  })
})

describe('Symbol.asyncDispose', () => {
  it('closes the application (`await using`)', async () => {
    const app = warren()
    let closed = 0
    app.addHook('onClose', () => { closed++ })
    await app.listen({ port: 0 })
    await app[Symbol.asyncDispose]()
    expect(app.server.listening).toBe(false)
    expect(closed).toBe(1)
    await app.close()
    expect(closed).toBe(1)
  })
})

describe('connections while closing', () => {
  it("forceCloseConnections: false keeps a kept-alive connection; its next request gets 503 and 'connection: close', between its onRequest and onResponse hooks", async () => {
    const app = warren({ forceCloseConnections: false })
    const seen: string[] = []
    app.addHook('onRequest', async (request: any) => {
      seen.push(`onRequest ${request.url}`)
    })
    app.addHook('onResponse', async (request: any, reply: any) => {
      seen.push(`onResponse ${request.url} ${reply.statusCode}`)
    })
    let closing: Promise<void> | undefined
    app.get('/', async () => {
      // the server stops while this request is in flight: its connection is not idle then
      closing = app.close()
      await new Promise((resolve) => setTimeout(resolve, 100))
      return 'answered'
    })
    const address = await app.listen({ port: 0 })
    const connection = await rawConnection(address)
    connection.send('/')
    const first = await connection.responses(1)
    expect(first).toMatch(/^HTTP\/1\.1 200/)
    expect(first).toMatch(/connection: keep-alive/i)
    connection.send('/')
    const both = await connection.responses(2)
    const second = both.slice(both.lastIndexOf('HTTP/1.1 '))
    expect(second).toMatch(/^HTTP\/1\.1 503/)
    expect(second).toMatch(/connection: close/i)
    await connection.closed
    await closing
    expect(seen).toEqual(['onRequest /', 'onResponse / 200', 'onRequest /', 'onResponse / 503'])
  })

  it("return503OnClosing: false serves a request arriving while closing, with 'connection: close'", async () => {
    const app = warren({ forceCloseConnections: false, return503OnClosing: false })
    let closing: Promise<void> | undefined
    app.get('/', async () => {
      if (closing !== undefined) return 'served'
      closing = app.close()
      await new Promise((resolve) => setTimeout(resolve, 100))
      return 'first'
    })
    const address = await app.listen({ port: 0 })
    const connection = await rawConnection(address)
    connection.send('/')
    await connection.responses(1)
    connection.send('/')
    const both = await connection.responses(2)
    const second = both.slice(both.lastIndexOf('HTTP/1.1 '))
    expect(second).toMatch(/^HTTP\/1\.1 200/)
    expect(second).toMatch(/connection: close/i)
    expect(second).toMatch(/served$/)
    await connection.closed
    await closing
  })

  it('pipelined requests: those read before close() are answered, the next one gets 503', async () => {
    const app = warren({ forceCloseConnections: false })
    let closing: Promise<void> | undefined
    app.get('/:n', async (request: any, reply: any) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      reply.send(request.params.n)
      closing ??= app.close()
      return reply
    })
    const address = await app.listen({ port: 0 })
    const connection = await rawConnection(address)
    connection.send('/1')
    connection.send('/2')
    await connection.responses(1)
    connection.send('/3')
    const all = await connection.responses(3)
    expect(all.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 503'])
    await connection.closed
    await closing
  })

  it("with the default forceCloseConnections, a request pipelined behind one in flight when close() starts is answered, not lost with the connection", async () => {
    for (const return503OnClosing of [true, false]) {
      const app = warren({ return503OnClosing })
      let carriedOut = 0
      app.get('/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 150))
        return 'slow done'
      })
      app.get('/count', async () => ++carriedOut)
      const address = await app.listen({ port: 0 })
      const connection = await rawConnection(address)
      connection.send('/slow')
      await new Promise((resolve) => setTimeout(resolve, 30))
      const closing = app.close()
      await new Promise((resolve) => setTimeout(resolve, 30))
      connection.send('/count')
      const all = await connection.responses(2)
      // the first answer leaves the connection to the second, which closes it
      expect(all.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', return503OnClosing ? 'HTTP/1.1 503' : 'HTTP/1.1 200'])
      expect(all.match(/connection: close/gi)?.length).toBe(1)
      expect(carriedOut).toBe(return503OnClosing ? 0 : 1)
      await connection.closed
      await closing
    }
  })

  it("a refused request is logged at info as 'request aborted'", async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream }, forceCloseConnections: false })
    let closing: Promise<void> | undefined
    app.get('/', async () => {
      if (closing !== undefined) return 'late'
      closing = app.close()
      await new Promise((resolve) => setTimeout(resolve, 100))
      return 'first'
    })
    const address = await app.listen({ port: 0 })
    const connection = await rawConnection(address)
    connection.send('/')
    await connection.responses(1)
    connection.send('/')
    await connection.responses(2)
    await closing
    const aborted = lines.find((line) => typeof line.msg === 'string' && line.msg.startsWith('request aborted'))
    expect(aborted).toMatchObject({ level: 30 })
    expect(aborted.reqId).toBeDefined()
  })
})
