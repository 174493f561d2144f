import { describe, expect, it } from 'vitest'
import fp from 'fastify-plugin'
import warren, { plugin } from 'warren'
import bearerAuth from 'warren/bearer-auth'

/** The handler of the spec's example: reports the request decorators of its context. */
function report(request: any, reply: any) {
  reply.send({ answer: request.answer, foo: request.foo, bar: request.bar })
}

/** Builds the application of the spec's 4.2 example; `shareGrandchild` wraps the grandchild plugin. */
function exampleApp(shareGrandchild: boolean) {
  const app = warren()
  app.decorateRequest('answer', 42)
  app.register(async function authenticatedContext(child: any) {
    child.register(bearerAuth, { keys: ['abc123'] })
    child.route({ path: '/one', method: 'GET', handler: report })
  })
  app.register(async function publicContext(child: any) {
    child.decorateRequest('foo', 'foo')
    child.route({ path: '/two', method: 'GET', handler: report })
    const grandchildContext = async function grandchildContext(grandchild: any) {
      grandchild.decorateRequest('bar', 'bar')
      grandchild.route({ path: '/three', method: 'GET', handler: report })
    }
    child.register(shareGrandchild ? plugin(grandchildContext) : grandchildContext)
  })
  return app
}

describe('4.2 encapsulation: the example', () => {
  it('4.2 example: decorators by context, undefined values omitted from the JSON payload', async () => {
    const app = exampleApp(false)
    const one = await app.inject({ url: '/one', headers: { authorization: 'Bearer abc123' } })
    expect(one.statusCode).toBe(200)
    expect(one.body).toBe('{"answer":42}')
    expect((await app.inject('/two')).body).toBe('{"answer":42,"foo":"foo"}')
    expect((await app.inject('/three')).body).toBe('{"answer":42,"foo":"foo","bar":"bar"}')
  })

  it('4.2 example: the bearer-auth context needs the header, the sibling contexts do not', async () => {
    const app = exampleApp(false)
    expect((await app.inject('/one')).statusCode).toBe(401)
    expect((await app.inject({ url: '/one', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401)
    expect((await app.inject({ url: '/two', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(200)
    expect((await app.inject('/three')).statusCode).toBe(200)
  })

  it('4.2 example: a wrapped grandchild makes its decorator visible to its parent', async () => {
    const app = exampleApp(true)
    expect((await app.inject('/two')).json()).toEqual({ answer: 42, foo: 'foo', bar: 'bar' })
    expect((await app.inject('/three')).json()).toEqual({ answer: 42, foo: 'foo', bar: 'bar' })
    expect((await app.inject({ url: '/one', headers: { authorization: 'Bearer abc123' } })).json()).toEqual({ answer: 42 })
  })

  it('4.2 example over a real socket', async () => {
    const app = exampleApp(false)
    const address = await app.listen({ port: 0 })
    try {
      const denied = await fetch(`${address}/one`)
      expect(denied.status).toBe(401)
      const one = await fetch(`${address}/one`, { headers: { authorization: 'Bearer abc123' } })
      expect(await one.json()).toEqual({ answer: 42 })
      expect(await (await fetch(`${address}/three`)).json()).toEqual({ answer: 42, foo: 'foo', bar: 'bar' })
    } finally {
      await app.close()
    }
  })
})

describe('4.2 encapsulation rules', () => {
  it('4.2 rule 1: parents cannot see anything registered in descendants (decorators, hooks, routes prefixes, handlers)', async () => {
    const app = warren()
    const hookRuns: string[] = []
    app.register(async (child: any) => {
      child.decorate('childOnly', 1)
      child.decorateRequest('childReq', 'c')
      child.addHook('onRequest', async (request: any) => {
        hookRuns.push(request.url)
      })
      child.setNotFoundHandler((_request: any, reply: any) => {
        reply.code(404).send({ from: 'child' })
      })
      child.get('/child', async () => 'child')
    }, { prefix: '/c' })
    app.get('/root', async function (this: any, request: any) {
      return { instance: this.childOnly ?? 'hidden', request: request.childReq ?? 'hidden' }
    })
    expect((await app.inject('/root')).json()).toEqual({ instance: 'hidden', request: 'hidden' })
    expect((await app.inject('/c/child')).body).toBe('child')
    expect(hookRuns).toEqual(['/c/child'])
    expect((await app.inject('/c/missing')).json()).toEqual({ from: 'child' })
    const missing = await app.inject('/missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Route GET:/missing not found')
  })

  it('4.2 rule 1: sibling contexts do not see each other', async () => {
    const app = warren()
    app.register(async (a: any) => {
      a.addHook('preHandler', async (_request: any, reply: any) => {
        reply.header('x-a', 'a')
      })
      a.get('/a', async () => 'a')
    })
    app.register(async (b: any) => {
      b.get('/b', async () => 'b')
    })
    expect((await app.inject('/a')).headers['x-a']).toBe('a')
    expect((await app.inject('/b')).headers['x-a']).toBeUndefined()
  })

  it('4.2 rule 2: a wrapped plugin shares its decorators, hooks and routes with the parent', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => {
      instance.decorate('util', () => 'util')
      instance.decorateRequest('shared', 'yes')
      instance.addHook('onSend', async (_request: any, reply: any, payload: any) => {
        reply.header('x-shared-hook', '1')
        return payload
      })
      instance.get('/from-plugin', async () => 'plugin route')
    }))
    app.get('/root', async function (this: any, request: any) {
      return { util: this.util(), shared: request.shared }
    })
    const root = await app.inject('/root')
    expect(root.json()).toEqual({ util: 'util', shared: 'yes' })
    expect(root.headers['x-shared-hook']).toBe('1')
    expect((await app.inject('/from-plugin')).body).toBe('plugin route')
  })

  it('4.2 rule 2: a wrapped plugin inside a child shares with that child only, not with the root', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.register(plugin(async (instance: any) => {
        instance.decorateRequest('shared', 'yes')
      }))
      child.get('/child', async (request: any) => ({ shared: request.shared }))
    })
    app.get('/root', async (request: any) => ({ shared: request.shared }))
    expect((await app.inject('/child')).json()).toEqual({ shared: 'yes' })
    expect((await app.inject('/root')).json()).toEqual({})
  })

  it('4.2 rule 2: fastify-plugin and the skip-override symbol are honoured', async () => {
    const app = warren()
    app.register(fp(async (instance: any) => {
      instance.decorate('viaFp', 'fp')
    }) as any)
    const marked = async (instance: any) => {
      instance.decorate('viaSymbol', 'symbol')
    }
    ;(marked as any)[Symbol.for('skip-override')] = true
    app.register(marked)
    await app.ready()
    expect((app as any).viaFp).toBe('fp')
    expect((app as any).viaSymbol).toBe('symbol')
  })

  it('4.2 rule 2: a callback-style wrapped plugin shares too', async () => {
    const app = warren()
    app.register(plugin((instance: any, _opts: any, done: () => void) => {
      instance.decorateRequest('cbShared', 'cb')
      done()
    }))
    app.get('/', async (request: any) => ({ cbShared: request.cbShared }))
    expect((await app.inject('/')).json()).toEqual({ cbShared: 'cb' })
  })

  it('4.2 rule 3: a plain plugin inside a wrapped plugin keeps its own context', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.decorateRequest('level1', 'shared')
      shared.register(async (inner: any) => {
        inner.decorateRequest('level2', 'inner')
        inner.decorate('innerUtil', 'iu')
        inner.get('/inner', async (request: any) => ({ level1: request.level1, level2: request.level2 }))
        inner.register(async (innerChild: any) => {
          innerChild.get('/inner-child', async function (this: any, request: any) {
            return { level2: request.level2, innerUtil: this.innerUtil }
          })
        })
      })
    }))
    app.get('/root', async function (this: any, request: any) {
      return { level1: request.level1, level2: request.level2, innerUtil: this.innerUtil }
    })
    expect((await app.inject('/root')).json()).toEqual({ level1: 'shared' })
    expect((await app.inject('/inner')).json()).toEqual({ level1: 'shared', level2: 'inner' })
    expect((await app.inject('/inner-child')).json()).toEqual({ level2: 'inner', innerUtil: 'iu' })
    await app.ready()
    expect(app.hasDecorator('innerUtil')).toBe(false)
  })

  it('4.2 rule 3: with fastify-plugin wrapping, the same holds', async () => {
    const app = warren()
    app.register(fp(async (shared: any) => {
      shared.register(async (inner: any) => {
        inner.decorateRequest('innerOnly', 'x')
        inner.get('/inner', async (request: any) => ({ innerOnly: request.innerOnly }))
      })
    }) as any)
    app.get('/root', async (request: any) => ({ innerOnly: request.innerOnly }))
    expect((await app.inject('/inner')).json()).toEqual({ innerOnly: 'x' })
    expect((await app.inject('/root')).json()).toEqual({})
  })

  it('4.2 rule 3: the wrapper only affects the plugin it wraps (hooks too)', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.register(async (inner: any) => {
        inner.addHook('onRequest', async (_request: any, reply: any) => {
          reply.header('x-inner', '1')
        })
        inner.get('/inner', async () => 'inner')
      })
    }))
    app.get('/root', async () => 'root')
    expect((await app.inject('/inner')).headers['x-inner']).toBe('1')
    expect((await app.inject('/root')).headers['x-inner']).toBeUndefined()
  })

  it('4.2 rule 4: root-context decorators are visible in every context, also those declared after the plugins', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.register(async (grandchild: any) => {
        grandchild.get('/deep', async function (this: any, request: any) {
          return { util: this.rootUtil, value: request.rootValue }
        })
      })
    })
    app.decorate('rootUtil', 'u')
    app.decorateRequest('rootValue', 'v')
    expect((await app.inject('/deep')).json()).toEqual({ util: 'u', value: 'v' })
  })

  it('4.2 plugin meta: encapsulate true keeps a wrapped plugin encapsulated', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => {
      instance.decorateRequest('kept', 'inside')
      instance.get('/inside', async (request: any) => ({ kept: request.kept }))
    }, { encapsulate: true }))
    app.get('/outside', async (request: any) => ({ kept: request.kept }))
    expect((await app.inject('/inside')).json()).toEqual({ kept: 'inside' })
    expect((await app.inject('/outside')).json()).toEqual({})
  })

  it('4.2 plugin meta: a missing dependency fails the start', async () => {
    const app = warren()
    app.register(plugin(async () => {}, { name: 'needs-db', dependencies: ['db'] }))
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' })
  })

  it('4.2 plugin meta: a present dependency is fine', async () => {
    const app = warren()
    app.register(plugin(async (i: any) => { i.decorate('db', {}) }, { name: 'db' }))
    app.register(plugin(async () => {}, { name: 'needs-db', dependencies: ['db'] }))
    await expect(app.ready()).resolves.toBe(app)
  })

  it('4.2 plugin meta: decorator dependencies are checked', async () => {
    const app = warren()
    app.register(plugin(async () => {}, { decorators: { request: ['user'] } }))
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE' })
    const ok = warren()
    ok.decorateRequest('user', null)
    ok.register(plugin(async () => {}, { decorators: { request: ['user'] } }))
    await expect(ok.ready()).resolves.toBe(ok)
  })

  it('4.2 fastify-plugin meta: a plugin for a fastify version range that is not 5 is refused', async () => {
    const app = warren()
    app.register(fp(async () => {}, { fastify: '4.x', name: 'old' }) as any)
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_PLUGIN_VERSION_MISMATCH' })
    const ok = warren()
    ok.register(fp(async () => {}, { fastify: '5.x', name: 'current' }) as any)
    await expect(ok.ready()).resolves.toBe(ok)
  })
})
