import { describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { captureLogs as capture, warren } from '../helpers.js'

const settle = () => new Promise((r) => setImmediate(r))

describe('logging', () => {
  it('is off by default (app.log exists and does nothing)', async () => {
    const app = warren()
    expect(() => app.log.info('nothing')).not.toThrow()
    app.get('/', async (req: any) => { req.log.info('still nothing'); return 'ok' })
    expect((await app.inject('/')).body).toBe('ok')
  })

  it('logs each request arrival and completion, tagged with the request id', async () => {
    const { lines, stream } = capture()
    let n = 0
    const app = warren({ logger: { stream }, genReqId: () => `r${++n}` })
    app.get('/hello', async (req: any) => { req.log.info('inside the handler'); return 'hi' })
    await app.inject({ url: '/hello?x=1', remoteAddress: '10.1.2.3' })
    await settle()
    const arrival = lines.find((l) => l.msg === 'incoming request')
    const inside = lines.find((l) => l.msg === 'inside the handler')
    const completion = lines.find((l) => l.msg === 'request completed')
    expect(arrival).toMatchObject({ level: 30, reqId: 'r1', req: { method: 'GET', url: '/hello?x=1', remoteAddress: '10.1.2.3' } })
    expect(inside).toMatchObject({ reqId: 'r1' })
    expect(completion).toMatchObject({ level: 30, reqId: 'r1', res: { statusCode: 200 } })
    expect(typeof completion.responseTime).toBe('number')
    expect(completion.responseTime).toBeGreaterThanOrEqual(0)
    // the log line carries a summary, not the whole request object
    expect(Object.keys(arrival.req).sort()).toEqual(['host', 'method', 'remoteAddress', 'url'])
  })

  it('logs the completion of errors and not-found requests with their status', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/boom', async () => { throw new Error('boom') })
    await app.inject('/boom')
    await app.inject('/nowhere')
    await settle()
    const completions = lines.filter((l) => l.msg === 'request completed').map((l) => l.res.statusCode)
    expect(completions).toEqual([500, 404])
    const errorLine = lines.find((l) => l.level === 50)
    expect(errorLine.err).toMatchObject({ type: 'Error', message: 'boom' })
    expect(typeof errorLine.err.stack).toBe('string')
  })

  it('requestIdLogLabel renames the request id key', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream }, requestIdLogLabel: 'traceId', genReqId: () => 't-1' })
    app.get('/', async () => 'ok')
    await app.inject('/')
    await settle()
    expect(lines.find((l) => l.msg === 'incoming request')).toMatchObject({ traceId: 't-1' })
    expect(lines.some((l) => 'reqId' in l)).toBe(false)
  })

  it('disableRequestLogging silences the per-request lines only', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream }, disableRequestLogging: true })
    app.get('/', async (req: any) => { req.log.info('mine'); return 'ok' })
    await app.inject('/')
    await settle()
    expect(lines.map((l) => l.msg)).toEqual(['mine'])
  })

  it('the level option filters lines', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { level: 'warn', stream } })
    app.get('/', async (req: any) => { req.log.info('hidden'); req.log.warn('shown'); return 'ok' })
    await app.inject('/')
    await settle()
    expect(lines.map((l) => l.msg)).toEqual(['shown'])
  })

  it('a route logLevel and a plugin logLevel apply to their requests', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/quiet', { logLevel: 'error' }, async (req: any) => { req.log.info('quiet info'); return 'ok' })
    app.register(async (child: any) => child.get('/child', async (req: any) => { req.log.info('child info'); return 'ok' }), { logLevel: 'warn' })
    app.get('/loud', async (req: any) => { req.log.info('loud info'); return 'ok' })
    await app.inject('/quiet')
    await app.inject('/child')
    await app.inject('/loud')
    await settle()
    const messages = lines.map((l) => l.msg)
    expect(messages).not.toContain('quiet info')
    expect(messages).not.toContain('child info')
    expect(messages).toContain('loud info')
  })

  it("a plugin's logLevel leaves the plugin's own instance.log at its parent's level (at load, in hooks, at close)", async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.register(async (child: any) => {
      child.log.info('loaded')
      child.addHook('onClose', async () => { child.log.info('closing') })
      child.get('/child', async (req: any) => { req.log.info('request info'); return 'ok' })
    }, { logLevel: 'warn' })
    await app.ready()
    await app.inject('/child')
    await app.close()
    await settle()
    const messages = lines.map((l) => l.msg)
    expect(messages).toEqual(expect.arrayContaining(['loaded', 'closing']))
    expect(messages).not.toContain('request info')
  })

  it('accepts a pino instance as loggerInstance; its serializers win over the defaults', async () => {
    const { lines, stream } = capture()
    const logger = pino({ serializers: { res: (reply: any) => ({ code: reply.statusCode }) } }, stream)
    const app = warren({ loggerInstance: logger })
    expect(app.log.info).toBeTypeOf('function')
    app.get('/', async () => 'ok')
    await app.inject('/')
    await settle()
    expect(lines.find((l) => l.msg === 'request completed').res).toEqual({ code: 200 })
    expect(lines.find((l) => l.msg === 'incoming request').req.method).toBe('GET')
  })

  it('custom serializers in the options win over the defaults', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream, serializers: { req: (req: any) => ({ only: req.method }) } } })
    app.get('/', async () => 'ok')
    await app.inject('/')
    await settle()
    expect(lines.find((l) => l.msg === 'incoming request').req).toEqual({ only: 'GET' })
  })

  it('logs the address on listen', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    const address = await app.listen({ port: 0 })
    await app.close()
    await settle()
    expect(lines.some((l) => l.msg === `Server listening at ${address}`)).toBe(true)
  })
})
