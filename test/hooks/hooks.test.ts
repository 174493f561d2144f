import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { codes, isAutomaticHeadRoute, plugin } from 'warren'
import { captureLogs, warren } from '../helpers.js'

describe('request hooks: order and forms', () => {
  it('runs every request hook in lifecycle order, async and callback forms alike', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('onRequest', async () => { order.push('onRequest') })
    app.addHook('onRequest', (_req: any, _reply: any, done: () => void) => { order.push('onRequest cb'); done() })
    app.addHook('preParsing', async (_req: any, _reply: any, payload: unknown) => { order.push('preParsing'); return payload })
    app.addHook('preParsing', (_req: any, _reply: any, payload: unknown, done: (e: null, p: unknown) => void) => { order.push('preParsing cb'); done(null, payload) })
    app.addHook('preValidation', async () => { order.push('preValidation') })
    app.addHook('preValidation', (_req: any, _reply: any, done: () => void) => { order.push('preValidation cb'); done() })
    app.addHook('preHandler', async () => { order.push('preHandler') })
    app.addHook('preHandler', (_req: any, _reply: any, done: () => void) => { order.push('preHandler cb'); done() })
    app.addHook('preSerialization', async (_req: any, _reply: any, payload: any) => { order.push('preSerialization'); return payload })
    app.addHook('preSerialization', (_req: any, _reply: any, payload: any, done: (e: null, p: unknown) => void) => { order.push('preSerialization cb'); done(null, payload) })
    app.addHook('onSend', async (_req: any, _reply: any, payload: any) => { order.push('onSend'); return payload })
    app.addHook('onSend', (_req: any, _reply: any, payload: any, done: (e: null, p: unknown) => void) => { order.push('onSend cb'); done(null, payload) })
    const responded = new Promise<void>((resolve) => {
      app.addHook('onResponse', async () => { order.push('onResponse') })
      app.addHook('onResponse', (_req: any, _reply: any, done: () => void) => { order.push('onResponse cb'); done(); resolve() })
    })
    app.post('/', async (req: any) => { order.push('handler'); return { got: req.body } })
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    await responded
    expect(res.json()).toEqual({ got: { a: 1 } })
    expect(order).toEqual([
      'onRequest', 'onRequest cb', 'preParsing', 'preParsing cb', 'preValidation', 'preValidation cb',
      'preHandler', 'preHandler cb', 'handler', 'preSerialization', 'preSerialization cb', 'onSend', 'onSend cb',
      'onResponse', 'onResponse cb',
    ])
  })

  it('hooks get the instance of their context as this', async () => {
    const app = warren()
    let marker: unknown
    app.register(async (child: any) => {
      child.decorate('marker', 'child')
      child.addHook('onRequest', async function (this: any) { marker = this.marker })
      child.get('/', async () => 'ok')
    })
    await app.inject('/')
    expect(marker).toBe('child')
  })

  it('route-level hooks (function or array) run after the context hooks', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('preHandler', async () => { order.push('context') })
    app.get('/', {
      onRequest: async () => { order.push('route onRequest') },
      preHandler: [async () => { order.push('route 1') }, (_r: any, _p: any, done: () => void) => { order.push('route 2'); done() }],
    }, async () => 'ok')
    app.get('/other', async () => 'other')
    await app.inject('/')
    expect(order).toEqual(['route onRequest', 'context', 'route 1', 'route 2'])
    order.length = 0
    await app.inject('/other')
    expect(order).toEqual(['context'])
  })

  it('preSerialization may replace the payload; it is skipped for strings', async () => {
    const app = warren()
    app.addHook('preSerialization', async (_req: any, _reply: any, payload: any) => ({ wrapped: payload }))
    app.get('/obj', async () => ({ a: 1 }))
    app.get('/str', async () => 'plain')
    expect((await app.inject('/obj')).json()).toEqual({ wrapped: { a: 1 } })
    expect((await app.inject('/str')).body).toBe('plain')
  })

  it('onSend may replace the serialized payload, and content-length follows', async () => {
    const app = warren()
    app.addHook('onSend', async (_req: any, _reply: any, payload: any) => payload.replace('short', 'much longer'))
    app.get('/', async () => 'short')
    const res = await app.inject('/')
    expect(res.body).toBe('much longer')
    expect(res.headers['content-length']).toBe(String('much longer'.length))
  })

  it('preParsing may replace the body stream', async () => {
    const app = warren()
    app.addHook('preParsing', async () => Readable.from([Buffer.from('{"replaced":true}')]))
    app.post('/', async (req: any) => req.body)
    const res = await app.inject({ method: 'POST', url: '/', payload: { original: true } })
    expect(res.json()).toEqual({ replaced: true })
  })

  it('a preParsing hook that gives something other than a stream is a 500 naming the mistake (async or callback), not a hung request', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addHook('preParsing', async () => 'not a stream')
      child.post('/async', async (req: any) => req.body)
    })
    app.register(async (child: any) => {
      child.addHook('preParsing', (_req: any, _reply: any, _payload: unknown, done: any) => done(null, 42))
      child.post('/callback', async (req: any) => req.body)
    })
    for (const [url, got] of [['/async', 'string'], ['/callback', 'number']]) {
      const res = await app.inject({ method: 'POST', url, payload: { a: 1 } })
      expect(res.statusCode, url).toBe(500)
      expect(res.json().message, url).toBe(`A preParsing hook must give a readable stream as the payload, got ${got}`)
    }
  })

  it('an async hook with a done parameter is rejected at registration', () => {
    const app = warren()
    expect(() => app.addHook('onRequest', async (_a: any, _b: any, _done: any) => {})).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_ASYNC_HANDLER' }),
    )
  })

  it('unknown hook names and non-function hooks are rejected', () => {
    const app = warren()
    expect(() => app.addHook('onSomething', async () => {})).toThrow(codes.SVC_ERR_HOOK_NOT_SUPPORTED)
    expect(() => app.addHook('onRequest', 'nope')).toThrow(expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_HANDLER' }))
    expect(() => app.addHook(42, async () => {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_TYPE' }))
  })

  it('hooks run in the order plugins load: a parent hook added after a child was registered runs after its own', async () => {
    const app = warren()
    const order: string[] = []
    const push = (name: string) => (_req: unknown, _reply: unknown, done: () => void) => { order.push(name); done() }
    app.register(async (child: any) => {
      child.addHook('onRequest', push('child'))
      child.get('/', async () => 'ok')
      child.register(plugin(async (shared: any) => { shared.addHook('onRequest', push('child, shared')) }))
    })
    app.register(plugin(async (shared: any) => {
      shared.addHook('onRequest', push('root 1'))
      // registered before 'root 3' is added, so it adds its hook first
      shared.register(plugin(async (nested: any) => { nested.addHook('onRequest', push('root 2')) }))
      shared.addHook('onRequest', push('root 3'))
    }))
    await app.inject('/')
    expect(order).toEqual(['child', 'child, shared', 'root 1', 'root 2', 'root 3'])
  })

  it('a hook added to a parent reaches every descendant registered before it, not its siblings\' parents', async () => {
    const app = warren()
    const seen: string[] = []
    app.register(async (child: any) => {
      child.register(async (grandchild: any) => { grandchild.get('/deep', async () => 'deep') })
      child.addHook('preHandler', async (req: any) => { seen.push(req.url) })
    })
    app.get('/root', async () => 'root')
    await app.inject('/deep')
    await app.inject('/root')
    expect(seen).toEqual(['/deep'])
  })

  it('route-level hooks are checked at declaration, as addHook checks its own', () => {
    const app = warren()
    expect(() => app.get('/a', { preHandler: [async (_a: any, _b: any, _done: any) => {}] }, async () => 'a')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_ASYNC_HANDLER' }),
    )
    expect(() => app.get('/b', { onSend: async (_a: any, _b: any, _c: any, _done: any) => {} }, async () => 'b')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_ASYNC_HANDLER' }),
    )
    expect(() => app.get('/c', { onRequest: 'nope' }, async () => 'c')).toThrow(expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_HANDLER' }))
    // as in Fastify: undefined is no hook, null is a wrong one, named by its tag
    expect(() => app.get('/d', { preHandler: undefined }, async () => 'd')).not.toThrow()
    expect(() => app.get('/e', { preHandler: null }, async () => 'e')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_HANDLER', message: 'preHandler hook should be a function, instead got [object Null]' }),
    )
    expect(() => app.get('/f', { onRequest: [undefined] }, async () => 'f')).toThrow(expect.objectContaining({ message: 'onRequest hook should be a function, instead got [object Undefined]' }))
    expect(() => app.addHook('preHandler', null as never)).toThrow(expect.objectContaining({ message: 'preHandler hook should be a function, instead got null' }))
  })

  it('checks route hooks once onRoute hooks ran: a plugin may complete them (compress turns a null hook into a list)', async () => {
    const app = warren()
    app.addHook('onRoute', (route: any) => {
      if (route.onSend === null) route.onSend = [async (_request: any, reply: any, payload: unknown) => { reply.header('x-completed', 'yes'); return payload }]
    })
    app.get('/completed', { onSend: null } as never, async () => 'ok')
    // a hook an onRoute hook leaves wrong is still refused
    expect(() => app.get('/left-wrong', { preHandler: null } as never, async () => 'x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_HOOK_INVALID_HANDLER' }))
    const answer = await app.inject('/completed')
    expect([answer.statusCode, answer.headers['x-completed']]).toEqual([200, 'yes'])
  })

  it('addHook after start fails', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.addHook('onRequest', async () => {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })
})

describe('request hooks wrapped by a forwarding function (a tracer\'s `(...args)`)', () => {
  const wrap = (hook: (...args: any[]) => unknown) => function wrapped(this: unknown, ...args: unknown[]) {
    return hook.apply(this, args)
  }

  it('are waited for until the hook they wrap calls done: its error, its payload, its delay', async () => {
    const app = warren()
    const seen: string[] = []
    app.addHook('onRequest', wrap((_request: unknown, _reply: unknown, done: () => void) => setTimeout(() => {
      seen.push('onRequest done')
      done()
    }, 20)))
    app.addHook('onSend', wrap((_request: unknown, _reply: unknown, payload: string, done: (error: null, payload: string) => void) => done(null, `${payload} +onSend`)))
    app.addHook('onResponse', wrap((_request: unknown, _reply: unknown, done: () => void) => setImmediate(() => {
      seen.push('onResponse done')
      done()
    })))
    app.get('/', async () => {
      seen.push('handler')
      return 'ok'
    })
    app.register(async (guarded: any) => {
      guarded.addHook('preHandler', wrap((_request: unknown, _reply: unknown, done: (error: Error) => void) => done(new Error('denied by hook'))))
      guarded.get('/guarded', async () => 'handler ran')
    })
    const answer = await app.inject('/')
    expect(answer.body).toBe('ok +onSend')
    expect(seen.slice(0, 2)).toEqual(['onRequest done', 'handler'])
    const denied = await app.inject('/guarded')
    expect(denied.statusCode).toBe(500)
    // the error body goes through the onSend hook too
    expect(denied.body).toMatch(/"message":"denied by hook"\} \+onSend$/)
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.filter((step) => step === 'onResponse done')).toHaveLength(2)
  })

  it('resume when the async hook they wrap settles, and a hook declaring no done still needs none', async () => {
    const app = warren()
    app.addHook('preHandler', wrap(async (request: any) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      request.headers['x-seen'] = 'async'
    }))
    app.addHook('preHandler', (request: any) => {
      request.headers['x-seen'] += ', sync'
    })
    app.get('/', async (request: any) => request.headers['x-seen'])
    expect((await app.inject('/')).body).toBe('async, sync')
  })
})

describe('request hooks: replying and failing', () => {
  for (const name of ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const) {
    it(`a ${name} hook that replies ends the chain (async and callback)`, async () => {
      const app = warren()
      let handlerRan = false
      let laterHookRan = false
      app.addHook(name, async (_req: any, reply: any) => {
        if (_req.query.form === 'async') {
          reply.code(401).send({ denied: name })
          return reply
        }
      })
      app.addHook(name, function (this: any, req: any, reply: any, ...rest: any[]) {
        const done = rest[rest.length - 1]
        if (req.query.form === 'callback') return reply.code(403).send({ denied: name })
        laterHookRan = true
        done()
      })
      app.post('/', async () => { handlerRan = true; return 'handler' })
      const asyncRes = await app.inject({ method: 'POST', url: '/?form=async', payload: {} })
      expect(asyncRes.statusCode).toBe(401)
      expect(asyncRes.json()).toEqual({ denied: name })
      const cbRes = await app.inject({ method: 'POST', url: '/?form=callback', payload: {} })
      expect(cbRes.statusCode).toBe(403)
      expect(cbRes.json()).toEqual({ denied: name })
      expect(handlerRan).toBe(false)
      expect(laterHookRan).toBe(false)
      const through = await app.inject({ method: 'POST', url: '/', payload: {} })
      expect(through.body).toBe('handler')
    })
  }

  it('a handler that sends twice keeps its first answer and logs a warning, with payload hooks too; a hook that awaits, then sends, starts over', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { level: 'warn', stream } })
    app.addHook('onSend', async (request: any, reply: any, payload: unknown) => {
      if (request.url === '/later' && !reply.getHeader('x-swapped')) {
        await new Promise((resolve) => setTimeout(resolve, 5))
        reply.header('x-swapped', 'yes').code(503).send('maintenance')
      }
      return payload
    })
    app.get('/twice', (_request: any, reply: any) => {
      reply.code(201).send({ first: 1 })
      reply.send({ second: 2 })
    })
    app.get('/later', async () => 'ok')
    const twice = await app.inject('/twice')
    expect([twice.statusCode, twice.json()]).toEqual([201, { first: 1 }])
    expect(lines.filter((line) => line.level === 40 && line.err?.code === 'SVC_ERR_REP_ALREADY_SENT')).toHaveLength(1)
    const later = await app.inject('/later')
    expect([later.statusCode, later.body]).toEqual([503, 'maintenance'])
  })

  for (const name of ['preSerialization', 'onSend'] as const) {
    it(`a ${name} hook that sends starts the send over with its payload (async and callback); the hooks run again for it`, async () => {
      const app = warren()
      const seen: unknown[] = []
      app.addHook(name, async (request: any, reply: any, payload: unknown) => {
        seen.push(payload)
        if (request.query.form === 'async' && !reply.getHeader('x-swapped')) reply.header('x-swapped', 'yes').code(503).send({ maintenance: true })
        return payload
      })
      app.addHook(name, (request: any, reply: any, payload: unknown, done: any) => {
        if (request.query.form === 'callback' && !reply.getHeader('x-swapped')) return reply.header('x-swapped', 'yes').code(503).send({ maintenance: true })
        done(null, payload)
      })
      app.get('/', async () => ({ ok: true }))
      for (const form of ['async', 'callback']) {
        seen.length = 0
        const answer = await app.inject(`/?form=${form}`)
        expect([answer.statusCode, answer.json(), answer.headers['x-swapped']]).toEqual([503, { maintenance: true }, 'yes'])
        const serialized = name === 'onSend'
        expect(seen).toEqual(serialized ? ['{"ok":true}', '{"maintenance":true}'] : [{ ok: true }, { maintenance: true }])
      }
      expect((await app.inject('/')).json()).toEqual({ ok: true })
    })
  }

  /** A hook of `name` that fails the first time `shouldFail(request)` holds, in the given form, and passes otherwise. */
  function failingHook(name: string, form: string, error: Error, shouldFail: (request: any) => boolean): any {
    let failed = false
    const fails = (request: any): boolean => {
      if (failed || !shouldFail(request)) return false
      failed = true
      return true
    }
    if (name === 'preParsing' || name === 'preSerialization' || name === 'onSend') {
      if (form === 'throws') return (req: any, _reply: any, payload: unknown, done: any) => { if (fails(req)) throw error; done(null, payload) }
      if (form === 'rejects') return async (req: any, _reply: any, payload: unknown) => { if (fails(req)) throw error; return payload }
      return (req: any, _reply: any, payload: unknown, done: any) => (fails(req) ? done(error) : done(null, payload))
    }
    if (form === 'throws') return (req: any, _reply: any, done: any) => { if (fails(req)) throw error; done() }
    if (form === 'rejects') return async (req: any) => { if (fails(req)) throw error }
    return (req: any, _reply: any, done: any) => (fails(req) ? done(error) : done())
  }

  for (const name of ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const) {
    for (const form of ['throws', 'rejects', 'done(err)'] as const) {
      it(`a ${name} hook that ${form} goes to the error handler; the server keeps serving`, async () => {
        const app = warren()
        const error = Object.assign(new Error(`${name} ${form}`), { statusCode: 418 })
        app.addHook(name, failingHook(name, form, error, (req) => req.query.fail === '1'))
        let handlerRan = 0
        const handled: string[] = []
        app.setErrorHandler(async (err: any, _req: any, reply: any) => {
          handled.push(err.message)
          reply.code(err.statusCode).send({ handled: err.message })
        })
        app.post('/', async () => { handlerRan++; return { ok: true } })
        const res = await app.inject({ method: 'POST', url: '/?fail=1', payload: { a: 1 } })
        expect(res.statusCode).toBe(418)
        expect(res.json()).toEqual({ handled: `${name} ${form}` })
        expect(handled).toEqual([`${name} ${form}`])
        const handlerExpected = name === 'preSerialization' || name === 'onSend' ? 1 : 0
        expect(handlerRan).toBe(handlerExpected)
        const ok = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
        expect(ok.statusCode).toBe(200)
        expect(ok.json()).toEqual({ ok: true })
      })

      it(`a ${name} hook that ${form} without a custom error handler gives the default error body`, async () => {
        const app = warren()
        const error = Object.assign(new Error('teapot'), { statusCode: 418, code: 'E_TEAPOT' })
        app.addHook(name, failingHook(name, form, error, () => true))
        app.post('/', async () => ({ ok: true }))
        const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
        expect(res.statusCode).toBe(418)
        expect(res.json()).toEqual({ statusCode: 418, code: 'E_TEAPOT', error: "I'm a Teapot", message: 'teapot' })
      })
    }
  }

  it('a hook rejecting with a non-Error value answers 500 with that value', async () => {
    const app = warren()
    app.addHook('preHandler', () => Promise.reject('plain string'))
    app.get('/', async () => 'never')
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe('plain string')
  })

  it('a hook rejecting with nothing answers 500 SVC_ERR_SEND_UNDEFINED_ERR', async () => {
    for (const name of ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const) {
      const app = warren()
      app.addHook(name, () => Promise.reject())
      app.get('/', async () => ({ ok: true }))
      const res = await app.inject('/')
      expect(res.statusCode, name).toBe(500)
      expect(res.json(), name).toEqual({ statusCode: 500, code: 'SVC_ERR_SEND_UNDEFINED_ERR', error: 'Internal Server Error', message: 'Undefined error has occurred' })
    }
  })

  it('onError hooks see the error before the error handler, and cannot change the reply', async () => {
    const app = warren()
    const seen: string[] = []
    app.addHook('onError', async (_req: any, _reply: any, error: Error) => { seen.push(`async ${error.message}`) })
    app.addHook('onError', (_req: any, _reply: any, error: Error, done: () => void) => { seen.push(`cb ${error.message}`); done() })
    app.addHook('onError', async () => { throw new Error('onError itself failed') })
    app.get('/', async () => { throw new Error('boom') })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('boom')
    expect(seen).toEqual(['async boom', 'cb boom'])
  })

  it('reply.send() inside an onError hook throws SVC_ERR_SEND_INSIDE_ONERR; the error handler still answers', async () => {
    const app = warren()
    let thrown: unknown
    app.addHook('onError', (_req: any, reply: any, _error: Error, done: () => void) => {
      try {
        reply.send('from the hook')
      } catch (error) {
        thrown = error
      }
      done()
    })
    app.get('/', async () => { throw new Error('boom') })
    const res = await app.inject('/')
    expect(thrown).toBeInstanceOf(codes.SVC_ERR_SEND_INSIDE_ONERR)
    expect([res.statusCode, res.json().message]).toEqual([500, 'boom'])
  })

  it('an error while sending the error response reaches the onError hooks too, then a plain 500 is written', async () => {
    const app = warren()
    const seen: string[] = []
    let onSendCalls = 0
    app.addHook('onSend', async () => {
      onSendCalls++
      throw new Error(`onSend ${onSendCalls}`)
    })
    app.addHook('onError', (_req: any, _reply: any, error: Error, done: () => void) => { seen.push(error.message); done() })
    app.get('/', async () => ({ ok: true }))
    const res = await app.inject('/')
    // once for the handler's answer, once for the error response; the last resort runs no hook
    expect(onSendCalls).toBe(2)
    expect(seen).toEqual(['onSend 1', 'onSend 2'])
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, message: 'onSend 2' })
  })

  it('when an onSend hook fails on a 404 and on its error response, the client still gets the 404', async () => {
    const app = warren({ exposeServerErrors: false })
    let onSendCalls = 0
    app.addHook('onSend', async () => {
      onSendCalls++
      throw new Error(`onSend ${onSendCalls}`)
    })
    const res = await app.inject('/missing')
    expect(onSendCalls).toBe(2)
    expect(res.statusCode).toBe(404)
    // the failure is the server's: its message is hidden as a 5xx's is
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' })
  })

  it('the last-resort 500 keeps the reply\'s other headers (CORS, cookies), not those of the body it could not send', async () => {
    const app = warren()
    app.addHook('onRequest', async (_request: any, reply: any) => {
      reply.header('access-control-allow-origin', '*')
    })
    app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
      // runs for the answer and again for the error answer: the cookie once
      if (!reply.hasHeader('set-cookie')) reply.header('set-cookie', 'sid=abc; Path=/')
      reply.header('content-encoding', 'gzip')
      return payload
    })
    app.addHook('onSend', async () => {
      throw new Error('onSend always fails')
    })
    app.get('/', async (_request: any, reply: any) => reply.header('x-from-handler', '1').header('etag', '"v1"').send({ ok: true }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.headers).toMatchObject({ 'access-control-allow-origin': '*', 'x-from-handler': '1', 'set-cookie': 'sid=abc; Path=/', 'content-type': 'application/json; charset=utf-8' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.etag).toBeUndefined()
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'onSend always fails' })
  })

  it('a last-resort answer after a 2xx the handler set is a 500', async () => {
    const app = warren()
    app.addHook('onSend', async () => { throw new Error('always') })
    app.get('/', async (_req: any, reply: any) => reply.code(201).send('made'))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, message: 'always' })
  })

  it('an onSend hook setting an invalid header: the onError hooks see both failures, the client a 500', async () => {
    const app = warren()
    const seen: unknown[] = []
    app.addHook('onSend', async (_req: any, reply: any, payload: unknown) => {
      reply.header('x-invalid', '\n')
      return payload
    })
    app.addHook('onError', async (_req: any, _reply: any, error: any) => { seen.push(error.code) })
    app.get('/', async () => ({ ok: true }))
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.headers['x-invalid']).toBeUndefined()
    expect(seen).toEqual(['ERR_INVALID_CHAR', 'ERR_INVALID_CHAR'])
  })

  it('a body stream error keeps a 4xx/5xx status of its own; anything else is a 400', async () => {
    const app = warren()
    const seen: unknown[] = []
    app.addHook('onError', async (_req: any, _reply: any, error: any) => { seen.push(error.statusCode) })
    app.addHook('preParsing', async (req: any) => {
      const status = JSON.parse(String(req.headers['x-status']))
      return new Readable({
        read() {
          this.destroy(Object.assign(new Error('kaboom'), { statusCode: status }))
        },
      })
    })
    app.post('/', async () => 'never')
    for (const [given, answered] of [[408, 408], [200, 400], ['418', 400], [700, 400]]) {
      const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 }, headers: { 'x-status': JSON.stringify(given) } })
      expect([res.statusCode, res.json().message], String(given)).toEqual([answered, 'kaboom'])
    }
    expect(seen).toEqual([408, 400, 400, 400])
  })

  it('onResponse errors are logged, never crash', async () => {
    const app = warren()
    const finished = new Promise<void>((resolve) => {
      app.addHook('onResponse', async () => { throw new Error('late') })
      app.addHook('onResponse', async () => { resolve() })
    })
    app.get('/', async () => 'ok')
    expect((await app.inject('/')).body).toBe('ok')
    await finished
  })

  it("an onResponse error turns the request's last log line into 'request errored', after every onResponse hook ran", async () => {
    const lines: any[] = []
    const stream = { write: (line: string) => { lines.push(JSON.parse(line)) } }
    const app = warren({ logger: { stream, level: 'info' } })
    let ran = 0
    app.addHook('onResponse', async () => { ran++; throw new Error('late') })
    const finished = new Promise<void>((resolve) => app.addHook('onResponse', async () => { ran++; resolve() }))
    app.get('/', async () => 'ok')
    expect((await app.inject('/')).body).toBe('ok')
    await finished
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toBe(2)
    const last = lines.at(-1)
    expect(last).toMatchObject({ level: 50, msg: 'request errored', err: { message: 'late' }, res: { statusCode: 200 } })
    expect(lines.some((line) => line.msg === 'request completed')).toBe(false)
  })

  it('a reply sent from onRequest still runs onSend and onResponse', async () => {
    const app = warren()
    const order: string[] = []
    const done = new Promise<void>((resolve) => app.addHook('onResponse', async () => { order.push('onResponse'); resolve() }))
    app.addHook('onRequest', async (_req: any, reply: any) => reply.send('early'))
    app.addHook('onSend', async () => { order.push('onSend') })
    app.get('/', async () => 'late')
    expect((await app.inject('/')).body).toBe('early')
    await done
    expect(order).toEqual(['onSend', 'onResponse'])
  })
})

describe('application hooks', () => {
  it('onRoute sees each route (and may change its options); onRoute in a child only sees the child', async () => {
    const app = warren()
    const rootSeen: string[] = []
    const childSeen: string[] = []
    app.addHook('onRoute', (opts: any) => {
      rootSeen.push(`${opts.method} ${opts.url}${isAutomaticHeadRoute(opts) ? ' (added)' : ''}`)
      if (opts.config?.tag) opts.handler = async () => 'replaced'
    })
    app.get('/a', async () => 'a')
    app.register(async (child: any) => {
      child.addHook('onRoute', (opts: any) => childSeen.push(`${opts.method} ${opts.url}${isAutomaticHeadRoute(opts) ? ' (added)' : ''}`))
      child.get('/b', { config: { tag: true } }, async () => 'b')
    }, { prefix: '/c' })
    app.head('/d', async () => '')
    await app.ready()
    // as in Fastify, the HEAD route added beside a GET route is seen too, marked as such
    expect(rootSeen).toEqual(['GET /a', 'HEAD /a (added)', 'HEAD /d', 'GET /c/b', 'HEAD /c/b (added)'])
    expect(childSeen).toEqual(['GET /c/b', 'HEAD /c/b (added)'])
    expect((await app.inject('/c/b')).body).toBe('replaced')
  })

  it("onRoute sees what the route set, the application's defaults left unset; the route runs with them, and with what a hook set", async () => {
    const app = warren({ bodyLimit: 100 })
    const seen: Record<string, unknown>[] = []
    app.addHook('onRoute', (opts: any) => {
      seen.push({ method: opts.method, routePath: opts.routePath, bodyLimit: opts.bodyLimit, config: opts.config, exposeHeadRoute: opts.exposeHeadRoute, handlerTimeout: opts.handlerTimeout, prefixTrailingSlash: opts.prefixTrailingSlash })
      // a plugin giving routes a default only where they set none
      opts.bodyLimit ??= 10
    })
    await app.register(async (child: any) => {
      child.get('/', async (request: any) => request.routeOptions)
      child.post('/own', { bodyLimit: 50, config: { plan: 'pro' } }, async (request: any) => ({ limit: request.routeOptions.bodyLimit, config: request.routeOptions.config }))
      child.post('/hooked', async (request: any) => ({ limit: request.routeOptions.bodyLimit }))
    }, { prefix: '/v1' })
    await app.ready()
    const unset = { bodyLimit: undefined, config: undefined, exposeHeadRoute: undefined, handlerTimeout: undefined, prefixTrailingSlash: undefined }
    expect(seen).toEqual([
      // a '/' under a prefix answers at the bare prefix: nothing is added to it
      { method: 'GET', routePath: '', ...unset },
      { method: 'HEAD', routePath: '', ...unset },
      { method: 'POST', routePath: '/own', ...unset, bodyLimit: 50, config: { plan: 'pro' } },
      { method: 'POST', routePath: '/hooked', ...unset },
    ])
    const options = (await app.inject('/v1')).json()
    expect(options).toMatchObject({ bodyLimit: 10, handlerTimeout: 0, exposeHeadRoute: true, prefixTrailingSlash: 'both', config: { url: '/v1', method: 'GET' } })
    expect((await app.inject({ method: 'POST', url: '/v1/own', payload: {} })).json()).toEqual({ limit: 50, config: { plan: 'pro', url: '/v1/own', method: 'POST' } })
    expect((await app.inject({ method: 'POST', url: '/v1/hooked', payload: {} })).json()).toEqual({ limit: 10 })
    const tooLong = await app.inject({ method: 'POST', url: '/v1/hooked', payload: { text: 'more than ten bytes' } })
    expect(tooLong.statusCode).toBe(413)
  })

  it('onReady runs at ready() (async and callback), parents before children, and a failure fails ready()', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('onReady', async () => { order.push('root') })
    app.addHook('onReady', (done: () => void) => { order.push('root cb'); done() })
    app.register(async (child: any) => child.addHook('onReady', async function (this: any) { order.push(`child ${this.prefix}`) }), { prefix: '/c' })
    await app.ready()
    expect(order).toEqual(['root', 'root cb', 'child /c'])

    const failing = warren()
    failing.addHook('onReady', (done: (e?: Error) => void) => done(new Error('not ready')))
    await expect(failing.ready()).rejects.toThrow('not ready')
  })

  it('onListen runs after listen(); its errors are logged, the server keeps listening', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('onListen', async () => { throw new Error('listen hook failed') })
    app.addHook('onListen', async function (this: any) { order.push(`listening ${this.server.listening}`) })
    app.get('/', async () => 'up')
    const address = await app.listen({ port: 0 })
    try {
      expect(order).toEqual(['listening true'])
      expect(await (await fetch(address)).text()).toBe('up')
    } finally {
      await app.close()
    }
  })

  it('preClose runs before onClose; onClose runs children before parents', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('preClose', async () => { order.push('preClose root') })
    app.addHook('onClose', async () => { order.push('onClose root') })
    app.register(async (child: any) => {
      child.addHook('preClose', (done: () => void) => { order.push('preClose child'); done() })
      child.addHook('onClose', (_instance: any, done: () => void) => { order.push('onClose child'); done() })
      child.register(async (grandchild: any) => grandchild.addHook('onClose', async () => { order.push('onClose grandchild') }))
    })
    await app.ready()
    await app.close()
    expect(order).toEqual(['preClose root', 'preClose child', 'onClose grandchild', 'onClose child', 'onClose root'])
  })

  it('a failing preClose hook stops nothing: every hook runs, the server closes, then close() rejects with the failure', async () => {
    const lines: string[] = []
    const app = warren({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } })
    const order: string[] = []
    app.addHook('preClose', async () => { order.push('preClose 1'); throw new Error('could not drain the queue') })
    app.addHook('preClose', (done: (error?: Error) => void) => { order.push('preClose 2'); done(new Error('second failure')) })
    app.addHook('onClose', async () => { order.push('onClose') })
    await app.listen({ port: 0 })
    await expect(app.close()).rejects.toThrow('could not drain the queue')
    expect(order).toEqual(['preClose 1', 'preClose 2', 'onClose'])
    expect(app.server.listening).toBe(false)
    // the rejection carries the first failure; a later one is not lost
    expect(lines.map((line) => JSON.parse(line).err.message)).toEqual(['second failure'])
  })

  it('onClose hooks receive the instance', async () => {
    const app = warren()
    let received: any
    app.decorate('tag', 'me')
    app.addHook('onClose', async (instance: any) => { received = instance.tag })
    await app.ready()
    await app.close()
    expect(received).toBe('me')
  })
})

describe('onReady timeout', () => {
  it('an onReady hook that never finishes fails ready() after pluginTimeout with SVC_ERR_HOOK_TIMEOUT', async () => {
    const app = warren({ pluginTimeout: 50 })
    app.addHook('onReady', (_done: () => void) => {})
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_HOOK_TIMEOUT', message: expect.stringContaining("'onReady'") })
  })

  it('a slow onReady hook within pluginTimeout is fine, and pluginTimeout 0 means no limit', async () => {
    const app = warren({ pluginTimeout: 200 })
    app.addHook('onReady', async () => new Promise((resolve) => setTimeout(resolve, 20)))
    await expect(app.ready()).resolves.toBe(app)
    const unlimited = warren({ pluginTimeout: 0 })
    unlimited.addHook('onReady', (done: () => void) => setTimeout(done, 30))
    await expect(unlimited.ready()).resolves.toBe(unlimited)
  })
})
