import { describe, expect, it } from 'vitest'
import { warren } from '../helpers.js'

describe('inject', () => {
  it('works without listen and readies the app itself', async () => {
    const app = warren()
    let ready = false
    app.addHook('onReady', async () => { ready = true })
    app.register(async (child: any) => child.get('/from-plugin', async () => 'plugin route'))
    const res = await app.inject('/from-plugin')
    expect(ready).toBe(true)
    expect(res.body).toBe('plugin route')
    expect(app.server.listening).toBe(false)
  })

  it('accepts a string url or an options object with method, headers, query, payload', async () => {
    const app = warren()
    app.post('/echo', async (req: any) => ({ body: req.body, query: req.query, header: req.headers['x-h'] }))
    const res = await app.inject({ method: 'POST', url: '/echo', query: { q: '1' }, headers: { 'x-h': 'v' }, payload: { p: true } })
    expect(res.json()).toEqual({ body: { p: true }, query: { q: '1' }, header: 'v' })
  })

  it('supports a callback', async () => {
    const app = warren()
    app.get('/', async () => 'cb')
    const res: any = await new Promise((resolve, reject) => app.inject({ url: '/' }, (err: Error | null, r: any) => (err ? reject(err) : resolve(r))))
    expect(res.body).toBe('cb')
  })

  it('the chainable form works', async () => {
    const app = warren()
    app.put('/c', async (req: any) => req.body)
    const res = await app.inject().put('/c').headers({ 'content-type': 'application/json' }).body({ chained: 1 }).end()
    expect(res.json()).toEqual({ chained: 1 })
  })

  it('concurrent injections before ready share one start-up', async () => {
    const app = warren()
    let readies = 0
    app.addHook('onReady', async () => { readies++ })
    app.get('/', async () => 'ok')
    const results = await Promise.all([app.inject('/'), app.inject('/'), app.inject('/')])
    expect(results.map((r) => r.body)).toEqual(['ok', 'ok', 'ok'])
    expect(readies).toBe(1)
  })

  it('a failing start-up rejects the injection with that error', async () => {
    const app = warren()
    app.register(async () => { throw new Error('plugin failed') })
    await expect(app.inject('/')).rejects.toThrow('plugin failed')
  })

  it('a failing start-up reaches the inject callback', async () => {
    const app = warren()
    app.register(async () => { throw new Error('plugin failed') })
    const err = await new Promise((resolve) => app.inject('/', (e: Error) => resolve(e)))
    expect(String(err)).toContain('plugin failed')
  })

  it('inject from a child instance uses the whole application', async () => {
    const app = warren()
    let childRef: any
    app.register(async (child: any) => { childRef = child })
    app.get('/root', async () => 'root')
    await app.ready()
    expect((await childRef.inject('/root')).body).toBe('root')
  })

  it('inject once close() was called is refused with SVC_ERR_REOPENED_CLOSE_SERVER (promise and callback)', async () => {
    const app = warren()
    app.get('/', async () => 'x')
    await app.ready()
    const closing = app.close()
    // refused at once, while the shutdown is still under way
    await expect(app.inject('/')).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
    await closing
    await expect(app.inject({ url: '/' })).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
    const err: any = await new Promise((resolve) => app.inject('/', (error: Error) => resolve(error)))
    expect(err.code).toBe('SVC_ERR_REOPENED_CLOSE_SERVER')
  })
})
