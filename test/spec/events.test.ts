import { describe, expect, it } from 'vitest'
import warren, { plugin } from 'warren'

describe('6 events: hooks', () => {
  it('6 preValidation and preHandler hooks follow encapsulation', async () => {
    const app = warren()
    const runs: string[] = []
    app.addHook('preHandler', async (request: any) => {
      runs.push(`root:${request.url}`)
    })
    app.register(async (child: any) => {
      child.addHook('preValidation', async (request: any) => {
        runs.push(`child-preValidation:${request.url}`)
      })
      child.addHook('preHandler', async (request: any) => {
        runs.push(`child:${request.url}`)
      })
      child.get('/child', async () => 'c')
      child.register(async (grandchild: any) => {
        grandchild.get('/grandchild', async () => 'g')
      })
    })
    app.register(async (sibling: any) => {
      sibling.get('/sibling', async () => 's')
    })
    app.get('/root', async () => 'r')
    await app.inject('/child')
    await app.inject('/grandchild')
    await app.inject('/sibling')
    await app.inject('/root')
    expect(runs).toEqual([
      'child-preValidation:/child', 'root:/child', 'child:/child',
      'child-preValidation:/grandchild', 'root:/grandchild', 'child:/grandchild',
      'root:/sibling',
      'root:/root',
    ])
  })

  it('6 hooks of a parent run before those of the child; in order of registration', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('onRequest', async () => { order.push('root-1') })
    app.addHook('onRequest', async () => { order.push('root-2') })
    app.register(async (child: any) => {
      child.addHook('onRequest', async () => { order.push('child-1') })
      child.addHook('onRequest', async () => { order.push('child-2') })
      child.get('/c', async () => 'c')
    })
    await app.inject('/c')
    expect(order).toEqual(['root-1', 'root-2', 'child-1', 'child-2'])
  })

  it('6 a parent hook added after a child was registered still reaches it, after its own (as in Fastify)', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('onRequest', async () => { order.push('root-1') })
    app.register(async (child: any) => {
      child.addHook('onRequest', async () => { order.push('child-1') })
      child.get('/c', async () => 'c')
    })
    app.addHook('onRequest', async () => { order.push('root-2') })
    await app.inject('/c')
    expect(order).toEqual(['root-1', 'child-1', 'root-2'])
  })

  it('6 hooks added in a plugin() wrapped plugin apply to the parent', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => {
      instance.addHook('preHandler', async (_request: any, reply: any) => {
        reply.header('x-from-shared', 'yes')
      })
    }))
    app.get('/', async () => 'ok')
    expect((await app.inject('/')).headers['x-from-shared']).toBe('yes')
  })

  it('6 route-level hooks run after the context hooks', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('preHandler', async () => { order.push('context') })
    app.get('/r', {
      preValidation: async () => { order.push('route-preValidation') },
      preHandler: [async () => { order.push('route-1') }, async () => { order.push('route-2') }],
    }, async () => 'r')
    await app.inject('/r')
    expect(order).toEqual(['route-preValidation', 'context', 'route-1', 'route-2'])
  })

  it('6 callback-style hooks: done() continues, done(err) goes to the error handler', async () => {
    const app = warren()
    app.addHook('preHandler', (request: any, _reply: any, done: (err?: Error) => void) => {
      if (request.query.fail) done(Object.assign(new Error('hook failed'), { statusCode: 403 }))
      else done()
    })
    app.get('/h', async () => 'passed')
    expect((await app.inject('/h')).body).toBe('passed')
    const failed = await app.inject('/h?fail=1')
    expect(failed.statusCode).toBe(403)
    expect(failed.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'hook failed' })
  })

  it('6 an async hook that throws goes to the error handler', async () => {
    const app = warren()
    app.addHook('preValidation', async () => {
      throw new Error('prevalidation broke')
    })
    app.get('/h', async () => 'never')
    const res = await app.inject('/h')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, message: 'prevalidation broke' })
  })

  it('6 a hook that replies ends the chain (onRequest)', async () => {
    const app = warren()
    let handlerRan = false
    app.addHook('onRequest', async (_request: any, reply: any) => {
      reply.code(429).send({ slow: 'down' })
      return reply
    })
    app.get('/h', async () => {
      handlerRan = true
      return 'never'
    })
    const res = await app.inject('/h')
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ slow: 'down' })
    expect(handlerRan).toBe(false)
  })

  it('6 onSend may replace the payload; preSerialization may change the object', async () => {
    const app = warren()
    app.addHook('preSerialization', async (_request: any, _reply: any, payload: any) => ({ ...payload, added: true }))
    app.addHook('onSend', async (_request: any, reply: any, payload: any) => {
      reply.header('x-length-before', String(payload.length))
      return payload.replace('"a":1', '"a":2')
    })
    app.get('/s', async () => ({ a: 1 }))
    const res = await app.inject('/s')
    expect(res.json()).toEqual({ a: 2, added: true })
    expect(res.headers['x-length-before']).toBe(String('{"a":1,"added":true}'.length))
    expect(res.headers['content-length']).toBe(String(res.body.length))
  })

  it('6 onResponse runs after the response with reply.statusCode; onError sees the error', async () => {
    const app = warren()
    const seen: any[] = []
    app.addHook('onError', async (_request: any, _reply: any, error: any) => {
      seen.push(`onError:${error.message}`)
    })
    app.addHook('onResponse', async (_request: any, reply: any) => {
      seen.push(`onResponse:${reply.statusCode}`)
    })
    app.get('/boom', async () => {
      throw new Error('boom')
    })
    const res = await app.inject('/boom')
    expect(res.statusCode).toBe(500)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toEqual(['onError:boom', 'onResponse:500'])
  })

  it('6 application hooks: onRoute, onRegister, onReady, onClose', async () => {
    const app = warren()
    const events: string[] = []
    app.addHook('onRoute', (route: any) => { events.push(`route ${route.method} ${route.url}`) })
    app.addHook('onRegister', () => { events.push('register') })
    app.addHook('onReady', async () => { events.push('ready') })
    app.addHook('onClose', async () => { events.push('close') })
    app.register(async (child: any) => {
      child.get('/x', async () => 'x')
    }, { prefix: '/p' })
    await app.ready()
    await app.close()
    // Fastify also reports the exposed HEAD route to onRoute; warren adds it at start-up, unreported
    expect(events.filter((e) => !e.startsWith('route HEAD'))).toEqual(['register', 'route GET /p/x', 'ready', 'close'])
  })

  it('6 an unknown hook name is refused', () => {
    const app = warren()
    expect(() => app.addHook('onNothing' as any, async () => {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_HOOK_NOT_SUPPORTED' }))
  })
})
