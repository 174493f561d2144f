import { describe, expect, it } from 'vitest'
import http from 'node:http'
import { Readable } from 'node:stream'
import { captureLogs as capture, warren } from '../helpers.js'

const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

/** GETs `url`, reads the first chunk of the body, then drops the connection. */
function readFirstChunkAndLeave(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.once('data', (chunk: Buffer) => {
        res.destroy()
        resolve(chunk.toString())
      })
    })
    req.on('error', reject)
  })
}

/** Stream payloads over a real socket: backpressure, a client that leaves, a source that fails. */
describe('stream payloads', () => {
  it('a web stream is pulled only as the socket takes it; a client that leaves cancels it', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    let pulls = 0
    let cancelled: () => void = () => {}
    const cancel = new Promise<void>((resolve) => (cancelled = resolve))
    app.get('/', async () => new ReadableStream({
      pull(controller) {
        pulls++
        controller.enqueue(new Uint8Array(64 * 1024).fill(97))
      },
      cancel() {
        cancelled()
      },
    }))
    const origin = await app.listen({ port: 0 })
    try {
      expect((await readFirstChunkAndLeave(origin)).startsWith('a')).toBe(true)
      await cancel
      const pullsAtCancel = pulls
      await settle()
      // an endless source: only a bounded number of chunks were produced, none after the cancel
      expect(pulls).toBe(pullsAtCancel)
      expect(pulls).toBeLessThan(1000)
      expect(lines.some((l) => l.msg === 'stream closed prematurely' && l.res?.statusCode === 200)).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('a web stream is not read on after its response was destroyed while the socket was full', async () => {
    const app = warren()
    let cancelled: () => void = () => {}
    const cancel = new Promise<void>((resolve) => (cancelled = resolve))
    const written: string[] = []
    app.get('/', (_req: any, reply: any) => {
      const raw = reply.raw
      // a socket that is full after the first chunk, then destroyed; Node may still emit 'drain'
      raw.write = (chunk: Uint8Array) => {
        written.push(Buffer.from(chunk).toString())
        queueMicrotask(() => {
          raw.destroy()
          raw.emit('drain')
        })
        return false
      }
      reply.send(new ReadableStream({
        start(controller) { controller.enqueue(new TextEncoder().encode('first')) },
        pull(controller) {
          controller.enqueue(new TextEncoder().encode('second'))
          controller.close()
        },
        cancel() { cancelled() },
      }))
    })
    const origin = await app.listen({ port: 0 })
    try {
      await fetch(origin).then((res) => res.text()).catch(() => {})
      await cancel
      expect(written).toEqual(['first'])
    } finally {
      await app.close()
    }
  })

  it('a web stream that fails before its first chunk is answered by the error handler; after it, the response is cut', async () => {
    const app = warren()
    app.get('/before', async () => new ReadableStream({ start(controller) { controller.error(new Error('no data')) } }))
    app.get('/after', async () => new ReadableStream({
      start(controller) { controller.enqueue(new TextEncoder().encode('partial')) },
      pull(controller) { controller.error(new Error('broke midway')) },
    }))
    const before = await app.inject('/before')
    expect([before.statusCode, before.json().message]).toEqual([500, 'no data'])
    const origin = await app.listen({ port: 0 })
    try {
      await expect(fetch(`${origin}/after`).then((res) => res.text())).rejects.toThrow()
    } finally {
      await app.close()
    }
  })

  it('a Node stream whose client leaves is stopped by destroy(), else close() or abort()', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    const stopped: string[] = []
    const endless = (stop: 'destroy' | 'close' | 'abort') => {
      const source = new Readable({ read() { this.push(Buffer.alloc(16 * 1024, 98)) } })
      const original = source.destroy.bind(source)
      const record = () => {
        stopped.push(stop)
        original()
      }
      if (stop !== 'destroy') Object.assign(source, { destroy: undefined, [stop]: record })
      else source.destroy = ((...args: []) => { stopped.push('destroy'); return original(...args) }) as typeof source.destroy
      return source
    }
    app.get('/:stop', async (req: any) => endless(req.params.stop))
    const origin = await app.listen({ port: 0 })
    try {
      for (const stop of ['destroy', 'close', 'abort']) await readFirstChunkAndLeave(`${origin}/${stop}`)
      await settle(50)
      expect(stopped.sort()).toEqual(['abort', 'close', 'destroy'])
      expect(lines.filter((l) => l.msg === 'stream closed prematurely').length).toBe(3)
      // stopping the source is warren's doing, not a failure: nothing at level error
      expect(lines.filter((l) => l.level >= 50)).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('a Node stream cut short because the handler ended the response itself is logged once, at info', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    let source: Readable | null = null
    app.get('/', (_req: any, reply: any) => {
      source = new Readable({ read() {} })
      reply.code(200).send(source)
      reply.raw.end('hello\n')
    })
    const res = await app.inject('/')
    expect(res.body).toBe('hello\n')
    await settle()
    expect(source!.destroyed).toBe(true)
    expect(lines.filter((l) => l.msg === 'stream closed prematurely').length).toBe(1)
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
  })

  it('a Node stream that fails after the headers were sent is logged as an error and the response cut', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/', async () => {
      const source = new Readable({ read() {} })
      source.push('partial')
      setTimeout(() => source.destroy(new Error('disk gone')), 20)
      return source
    })
    const origin = await app.listen({ port: 0 })
    try {
      await expect(fetch(origin).then((res) => res.text())).rejects.toThrow()
      await settle()
      const errors = lines.filter((l) => l.level >= 50)
      expect(errors.map((l) => [l.msg, l.err?.message])).toEqual([['response stream failed after the headers were sent', 'disk gone']])
    } finally {
      await app.close()
    }
  })

  it('a stream read to its end is not reported as closed prematurely', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/node', async () => Readable.from(['a', 'b', 'c']))
    app.get('/web', async () => new Response('abc').body)
    const origin = await app.listen({ port: 0 })
    try {
      for (const path of ['/node', '/web']) expect(await (await fetch(origin + path)).text()).toBe('abc')
      expect((await app.inject('/web')).body).toBe('abc')
      await settle()
      expect(lines.some((l) => l.msg === 'stream closed prematurely')).toBe(false)
    } finally {
      await app.close()
    }
  })

  it('a stream sent after the handler wrote the head itself still goes out, with a warning', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    const writeHeadFirst = (reply: any): void => reply.raw.writeHead(200, { 'content-type': 'text/x-own' })
    app.get('/node', (_req: any, reply: any) => { writeHeadFirst(reply); reply.send(Readable.from(['n', 'ode'])) })
    app.get('/web', (_req: any, reply: any) => { writeHeadFirst(reply); reply.send(new Response('web').body) })
    const origin = await app.listen({ port: 0 })
    try {
      for (const path of ['/node', '/web']) {
        const res = await fetch(origin + path)
        expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'text/x-own', path.slice(1)])
      }
      await settle()
      const warnings = lines.filter((l) => l.msg === "response will send, but you shouldn't use res.writeHead in stream mode")
      expect(warnings.map((l) => l.level)).toEqual([40, 40])
      expect(lines.some((l) => l.level >= 50)).toBe(false)
    } finally {
      await app.close()
    }
  })
})
