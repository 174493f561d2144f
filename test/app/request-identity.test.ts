import { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { plugin } from 'warren'
import { captureLogs, warren } from '../helpers.js'

const idRoute = async (request: any) => ({ id: request.id })

describe('setGenReqId and the genReqId getter', () => {
  it('is encapsulated: a plugin sets the ids of its routes and its children, never its parent', async () => {
    const app = warren({ genReqId: () => 'root' })
    app.get('/', idRoute)
    app.register(
      async (outer: any) => {
        // routes declared before the call still use it: it is read when the application starts
        outer.get('/', idRoute)
        outer.setGenReqId(() => 'outer')
        outer.register(async (inner: any) => inner.get('/', idRoute), { prefix: '/inherits' })
        outer.register(
          async (inner: any) => {
            inner.setGenReqId(() => 'inner')
            inner.get('/', idRoute)
          },
          { prefix: '/own' },
        )
      },
      { prefix: '/outer' },
    )
    const idOf = async (url: string): Promise<string> => (await app.inject(url)).json().id
    expect(await idOf('/')).toBe('root')
    expect(await idOf('/outer')).toBe('outer')
    expect(await idOf('/outer/inherits')).toBe('outer')
    expect(await idOf('/outer/own')).toBe('inner')
    // the not-found route of the root context keeps the root's
    const unknown = await app.inject('/nowhere')
    expect(unknown.statusCode).toBe(404)
  })

  it('set through plugin() it applies to the registering context', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => shared.setGenReqId(() => 'shared')))
    app.get('/', idRoute)
    expect((await app.inject('/')).json().id).toBe('shared')
  })

  it('requestIdHeader still wins over a context generator; `true` names request-id, `""` turns it off', async () => {
    const app = warren({ requestIdHeader: true })
    expect(app.initialConfig.requestIdHeader).toBe('request-id')
    expect(warren({ requestIdHeader: '' }).initialConfig.requestIdHeader).toBe(false)
    app.register(async (child: any) => {
      child.setGenReqId(() => 'generated')
      child.get('/', idRoute)
    })
    expect((await app.inject({ url: '/', headers: { 'request-id': 'from-header' } })).json().id).toBe('from-header')
    expect((await app.inject('/')).json().id).toBe('generated')
  })

  it('the getter returns the generator in force, callable alone; the default counts req-1, req-2…', async () => {
    const app = warren()
    expect(app.genReqId({ headers: {} })).toMatch(/^req-[0-9a-z]+$/)
    const custom = (): string => 'custom'
    let childGenerator: any
    app.register(async (child: any) => {
      child.setGenReqId(custom)
      childGenerator = child.genReqId
    })
    await app.ready()
    expect(childGenerator()).toBe('custom')
    expect(app.genReqId).not.toBe(childGenerator)
  })

  it('the default ids count in base 36 through every carry: req-z, req-10, req-zz, req-100', async () => {
    const app = warren()
    const ids = Array.from({ length: 1400 }, () => app.genReqId({ headers: {} }))
    expect(ids.slice(34, 38)).toEqual(['req-z', 'req-10', 'req-11', 'req-12'])
    expect(ids).toEqual(ids.map((_, i) => `req-${(i + 1).toString(36)}`))
  })

  it('refuses a generator that is not a function, and a call after start', async () => {
    const app = warren()
    expect(() => app.setGenReqId('x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_GEN_REQ_ID_NOT_FN' }))
    await app.ready()
    expect(() => app.setGenReqId(() => 'late')).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })
})

describe('child logger factory', () => {
  it('builds each request logger, with the instance as `this`, bindings under requestIdLogLabel and the raw request', async () => {
    const { lines, stream } = captureLogs()
    const calls: any[] = []
    const app = warren({
      logger: { stream },
      requestIdLogLabel: 'trace',
      genReqId: () => 'r1',
      childLoggerFactory(this: any, logger: any, bindings: any, options: any, raw: any) {
        calls.push({ self: this, bindings, options, url: raw.url })
        return logger.child({ ...bindings, custom: true }, options)
      },
    })
    app.get('/', async (request: any) => {
      request.log.info('from handler')
      return 'ok'
    })
    await app.inject('/')
    expect(calls).toEqual([{ self: app, bindings: { trace: 'r1' }, options: {}, url: '/' }])
    expect(lines.find((line) => line.msg === 'from handler')).toMatchObject({ trace: 'r1', custom: true })
  })

  it('is called even with logging off, and request.log is what it returns', async () => {
    const app = warren()
    app.setChildLoggerFactory(function (this: any) {
      return this.log
    })
    app.get('/', async (request: any) => request.log === app.log)
    expect((await app.inject('/')).body).toBe('true')
  })

  it('gives a level in the options only when the route sets one', async () => {
    const { stream } = captureLogs()
    const levels: unknown[] = []
    const app = warren({ logger: { level: 'info', stream } })
    app.setChildLoggerFactory((logger: any, bindings: any, options: any) => {
      levels.push(Object.hasOwn(options, 'level') ? options.level : 'inherited')
      return logger.child(bindings, options)
    })
    app.get('/', async (request: any) => request.log.level)
    app.get('/warn', { logLevel: 'warn' }, async (request: any) => request.log.level)
    expect((await app.inject('/')).body).toBe('info')
    expect((await app.inject('/warn')).body).toBe('warn')
    expect(levels).toEqual(['inherited', 'warn'])
  })

  it('is encapsulated, and set through plugin() applies to the registering context', async () => {
    const tagging = (tag: string) => (logger: any, bindings: any, options: any) => Object.assign(logger.child(bindings, options), { tag })
    const app = warren()
    app.register(async (child: any) => {
      child.setChildLoggerFactory(tagging('child'))
      child.get('/child', async (request: any) => request.log.tag)
    })
    app.register(plugin(async (shared: any) => shared.setChildLoggerFactory(tagging('shared'))))
    app.get('/root', async (request: any) => request.log.tag)
    expect((await app.inject('/child')).body).toBe('child')
    expect((await app.inject('/root')).body).toBe('shared')
    expect(app.childLoggerFactory).toBeTypeOf('function')
    // the default factory until one is set (a plugin may wrap it)
    expect(typeof warren().childLoggerFactory).toBe('function')
  })

  it('refuses a factory that is not a function; a factory that returns no logger fails with SVC_ERR_LOG_INVALID_LOGGER', async () => {
    const app = warren()
    expect(() => app.setChildLoggerFactory(null)).toThrow(expect.objectContaining({ code: 'SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN' }))
    expect(() => warren({ childLoggerFactory: 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
    app.setChildLoggerFactory(() => ({ info() {} }))
    app.get('/', async () => 'ok')
    await app.ready()
    expect(() => app.inject({ url: '/' }, () => {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER' }))
  })
})

describe('AsyncLocalStorage', () => {
  it('a store an onRequest hook enters is visible to the later hooks, the body parser and the handler, body or not', async () => {
    const storage = new AsyncLocalStorage<{ n: number }>()
    const app = warren()
    let n = 0
    app.addHook('onRequest', (_request: any, _reply: any, done: () => void) => storage.run({ n: ++n }, done))
    app.addHook('preValidation', async (request: any) => {
      request.seenInHook = storage.getStore()?.n
    })
    app.addContentTypeParser('text/custom', { parseAs: 'string' }, async (_request: any, body: string) => ({ body, n: storage.getStore()?.n }))
    const handler = async (request: any) => ({ hook: request.seenInHook, handler: storage.getStore()?.n, parser: request.body?.n })
    app.get('/', handler)
    app.post('/', handler)
    const address = await app.listen({ port: 0 })
    try {
      expect(await (await fetch(address)).json()).toEqual({ hook: 1, handler: 1 })
      const posted = await fetch(address, { method: 'POST', headers: { 'content-type': 'text/custom' }, body: 'x' })
      expect(await posted.json()).toEqual({ hook: 2, handler: 2, parser: 2 })
      const json = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
      expect(await json.json()).toEqual({ hook: 3, handler: 3 })
    } finally {
      await app.close()
    }
  })

  it('a store a preParsing hook enters reaches a stream parser and the handler', async () => {
    const storage = new AsyncLocalStorage<string>()
    const app = warren()
    app.addHook('preParsing', (_request: any, _reply: any, payload: unknown, done: (e: null, p: unknown) => void) => storage.run('parsing', () => done(null, payload)))
    app.addContentTypeParser('text/plain', (_request: any, payload: any, done: (e: null, body: unknown) => void) => {
      let text = ''
      payload.on('data', (chunk: Buffer) => { text += chunk })
      payload.on('end', () => done(null, text))
    })
    app.post('/', async (request: any) => ({ body: request.body, store: storage.getStore() }))
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(address, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' })
      expect(await res.json()).toEqual({ body: 'hello', store: 'parsing' })
    } finally {
      await app.close()
    }
  })

  it('a route without onRequest or preParsing hooks reads its body with no async resource of its own', async () => {
    const created: string[] = []
    const hook = createHook({ init: (_id, type) => { if (type === 'content-type-parser:run') created.push(type) } }).enable()
    try {
      const app = warren()
      app.post('/plain', async (request: any) => request.body)
      app.register(async (hooked: any) => {
        hooked.addHook('onRequest', async () => {})
        hooked.post('/hooked', async (request: any) => request.body)
      })
      expect((await app.inject({ method: 'POST', url: '/plain', payload: { a: 1 } })).json()).toEqual({ a: 1 })
      expect(created).toEqual([])
      expect((await app.inject({ method: 'POST', url: '/hooked', payload: { a: 1 } })).json()).toEqual({ a: 1 })
      expect(created).toEqual(['content-type-parser:run'])
    } finally {
      hook.disable()
    }
  })

  it('a parser calling back from another async context: the handler and the error handler run in the request\'s, and the resource is destroyed', async () => {
    const storage = new AsyncLocalStorage<string>()
    const elsewhere = new AsyncResource('elsewhere')
    const created = new Set<number>()
    const destroyed = new Set<number>()
    const hook = createHook({
      init: (id, type) => { if (type === 'content-type-parser:run') created.add(id) },
      destroy: (id) => { if (created.has(id)) destroyed.add(id) },
    }).enable()
    try {
      const app = warren()
      app.addHook('onRequest', (request: any, _reply: any, done: () => void) => storage.run(request.headers['x-id'], done))
      app.addContentTypeParser('text/x', { parseAs: 'string' }, (_request: any, body: string, done: (e: Error | null, b?: unknown) => void) => {
        elsewhere.runInAsyncScope(() => setImmediate(() => (body === 'bad' ? done(new Error('refused')) : done(null, body))))
      })
      app.setErrorHandler((error: Error, _request: any, reply: any) => {
        reply.code(400).send({ error: error.message, store: storage.getStore(), inResource: created.has(executionAsyncId()) })
      })
      app.post('/', (request: any) => ({ body: request.body, store: storage.getStore(), inResource: created.has(executionAsyncId()) }))
      const answers = await Promise.all(['one', 'two', 'bad'].map(async (id) => (await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/x', 'x-id': id }, payload: id })).json()))
      expect(answers).toEqual([
        { body: 'one', store: 'one', inResource: true },
        { body: 'two', store: 'two', inResource: true },
        { error: 'refused', store: 'bad', inResource: true },
      ])
      await new Promise((resolve) => setImmediate(resolve))
      expect(created.size).toBe(3)
      expect(destroyed).toEqual(created)
    } finally {
      hook.disable()
      elsewhere.emitDestroy()
    }
  })
})

describe('request.routeOptions', () => {
  it("shows the route's options, with the version the request asked for and the prefix rule, as in Fastify", async () => {
    const app = warren()
    app.get('/v', { constraints: { version: '1.0.0' } }, async (request: any) => ({ version: request.routeOptions.version ?? null, slash: request.routeOptions.prefixTrailingSlash }))
    app.get('/plain', async (request: any) => ({ version: request.routeOptions.version ?? null, same: request.routeOptions === request.routeOptions }))
    expect((await app.inject({ url: '/v', headers: { 'accept-version': '1.x' } })).json()).toEqual({ version: '1.x', slash: 'both' })
    // a copy on each read, so what one reader assigns reaches no other
    expect((await app.inject('/plain')).json()).toEqual({ version: null, same: false })
  })
})
