import http2 from 'node:http2'
import net from 'node:net'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { warren } from '../helpers.js'

describe('handlerTimeout', () => {
  it('answers 503 SVC_ERR_HANDLER_TIMEOUT when the route takes longer, and the route option beats the factory one', async () => {
    const app = warren({ handlerTimeout: 5000 })
    app.get('/slow', { handlerTimeout: 30 }, async () => {
      await sleep(300)
      return 'late'
    })
    app.get('/fast', async (request: any) => ({ timeout: request.routeOptions.handlerTimeout }))
    const slow = await app.inject('/slow')
    expect(slow.statusCode).toBe(503)
    expect(slow.json()).toMatchObject({ statusCode: 503, code: 'SVC_ERR_HANDLER_TIMEOUT' })
    const fast = await app.inject('/fast')
    expect(fast.statusCode).toBe(200)
    expect(fast.json()).toEqual({ timeout: 5000 })
    expect(app.initialConfig.handlerTimeout).toBe(5000)
  })

  it('goes through the route error handler, and aborts request.signal with the error as reason', async () => {
    const app = warren()
    let reason: any
    app.get(
      '/',
      {
        handlerTimeout: 30,
        errorHandler: (error: any, _request: any, reply: any) => reply.code(504).send({ handled: error.code }),
      },
      async (request: any) => {
        request.signal.addEventListener('abort', () => (reason = request.signal.reason))
        await sleep(300)
        return 'late'
      },
    )
    const res = await app.inject('/')
    expect(res.statusCode).toBe(504)
    expect(res.json()).toEqual({ handled: 'SVC_ERR_HANDLER_TIMEOUT' })
    expect(reason.code).toBe('SVC_ERR_HANDLER_TIMEOUT')
  })

  it('an abort listener that answers itself keeps that answer and the kept-alive connection', async () => {
    const app = warren({ handlerTimeout: 50 })
    app.get('/', async (request: any, reply: any) => {
      request.signal.addEventListener('abort', () => {
        reply.code(504).send('from listener')
      })
      await new Promise(() => {})
    })
    app.get('/after', async () => 'after')
    const address = await app.listen({ port: 0 })
    try {
      const socket = net.connect(Number(new URL(address).port), '127.0.0.1')
      socket.setEncoding('utf8')
      let data = ''
      const done = new Promise<void>((resolve) => {
        socket.on('data', (chunk) => {
          data += chunk
          if (data.includes('from listener') && !data.includes('/after-sent')) {
            data += '/after-sent'
            socket.write('GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
          }
        })
        socket.on('close', () => resolve())
      })
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
      await done
      expect(data).toMatch(/^HTTP\/1\.1 504/)
      expect(data).toMatch(/HTTP\/1\.1 200 OK[\s\S]*after$/)
    } finally {
      await app.close()
    }
  })

  it('cuts a streamed response whose headers are out, and the server keeps serving', async () => {
    const app = warren({ handlerTimeout: 80 })
    app.get('/stream', async (_request: any, reply: any) => {
      let sent = false
      const stream = new Readable({
        read() {
          if (!sent) this.push('first')
          sent = true
        },
      })
      return reply.type('text/plain').send(stream)
    })
    app.get('/after', async () => 'ok')
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(`${address}/stream`)
      expect(res.status).toBe(200)
      await expect(res.text()).rejects.toThrow()
      expect(await (await fetch(`${address}/after`)).text()).toBe('ok')
    } finally {
      await app.close()
    }
  })

  it('leaves a hijacked reply, and a response already ended, alone', async () => {
    const app = warren({ handlerTimeout: 30 })
    let signal!: AbortSignal
    app.get('/hijack', async (_request: any, reply: any) => {
      reply.hijack()
      await sleep(100)
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.raw.end('mine')
    })
    app.get('/ended', async (request: any) => {
      signal = request.signal
      return 'ok'
    })
    const hijacked = await app.inject('/hijack')
    expect(hijacked.statusCode).toBe(200)
    expect(hijacked.body).toBe('mine')
    expect((await app.inject('/ended')).body).toBe('ok')
    await sleep(60)
    expect(signal.aborted).toBe(false)
  })

  it('resets an HTTP/2 stream still being written (a client that stopped reading); the session keeps serving', async () => {
    const app = warren({ http2: true, handlerTimeout: 80 })
    app.get('/big', async (_request: any, reply: any) => reply.type('text/plain').send(Buffer.alloc(4 * 1024 * 1024, 'a')))
    app.get('/after', async () => 'after')
    const address = await app.listen({ port: 0 })
    const client = http2.connect(address)
    try {
      const status = await new Promise<number>((resolve) => {
        const req = client.request({ ':path': '/big' })
        let code = 0
        req.on('response', (headers) => {
          code = Number(headers[':status'])
          req.pause()
        })
        req.on('error', () => {})
        req.on('close', () => resolve(code))
        req.end()
      })
      expect(status).toBe(200)
      const body = await new Promise<string>((resolve, reject) => {
        const req = client.request({ ':path': '/after' })
        let data = ''
        req.setEncoding('utf8')
        req.on('data', (chunk) => (data += chunk))
        req.on('end', () => resolve(data))
        req.on('error', reject)
        req.end()
      })
      expect(body).toBe('after')
    } finally {
      client.destroy()
      await app.close()
    }
  })

  it('refuses a route handlerTimeout that is not a positive integer, and a factory one that is not a non-negative integer', () => {
    const app = warren()
    for (const bad of ['fast', -1, 1.5, 0]) {
      expect(() => app.get(`/${String(bad)}`, { handlerTimeout: bad }, async () => 'x')).toThrow(
        expect.objectContaining({ code: 'SVC_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT' }),
      )
    }
    expect(() => warren({ handlerTimeout: -5 })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
  })
})

describe('request.signal', () => {
  it('is an AbortSignal created on first read, not aborted for an answered request', async () => {
    const app = warren()
    let signal!: AbortSignal
    app.get('/', async (request: any) => {
      signal = request.signal
      expect(request.signal).toBe(signal)
      return { aborted: signal.aborted }
    })
    expect((await app.inject('/')).json()).toEqual({ aborted: false })
    expect(signal).toBeInstanceOf(AbortSignal)
    expect(signal.aborted).toBe(false)
  })

  it('aborts when the client goes away before the answer, with or without handlerTimeout', async () => {
    for (const options of [{}, { handlerTimeout: 5000 }]) {
      const app = warren(options)
      let aborted!: () => void
      const abortedNow = new Promise<void>((resolve) => (aborted = resolve))
      app.get('/', async (request: any) => {
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()))
        aborted()
        return 'nobody reads this'
      })
      const address = await app.listen({ port: 0 })
      try {
        const socket = net.connect(Number(new URL(address).port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'))
        await sleep(50)
        socket.destroy()
        await abortedNow
      } finally {
        await app.close()
      }
    }
  })
})
