import { describe, expect, it } from 'vitest'
import warren, { plugin } from 'warren'

describe('2.1 contexts and plugins', () => {
  it('2.1 root context: every descendant context sees what is registered on it', async () => {
    const app = warren()
    app.decorate('rootUtil', 'root-value')
    app.decorateRequest('fromRoot', 'r')
    app.addHook('onRequest', async (_request: any, reply: any) => {
      reply.header('x-root-hook', 'ran')
    })
    app.register(async (child: any) => {
      child.register(async (grandchild: any) => {
        grandchild.get('/deep', async function (this: any, request: any) {
          return { util: this.rootUtil, request: request.fromRoot }
        })
      })
    })
    const res = await app.inject('/deep')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ util: 'root-value', request: 'r' })
    expect(res.headers['x-root-hook']).toBe('ran')
  })

  it('2.1 plugin: an async function signals completion by its promise', async () => {
    const app = warren()
    const order: string[] = []
    app.register(async (instance: any) => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      order.push('async plugin')
      instance.get('/a', async () => 'a')
    })
    app.register(async () => {
      order.push('second plugin')
    })
    await app.ready()
    expect(order).toEqual(['async plugin', 'second plugin'])
    expect((await app.inject('/a')).body).toBe('a')
  })

  it('2.1 plugin: a non-async function returning a Promise also signals completion', async () => {
    const app = warren()
    let loaded = false
    app.register((instance: any) => {
      instance.get('/p', async () => 'p')
      return new Promise<void>((resolve) => setTimeout(() => { loaded = true; resolve() }, 10))
    })
    await app.ready()
    expect(loaded).toBe(true)
    expect((await app.inject('/p')).body).toBe('p')
  })

  it('2.1 plugin: callback style (instance, opts, done)', async () => {
    const app = warren()
    const seen: any[] = []
    app.register((instance: any, opts: any, done: (err?: Error) => void) => {
      seen.push(opts)
      instance.decorate('cb', true)
      instance.get('/cb', (_request: any, reply: any) => {
        reply.send({ cb: instance.cb })
      })
      setTimeout(done, 10)
    }, { hello: 'world' })
    await app.ready()
    expect(seen).toEqual([{ hello: 'world' }])
    expect((await app.inject('/cb')).json()).toEqual({ cb: true })
  })

  it('2.1 plugin: done(err) in a callback plugin makes ready() reject', async () => {
    const app = warren()
    app.register((_instance: any, _opts: any, done: (err?: Error) => void) => {
      done(new Error('plugin failed'))
    })
    await expect(app.ready()).rejects.toThrow('plugin failed')
  })

  it('2.1 plugin: a rejected async plugin makes ready() reject', async () => {
    const app = warren()
    app.register(async () => {
      throw new Error('async plugin failed')
    })
    await expect(app.ready()).rejects.toThrow('async plugin failed')
  })

  it('2.1 plugin: one that never signals completion times out (pluginTimeout)', async () => {
    const app = warren({ pluginTimeout: 50 })
    app.register((_instance: any, _opts: any, _done: () => void) => {
      // never calls done
    })
    const err: any = await app.ready().then(() => null, (e: any) => e)
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe('SVC_ERR_PLUGIN_TIMEOUT')
  })

  it('2.1 plugin: a non-function is refused', async () => {
    const app = warren()
    expect(() => app.register('not a plugin' as any)).toThrow()
  })

  it('2.1 child context: created by each register of a plain plugin, inherits from parents only', async () => {
    const app = warren()
    app.register(async (a: any) => {
      a.decorate('onlyA', 'a')
      a.decorateRequest('reqA', 'a')
      a.get('/a', async function (this: any, request: any) {
        return { a: this.onlyA ?? null, b: this.onlyB ?? null, reqA: request.reqA ?? null, reqB: request.reqB ?? null }
      })
    })
    app.register(async (b: any) => {
      b.decorate('onlyB', 'b')
      b.decorateRequest('reqB', 'b')
      b.get('/b', async function (this: any, request: any) {
        return { a: this.onlyA ?? null, b: this.onlyB ?? null, reqA: request.reqA ?? null, reqB: request.reqB ?? null }
      })
    })
    await app.ready()
    expect(app.hasDecorator('onlyA')).toBe(false)
    expect(app.hasDecorator('onlyB')).toBe(false)
    expect((app as any).onlyA).toBeUndefined()
    expect((await app.inject('/a')).json()).toEqual({ a: 'a', b: null, reqA: 'a', reqB: null })
    expect((await app.inject('/b')).json()).toEqual({ a: null, b: 'b', reqA: null, reqB: 'b' })
  })

  it('2.1 the instance a plain plugin receives is not the parent instance', async () => {
    const app = warren()
    let child: any
    app.register(async (instance: any) => {
      child = instance
    })
    await app.ready()
    expect(child).toBeDefined()
    expect(child).not.toBe(app)
  })

  it('2.1 grandchild context: sees the child registrations; the child does not see the grandchild ones', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.decorateRequest('childValue', 'c')
      child.decorate('childUtil', 'cu')
      child.get('/child', async function (this: any, request: any) {
        return { child: request.childValue, grand: request.grandValue, grandUtil: this.grandUtil ?? 'none' }
      })
      child.register(async (grandchild: any) => {
        grandchild.decorateRequest('grandValue', 'g')
        grandchild.decorate('grandUtil', 'gu')
        grandchild.get('/grandchild', async function (this: any, request: any) {
          return { child: request.childValue, grand: request.grandValue, childUtil: this.childUtil }
        })
      })
    })
    expect((await app.inject('/child')).json()).toEqual({ child: 'c', grandUtil: 'none' })
    expect((await app.inject('/grandchild')).json()).toEqual({ child: 'c', grand: 'g', childUtil: 'cu' })
  })

  it('2.1 a plugin registered with plugin() runs in the registering context', async () => {
    const app = warren()
    let received: any
    app.register(plugin(async (instance: any) => {
      received = instance
    }))
    await app.ready()
    expect(received).toBe(app)
  })
})
