import { describe, expect, it } from 'vitest'
import { request as httpRequest } from 'node:http'
import warren, { plugin, Type } from 'warren'

describe('4.1 register', () => {
  it('4.1 register(plugin, options): the plugin receives its options', async () => {
    const app = warren()
    app.register(async (instance: any, opts: any) => {
      instance.get('/opts', async () => opts)
    }, { greeting: 'hi', nested: { n: 1 } })
    expect((await app.inject('/opts')).json()).toEqual({ greeting: 'hi', nested: { n: 1 } })
  })

  it('4.1 register(plugin) without options gives the plugin an empty object', async () => {
    const app = warren()
    let received: any
    app.register(async (_instance: any, opts: any) => {
      received = opts
    })
    await app.ready()
    expect(received).toEqual({})
  })

  it('4.1 register with { prefix } prefixes the routes of the plugin, nested prefixes add up', async () => {
    const app = warren()
    app.register(async (v1: any) => {
      v1.get('/users', async () => 'users v1')
      v1.register(async (admin: any) => {
        admin.get('/stats', async () => 'stats')
      }, { prefix: '/admin' })
    }, { prefix: '/v1' })
    expect((await app.inject('/v1/users')).body).toBe('users v1')
    expect((await app.inject('/v1/admin/stats')).body).toBe('stats')
    expect((await app.inject('/users')).statusCode).toBe(404)
  })

  it("4.1 register with { prefix }: a '/' route answers both /prefix and /prefix/", async () => {
    const app = warren()
    app.register(async (api: any) => {
      api.get('/', async () => 'index')
    }, { prefix: '/api' })
    expect((await app.inject('/api')).body).toBe('index')
    expect((await app.inject('/api/')).body).toBe('index')
  })

  it('4.1 await app.register(...) waits for the plugin to load', async () => {
    const app = warren()
    await app.register(plugin(async (instance: any) => {
      instance.decorate('loaded', 'yes')
    }))
    expect((app as any).loaded).toBe('yes')
    app.get('/', async function (this: any) { return { loaded: this.loaded } })
    expect((await app.inject('/')).json()).toEqual({ loaded: 'yes' })
  })

  it('4.1 after(): runs once the plugins registered so far are loaded', async () => {
    const app = warren()
    const order: string[] = []
    app.register(plugin(async (instance: any) => {
      order.push('plugin')
      instance.decorate('fromPlugin', 1)
    }))
    app.after((err: any) => {
      expect(err ?? null).toBeNull()
      order.push(`after:${(app as any).fromPlugin}`)
    })
    await app.ready()
    expect(order).toEqual(['plugin', 'after:1'])
  })
})

describe('4.1 route and shorthands', () => {
  it('4.1 shorthands for every method, with and without options', async () => {
    const app = warren()
    app.get('/m', async () => 'get')
    app.post('/m', {}, async () => 'post')
    app.put('/m', async () => 'put')
    app.delete('/m', async () => 'delete')
    app.patch('/m', async () => 'patch')
    app.options('/m', async () => 'options')
    app.head('/h', async (_request: any, reply: any) => reply.header('x-head', '1').send())
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const res = await app.inject({ method, url: '/m' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(method.toLowerCase())
    }
    const head = await app.inject({ method: 'HEAD', url: '/h' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['x-head']).toBe('1')
  })

  it('4.1 shorthand(path, { schema }, handler) validates', async () => {
    const app = warren()
    app.post('/s', { schema: { body: Type.Object({ a: Type.Integer() }) } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/s', payload: { a: 'x' } })).statusCode).toBe(400)
  })

  it('4.1 shorthand(path, { handler }) takes the handler from the options', async () => {
    const app = warren()
    app.get('/opts-handler', { handler: async () => 'from options' } as any)
    expect((await app.inject('/opts-handler')).body).toBe('from options')
  })

  it('4.1 all(): one handler for every method', async () => {
    const app = warren()
    app.all('/any', async (request: any) => request.method)
    expect((await app.inject({ method: 'DELETE', url: '/any' })).body).toBe('DELETE')
    expect((await app.inject({ method: 'PUT', url: '/any' })).body).toBe('PUT')
  })

  it('4.1 declaring the same method and path twice throws', async () => {
    const app = warren()
    app.get('/dup', async () => 'a')
    let failed = false
    try {
      app.get('/dup', async () => 'b')
      await app.ready()
    } catch {
      failed = true
    }
    expect(failed).toBe(true)
  })

  it('4.1 route parameters, wildcards and multiple params', async () => {
    const app = warren()
    app.get('/users/:userId/posts/:postId', async (request: any) => request.params)
    app.get('/files/*', async (request: any) => request.params)
    expect((await app.inject('/users/1/posts/2')).json()).toEqual({ userId: '1', postId: '2' })
    expect((await app.inject('/files/a/b.txt')).json()).toEqual({ '*': 'a/b.txt' })
  })
})

describe('4.1 listen and ready', () => {
  it('4.1 listen({ port: 0 }) resolves with the address; the app answers over a socket', async () => {
    const app = warren()
    app.get('/hello', async () => ({ hello: 'world' }))
    const address = await app.listen({ port: 0 })
    try {
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const res = await fetch(`${address}/hello`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(await res.json()).toEqual({ hello: 'world' })
      const port = (app.server.address() as any).port
      expect(address).toBe(`http://127.0.0.1:${port}`)
    } finally {
      await app.close()
    }
  })

  it('4.1 listen(options, callback): the callback gets (err, address)', async () => {
    const app = warren()
    app.get('/', async () => 'cb')
    const address = await new Promise<string>((resolve, reject) => {
      app.listen({ port: 0 }, (err: Error | null, addr: string) => (err ? reject(err) : resolve(addr)))
    })
    try {
      expect(await (await fetch(address)).text()).toBe('cb')
    } finally {
      await app.close()
    }
  })

  it('4.1 listen callback receives the error when the port is taken', async () => {
    const first = warren()
    await first.listen({ port: 0 })
    const port = (first.server.address() as any).port
    const second = warren()
    try {
      const err = await new Promise<any>((resolve) => {
        second.listen({ port }, (e: any) => resolve(e))
      })
      expect(err).toBeInstanceOf(Error)
      expect(err.code).toBe('EADDRINUSE')
    } finally {
      await second.close()
      await first.close()
    }
  })

  it('4.1 listen promise rejects when the port is taken', async () => {
    const first = warren()
    await first.listen({ port: 0 })
    const port = (first.server.address() as any).port
    const second = warren()
    try {
      await expect(second.listen({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    } finally {
      await second.close()
      await first.close()
    }
  })

  it('4.1 listen rejects when a plugin fails to load', async () => {
    const app = warren()
    app.register(async () => {
      throw new Error('boot failure')
    })
    await expect(app.listen({ port: 0 })).rejects.toThrow('boot failure')
    await app.close()
  })

  it('4.1 ready(): after it, decorators added by shared plugins are readable on the instance', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      instance.decorate('config', { env: 'test' })
    }))
    app.register(plugin((instance: any, _opts: any, done: () => void) => {
      instance.decorate('cache', new Map([['k', 'v']]))
      done()
    }))
    expect((app as any).config).toBeUndefined()
    await app.ready()
    expect((app as any).config).toEqual({ env: 'test' })
    expect((app as any).cache.get('k')).toBe('v')
    expect(app.hasDecorator('config')).toBe(true)
  })

  it('4.1 ready(callback) calls back with no error', async () => {
    const app = warren()
    const err = await new Promise((resolve) => app.ready((e: any) => resolve(e)))
    expect(err ?? null).toBeNull()
  })

  it('4.1 ready() twice resolves both times; routes cannot be added after it', async () => {
    const app = warren()
    await app.ready()
    await app.ready()
    expect(() => app.get('/late', async () => 'late')).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })

  it('4.1 close() stops the server: new connections are refused', async () => {
    const app = warren()
    app.get('/', async () => 'x')
    const address = await app.listen({ port: 0 })
    await app.close()
    await expect(fetch(address)).rejects.toThrow()
  })

  it('4.1 a real socket and inject give the same answer, including errors', async () => {
    const app = warren()
    app.post('/v', { schema: { body: Type.Object({ a: Type.String() }) } }, async (request: any) => request.body)
    const address = await app.listen({ port: 0 })
    try {
      const viaSocket = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${address}/v`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => { body += chunk })
          res.on('end', () => resolve({ status: res.statusCode as number, body }))
        })
        req.on('error', reject)
        req.end('{}')
      })
      const viaInject = await app.inject({ method: 'POST', url: '/v', payload: {} })
      expect(viaSocket.status).toBe(400)
      expect(JSON.parse(viaSocket.body)).toEqual(viaInject.json())
    } finally {
      await app.close()
    }
  })
})

describe('4.1 schema operations', () => {
  it('4.1 setValidatorCompiler: fn({ schema, method, url, httpPart }) returning a validation function', async () => {
    const app = warren()
    const calls: any[] = []
    app.setValidatorCompiler(({ schema, method, url, httpPart }: any) => {
      if (method === 'GET') calls.push({ method, url, httpPart, schema })
      return (data: any) => {
        if (httpPart === 'querystring' && data.forbidden !== undefined) return { error: new Error('forbidden is forbidden') }
        return { value: data }
      }
    })
    const qs = { type: 'object', properties: { forbidden: { type: 'string' } } }
    app.get('/v', { schema: { querystring: qs } }, async (request: any) => request.query)
    await app.ready()
    expect(calls).toEqual([{ method: 'GET', url: '/v', httpPart: 'querystring', schema: qs }])
    expect((await app.inject('/v?x=1')).json()).toEqual({ x: '1' })
    const bad = await app.inject('/v?forbidden=1')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('forbidden is forbidden')
  })

  it('4.1 setValidatorCompiler: a validation function returning true/false like Ajv is accepted', async () => {
    const app = warren()
    app.setValidatorCompiler(() => {
      const validate: any = (data: any) => {
        if (data && typeof data.n === 'number') return true
        validate.errors = [{ instancePath: '/n', message: 'must be a number', keyword: 'type', params: {}, schemaPath: '#' }]
        return false
      }
      return validate
    })
    app.post('/b', { schema: { body: { type: 'object' } } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/b', payload: { n: 1 } })).json()).toEqual({ n: 1 })
    const bad = await app.inject({ method: 'POST', url: '/b', payload: { n: 'x' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('body/n must be a number')
  })

  it('4.1 setSerializerCompiler: fn({ schema, method, url, httpStatus, contentType }) returning object => string', async () => {
    const app = warren()
    const calls: any[] = []
    app.setSerializerCompiler(({ schema, method, url, httpStatus, contentType }: any) => {
      calls.push({ schema, method, url, httpStatus, contentType })
      return (data: any) => JSON.stringify({ wrapped: data, status: httpStatus })
    })
    const schema200 = { type: 'object', properties: { a: { type: 'string' } } }
    app.get('/s', { schema: { response: { 200: schema200 } } }, async () => ({ a: 'x', b: 'y' }))
    await app.ready()
    // the HEAD route exposed for the GET one (exposeHeadRoutes) compiles its own
    expect(calls).toEqual([
      { schema: schema200, method: 'GET', url: '/s', httpStatus: '200', contentType: undefined },
      { schema: schema200, method: 'HEAD', url: '/s', httpStatus: '200', contentType: undefined },
    ])
    const res = await app.inject('/s')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual({ wrapped: { a: 'x', b: 'y' }, status: '200' })
  })

  it('4.1 setSerializerCompiler: a content map passes each contentType', async () => {
    const app = warren()
    const calls: any[] = []
    app.setSerializerCompiler(({ method, httpStatus, contentType }: any) => {
      if (method === 'GET') calls.push(`${httpStatus} ${contentType}`)
      return (data: any) => JSON.stringify(data)
    })
    app.get('/s', {
      schema: {
        response: {
          200: { content: { 'application/json': { schema: { type: 'object' } }, 'application/vnd.v2+json': { schema: { type: 'object' } } } },
          '4xx': { type: 'object' },
        },
      },
    }, async () => ({}))
    await app.ready()
    expect(calls.sort()).toEqual(['200 application/json', '200 application/vnd.v2+json', '4xx undefined'])
  })

  it('4.1 setSchemaErrorFormatter: fn(errors, dataVar) with this bound to the instance, returns an Error', async () => {
    const app = warren()
    app.decorate('label', 'Oops')
    const selves: any[] = []
    app.setSchemaErrorFormatter(function (this: any, errors: any[], dataVar: string) {
      selves.push(this)
      return new Error(`${this.label}: ${dataVar} ${errors[0].instancePath} ${errors[0].keyword}`)
    })
    app.get('/q', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => 'never')
    const res = await app.inject('/q?n=abc')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'Oops: querystring /n type' })
    expect(selves.length === 1 && selves[0] === app).toBe(true)
  })

  it('4.1 setSchemaErrorFormatter is per context: this is the context it was set on; others keep the default', async () => {
    const app = warren()
    const selves: any[] = []
    let childInstance: any
    app.register(async (child: any) => {
      childInstance = child
      child.setSchemaErrorFormatter(function (this: any, _errors: any, dataVar: string) {
        selves.push(this)
        return new Error(`child formatter for ${dataVar}`)
      })
      child.post('/child', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'never')
      child.register(async (grandchild: any) => {
        grandchild.post('/grandchild', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'never')
      })
    })
    app.post('/root', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'never')
    expect((await app.inject({ method: 'POST', url: '/child', payload: {} })).json().message).toBe('child formatter for body')
    expect(selves.length === 1 && selves[0] === childInstance).toBe(true)
    expect((await app.inject({ method: 'POST', url: '/grandchild', payload: {} })).json().message).toBe('child formatter for body')
    expect((await app.inject({ method: 'POST', url: '/root', payload: {} })).json().message).toBe("body must have required property 'a'")
  })

  it('4.1 schemaErrorFormatter factory option: bound to the root instance', async () => {
    const selves: any[] = []
    const app = warren({
      schemaErrorFormatter(this: any, errors: any[], dataVar: string) {
        selves.push(this)
        return new Error(`${dataVar} failed ${errors.length}`)
      },
    })
    app.post('/b', { schema: { body: Type.Object({ x: Type.String() }) } }, async () => 'never')
    expect((await app.inject({ method: 'POST', url: '/b', payload: {} })).json()).toEqual({
      statusCode: 400,
      code: 'SVC_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'body failed 1',
    })
    expect(selves.length === 1 && selves[0] === app).toBe(true)
  })

  it('4.1 the formatter is bound to the instance it was set on, also for routes of descendants', async () => {
    const selves: any[] = []
    const app = warren({
      schemaErrorFormatter(this: any) {
        selves.push(this)
        return new Error('factory formatter')
      },
    })
    app.register(async (child: any) => {
      child.post('/child', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'never')
    })
    const other = warren()
    other.setSchemaErrorFormatter(function (this: any) {
      selves.push(this)
      return new Error('set formatter')
    })
    other.register(async (child: any) => {
      child.register(async (grandchild: any) => {
        grandchild.post('/grandchild', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'never')
      })
    })
    expect((await app.inject({ method: 'POST', url: '/child', payload: {} })).json().message).toBe('factory formatter')
    expect((await other.inject({ method: 'POST', url: '/grandchild', payload: {} })).json().message).toBe('set formatter')
    expect(selves.length === 2 && selves[0] === app && selves[1] === other).toBe(true)
  })

  it('4.1 a route schemaErrorFormatter option (Fastify) formats that route only', async () => {
    const app = warren()
    app.post('/own', {
      schemaErrorFormatter: (errors: any[], dataVar: string) => new Error(`route formatter: ${dataVar} ${errors[0].keyword}`),
      schema: { body: { type: 'object', required: ['a'] } },
    } as any, async () => 'never')
    app.post('/other', { schema: { body: { type: 'object', required: ['a'] } } }, async () => 'never')
    expect((await app.inject({ method: 'POST', url: '/own', payload: {} })).json()).toEqual({
      statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'route formatter: body required',
    })
    expect((await app.inject({ method: 'POST', url: '/other', payload: {} })).json().message).toBe("body must have required property 'a'")
  })

  it('4.1 schemaErrorFormatter must be a synchronous function', () => {
    // Fastify's code and wording: the message names what was given
    expect(() => warren({ schemaErrorFormatter: 'nope' as any })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', message: "schemaErrorFormatter option should be a non async function. Instead got 'string'." }),
    )
    expect(() => warren({ schemaErrorFormatter: (async () => new Error('x')) as any })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', message: expect.stringContaining("Instead got 'AsyncFunction'") }),
    )
    const app = warren()
    expect(() => app.setSchemaErrorFormatter('nope' as any)).toThrow(TypeError)
    expect(() => app.setSchemaErrorFormatter(42 as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN' }))
  })

  it('4.1 setErrorHandler: fn(error, request, reply) for errors of the context', async () => {
    const app = warren()
    app.setErrorHandler(function (this: any, error: any, request: any, reply: any) {
      reply.code(503).send({ handled: error.message, url: request.url, self: this === app })
    })
    app.get('/boom', async () => {
      throw new Error('kaput')
    })
    const res = await app.inject('/boom')
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ handled: 'kaput', url: '/boom', self: true })
  })

  it('4.1 setErrorHandler: an async handler may return the payload', async () => {
    const app = warren()
    app.setErrorHandler(async (error: any, _request: any, reply: any) => {
      reply.code(error.statusCode ?? 500)
      return { failed: error.message }
    })
    app.get('/boom', async () => {
      throw Object.assign(new Error('nope'), { statusCode: 409 })
    })
    const res = await app.inject('/boom')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ failed: 'nope' })
  })

  it('4.1 setErrorHandler is encapsulated: the child handler covers the child, the parent keeps its own', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(500).send({ by: 'root', message: error.message })
    })
    app.register(async (child: any) => {
      child.setErrorHandler((error: any, _request: any, reply: any) => {
        reply.code(500).send({ by: 'child', message: error.message })
      })
      child.get('/child', async () => {
        throw new Error('c')
      })
    })
    app.get('/root', async () => {
      throw new Error('r')
    })
    expect((await app.inject('/child')).json()).toEqual({ by: 'child', message: 'c' })
    expect((await app.inject('/root')).json()).toEqual({ by: 'root', message: 'r' })
  })

  it('4.1 an error thrown by the error handler goes to the parent error handler', async () => {
    const app = warren()
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      reply.code(502).send({ by: 'root', message: error.message })
    })
    app.register(async (child: any) => {
      child.setErrorHandler(async (error: any) => {
        throw new Error(`rethrown ${error.message}`)
      })
      child.get('/child', async () => {
        throw new Error('original')
      })
    })
    const res = await app.inject('/child')
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({ by: 'root', message: 'rethrown original' })
  })
})

describe('4.1 addContentTypeParser', () => {
  it('4.1 a string content type with parseAs string', async () => {
    const app = warren()
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request: any, body: string, done: any) => {
      done(null, body.split(',').map((s) => s.trim()))
    })
    app.post('/csv', async (request: any) => ({ items: request.body }))
    const res = await app.inject({ method: 'POST', url: '/csv', headers: { 'content-type': 'text/csv' }, payload: 'a, b,c' })
    expect(res.json()).toEqual({ items: ['a', 'b', 'c'] })
  })

  it('4.1 parseAs buffer gives a Buffer', async () => {
    const app = warren()
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request: any, body: Buffer, done: any) => {
      done(null, { isBuffer: Buffer.isBuffer(body), length: body.length })
    })
    app.post('/bin', async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/bin', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([1, 2, 3]) })
    expect(res.json()).toEqual({ isBuffer: true, length: 3 })
  })

  it('4.1 a RegExp content type matches every type it accepts', async () => {
    const app = warren()
    app.addContentTypeParser(/^application\/.+\+xml$/, { parseAs: 'string' }, (_request: any, body: string, done: any) => {
      done(null, { xml: body })
    })
    app.post('/x', async (request: any) => request.body)
    for (const type of ['application/atom+xml', 'application/rss+xml']) {
      const res = await app.inject({ method: 'POST', url: '/x', headers: { 'content-type': type }, payload: '<a/>' })
      expect(res.json()).toEqual({ xml: '<a/>' })
    }
  })

  it('4.1 an async parser (request, payload stream) returning the body', async () => {
    const app = warren()
    app.addContentTypeParser('application/x-upper', async (_request: any, payload: any) => {
      let text = ''
      for await (const chunk of payload) text += chunk
      return text.toUpperCase()
    })
    app.post('/u', async (request: any) => ({ body: request.body }))
    const res = await app.inject({ method: 'POST', url: '/u', headers: { 'content-type': 'application/x-upper' }, payload: 'abc' })
    expect(res.json()).toEqual({ body: 'ABC' })
  })

  it('4.1 a parser that fails gives an error response, with the error status if it has one', async () => {
    const app = warren()
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request: any, _body: string, done: any) => {
      done(Object.assign(new Error('bad csv'), { statusCode: 400 }), undefined)
    })
    app.post('/csv', async () => 'never')
    const res = await app.inject({ method: 'POST', url: '/csv', headers: { 'content-type': 'text/csv' }, payload: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'bad csv' })
  })

  it('4.1 parsers are encapsulated: a parser added in a child is not used by the parent', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request: any, body: string, done: any) => done(null, body.split(',')))
      child.post('/child', async (request: any) => ({ body: request.body }))
    })
    app.post('/root', async (request: any) => ({ body: request.body }))
    const headers = { 'content-type': 'text/csv' }
    expect((await app.inject({ method: 'POST', url: '/child', headers, payload: 'a,b' })).json()).toEqual({ body: ['a', 'b'] })
    const root = await app.inject({ method: 'POST', url: '/root', headers, payload: 'a,b' })
    expect(root.statusCode).toBe(415)
    expect(root.json()).toMatchObject({ statusCode: 415, code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type' })
  })

  it('4.1 adding a parser for a type that already has one throws; the JSON one can be replaced after removal', async () => {
    const app = warren()
    // the default JSON parser itself may be replaced once; a second parser for the type throws
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r: any, b: string, done: any) => done(null, b))
    expect(() => app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r: any, b: string, done: any) => done(null, b))).toThrow(expect.objectContaining({ code: 'SVC_ERR_CTP_ALREADY_PRESENT' }))
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r: any, body: string, done: any) => done(null, { raw: body }))
    app.post('/j', async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/j', payload: { a: 1 } })).json()).toEqual({ raw: '{"a":1}' })
  })

  it("4.1 the catch-all parser '*' receives otherwise unknown types", async () => {
    const app = warren()
    app.addContentTypeParser('*', { parseAs: 'string' }, (request: any, body: string, done: any) => {
      done(null, { type: request.headers['content-type'], body })
    })
    app.post('/any', async (request: any) => request.body)
    const res = await app.inject({ method: 'POST', url: '/any', headers: { 'content-type': 'application/x-thing' }, payload: 'zzz' })
    expect(res.json()).toEqual({ type: 'application/x-thing', body: 'zzz' })
    // JSON still goes to the JSON parser
    expect((await app.inject({ method: 'POST', url: '/any', payload: { a: 1 } })).json()).toEqual({ a: 1 })
  })

  it('4.1 text/plain is parsed by default as a string', async () => {
    const app = warren()
    app.post('/t', async (request: any) => ({ body: request.body, type: typeof request.body }))
    const res = await app.inject({ method: 'POST', url: '/t', headers: { 'content-type': 'text/plain' }, payload: 'hello' })
    expect(res.json()).toEqual({ body: 'hello', type: 'string' })
  })
})

describe('4.1 reply operations', () => {
  it('4.1 reply.code(n) and reply.status(n) set the status', async () => {
    const app = warren()
    app.post('/code', async (_request: any, reply: any) => reply.code(201).send({ created: true }))
    app.post('/status', async (_request: any, reply: any) => reply.status(202).send({ accepted: true }))
    const created = await app.inject({ method: 'POST', url: '/code' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ created: true })
    const accepted = await app.inject({ method: 'POST', url: '/status' })
    expect(accepted.statusCode).toBe(202)
    expect(accepted.json()).toEqual({ accepted: true })
  })

  it('4.1 reply.code with an invalid status throws', async () => {
    const app = warren()
    app.get('/bad', async (_request: any, reply: any) => {
      reply.code(99)
      return 'never'
    })
    const res = await app.inject('/bad')
    expect(res.statusCode).toBe(500)
  })

  it('4.1 reply.send(payload): objects as JSON, strings as text, Buffers as bytes, nothing as empty', async () => {
    const app = warren()
    app.get('/obj', (_request: any, reply: any) => { reply.send({ a: 1 }) })
    app.get('/str', (_request: any, reply: any) => { reply.send('text') })
    app.get('/buf', (_request: any, reply: any) => { reply.send(Buffer.from('bytes')) })
    app.get('/empty', (_request: any, reply: any) => { reply.code(204).send() })
    app.get('/arr', (_request: any, reply: any) => { reply.send([1, 2]) })
    app.get('/null', (_request: any, reply: any) => { reply.send(null) })
    const obj = await app.inject('/obj')
    expect(obj.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(obj.body).toBe('{"a":1}')
    const str = await app.inject('/str')
    expect(str.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(str.body).toBe('text')
    const buf = await app.inject('/buf')
    expect(buf.headers['content-type']).toBe('application/octet-stream')
    expect(buf.body).toBe('bytes')
    const empty = await app.inject('/empty')
    expect(empty.statusCode).toBe(204)
    expect(empty.body).toBe('')
    expect((await app.inject('/arr')).json()).toEqual([1, 2])
    const nul = await app.inject('/null')
    expect(nul.statusCode).toBe(200)
    expect(nul.body).toBe('null')
  })

  it('4.1 reply.serializer(fn) serializes one reply', async () => {
    const app = warren()
    app.get('/custom', (_request: any, reply: any) => {
      reply.serializer((payload: any) => `custom:${payload.value}`).send({ value: 42 })
    })
    const res = await app.inject('/custom')
    expect(res.body).toBe('custom:42')
  })
})
