import { describe, expect, it } from 'vitest'
import { codes, plugin } from 'warren'
import { warren } from '../helpers.js'

const show = async (req: any) => ({ root: req.root, child: req.child, grandchild: req.grandchild })

describe('encapsulation (spec 4.2)', () => {
  it('rule 1: a child inherits from its parents; parents never see a descendant', async () => {
    // the checks inside the plugins count too: a plugin that never ran must fail the test
    expect.assertions(7)
    const app = warren()
    app.decorate('rootValue', 'r')
    app.register(async (child: any) => {
      child.decorate('childValue', 'c')
      expect(child.rootValue).toBe('r')
      child.register(async (grandchild: any) => {
        expect(grandchild.childValue).toBe('c')
        expect(grandchild.rootValue).toBe('r')
        grandchild.decorate('grandValue', 'g')
      })
      child.after(() => {
        expect(child.grandValue).toBeUndefined()
        expect(child.hasDecorator('grandValue')).toBe(false)
      })
    })
    await app.ready()
    expect(app.childValue).toBeUndefined()
    expect(app.hasDecorator('childValue')).toBe(false)
  })

  it('rule 1: hooks of a child do not run for the parent or a sibling', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addHook('onRequest', async (_req: any, reply: any) => { reply.header('x-child', 'yes') })
      child.get('/child', async () => 'child')
    })
    app.register(async (sibling: any) => sibling.get('/sibling', async () => 'sibling'))
    app.get('/root', async () => 'root')
    expect((await app.inject('/child')).headers['x-child']).toBe('yes')
    expect((await app.inject('/sibling')).headers['x-child']).toBeUndefined()
    expect((await app.inject('/root')).headers['x-child']).toBeUndefined()
  })

  it('rule 1: a child hook added after a parent route does not affect the parent route', async () => {
    const app = warren()
    app.get('/root', async () => 'root')
    app.addHook('onRequest', async (_req: any, reply: any) => { reply.header('x-root', '1') })
    app.register(async (child: any) => child.get('/child', async () => 'child'))
    expect((await app.inject('/root')).headers['x-root']).toBe('1')
    expect((await app.inject('/child')).headers['x-root']).toBe('1')
  })

  it('the decorator example of the spec: root, child, grandchild (plain and wrapped)', async () => {
    const app = warren()
    app.decorateRequest('root', 'root')
    app.get('/', show)
    app.register(async (child: any) => {
      child.decorateRequest('child', 'child')
      child.get('/child', show)
      child.register(async (grandchild: any) => {
        grandchild.decorateRequest('grandchild', 'grandchild')
        grandchild.get('/grandchild', show)
      })
    })
    app.register(async (child: any) => {
      child.decorateRequest('child', 'child2')
      child.get('/child2', show)
      child.register(plugin(async (grandchild: any) => {
        grandchild.decorateRequest('grandchild', 'wrapped')
        grandchild.get('/grandchild2', show)
      }))
    })
    expect((await app.inject('/')).json()).toEqual({ root: 'root' })
    expect((await app.inject('/child')).json()).toEqual({ root: 'root', child: 'child' })
    expect((await app.inject('/grandchild')).json()).toEqual({ root: 'root', child: 'child', grandchild: 'grandchild' })
    // rule 2: the wrapped grandchild's decorator is visible in its parent
    expect((await app.inject('/child2')).json()).toEqual({ root: 'root', child: 'child2', grandchild: 'wrapped' })
    expect((await app.inject('/grandchild2')).json()).toEqual({ root: 'root', child: 'child2', grandchild: 'wrapped' })
  })

  it('a request decorator invisible in a context reads undefined there', async () => {
    const app = warren()
    app.register(async (child: any) => child.decorateRequest('secret', 's'))
    app.get('/', async (req: any) => ({ secret: req.secret, has: 'secret' in req }))
    expect((await app.inject('/')).json()).toEqual({ has: false })
    expect(app.hasRequestDecorator('secret')).toBe(false)
  })

  it('rule 2: a wrapped plugin registers hooks and routes in its parent', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.addHook('onRequest', async (_req: any, reply: any) => { reply.header('x-shared', '1') })
      shared.decorate('util', () => 'u')
      shared.get('/from-plugin', async () => 'p')
    }))
    app.get('/root', async function (this: any) { return this.util() })
    const res = await app.inject('/root')
    expect(res.body).toBe('u')
    expect(res.headers['x-shared']).toBe('1')
    expect((await app.inject('/from-plugin')).body).toBe('p')
  })

  it('rule 3: a plain plugin inside a wrapped one keeps its own context', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.decorate('sharedValue', 1)
      shared.register(async (inner: any) => {
        inner.decorate('innerValue', 2)
        inner.get('/inner', async function (this: any) { return { shared: this.sharedValue, inner: this.innerValue } })
      })
    }))
    await app.ready()
    expect(app.sharedValue).toBe(1)
    expect(app.innerValue).toBeUndefined()
    expect((await app.inject('/inner')).json()).toEqual({ shared: 1, inner: 2 })
  })

  it('rule 4: root decorators are visible in every context, even ones registered before them', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.register(async (grandchild: any) => {
        grandchild.get('/deep', async function (this: any, req: any) { return { instance: this.rootThing, request: req.rootReq } })
      })
    })
    app.decorate('rootThing', 'i')
    app.decorateRequest('rootReq', 'q')
    expect((await app.inject('/deep')).json()).toEqual({ instance: 'i', request: 'q' })
  })

  it('Symbol.for("skip-override") and Symbol.for("plugin-meta") work like plugin()', async () => {
    const app = warren()
    const shared: any = async (instance: any) => { instance.decorate('viaSymbol', true) }
    shared[Symbol.for('skip-override')] = true
    shared[Symbol.for('plugin-meta')] = { name: 'symbol-plugin' }
    const dependent: any = async (instance: any) => { instance.decorate('dependent', true) }
    dependent[Symbol.for('skip-override')] = true
    dependent[Symbol.for('plugin-meta')] = { name: 'dependent', dependencies: ['symbol-plugin'], decorators: { fastify: ['viaSymbol'] } }
    app.register(shared)
    app.register(dependent)
    await app.ready()
    expect(app.viaSymbol).toBe(true)
    expect(app.dependent).toBe(true)
  })

  it('plugin() returns the same function, marked', () => {
    const fn = async () => {}
    const wrapped = plugin(fn, { name: 'x' })
    expect(wrapped).toBe(fn)
    expect((wrapped as any)[Symbol.for('skip-override')]).toBe(true)
    expect((wrapped as any)[Symbol.for('plugin-meta')]).toEqual({ name: 'x' })
    expect(() => plugin('no' as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_PLUGIN_INVALID' }))
  })

  it('meta.encapsulate: true keeps a plugin() in its own context', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => { instance.decorate('kept', 1) }, { name: 'kept', encapsulate: true }))
    await app.ready()
    expect(app.kept).toBeUndefined()
  })

  it('meta.dependencies: a missing dependency fails with a clear error; a present one passes', async () => {
    const app = warren()
    app.register(plugin(async () => {}, { name: 'auth', dependencies: ['db'] }))
    const error: any = await app.ready().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(codes.SVC_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED)
    expect(error.message).toContain("'db'")
    expect(error.message).toContain("'auth'")

    const ok = warren()
    ok.register(plugin(async () => {}, { name: 'db' }))
    ok.register(plugin(async () => {}, { name: 'auth', dependencies: ['db'] }))
    await expect(ok.ready()).resolves.toBe(ok)
  })

  it('meta.dependencies are looked up in the registering context and its ancestors only', async () => {
    const app = warren()
    app.register(async (child: any) => { child.register(plugin(async () => {}, { name: 'db' })) })
    app.register(plugin(async () => {}, { name: 'needs-db', dependencies: ['db'] }))
    await expect(app.ready()).rejects.toThrow(/'db'/)
  })

  it('meta.decorators: a missing required decorator fails with a clear error', async () => {
    const cases = [['db', 'Instance', { instance: ['db'] }], ['user', 'Request', { request: ['user'] }], ['view', 'Reply', { reply: ['view'] }]] as const
    for (const [name, where, decorators] of cases) {
      const app = warren()
      app.register(plugin(async () => {}, { name: 'needy', decorators }))
      const error: any = await app.ready().catch((e: unknown) => e)
      expect(error.code).toBe('SVC_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE')
      expect(error.message).toBe(`The decorator '${name}' required by 'needy' is not present in ${where}`)
    }
    // a plugin without a name is not named
    const anonymous = warren()
    anonymous.register(plugin(async () => {}, { decorators: { request: ['user'] } }))
    expect((await anonymous.ready().catch((e: any) => e)).message).toBe("The decorator 'user' is not present in Request")
    const ok = warren()
    ok.decorate('db', {}).decorateRequest('user', null).decorateReply('view', () => {})
    ok.register(plugin(async () => {}, { name: 'needy', decorators: { instance: ['db'], request: ['user'], reply: ['view'] } }))
    await expect(ok.ready()).resolves.toBe(ok)
  })

  it('meta.fastify is checked against the Fastify API level warren implements', async () => {
    const ok = warren()
    ok.register(plugin(async () => {}, { name: 'modern', fastify: '5.x' }))
    await expect(ok.ready()).resolves.toBe(ok)
    const old = warren()
    old.register(plugin(async () => {}, { name: 'ancient', fastify: '3.x' }))
    await expect(old.ready()).rejects.toThrow(expect.objectContaining({ code: 'SVC_ERR_PLUGIN_VERSION_MISMATCH' }))
  })

  it('shared schemas follow encapsulation too', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addSchema({ $id: 'childSchema', type: 'string' })
      child.get('/child', async () => Object.keys(child.getSchemas()))
    })
    app.get('/root', async () => Object.keys(app.getSchemas()))
    expect((await app.inject('/child')).json()).toEqual(['childSchema'])
    expect((await app.inject('/root')).json()).toEqual([])
  })
})
