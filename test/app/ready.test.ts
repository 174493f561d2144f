import { describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

describe('ready', () => {
  it("a plugin's ready() calls back once the plugins are loaded, before every onReady hook", async () => {
    const app = warren()
    const order: string[] = []
    app.register((outer: any, _opts: unknown, done: () => void) => {
      outer.ready((err: Error | null, instance: any) => {
        expect(err).toBeNull()
        expect(instance).toBe(outer)
        order.push('outer ready')
      })
      outer.addHook('onReady', () => { order.push('outer onReady') })
      outer.register(async (inner: any) => {
        inner.ready(() => { order.push('inner ready') })
        inner.addHook('onReady', () => { order.push('inner onReady') })
      })
      done()
    })
    app.addHook('onReady', () => { order.push('root onReady') })
    expect(await app.ready()).toBe(app)
    expect(order).toEqual(['outer ready', 'inner ready', 'root onReady', 'outer onReady', 'inner onReady'])
    await app.listen({ port: 0 })
    await app.ready()
    await app.close()
    expect(order).toHaveLength(5)
  })

  it("a plugin's ready() promise resolves with that plugin's instance", async () => {
    const app = warren()
    let inner: Promise<unknown> | undefined
    let context: any
    app.register(async (instance: any) => {
      context = instance
      inner = instance.ready()
    })
    await app.ready()
    expect(await inner).toBe(context)
    expect(context).not.toBe(app)
  })

  it("a loading error fails the application's ready() even with a plugin's ready() queued", async () => {
    const app = warren()
    let called = false
    app.register((instance: any, _opts: unknown, done: () => void) => {
      instance.ready(() => { called = true })
      instance.register(async () => { throw new Error('broken plugin') })
      done()
    })
    await expect(app.ready()).rejects.toThrow('broken plugin')
    await new Promise((resolve) => setImmediate(resolve))
    expect(called).toBe(true)
  })

  it('the ready() callback gets (null, instance)', async () => {
    const app = warren()
    const [err, instance] = await new Promise<[unknown, unknown]>((resolve) => app.ready((e: unknown, i: unknown) => resolve([e, i])))
    expect(err).toBeNull()
    expect(instance).toBe(app)
  })

  it('an onReady hook that never finishes fails after pluginTimeout with SVC_ERR_HOOK_TIMEOUT naming it; the next hooks do not run', async () => {
    const app = warren({ pluginTimeout: 50 })
    let nextRan = false
    app.addHook('onReady', function warmCaches(_done: () => void) {})
    app.addHook('onReady', () => { nextRan = true })
    const error: any = await app.ready().catch((e: unknown) => e)
    expect(error.code).toBe('SVC_ERR_HOOK_TIMEOUT')
    expect(error.message).toBe(`A callback for 'onReady' hook "warmCaches" timed out. You may have forgotten to call 'done' function or to resolve a Promise`)
    expect(error.cause).toBeInstanceOf(Error)
    expect(nextRan).toBe(false)
  })

  it('each onReady hook has its own pluginTimeout: slow hooks that each finish in time pass', async () => {
    const app = warren({ pluginTimeout: 120 })
    for (let i = 0; i < 3; i++) app.addHook('onReady', () => new Promise((resolve) => setTimeout(resolve, 60)))
    await expect(app.ready()).resolves.toBe(app)
  })

  it('an onReady error (thrown, rejected or passed to done) fails ready() and stops the next hooks', async () => {
    for (const failing of [
      () => { throw new Error('not ready') },
      async () => { throw new Error('not ready') },
      (done: (error: Error) => void) => done(new Error('not ready')),
    ]) {
      const app = warren()
      let nextRan = false
      app.addHook('onReady', failing)
      app.addHook('onReady', () => { nextRan = true })
      await expect(app.ready()).rejects.toThrow('not ready')
      expect(nextRan).toBe(false)
    }
  })

  it('an onReady hook may decorate the instance; the next hooks and the routes see it', async () => {
    const app = warren()
    app.addHook('onReady', async function (this: any) { this.decorate('connection', { open: true }) })
    let seen: unknown
    app.addHook('onReady', async function (this: any) { seen = this.hasDecorator('connection') })
    app.get('/', async function (this: any) { return this.connection })
    await app.ready()
    expect(seen).toBe(true)
    expect((await app.inject('/')).json()).toEqual({ open: true })
    // once ready() has finished, the application is fixed again
    expect(() => app.decorate('late', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_AFTER_START' }))
  })

  it('an onReady hook may not decorate requests or replies: their classes are built', async () => {
    const app = warren()
    app.addHook('onReady', async function (this: any) { this.decorateRequest('late', null) })
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_DEC_AFTER_START' })
  })

  it('inside an onReady hook a request hook is refused by the plugin loader; an application hook is taken', async () => {
    const app = warren()
    let refused: any
    let lateReadyRan = false
    const listened: string[] = []
    app.addHook('onReady', function (this: any, done: () => void) {
      try {
        this.addHook('onRequest', async () => {})
      } catch (error) {
        refused = error
      }
      // too late to run at this ready(); an onListen hook still runs at listen()
      this.addHook('onReady', async () => { lateReadyRan = true })
      this.addHook('onListen', async () => { listened.push('late onListen') })
      done()
    })
    await app.listen({ port: 0 })
    await app.close()
    expect(refused).toMatchObject({ code: 'AVV_ERR_ROOT_PLG_BOOTED', message: 'Root plugin has already booted' })
    expect(lateReadyRan).toBe(false)
    expect(listened).toEqual(['late onListen'])
    // after ready(), warren's own error, naming the call
    expect(() => app.addHook('onRequest', async () => {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })

  it('a failed onReady hook leaves the application fixed: no decorating afterwards', async () => {
    const app = warren()
    app.addHook('onReady', async () => { throw new Error('not ready') })
    await expect(app.ready()).rejects.toThrow('not ready')
    expect(() => app.decorate('late', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_AFTER_START' }))
  })
})

describe('onListen', () => {
  it('runs for every context after listening; a failing hook is logged with its message and the next ones run', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    const order: string[] = []
    app.addHook('onListen', function (this: any) {
      expect(this.server.listening).toBe(true)
      order.push('root')
    })
    app.addHook('onListen', (done: () => void) => {
      order.push('failing')
      throw new Error('FAIL ON LISTEN')
      done()
    })
    app.register(async (child: any) => {
      child.addHook('onListen', async () => { order.push('child') })
    })
    await app.listen({ port: 0 })
    await app.close()
    expect(order).toEqual(['root', 'failing', 'child'])
    const failure = lines.find((line) => line.msg.includes('FAIL ON LISTEN'))
    expect(failure).toMatchObject({ level: 50 })
  })

  it('does not run for ready() alone', async () => {
    const app = warren()
    let ran = false
    app.addHook('onListen', () => { ran = true })
    await app.ready()
    await app.close()
    expect(ran).toBe(false)
  })
})
