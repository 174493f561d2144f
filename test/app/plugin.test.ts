import { describe, expect, it } from 'vitest'
import { codes, plugin } from 'warren'
import { warren } from '../helpers.js'

describe('plugins', () => {
  it('loads async plugins and callback plugins, with their options', async () => {
    const app = warren()
    const seen: unknown[] = []
    app.register(async (instance: any, opts: any) => {
      seen.push(opts)
      instance.get('/async', async () => 'async')
    }, { a: 1 })
    app.register((instance: any, opts: any, done: (err?: Error) => void) => {
      seen.push(opts)
      instance.get('/callback', async () => 'callback')
      done()
    }, { b: 2 })
    await app.ready()
    expect(seen).toEqual([{ a: 1 }, { b: 2 }])
    expect((await app.inject('/async')).body).toBe('async')
    expect((await app.inject('/callback')).body).toBe('callback')
  })

  it('loads plugins in registration order, nested ones before their next sibling', async () => {
    const app = warren()
    const order: string[] = []
    app.register(async (a: any) => {
      order.push('a')
      a.register(async () => { order.push('a.1') })
    })
    app.register(async () => { order.push('b') })
    await app.ready()
    expect(order).toEqual(['a', 'a.1', 'b'])
  })

  it('opts.prefix prefixes the routes of the plugin, nested prefixes add up', async () => {
    const app = warren()
    app.register(async (v1: any) => {
      v1.get('/users', async () => 'v1 users')
      v1.get('/', async () => 'v1 root')
      v1.register(async (admin: any) => {
        expect(admin.prefix).toBe('/v1/admin')
        admin.get('/stats', async () => 'stats')
      }, { prefix: 'admin' })
    }, { prefix: '/v1' })
    expect((await app.inject('/v1/users')).body).toBe('v1 users')
    expect((await app.inject('/v1')).body).toBe('v1 root')
    expect((await app.inject('/v1/')).body).toBe('v1 root')
    expect((await app.inject('/v1/admin/stats')).body).toBe('stats')
    expect((await app.inject('/users')).statusCode).toBe(404)
  })

  it('after() runs once the plugins registered before it are loaded', async () => {
    const app = warren()
    const order: string[] = []
    app.register(async (instance: any) => {
      instance.register(async () => { order.push('nested') })
      order.push('plugin')
    })
    app.after((err: Error | null) => {
      expect(err).toBeFalsy()
      order.push('after')
    })
    app.register(async () => { order.push('next') })
    await app.ready()
    expect(order).toEqual(['plugin', 'nested', 'after', 'next'])
  })

  it('await app.register() loads that plugin (and its decorators) immediately', async () => {
    const app = warren()
    await app.register(plugin(async (instance: any) => { instance.decorate('db', { connected: true }) }))
    expect(app.db).toEqual({ connected: true })
    app.get('/', async function (this: any) { return this.db })
    expect((await app.inject('/')).json()).toEqual({ connected: true })
  })

  it('ready() resolves with the instance and accepts a callback', async () => {
    const app = warren()
    expect(await app.ready()).toBe(app)
    const other = warren()
    await new Promise<void>((resolve, reject) => other.ready((err: Error | null) => (err ? reject(err) : resolve())))
  })

  it('after ready(), instance decorators added by shared plugins are readable', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => { instance.decorate('answer', 42) }))
    expect(app.answer).toBeUndefined()
    await app.ready()
    expect(app.answer).toBe(42)
  })

  it('a plugin that fails (rejects or calls done(err)) fails ready() with its error', async () => {
    for (const failing of [
      async () => { throw new Error('async boom') },
      (_i: any, _o: any, done: (e?: Error) => void) => done(new Error('callback boom')),
    ]) {
      const app = warren()
      app.register(failing)
      await expect(app.ready()).rejects.toThrow(/boom/)
    }
  })

  it('a plugin that never finishes fails ready() after pluginTimeout with an error naming it', async () => {
    const app = warren({ pluginTimeout: 50 })
    app.register(function slowDatabase(_instance: any, _opts: any, _done: () => void) {
      // forgets to call done
    })
    const error: any = await app.ready().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(codes.SVC_ERR_PLUGIN_TIMEOUT)
    expect(error.code).toBe('SVC_ERR_PLUGIN_TIMEOUT')
    expect(error.message).toContain('slowDatabase')
    expect(error.message).toContain('50')
  })

  it('the timeout error names a plugin by its meta name', async () => {
    const app = warren({ pluginTimeout: 30 })
    app.register(plugin(() => new Promise(() => {}), { name: 'never-ready' }))
    await expect(app.ready()).rejects.toThrow(/never-ready/)
  })

  it('an async plugin that returns its instance does not hang ready()', async () => {
    const app = warren({ pluginTimeout: 500 })
    app.register(async (instance: any) => {
      instance.decorate('x', 1)
      instance.get('/', async () => 'served')
      return instance
    })
    app.register(plugin(async (instance: any) => instance.decorate('y', 2)))
    await app.ready()
    expect(app.y).toBe(2)
    expect((await app.inject('/')).body).toBe('served')
  })

  it('rejects a plugin that is not a function', async () => {
    const app = warren()
    expect(() => app.register('nope')).toThrow()
  })

  it('accepts an ES module default export (a Promise of a module)', async () => {
    const app = warren()
    app.register(Promise.resolve({ default: async (instance: any) => instance.get('/esm', async () => 'esm') }))
    expect((await app.inject('/esm')).body).toBe('esm')
  })

  it('onRegister hooks see each new child context with its options', async () => {
    const app = warren()
    const seen: unknown[] = []
    app.addHook('onRegister', (instance: any, opts: any) => seen.push([instance.prefix, opts.prefix]))
    app.register(async () => {}, { prefix: '/a' })
    app.register(plugin(async () => {}))
    await app.ready()
    expect(seen).toEqual([['/a', '/a']])
  })

  it('printPlugins() lists the plugin tree', async () => {
    const app = warren()
    app.register(async function usersPlugin() {})
    await app.ready()
    expect(app.printPlugins()).toContain('usersPlugin')
  })

  it("registers a module's default export while it is imported: register(import('./plugin.js'), options)", async () => {
    const app = warren()
    const withCounter = app.register(import('../fixtures/plugins/counter-plugin.js'), { start: 5 })
    withCounter.register(import('../fixtures/plugins/hello-routes.js'), { prefix: '/v1' })
    withCounter.get('/count', async () => ({ count: withCounter.counter.value }))
    await app.ready()
    // the shared plugin's decoration reached the root; the routes plugin got its prefix
    expect(app.hasDecorator('counter')).toBe(true)
    expect((await app.inject('/count')).json()).toEqual({ count: 5 })
    expect((await app.inject('/v1/hello')).json()).toEqual({ hello: 'world', prefix: '/v1' })
  })
})

describe('plugin styles and names', () => {
  it('an async plugin that also takes done fails start-up with SVC_ERR_PLUGIN_INVALID_ASYNC_HANDLER naming it', async () => {
    const app = warren()
    const mixedStyles = async (_app: unknown, _opts: unknown, done: () => void) => done()
    app.register(mixedStyles)
    const error: any = await app.ready().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(codes.SVC_ERR_PLUGIN_INVALID_ASYNC_HANDLER)
    expect(error.message).toBe('The mixedStyles plugin being registered mixes async and callback styles. Async plugin should not mix async and callback style.')
  })

  it('a plugin without a name is named by the first two lines of its source', async () => {
    const app = warren()
    let seen = ''
    app.register(function (child: any, _opts: unknown, done: () => void) {
      // reports its own name
      seen = child.pluginName
      done()
    })
    await app.ready()
    // (the test runner's transform may drop the space after `function`)
    expect(seen).toMatch(/^function ?\(child, _opts, done\) \{ -- \/\/ reports its own name$/)
  })
})

describe('awaiting register inside a plugin', () => {
  it('resolves with that plugin\'s context, so routes declared on it keep its prefix and its guard; the root still resolves with itself', async () => {
    const app = warren()
    const guard = plugin(async (instance: any) => {
      instance.addHook('onRequest', async (request: any, reply: any) => {
        if (request.headers.authorization !== 'Bearer ok') return reply.code(401).send({ message: 'no' })
      })
    })
    let same = false
    app.register(async (child: any) => {
      const guarded = await child.register(guard)
      same = guarded === child
      guarded.get('/secret', async () => 'secret')
      // awaited again, and nested: each context resolves with itself
      guarded.register(async (grandchild: any) => {
        const inner = await grandchild.register(async () => {})
        inner.get('/deeper', async () => 'deeper')
      }, { prefix: '/inner' })
    }, { prefix: '/api' })
    const root = await app.register(async () => {})
    expect(root).toBe(app)
    await app.ready()
    expect(same).toBe(true)
    expect((await app.inject('/api/secret')).statusCode).toBe(401)
    expect((await app.inject({ url: '/api/secret', headers: { authorization: 'Bearer ok' } })).body).toBe('secret')
    expect((await app.inject('/secret')).statusCode).toBe(404)
    expect((await app.inject({ url: '/api/inner/deeper', headers: { authorization: 'Bearer ok' } })).body).toBe('deeper')
  })
})
