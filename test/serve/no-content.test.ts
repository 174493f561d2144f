import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

describe('answers without content (HEAD, 1xx, 204, 304)', () => {
  it('a 204 carries neither content-length nor content-type, even when onSend gives a payload', async () => {
    const app = warren()
    app.addHook('onSend', async (_req: any, _reply: any, payload: any) => payload)
    app.get('/', async (_req: any, reply: any) => reply.code(204).send({ hello: 'world' }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(res.headers['content-length']).toBeUndefined()
    expect(res.headers['content-type']).toBeUndefined()
  })

  it('a 204 with no payload at all, and one whose handler returns nothing', async () => {
    const app = warren()
    app.get('/send', async (_req: any, reply: any) => reply.code(204).send())
    app.get('/return', async (_req: any, reply: any) => { reply.code(204) })
    for (const url of ['/send', '/return']) {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
    }
  })

  it('a 304 keeps its content-type (it describes the cached representation), never a length', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => reply.code(304).type('text/html').send('<p>cached</p>'))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(304)
    expect(res.headers['content-type']).toBe('text/html')
    expect(res.headers['content-length']).toBeUndefined()
  })

  it('a stream sent with 204 is destroyed unread, a web stream cancelled', async () => {
    const app = warren()
    let read = false
    const node = new Readable({ read() { read = true; this.push(null) } })
    let reason: unknown
    const web = new ReadableStream({ cancel(why) { reason = why } })
    app.get('/node', async (_req: any, reply: any) => reply.code(204).send(node))
    app.get('/web', async (_req: any, reply: any) => reply.code(204).send(web))
    expect((await app.inject('/node')).statusCode).toBe(204)
    expect(node.destroyed).toBe(true)
    expect(read).toBe(false)
    expect((await app.inject('/web')).statusCode).toBe(204)
    expect(reason).toBe('the response has no content')
  })

  it('a HEAD stream that fails after the answer is logged, not thrown (over a real socket too)', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream, level: 'error' } })
    const failing = new Error('source broke')
    app.get('/node', async () => {
      const source = Readable.from(['never read'])
      setTimeout(() => source.emit('error', failing), 5)
      return source
    })
    app.get('/web', async () => new ReadableStream({ cancel() { throw failing } }))
    const head = await app.inject({ method: 'HEAD', url: '/node' })
    expect(head.statusCode).toBe(200)
    expect((await app.inject({ method: 'HEAD', url: '/web' })).statusCode).toBe(200)
    const address = await app.listen({ port: 0 })
    try {
      expect((await fetch(`${address}/node`, { method: 'HEAD' })).status).toBe(200)
    } finally {
      await app.close()
    }
    await sleep(20)
    const failures = lines.filter((line) => line.msg === 'Error on Stream found for HEAD route')
    expect(failures).toHaveLength(3)
    expect(failures.every((line) => line.err.message === 'source broke' && line.level === 50)).toBe(true)
  })

  it('a fractional status counts by its integer part; null, undefined and out-of-range ones are errors', async () => {
    const app = warren()
    app.get('/:code', async (req: any, reply: any) => {
      const raw = req.params.code
      const code = raw === 'null' ? null : raw === 'undefined' ? undefined : Number(raw)
      return reply.code(code).send('')
    })
    expect((await app.inject('/404.5')).statusCode).toBe(404)
    expect((await app.inject('/201.9')).statusCode).toBe(201)
    for (const bad of ['null', 'undefined', '99.9', '600', 'NaN']) {
      const res = await app.inject(`/${bad}`)
      expect(res.statusCode).toBe(500)
      expect(res.json()).toMatchObject({ code: 'SVC_ERR_BAD_STATUS_CODE', message: `Called reply with an invalid status code: ${bad}` })
    }
  })
})
