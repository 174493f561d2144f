import { describe, expect, it, vi } from 'vitest'
import { parse } from 'node:querystring'
import FindMyWay from 'find-my-way'
import { codes } from 'warren'
import { captureLogs, warren } from './helpers.js'

describe('routerOptions', () => {
  it('each setting reaches the router: slashes, case, parameter length, unsafe regex, semicolon', async () => {
    const app = warren({
      routerOptions: {
        ignoreTrailingSlash: true,
        ignoreDuplicateSlashes: true,
        caseSensitive: false,
        maxParamLength: 8,
        allowUnsafeRegex: true,
        useSemicolonDelimiter: true,
      },
    })
    app.get('/a//b', async () => 'ab')
    app.get('/Case', async () => 'case')
    app.get('/p/:id', async (req: any) => req.params)
    app.get('/r/:id(([a-f0-9]{3},?)+)', async (req: any) => req.params)
    app.get('/q', async (req: any) => req.query)
    expect((await app.inject('/a/b/')).body).toBe('ab')
    expect((await app.inject('/CASE')).body).toBe('case')
    expect((await app.inject('/p/12345678')).json()).toEqual({ id: '12345678' })
    expect((await app.inject('/p/123456789')).statusCode).toBe(414)
    expect((await app.inject('/r/abc,0f0')).json()).toEqual({ id: 'abc,0f0' })
    expect((await app.inject('/r/xyz')).statusCode).toBe(404)
    expect((await app.inject('/q;x=1&y=2')).json()).toEqual({ x: '1', y: '2' })
  })

  it('beats the top-level option of the same name', async () => {
    const app = warren({ caseSensitive: true, maxParamLength: 2, routerOptions: { caseSensitive: false, maxParamLength: 10 } })
    app.get('/Item/:id', async (req: any) => req.params.id)
    const res = await app.inject('/item/123456')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('123456')
    expect(app.initialConfig.routerOptions).toMatchObject({ caseSensitive: false, maxParamLength: 10 })
  })

  it('top-level router options still apply on their own', async () => {
    const app = warren({ useSemicolonDelimiter: true, allowUnsafeRegex: false })
    app.get('/q', async (req: any) => req.query)
    expect((await app.inject('/q;a=b')).json()).toEqual({ a: 'b' })
    expect(() => app.get('/:x(^([0-9]+){4}$)', async () => 'x')).toThrow()
  })

  it('querystringParser from routerOptions parses every query', async () => {
    const seen: string[] = []
    const app = warren({ routerOptions: { querystringParser: (query: string) => (seen.push(query), parse(query)) } })
    app.get('/q', async (req: any) => req.query)
    expect((await app.inject('/q?a=1&b=2')).json()).toEqual({ a: '1', b: '2' })
    expect(seen).toEqual(['a=1&b=2'])
  })

  it('the user object is neither changed nor tied to one application', async () => {
    const routerOptions = { maxParamLength: 2048 }
    const one = warren({ routerOptions })
    const two = warren({ routerOptions })
    await one.ready()
    expect((await two.inject('/missing')).statusCode).toBe(404)
    expect(routerOptions).toEqual({ maxParamLength: 2048 })
  })

  it('defaultRoute, onBadUrl and onMaxParamLength replace warren’s answers', async () => {
    const app = warren({
      routerOptions: {
        maxParamLength: 3,
        defaultRoute: (_req: any, res: any) => { res.statusCode = 404; res.end('mine: none') },
        onBadUrl: (path: string, _req: any, res: any) => { res.statusCode = 400; res.end(`mine: bad ${path}`) },
        onMaxParamLength: (path: string, _req: any, res: any) => { res.statusCode = 414; res.end(`mine: long ${path}`) },
      },
    })
    app.get('/p/:id', async () => 'p')
    expect((await app.inject('/nowhere')).body).toBe('mine: none')
    expect((await app.inject('/p/%zz')).body).toBe('mine: bad /p/%zz')
    expect((await app.inject('/p/1234')).body).toBe('mine: long /p/1234')
    // no DELETE route at all: warren's not-found path still checks the URL first
    const own = warren({ routerOptions: { onBadUrl: (path: string, _req: any, res: any) => res.end(`mine: bad ${path}`) } })
    own.get('/p/:id', async () => 'p')
    expect((await own.inject({ method: 'DELETE', url: '/p/%zz' })).body).toBe('mine: bad /p/%zz')
  })

  it('buildPrettyMeta shapes what printRoutes shows', async () => {
    const app = warren({ routerOptions: { buildPrettyMeta: (route: any) => ({ at: route.path }) } })
    app.put('/x', async () => 'x')
    await app.ready()
    expect(app.printRoutes({ includeMeta: true })).toBe('└── /\n    └── x (PUT)\n        • (at) "/x"\n')
  })

  it('compile: true builds the lookup at start-up; routes answer the same', async () => {
    const app = warren({ routerOptions: { compile: true } })
    app.get('/c/:id', async (req: any) => req.params.id)
    expect((await app.inject('/c/7')).body).toBe('7')
  })

  it('compile: true compiles the routes and the not-found prefixes once, at start-up', async () => {
    const compile = vi.spyOn(Object.getPrototypeOf(FindMyWay()), 'compile')
    try {
      const app = warren({ routerOptions: { compile: true } })
      app.get('/c/:id', async (req: any) => req.params.id)
      app.register(async (api: any) => api.setNotFoundHandler((_req: any, reply: any) => reply.code(404).send('api')), { prefix: '/api' })
      await app.ready()
      // the router and the not-found router
      expect(compile).toHaveBeenCalledTimes(2)
      expect((await app.inject({ method: 'DELETE', url: '/api/x?y=1' })).body).toBe('api')
      expect((await app.inject('/elsewhere')).json()).toMatchObject({ message: 'Route GET:/elsewhere not found' })
      expect(compile).toHaveBeenCalledTimes(2)
      compile.mockClear()
      await warren().ready()
      expect(compile).not.toHaveBeenCalled()
    } finally {
      compile.mockRestore()
    }
  })

  it('initialConfig shows routerOptions only when given, as given', () => {
    expect(warren({ caseSensitive: false }).initialConfig).not.toHaveProperty('routerOptions')
    const routerOptions = { compile: true, maxParamLength: 50 }
    const shown = warren({ routerOptions }).initialConfig.routerOptions
    expect(shown).toEqual({ compile: true, maxParamLength: 50 })
    expect(shown).not.toBe(routerOptions)
    expect(Object.isFrozen(shown)).toBe(true)
  })

  it('wrong settings are refused, naming the key', () => {
    expect(() => warren({ routerOptions: 'fast' })).toThrow(codes.SVC_ERR_INIT_OPTS_INVALID)
    expect(() => warren({ routerOptions: { ignoreTrailingSlash: 'yes' } })).toThrow("'routerOptions.ignoreTrailingSlash'")
    expect(() => warren({ routerOptions: { maxParamLength: -1 } })).toThrow("'routerOptions.maxParamLength'")
    expect(() => warren({ routerOptions: { onBadUrl: 1 } })).toThrow("'routerOptions.onBadUrl'")
    expect(() => warren({ routerOptions: { caseSensitiv: false } })).toThrow("'routerOptions.caseSensitiv': unknown option")
    expect(() => warren({ allowUnsafeRegex: 1 })).toThrow("'allowUnsafeRegex'")
    expect(() => warren({ routerOptions: { querystringParser: 10 } })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_QSP_NOT_FN', message: "querystringParser option should be a function, instead got 'number'" }),
    )
  })

  it('an option given as undefined is an option not given', () => {
    expect(() => warren({ queryStringParser: undefined, routerOptions: { maxParamLength: undefined } })).not.toThrow()
  })
})

describe('what the router refuses', () => {
  it('answers 400 SVC_ERR_BAD_URL and 414 SVC_ERR_MAX_PARAM_LENGTH by default', async () => {
    const app = warren({ maxParamLength: 3 })
    app.get('/p/:id', async () => 'p')
    const bad = await app.inject('/p/%zz')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'SVC_ERR_BAD_URL', message: "'/p/%zz' is not a valid url component" })
    const bare = await app.inject({ method: 'PATCH', url: '/p/%zz' })
    expect(bare.statusCode).toBe(400)
    expect((await app.inject('/p/1234')).json()).toMatchObject({ statusCode: 414, code: 'SVC_ERR_MAX_PARAM_LENGTH' })
  })

  it('frameworkErrors gets the error with a request and reply, and the request is logged once', async () => {
    const { lines, stream } = captureLogs()
    const seen: any[] = []
    const app = warren({
      maxParamLength: 3,
      genReqId: () => 'id-1',
      logger: { stream },
      frameworkErrors: (error: any, request: any, reply: any) => {
        seen.push([error instanceof codes.SVC_ERR_BAD_URL || error instanceof codes.SVC_ERR_MAX_PARAM_LENGTH, request.id])
        reply.code(error.statusCode).send(`${error.code}: ${error.message}`)
      },
    })
    app.get('/p/:id', async () => 'p')
    const bad = await app.inject('/p/%zz')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toBe("SVC_ERR_BAD_URL: '/p/%zz' is not a valid url component")
    const long = await app.inject('/p/1234')
    expect(long.statusCode).toBe(414)
    expect(long.body).toBe("SVC_ERR_MAX_PARAM_LENGTH: '/p/1234' is exceeding the max param length")
    expect(seen).toEqual([[true, 'id-1'], [true, 'id-1']])
    expect(lines.filter((line) => line.msg === 'incoming request').map((line) => line.reqId)).toEqual(['id-1', 'id-1'])
  })

  it('frameworkErrors that throws or rejects fails its request, nothing more', async () => {
    const thrower = warren({ frameworkErrors: () => { throw new Error('thrown') } })
    thrower.get('/p/:id', async () => 'p')
    expect((await thrower.inject('/p/%zz')).statusCode).toBe(500)
    const rejecter = warren({ frameworkErrors: async () => { throw new Error('rejected') } })
    rejecter.get('/p/:id', async () => 'p')
    expect((await rejecter.inject('/p/%zz')).json()).toMatchObject({ statusCode: 500, message: 'rejected' })
  })

  it('frameworkErrors must be a function', () => {
    expect(() => warren({ frameworkErrors: 'log' })).toThrow("'frameworkErrors'")
  })

  it('a failing async constraint answers 500 SVC_ERR_ASYNC_CONSTRAINT, or goes to frameworkErrors', async () => {
    const strategy = (fail: boolean) => ({
      name: 'tenant',
      storage() {
        const stores = new Map<string, unknown>()
        return { get: (value: string) => stores.get(value) ?? null, set: (value: string, store: unknown) => void stores.set(value, store) }
      },
      deriveConstraint: (req: any, _ctx: unknown, done: (error: Error | null, value?: string) => void) =>
        fail ? done(new Error('down')) : done(null, req.headers['x-tenant']),
      validate() {},
    })
    const working = warren({ constraints: { tenant: strategy(false) } })
    working.get('/', { constraints: { tenant: 'a' } }, async () => 'tenant a')
    expect((await working.inject({ url: '/', headers: { 'x-tenant': 'a' } })).body).toBe('tenant a')
    expect((await working.inject({ url: '/', headers: { 'x-tenant': 'b' } })).statusCode).toBe(404)

    const failing = warren({ routerOptions: { constraints: { tenant: strategy(true) } } })
    failing.get('/', { constraints: { tenant: 'a' } }, async () => 'tenant a')
    expect((await failing.inject('/')).json()).toMatchObject({ statusCode: 500, code: 'SVC_ERR_ASYNC_CONSTRAINT' })

    const handled = warren({
      constraints: { tenant: strategy(true) },
      frameworkErrors: (error: any, _request: any, reply: any) => reply.code(503).send(error.code),
    })
    handled.get('/', { constraints: { tenant: 'a' } }, async () => 'tenant a')
    const res = await handled.inject('/')
    expect(res.statusCode).toBe(503)
    expect(res.body).toBe('SVC_ERR_ASYNC_CONSTRAINT')
  })

  it('disableRequestLogging as a function skips the requests it returns true for', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream }, disableRequestLogging: (request: any) => request.url.includes('quiet') })
    app.get('/:name', async () => 'ok')
    await app.inject('/loud')
    await app.inject('/quiet')
    expect(lines.filter((line) => line.msg === 'incoming request').map((line) => line.req.url)).toEqual(['/loud'])
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1)
    expect(() => warren({ disableRequestLogging: 'yes' })).toThrow("'disableRequestLogging'")
  })
})

describe('rewriteUrl', () => {
  it('routes the URL it returns; originalUrl keeps the one received; this is the root instance', async () => {
    const seenThis: unknown[] = []
    const app = warren({
      rewriteUrl(this: any, req: any) {
        seenThis.push(this)
        return req.url.replace(/^\/old/, '/new')
      },
    })
    app.get('/new/:id', async (req: any) => ({ url: req.url, originalUrl: req.originalUrl, id: req.params.id }))
    expect((await app.inject('/old/1?q=2')).json()).toEqual({ url: '/new/1?q=2', originalUrl: '/old/1?q=2', id: '1' })
    expect(seenThis[0]).toBe(app)
    expect((await app.inject('/other')).statusCode).toBe(404)
  })

  it('over a real socket too', async () => {
    const app = warren({ rewriteUrl: () => '/' })
    app.get('/', async () => 'home')
    const origin = await app.listen({ port: 0 })
    try {
      expect(await (await fetch(`${origin}/anything`)).text()).toBe('home')
    } finally {
      await app.close()
    }
  })

  it('a rewrite that returns no string, or throws, fails that request with a 500', async () => {
    const app = warren({
      rewriteUrl: (req: any) => {
        if (req.url === '/throw') throw new Error('rewrite broke')
        return req.url === '/none' ? undefined : req.url
      },
    })
    app.get('/ok', async () => 'ok')
    const none = await app.inject('/none')
    expect(none.statusCode).toBe(500)
    expect(none.json()).toMatchObject({ code: 'SVC_ERR_ROUTE_REWRITE_NOT_STR', message: 'Rewrite url for "/none" needs to be of type "string" but received "undefined"' })
    expect((await app.inject('/throw')).json()).toMatchObject({ statusCode: 500, message: 'rewrite broke' })
    expect((await app.inject('/ok')).body).toBe('ok')
    expect(() => warren({ rewriteUrl: '/x' })).toThrow("'rewriteUrl'")
  })
})
