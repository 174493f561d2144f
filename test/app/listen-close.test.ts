import { describe, expect, it } from 'vitest'
import http from 'node:http'
import net from 'node:net'
import { codes } from 'warren'
import { warren } from '../helpers.js'

/** A GET over a kept-alive agent: resolves with status and body. */
function get(url: string, agent?: http.Agent): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode as number, body, headers: res.headers }))
    }).on('error', reject)
  })
}

describe('listen', () => {
  it('resolves with the address; addresses() and server describe it', async () => {
    const app = warren()
    app.get('/', async () => 'hello')
    const address = await app.listen({ port: 0 })
    try {
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const port = Number(new URL(address).port)
      expect(app.addresses()).toEqual([{ address: '127.0.0.1', family: 'IPv4', port }])
      expect(app.server).toBeInstanceOf(http.Server)
      expect(app.server.listening).toBe(true)
      expect((await get(address)).body).toBe('hello')
    } finally {
      await app.close()
    }
  })

  it("host 'localhost' (and no host) listens on 127.0.0.1", async () => {
    for (const options of [{ port: 0, host: 'localhost' }, { port: 0 }]) {
      const app = warren()
      const address = await app.listen(options)
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:/)
      await app.close()
    }
  })

  it('listen() without options, or with only a callback, picks a free port', async () => {
    const app = warren()
    app.get('/', async () => 'any port')
    const address = await app.listen()
    expect((await get(address)).body).toBe('any port')
    await app.close()
    const other = warren()
    const otherAddress = await new Promise<string>((resolve, reject) => other.listen((err: Error | null, addr: string) => (err ? reject(err) : resolve(addr))))
    expect(otherAddress).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await other.close()
  })

  it('an explicit host is bound as given (0.0.0.0 resolves with an origin a client can reach)', async () => {
    const app = warren()
    const address = await app.listen({ port: 0, host: '0.0.0.0' })
    try {
      expect(address).not.toMatch(/0\.0\.0\.0/)
      expect(address).toMatch(/^http:\/\/127\.\d+\.\d+\.\d+:\d+$/)
      expect(app.addresses()[0].address).toBe('0.0.0.0')
    } finally {
      await app.close()
    }
  })

  it('accepts a callback (err, address)', async () => {
    const app = warren()
    app.get('/', async () => 'cb')
    const address = await new Promise<string>((resolve, reject) => app.listen({ port: 0 }, (err: Error | null, addr: string) => (err ? reject(err) : resolve(addr))))
    try {
      expect((await get(address)).body).toBe('cb')
    } finally {
      await app.close()
    }
  })

  it('a port in use rejects (and reaches the callback) with the error', async () => {
    const first = warren()
    const address = await first.listen({ port: 0 })
    const port = Number(new URL(address).port)
    try {
      const second = warren()
      await expect(second.listen({ port })).rejects.toThrow(expect.objectContaining({ code: 'EADDRINUSE' }))
      const third = warren()
      const err: any = await new Promise((resolve) => third.listen({ port }, (e: Error) => resolve(e)))
      expect(err.code).toBe('EADDRINUSE')
    } finally {
      await first.close()
    }
  })

  it('listening twice is an error', async () => {
    const app = warren()
    await app.listen({ port: 0 })
    try {
      await expect(app.listen({ port: 0 })).rejects.toThrow(codes.SVC_ERR_REOPENED_SERVER)
    } finally {
      await app.close()
    }
  })

  it('a failing plugin makes listen reject and leaves no socket open', async () => {
    const app = warren()
    app.register(async () => { throw new Error('broken plugin') })
    await expect(app.listen({ port: 0 })).rejects.toThrow('broken plugin')
    expect(app.server.listening).toBe(false)
  })

  it('inject and a real socket give the same answer', async () => {
    const app = warren()
    app.get('/same/:id', async (req: any, reply: any) => reply.code(201).header('x-id', req.params.id).send({ id: req.params.id }))
    const injected = await app.inject('/same/5')
    const address = await app.listen({ port: 0 })
    try {
      const real = await get(`${address}/same/5`)
      expect(real.status).toBe(injected.statusCode)
      expect(real.body).toBe(injected.body)
      for (const name of ['content-type', 'content-length', 'x-id']) expect(real.headers[name]).toBe(injected.headers[name])
    } finally {
      await app.close()
    }
  })
})

/** Listens, then starts closing with a preClose hook that waits until `releaseClose()`; resolves once close is under way. */
async function closeWithSlowPreClose(app: any): Promise<{ address: string; releaseClose: () => void; closing: Promise<void> }> {
  let releaseClose!: () => void
  let preCloseStarted!: () => void
  const inPreClose = new Promise<void>((resolve) => (preCloseStarted = resolve))
  app.addHook('preClose', async () => {
    preCloseStarted()
    await new Promise<void>((resolve) => (releaseClose = resolve))
  })
  const address: string = await app.listen({ port: 0 })
  const closing: Promise<void> = app.close()
  await inPreClose
  return { address, releaseClose, closing }
}

describe('close', () => {
  it('resolves, and accepts a callback; close without listen works', async () => {
    const app = warren()
    await app.listen({ port: 0 })
    const given = await new Promise<unknown>((resolve, reject) => app.close((err?: Error | null) => (err ? reject(err) : resolve(err))))
    // a success is told with null, as Node-style callbacks tell it
    expect(given).toBeNull()
    expect(app.server.listening).toBe(false)
    const never = warren()
    await expect(never.close()).resolves.toBeUndefined()
  })

  it('lets in-flight requests finish', async () => {
    const app = warren()
    let release!: () => void
    const started = new Promise<void>((resolve) => {
      app.get('/slow', async () => {
        resolve()
        await new Promise<void>((r) => (release = r))
        return 'finished'
      })
    })
    const address = await app.listen({ port: 0 })
    const agent = new http.Agent({ keepAlive: true })
    const pending = get(`${address}/slow`, agent)
    await started
    const t0 = Date.now()
    const closing = app.close()
    setTimeout(() => release(), 50)
    const res = await pending
    expect(res.status).toBe(200)
    expect(res.body).toBe('finished')
    // the response ends its kept-alive connection, so close() does not wait for the client to drop it
    expect(res.headers.connection).toBe('close')
    await closing
    expect(Date.now() - t0).toBeLessThan(2000)
    agent.destroy()
  })

  it('answers 503 to a request arriving during a slow preClose', async () => {
    const app = warren()
    app.get('/', async () => 'ok')
    const { address, releaseClose, closing } = await closeWithSlowPreClose(app)
    const res = await get(address)
    expect(res.status).toBe(503)
    expect(JSON.parse(res.body)).toEqual({ statusCode: 503, code: 'SVC_ERR_SERVICE_UNAVAILABLE', error: 'Service Unavailable', message: 'Service Unavailable' })
    expect(res.headers.connection).toBe('close')
    releaseClose()
    await closing
  })

  it('with return503OnClosing: false, requests during close are served', async () => {
    const app = warren({ return503OnClosing: false })
    app.get('/', async () => 'still here')
    const { address, releaseClose, closing } = await closeWithSlowPreClose(app)
    const res = await get(address)
    expect(res.status).toBe(200)
    expect(res.body).toBe('still here')
    releaseClose()
    await closing
  })

  it("forceCloseConnections 'idle' (default) closes idle keep-alive sockets at once", async () => {
    const app = warren()
    app.get('/', async () => 'x')
    const address = await app.listen({ port: 0 })
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1')
    await new Promise<void>((r) => socket.once('connect', () => r()))
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
    await new Promise<void>((r) => socket.once('data', () => r()))
    const socketClosed = new Promise<void>((r) => socket.once('close', () => r()))
    const t0 = Date.now()
    await app.close()
    await socketClosed
    expect(Date.now() - t0).toBeLessThan(2000)
  })

  it('forceCloseConnections: true destroys in-flight connections', async () => {
    const app = warren({ forceCloseConnections: true })
    let started!: () => void
    const inHandler = new Promise<void>((r) => (started = r))
    app.get('/hang', async () => {
      started()
      return new Promise(() => {})
    })
    const address = await app.listen({ port: 0 })
    const pending = get(`${address}/hang`).then(() => 'answered', (err: any) => err.code)
    await inHandler
    await app.close()
    expect(await pending).toBe('ECONNRESET')
  })

  it('close() is idempotent: concurrent and repeated calls share one shutdown', async () => {
    const app = warren()
    let onCloseRuns = 0
    app.addHook('onClose', async () => { onCloseRuns++ })
    await app.listen({ port: 0 })
    await Promise.all([app.close(), app.close()])
    await app.close()
    expect(onCloseRuns).toBe(1)
  })

  it('an onClose hook that fails rejects close() with its error', async () => {
    const app = warren()
    app.addHook('onClose', async () => { throw new Error('cleanup failed') })
    await app.ready()
    await expect(app.close()).rejects.toThrow('cleanup failed')
  })
})

describe('after close', () => {
  it('listen() after close() fails with SVC_ERR_REOPENED_CLOSE_SERVER', async () => {
    const app = warren()
    await app.listen({ port: 0 })
    await app.close()
    await expect(app.listen({ port: 0 })).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
  })
})
