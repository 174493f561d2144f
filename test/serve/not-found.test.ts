import { describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

describe('not found', () => {
  it('the default 404 body names the method and url', async () => {
    const app = warren()
    for (const [method, url] of [['GET', '/x'], ['POST', '/a/b?c=1'], ['DELETE', '/']]) {
      const res = await app.inject({ method, url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `Route ${method}:${url} not found` })
    }
  })

  it('a custom handler answers unknown routes', async () => {
    const app = warren()
    app.setNotFoundHandler(async (req: any, reply: any) => reply.code(404).send({ nothing: req.url }))
    const res = await app.inject('/missing')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ nothing: '/missing' })
  })

  it('a custom handler sets its own status (as in Fastify, it is not forced to 404)', async () => {
    const app = warren()
    app.setNotFoundHandler(async () => 'gone')
    const res = await app.inject('/missing')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('gone')
  })

  it('per prefix: the longest prefix with a handler answers', async () => {
    const app = warren()
    app.setNotFoundHandler(async () => 'root 404')
    app.register(async (api: any) => {
      api.setNotFoundHandler(async () => 'api 404')
      api.get('/known', async () => 'known')
      api.register(async (v2: any) => {
        v2.setNotFoundHandler(async () => 'v2 404')
      }, { prefix: '/v2' })
      api.register(async (noHandler: any) => noHandler.get('/x', async () => 'x'), { prefix: '/plain' })
    }, { prefix: '/api' })
    expect((await app.inject('/nope')).body).toBe('root 404')
    expect((await app.inject('/api/nope')).body).toBe('api 404')
    expect((await app.inject('/api')).body).toBe('api 404')
    expect((await app.inject('/api/v2/nope')).body).toBe('v2 404')
    expect((await app.inject('/api/plain/nope')).body).toBe('api 404')
    expect((await app.inject('/api/known')).body).toBe('known')
    expect((await app.inject('/apix')).body).toBe('root 404')
  })

  it('per prefix with ignoreTrailingSlash: the prefix with and without its slash is one path', async () => {
    const app = warren({ routerOptions: { ignoreTrailingSlash: true } })
    app.register(async (api: any) => {
      api.setNotFoundHandler(async (request: any, reply: any) => reply.code(404).send({ api: request.url }))
      api.get('/known', async () => 'known')
    }, { prefix: '/api' })
    await app.ready()
    for (const url of ['/api', '/api/', '/api/nope', '/api/nope/']) {
      const answer = await app.inject(url)
      expect([answer.statusCode, answer.json()]).toEqual([404, { api: url }])
    }
    expect((await app.inject('/api/known/')).body).toBe('known')
    expect((await app.inject('/apix')).json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })

  it('the not-found handler runs its context hooks, not a sibling one', async () => {
    const app = warren()
    app.addHook('onRequest', async (_req: any, reply: any) => { reply.header('x-root', '1') })
    app.register(async (api: any) => {
      api.addHook('preHandler', async (_req: any, reply: any) => { reply.header('x-api', '1') })
      api.setNotFoundHandler(async () => 'api 404')
    }, { prefix: '/api' })
    app.register(async (other: any) => {
      other.addHook('onRequest', async (_req: any, reply: any) => { reply.header('x-other', '1') })
    })
    const res = await app.inject('/api/nope')
    expect(res.headers['x-root']).toBe('1')
    expect(res.headers['x-api']).toBe('1')
    expect(res.headers['x-other']).toBeUndefined()
    const root = await app.inject('/nope')
    expect(root.headers['x-root']).toBe('1')
    expect(root.headers['x-api']).toBeUndefined()
  })

  it('preValidation and preHandler options of setNotFoundHandler run', async () => {
    const app = warren()
    const order: string[] = []
    app.setNotFoundHandler({
      preValidation: async () => { order.push('preValidation') },
      preHandler: async () => { order.push('preHandler') },
    }, async () => { order.push('handler'); return 'nf' })
    await app.inject('/nope')
    expect(order).toEqual(['preValidation', 'preHandler', 'handler'])
  })

  it('setting it twice for the same prefix is an error', () => {
    const app = warren()
    app.setNotFoundHandler(async () => 'a')
    expect(() => app.setNotFoundHandler(async () => 'b')).toThrow(expect.objectContaining({ code: 'SVC_ERR_NOT_FOUND_HANDLER_ALREADY_SET' }))
  })

  it('a not-found handler that throws goes to the error handler', async () => {
    const app = warren()
    app.setNotFoundHandler(async () => { throw new Error('nf broke') })
    const res = await app.inject('/nope')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'nf broke' })
  })

  it('a not-found handler can read the body of a POST', async () => {
    const app = warren()
    app.setNotFoundHandler(async (req: any) => ({ echoed: req.body }))
    const res = await app.inject({ method: 'POST', url: '/nope', payload: { a: 1 } })
    expect(res.json()).toEqual({ echoed: { a: 1 } })
  })

  it("the default 404 is Fastify's body to the byte, so an ETag or a cache sees the same answer", async () => {
    const app = warren()
    const res = await app.inject('/nowhere?x=1')
    expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([404, 'application/json; charset=utf-8', '{"message":"Route GET:/nowhere?x=1 not found","error":"Not Found","statusCode":404}'])
  })

  it('a malformed url is answered 400, not a crash', async () => {
    const app = warren()
    app.get('/:param', async (req: any) => req.params)
    const res = await app.inject('/%E0%A4%A')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('SVC_ERR_BAD_URL')
  })

  it('a URL the router refuses goes through onRequest, the error path and onResponse, so hooks that see it end saw it start', async () => {
    const app = warren()
    const ran: string[] = []
    for (const hook of ['onRequest', 'preHandler', 'onError', 'onSend', 'onResponse'] as const) {
      app.addHook(hook, async (request: any, reply: any, ...rest: unknown[]) => {
        ran.push(hook)
        if (hook === 'onRequest') request.startedAt = 1
        if (hook === 'onSend') reply.header('x-started', String(request.startedAt))
        return hook === 'onSend' ? rest[0] : undefined
      })
    }
    app.get('/:param', async (req: any) => req.params)
    const res = await app.inject('/%E0%A4%A')
    expect([res.statusCode, res.json().code, res.headers['x-started']]).toEqual([400, 'SVC_ERR_BAD_URL', '1'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(ran).toEqual(['onRequest', 'onError', 'onSend', 'onResponse'])
  })

  it('a URL the router cannot decode is answered in the context that answers unknown routes under its prefix', async () => {
    const app = warren()
    app.register(async (api: any) => {
      api.addHook('onRequest', async (request: any) => { request.sawApiHook = true })
      api.setErrorHandler((error: any, request: any, reply: any) => reply.code(error.statusCode).send({ api: true, code: error.code, sawApiHook: request.sawApiHook === true }))
      api.setNotFoundHandler((_request: any, reply: any) => reply.code(404).send({ api404: true }))
      api.get('/items/:id', async () => 'never')
    }, { prefix: '/api' })
    app.get('/items/:id', async () => 'never')
    for (const url of ['/api/items/%zz', '/api/%zz', '/api/items/%E0%A4%A?x=1', '/api/items/ok/%zz/more']) {
      expect((await app.inject(url)).json(), url).toEqual({ api: true, code: 'SVC_ERR_BAD_URL', sawApiHook: true })
    }
    for (const url of ['/items/%zz', '/apix/%zz', '/%zz']) {
      expect((await app.inject(url)).json(), url).toMatchObject({ statusCode: 400, code: 'SVC_ERR_BAD_URL' })
    }
  })

  it('a not-found handler reads the path under its prefix as params[\'*\']', async () => {
    const app = warren()
    app.setNotFoundHandler((request: any, reply: any) => reply.code(404).send({ params: request.params }))
    app.register(async (api: any) => {
      api.setNotFoundHandler((request: any, reply: any) => reply.code(404).send({ params: request.params }))
    }, { prefix: '/api' })
    expect((await app.inject('/nope/deeper?x=1')).json()).toEqual({ params: { '*': 'nope/deeper' } })
    expect((await app.inject('/api/nope')).json()).toEqual({ params: { '*': 'nope' } })
  })

  it('req.is404 tells a not-found request from a routed one', async () => {
    const app = warren()
    app.addHook('onRequest', async (req: any, reply: any) => { reply.header('x-404', String(req.is404)) })
    app.get('/here', async () => 'here')
    expect((await app.inject('/here')).headers['x-404']).toBe('false')
    expect((await app.inject('/gone')).headers['x-404']).toBe('true')
  })
})

describe('request.routeOptions when no route matched', () => {
  it('has no method and no url, and keeps the rest (as Fastify)', async () => {
    const app = warren()
    app.get('/known', async (request: any) => request.routeOptions.url)
    app.setNotFoundHandler(async (request: any, reply: any) => {
      const { method, url, bodyLimit } = request.routeOptions
      return reply.code(404).send({ method: method ?? null, url: url ?? null, bodyLimit })
    })
    const res = await app.inject('/unknown')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ method: null, url: null, bodyLimit: 1048576 })
    expect((await app.inject('/known')).body).toBe('/known')
  })

  it('has no url in a frameworkErrors handler for a bad URL', async () => {
    const app = warren({
      frameworkErrors: (error: any, request: any, reply: any) => {
        reply.code(400).send({ code: error.code, url: request.routeOptions.url ?? null })
      },
    })
    app.get('/items/:id', async () => 'never')
    const res = await app.inject('/items/%zz')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'SVC_ERR_BAD_URL', url: null })
  })
})

describe('reply.callNotFound() from a route', () => {
  it("keeps the calling route's onSend hooks (its context's and its own); the not-found context's other hooks run", async () => {
    const app = warren()
    const ran: string[] = []
    app.addHook('onResponse', async (request: any) => { ran.push(`root onResponse ${request.url}`) })
    app.setNotFoundHandler({ preHandler: async () => { ran.push('404 preHandler') } }, (_request: any, reply: any) => reply.code(404).send({ missing: true }))
    app.register(async (assets: any) => {
      assets.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
        reply.header('cache-control', 'no-store')
        return payload
      })
      assets.get('/file/:name', (_request: any, reply: any) => reply.callNotFound())
    }, { prefix: '/assets' })
    app.get('/own', { onSend: async (_request: any, reply: any, payload: unknown) => { reply.header('x-own', 'yes'); return payload } }, (_request: any, reply: any) => reply.callNotFound())
    const asset = await app.inject('/assets/file/missing.css')
    const own = await app.inject('/own')
    const unknown = await app.inject('/assets/nowhere')
    expect([asset.statusCode, asset.json(), asset.headers['cache-control']]).toEqual([404, { missing: true }, 'no-store'])
    expect([own.statusCode, own.headers['x-own']]).toEqual([404, 'yes'])
    // an unknown URL under /assets is answered by the root's not-found context, whose onSend has no such hook
    expect([unknown.statusCode, unknown.headers['cache-control']]).toEqual([404, undefined])
    expect(ran).toEqual(['404 preHandler', 'root onResponse /assets/file/missing.css', '404 preHandler', 'root onResponse /own', '404 preHandler', 'root onResponse /assets/nowhere'])
  })
})

describe('reply.callNotFound() while a not-found route answers', () => {
  it('from the not-found handler itself: a plain 404 and a warning, not a loop', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { level: 'warn', stream } })
    let calls = 0
    app.setNotFoundHandler((_request: any, reply: any) => {
      calls++
      reply.callNotFound()
    })
    app.get('/', (_request: any, reply: any) => reply.callNotFound())
    for (const url of ['/', '/missing']) {
      const res = await app.inject(url)
      expect([res.statusCode, res.body, res.headers['content-type']]).toEqual([404, '404 Not Found', 'text/plain; charset=utf-8'])
    }
    expect(calls).toBe(2)
    const warnings = lines.filter((line) => line.level === 40)
    expect(warnings.map((line) => line.msg)).toEqual([
      'Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.',
      'Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.',
    ])
  })

  it('from frameworkErrors (whose reply belongs to the root not-found route): the plain 404', async () => {
    const app = warren({ frameworkErrors: (_error: any, _request: any, reply: any) => reply.callNotFound() })
    app.get('/hello/:id', async () => 'never')
    const res = await app.inject('/hello/%world')
    expect([res.statusCode, res.body]).toEqual([404, '404 Not Found'])
  })

  it('onSend hooks still see the plain answer', async () => {
    const app = warren()
    app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
      reply.header('x-seen', String(payload))
      return payload
    })
    app.setNotFoundHandler((_request: any, reply: any) => reply.callNotFound())
    const res = await app.inject('/nothing')
    expect([res.statusCode, res.headers['x-seen']]).toEqual([404, '404 Not Found'])
  })
})

describe('setNotFoundHandler without a handler', () => {
  it("keeps the default 404 for the prefix, answered after the prefix's hooks, at the root and under a prefix", async () => {
    const app = warren()
    const hooks: string[] = []
    app.register(async (scope: any) => {
      scope.addHook('onRequest', async (request: any) => {
        hooks.push(`scoped ${request.url}`)
      })
      scope.setNotFoundHandler({ preHandler: async () => void hooks.push('own preHandler') })
    }, { prefix: '/p' })
    const scoped = await app.inject('/p/missing')
    expect(scoped.statusCode).toBe(404)
    expect(scoped.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET:/p/missing not found' })
    expect(hooks).toEqual(['scoped /p/missing', 'own preHandler'])

    const root = warren()
    root.setNotFoundHandler()
    expect(() => root.setNotFoundHandler(async () => 'other')).toThrow(expect.objectContaining({ code: 'SVC_ERR_NOT_FOUND_HANDLER_ALREADY_SET' }))
    const missing = await root.inject('/missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET:/missing not found' })
  })
})
