import { describe, expect, it } from 'vitest'
import { codes } from 'warren'
import { warren } from '../helpers.js'

describe('routes', () => {
  it('route() with url or path, and one or several methods', async () => {
    const app = warren()
    app.route({ method: 'GET', url: '/url', handler: async () => 'url' })
    app.route({ method: 'POST', path: '/path', handler: async () => 'path' })
    app.route({ method: ['PUT', 'patch'], url: '/many', handler: async (req: any) => req.method })
    expect((await app.inject('/url')).body).toBe('url')
    expect((await app.inject({ method: 'POST', url: '/path' })).body).toBe('path')
    expect((await app.inject({ method: 'PUT', url: '/many' })).body).toBe('PUT')
    expect((await app.inject({ method: 'PATCH', url: '/many' })).body).toBe('PATCH')
  })

  it('every shorthand, as (path, handler), (path, options, handler) and (path, { handler })', async () => {
    const app = warren()
    for (const method of ['get', 'post', 'put', 'delete', 'options', 'patch'] as const) {
      app[method](`/${method}`, async () => method)
      app[method](`/${method}/opts`, { config: { m: method } }, async (req: any) => req.routeOptions.config.m)
      app[method](`/${method}/inline`, { handler: async () => `${method} inline` })
    }
    app.head('/head', async (_req: any, reply: any) => { reply.header('x-head', 'yes').send() })
    for (const method of ['get', 'post', 'put', 'delete', 'options', 'patch'] as const) {
      const verb = method.toUpperCase()
      expect((await app.inject({ method: verb, url: `/${method}` })).body).toBe(method)
      expect((await app.inject({ method: verb, url: `/${method}/opts` })).body).toBe(method)
      expect((await app.inject({ method: verb, url: `/${method}/inline` })).body).toBe(`${method} inline`)
    }
    const head = await app.inject({ method: 'HEAD', url: '/head' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['x-head']).toBe('yes')
  })

  it('all() answers every common method', async () => {
    const app = warren()
    app.all('/any', async (req: any) => ({ method: req.method }))
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      expect((await app.inject({ method, url: '/any' })).json()).toEqual({ method })
    }
  })

  it('params, multiple params, regex params and wildcards', async () => {
    const app = warren()
    app.get('/users/:id', async (req: any) => req.params)
    app.get('/users/:id/posts/:postId', async (req: any) => req.params)
    app.get('/files/*', async (req: any) => req.params)
    app.get('/num/:n(^\\d+$)', async (req: any) => req.params)
    app.get('/users/me', async () => 'static wins')
    expect((await app.inject('/users/42')).json()).toEqual({ id: '42' })
    expect((await app.inject('/users/42/posts/7')).json()).toEqual({ id: '42', postId: '7' })
    expect((await app.inject('/files/a/b/c.txt')).json()).toEqual({ '*': 'a/b/c.txt' })
    expect((await app.inject('/num/12')).json()).toEqual({ n: '12' })
    expect((await app.inject('/num/abc')).statusCode).toBe(404)
    expect((await app.inject('/users/me')).body).toBe('static wins')
    expect((await app.inject('/users/a%20b')).json()).toEqual({ id: 'a b' })
  })

  it('an automatic HEAD route for each GET route: same headers, no body', async () => {
    const app = warren()
    app.get('/json', async (_req: any, reply: any) => { reply.header('x-custom', '1'); return { hello: 'world' } })
    const get = await app.inject('/json')
    const head = await app.inject({ method: 'HEAD', url: '/json' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(head.headers['x-custom']).toBe('1')
  })

  it("an automatic HEAD route answers the length its GET sends, even over a wrong one the handler set; a HEAD route of its own keeps the length it declares", async () => {
    const app = warren()
    app.get('/wrong', async (_req: any, reply: any) => reply.header('content-length', 99).send('abc'))
    app.head('/own', async (_req: any, reply: any) => reply.header('content-length', 5000).send(''))
    app.get('/own', async () => 'x')
    const get = await app.inject('/wrong')
    const head = await app.inject({ method: 'HEAD', url: '/wrong' })
    expect([get.headers['content-length'], head.headers['content-length']]).toEqual(['3', '3'])
    expect((await app.inject({ method: 'HEAD', url: '/own' })).headers['content-length']).toBe('5000')
  })

  it('a declared HEAD route wins over the automatic one, and exposeHeadRoute: false opts a route out', async () => {
    const app = warren()
    app.get('/a', async () => 'get')
    app.head('/a', async (_req: any, reply: any) => reply.header('x-own', 'head').send())
    app.get('/b', { exposeHeadRoute: false }, async () => 'b')
    expect((await app.inject({ method: 'HEAD', url: '/a' })).headers['x-own']).toBe('head')
    expect((await app.inject({ method: 'HEAD', url: '/b' })).statusCode).toBe(404)
  })

  it('a duplicate route is a clear error at registration', () => {
    const app = warren()
    app.get('/dup', async () => 'one')
    expect(() => app.get('/dup', async () => 'two')).toThrow(codes.SVC_ERR_DUPLICATED_ROUTE)
    expect(() => app.route({ method: 'GET', url: '/dup', handler: async () => 'x' })).toThrow("Method 'GET' already declared for route '/dup'")
    // another method on the same path is fine
    expect(() => app.post('/dup', async () => 'post')).not.toThrow()
  })

  it('a HEAD route whose path differs from an automatic one only by its parameter names is a duplicate', () => {
    const app = warren()
    app.get('/:first', async () => 'get')
    expect(() => app.head('/:second', async () => 'head')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_DUPLICATED_ROUTE', message: "Method 'HEAD' already declared for route '/:second'" }),
    )
    expect(() => app.post('/:other', async () => 'post')).not.toThrow()
    expect(() => app.post('/:another', async () => 'post')).toThrow(codes.SVC_ERR_DUPLICATED_ROUTE)
  })

  it("the automatic HEAD route is built from the declared options, not from what onRoute hooks made of the GET route's", async () => {
    const app = warren()
    const seen: Array<[string, number]> = []
    app.addHook('onRoute', (options: any) => {
      if (Array.isArray(options.onRequest)) options.onRequest.push(async () => {})
      else options.onRequest = [async (_req: any, reply: any) => { reply.header('x-hook', options.method) }]
    })
    app.addHook('onRoute', (options: any) => seen.push([options.method, options.onRequest.length]))
    app.get('/coffee', async () => 'hot')
    // and a trailing-slash twin does not show the HEAD route to the hooks again
    app.register(async (child: any) => child.get('/', async () => 'tea'), { prefix: '/tea' })
    await app.ready()
    expect(seen).toEqual([['GET', 1], ['HEAD', 1], ['GET', 1], ['HEAD', 1]])
    expect((await app.inject({ method: 'HEAD', url: '/coffee' })).headers['x-hook']).toBe('HEAD')
    expect((await app.inject({ method: 'HEAD', url: '/tea/' })).headers['x-hook']).toBe('HEAD')
  })

  it('a duplicate route across contexts is also an error', async () => {
    const app = warren()
    app.get('/same', async () => 'root')
    app.register(async (child: any) => child.get('/same', async () => 'child'))
    await expect(app.ready()).rejects.toThrow(expect.objectContaining({ code: 'SVC_ERR_DUPLICATED_ROUTE' }))
  })

  it("a shorthand's options must be an object, and carry no handler when one is passed after them", () => {
    const app = warren()
    const handler = async () => 'x'
    expect(() => app.get('/a', 'nope' as any, handler)).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_OPTIONS_NOT_OBJ', message: 'Options for "GET:/a" route must be an object' }),
    )
    expect(() => app.get('/a', [] as any, handler)).toThrow(TypeError)
    // options given as undefined or null before a handler are not an object either
    expect(() => app.get('/a', undefined as any, handler)).toThrow(codes.SVC_ERR_ROUTE_OPTIONS_NOT_OBJ)
    expect(() => app.get('/a', null as any, handler)).toThrow(codes.SVC_ERR_ROUTE_OPTIONS_NOT_OBJ)
    // even the same function twice: Fastify refuses it too
    expect(() => app.post('/b', { handler } as any, handler)).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_DUPLICATED_HANDLER', message: 'Duplicate handler for "POST:/b" route is not allowed!' }),
    )
    // nothing was declared by the refused calls
    expect(app.hasRoute({ method: 'GET', url: '/a' })).toBe(false)
    expect(() => app.get('/a', { handler })).not.toThrow()
  })

  it("a route's logLevel must be one the logger has (checked when logging is on)", async () => {
    const logged = warren({ logger: { level: 'info' } })
    expect(() => logged.get('/a', { logLevel: 'loud' }, async () => 'x')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_LOG_LEVEL_INVALID', message: "Log level for 'GET:/a' route must be a valid logger level. Received: 'loud'" }),
    )
    expect(() => logged.get('/b', { logLevel: 'debug' }, async () => 'x')).not.toThrow()
    // logging off: no levels to check against, as in Fastify
    expect(() => warren().get('/c', { logLevel: 'loud' }, async () => 'x')).not.toThrow()
    expect((await logged.inject('/b')).body).toBe('x')
  })

  it('invalid route declarations fail at registration', () => {
    const app = warren()
    expect(() => app.route({ method: 'FETCH', url: '/', handler: async () => 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED' }))
    expect(() => app.route({ method: 7 as never, url: '/', handler: async () => 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_INVALID' }))
    expect(() => app.route({ method: 'GET', url: '/' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_MISSING_HANDLER' }))
    expect(() => app.route({ method: 'GET', url: '/', handler: 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_HANDLER_NOT_FN' }))
    expect(() => app.route({ method: 'GET', handler: async () => 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INVALID_URL' }))
    expect(() => app.get(/^\/(a|b)/, async () => 'x')).toThrow(codes.SVC_ERR_INVALID_URL)
    // a wrong argument: a TypeError, and the code's constructor is callable without `new`, as Fastify's are
    expect(() => app.get(42, async () => 'x')).toThrow(TypeError)
    expect(codes.SVC_ERR_INVALID_URL('x').code).toBe('SVC_ERR_INVALID_URL')
    expect(() => app.get('/', { bodyLimit: -1 }, async () => 'x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT' }))
    expect(() => app.get('/', { bodyLimit: 0 }, async () => 'x')).toThrow(expect.objectContaining({ message: "'bodyLimit' option must be an integer > 0. Got '0'" }))
    // checked before the url, as in Fastify
    expect(() => app.route({ method: 'PUT', bodyLimit: false, handler: async () => 'x' } as never)).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT' }))
    expect(() => app.get('/tea', { errorHandler: 'teapot' }, async () => 'x')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_HANDLER_NOT_FN', message: 'Error Handler for GET:/tea route, if defined, must be a function' }),
    )
  })

  it("a route's childLoggerFactory builds its requests' loggers, over its context's; not a function is refused", async () => {
    const app = warren()
    const tagged = (tag: string) => function (this: any, logger: any, bindings: any, options: any) {
      const child = logger.child(bindings, options)
      child.tag = tag
      child.instance = this
      return child
    }
    app.setChildLoggerFactory(tagged('context'))
    app.get('/route', { childLoggerFactory: tagged('route') }, async (req: any) => ({ tag: req.log.tag, root: req.log.instance === app }))
    app.get('/context', async (req: any) => ({ tag: req.log.tag }))
    expect((await app.inject('/route')).json()).toEqual({ tag: 'route', root: true })
    expect((await app.inject('/context')).json()).toEqual({ tag: 'context' })
    const other = warren()
    expect(() => other.get('/', { childLoggerFactory: 'pino' }, async () => 'x')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN', message: 'The child logger factory must be a function, got string' }),
    )
  })

  it('an empty path names nothing at the root, and the prefix itself under one', async () => {
    const app = warren()
    expect(() => app.get('', async () => 'x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_PATH_EMPTY', message: 'The path could not be empty' }))
    expect(() => app.route({ method: 'GET', url: '', handler: async () => 'x' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_PATH_EMPTY' }))
    app.register(async (child: any) => child.get('', async () => 'prefix'), { prefix: '/v1' })
    expect((await app.inject('/v1')).body).toBe('prefix')
  })

  it('routes cannot be added after start', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.get('/late', async () => 'late')).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })

  it('hasRoute tells whether a route is declared', async () => {
    const app = warren()
    app.get('/users/:id', async () => 'x')
    app.register(async (child: any) => child.post('/items', async () => 'x'), { prefix: '/v1' })
    await app.ready()
    expect(app.hasRoute({ method: 'GET', url: '/users/:id' })).toBe(true)
    expect(app.hasRoute({ method: 'get', url: '/users/:id' })).toBe(true)
    expect(app.hasRoute({ method: 'POST', url: '/users/:id' })).toBe(false)
    expect(app.hasRoute({ method: 'POST', url: '/v1/items' })).toBe(true)
    expect(app.hasRoute({ method: 'GET', url: '/nope' })).toBe(false)
  })

  it('printRoutes shows the route tree', async () => {
    const app = warren()
    app.get('/users', async () => 'x')
    app.post('/users/:id', async () => 'x')
    await app.ready()
    const tree = app.printRoutes()
    expect(tree).toContain('users (GET, HEAD)')
    expect(tree).toContain(':id (POST)')
  })

  it('route-level config and options are visible as request.routeOptions', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.get('/r/:id', { config: { flag: 'on' }, bodyLimit: 10 }, async (req: any) => ({
        method: req.routeOptions.method,
        url: req.routeOptions.url,
        flag: req.routeOptions.config.flag,
        configUrl: req.routeOptions.config.url,
        bodyLimit: req.routeOptions.bodyLimit,
        logLevel: req.routeOptions.logLevel,
      }))
      child.get('/', { logLevel: 'warn' }, async (req: any) => ({ configUrl: req.routeOptions.config.url, logLevel: req.routeOptions.logLevel }))
    }, { prefix: '/p' })
    // config.url is the URL the route answers at, prefix included; logLevel a string, '' when nobody set one
    expect((await app.inject('/p/r/1')).json()).toEqual({ method: 'GET', url: '/p/r/:id', flag: 'on', configUrl: '/p/r/:id', bodyLimit: 10, logLevel: '' })
    expect((await app.inject('/p')).json()).toEqual({ configUrl: '/p', logLevel: 'warn' })
  })

  it("an automatic HEAD route's config names its own method", async () => {
    const app = warren()
    app.get('/r', async (req: any, reply: any) => reply.header('x-config-method', req.routeOptions.config.method).send('x'))
    expect((await app.inject('/r')).headers['x-config-method']).toBe('GET')
    expect((await app.inject({ method: 'HEAD', url: '/r' })).headers['x-config-method']).toBe('HEAD')
  })

  it('request.routeOptions.method is upper-cased, and a list of methods stays a list', async () => {
    const app = warren()
    const method = async (req: any) => ({ method: req.routeOptions.method })
    app.route({ method: ['pOSt'], url: '/one', handler: method })
    app.route({ method: ['put', 'PATCH'], url: '/two', handler: method })
    app.route({ method: 'delete', url: '/three', handler: method })
    const seen: unknown[] = []
    app.addHook('onRoute', (options: any) => seen.push(options.method))
    app.route({ method: ['get'], url: '/four', handler: method })
    expect((await app.inject({ method: 'POST', url: '/one' })).json()).toEqual({ method: ['POST'] })
    expect((await app.inject({ method: 'PATCH', url: '/two' })).json()).toEqual({ method: ['PUT', 'PATCH'] })
    expect((await app.inject({ method: 'DELETE', url: '/three' })).json()).toEqual({ method: 'DELETE' })
    expect((await app.inject('/four')).json()).toEqual({ method: ['GET'] })
    expect(seen).toEqual([['GET'], 'HEAD'])
  })

  it('a route bodyLimit overrides the server one', async () => {
    const app = warren()
    app.post('/small', { bodyLimit: 5 }, async () => 'ok')
    app.post('/big', async () => 'ok')
    expect((await app.inject({ method: 'POST', url: '/small', payload: { a: 'long enough' } })).statusCode).toBe(413)
    expect((await app.inject({ method: 'POST', url: '/big', payload: { a: 'long enough' } })).statusCode).toBe(200)
  })

  it('a handler using reply.send and returning nothing, or returning a value synchronously, both answer', async () => {
    const app = warren()
    app.get('/send', (_req: any, reply: any) => { reply.send({ via: 'send' }) })
    app.get('/sync', () => ({ via: 'return' }))
    app.get('/async-send', async (_req: any, reply: any) => { reply.send('async send'); return reply })
    expect((await app.inject('/send')).json()).toEqual({ via: 'send' })
    expect((await app.inject('/sync')).json()).toEqual({ via: 'return' })
    expect((await app.inject('/async-send')).body).toBe('async send')
  })

  it('an unknown method on a known path is a 404', async () => {
    const app = warren()
    app.get('/only-get', async () => 'x')
    const res = await app.inject({ method: 'DELETE', url: '/only-get' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Route DELETE:/only-get not found')
  })
})
