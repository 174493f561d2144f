import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import warren, { plugin } from 'warren'

// What Fastify v5 users do every day that the spec does not spell out (DESIGN: Fastify's documented
// behaviour is the answer where the spec is silent).

describe('Fastify habits: replies', () => {
  it('reply.code(201).send() chains; reply.header, headers, getHeader, hasHeader, removeHeader', async () => {
    const app = warren()
    app.post('/items', (_request: any, reply: any) => {
      reply.header('x-one', '1').headers({ 'x-two': '2', 'x-three': '3' })
      reply.removeHeader('x-three')
      reply.header('x-seen', `${reply.getHeader('x-one')}:${reply.hasHeader('x-two')}:${reply.hasHeader('x-three')}`)
      reply.code(201).send({ id: 1 })
    })
    const res = await app.inject({ method: 'POST', url: '/items' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ id: 1 })
    expect(res.headers['x-one']).toBe('1')
    expect(res.headers['x-two']).toBe('2')
    expect(res.headers['x-three']).toBeUndefined()
    expect(res.headers['x-seen']).toBe('1:true:false')
  })

  it('a string sent with a JSON type without charset is declared UTF-8 (as Fastify); other types are kept as given', async () => {
    const app = warren()
    app.get('/json', (_request: any, reply: any) => { reply.type('application/json').send('{"a":1}') })
    app.get('/vendor', (_request: any, reply: any) => { reply.header('content-type', 'application/vnd.x+json').send('{}') })
    app.get('/latin', (_request: any, reply: any) => { reply.type('application/json; charset=latin1').send('{}') })
    app.get('/buffer', (_request: any, reply: any) => { reply.type('application/json').send(Buffer.from('{}')) })
    expect((await app.inject('/json')).headers['content-type']).toBe('application/json; charset=utf-8')
    expect((await app.inject('/vendor')).headers['content-type']).toBe('application/vnd.x+json; charset=utf-8')
    expect((await app.inject('/latin')).headers['content-type']).toBe('application/json; charset=latin1')
    expect((await app.inject('/buffer')).headers['content-type']).toBe('application/json')
  })

  it('reply.type sets the content type; reply.send(string) with it', async () => {
    const app = warren()
    app.get('/html', (_request: any, reply: any) => {
      reply.type('text/html').send('<h1>hi</h1>')
    })
    const res = await app.inject('/html')
    expect(res.headers['content-type']).toBe('text/html') // as Fastify v5: no charset added to an explicit type
    expect(res.body).toBe('<h1>hi</h1>')
  })

  it('reply.redirect(url) is a 302, reply.redirect(url, code) uses the code', async () => {
    const app = warren()
    app.get('/old', (_request: any, reply: any) => reply.redirect('/new'))
    app.get('/moved', (_request: any, reply: any) => reply.redirect('/new', 301))
    app.get('/code-first', (_request: any, reply: any) => reply.code(303).redirect('/new'))
    const old = await app.inject('/old')
    expect(old.statusCode).toBe(302)
    expect(old.headers.location).toBe('/new')
    const moved = await app.inject('/moved')
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe('/new')
    expect((await app.inject('/code-first')).statusCode).toBe(303)
  })

  it('an async handler that called reply.send returns reply (or nothing) without a double send', async () => {
    const app = warren()
    app.get('/a', async (_request: any, reply: any) => {
      reply.send({ via: 'send' })
      return reply
    })
    app.get('/b', async (_request: any, reply: any) => {
      setTimeout(() => reply.send({ via: 'later' }), 5)
      return reply
    })
    expect((await app.inject('/a')).json()).toEqual({ via: 'send' })
    expect((await app.inject('/b')).json()).toEqual({ via: 'later' })
  })

  it('reply.sent is true after send; reply.statusCode reads the status', async () => {
    const app = warren()
    const seen: any[] = []
    app.get('/s', (_request: any, reply: any) => {
      seen.push(reply.sent, reply.statusCode)
      reply.code(202)
      seen.push(reply.statusCode)
      reply.send('x')
      seen.push(reply.sent)
    })
    await app.inject('/s')
    expect(seen).toEqual([false, 200, 202, true])
  })

  it('204 responses carry no body', async () => {
    const app = warren()
    app.delete('/x', async (_request: any, reply: any) => reply.code(204).send({ ignored: true }))
    const res = await app.inject({ method: 'DELETE', url: '/x' })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
  })

  it('a Readable stream payload is streamed', async () => {
    const app = warren()
    app.get('/stream', (_request: any, reply: any) => {
      reply.type('text/plain').send(Readable.from(['a', 'b', 'c']))
    })
    const res = await app.inject('/stream')
    expect(res.body).toBe('abc')
    const address = await app.listen({ port: 0 })
    try {
      expect(await (await fetch(`${address}/stream`)).text()).toBe('abc')
    } finally {
      await app.close()
    }
  })

  it('returning a number or boolean from an async handler sends JSON', async () => {
    const app = warren()
    app.get('/n', async () => 42)
    app.get('/b', async () => true)
    const n = await app.inject('/n')
    expect(n.body).toBe('42')
    expect(n.headers['content-type']).toBe('application/json; charset=utf-8')
    expect((await app.inject('/b')).body).toBe('true')
  })

  it('HEAD on a GET route: same headers, no body', async () => {
    const app = warren()
    app.get('/doc', async (_request: any, reply: any) => {
      reply.header('x-doc', 'd')
      return { text: 'hello world' }
    })
    const get = await app.inject('/doc')
    const head = await app.inject({ method: 'HEAD', url: '/doc' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['x-doc']).toBe('d')
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
  })

  it('HEAD over a real socket', async () => {
    const app = warren()
    app.get('/doc', async () => ({ text: 'hello' }))
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(`${address}/doc`, { method: 'HEAD' })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-length')).toBe('16')
      expect(await res.text()).toBe('')
    } finally {
      await app.close()
    }
  })
})

describe('Fastify habits: requests and routing', () => {
  it('request fields: params, query (arrays for repeated keys), headers, body, method, url, id, ip, hostname', async () => {
    const app = warren()
    app.post('/r/:id', async (request: any) => ({
      params: request.params,
      query: request.query,
      header: request.headers['x-h'],
      body: request.body,
      method: request.method,
      url: request.url,
      hasId: typeof request.id === 'string' && request.id.length > 0,
      ip: request.ip,
      hostname: request.hostname,
      hasLog: typeof request.log.info === 'function',
    }))
    const res = await app.inject({ method: 'POST', url: '/r/9?a=1&a=2&b=x', headers: { 'x-h': 'h' }, payload: { p: 1 } })
    expect(res.json()).toEqual({
      params: { id: '9' },
      query: { a: ['1', '2'], b: 'x' },
      header: 'h',
      body: { p: 1 },
      method: 'POST',
      url: '/r/9?a=1&a=2&b=x',
      hasId: true,
      ip: '127.0.0.1',
      hostname: 'localhost',
      hasLog: true,
    })
  })

  it('request.body is undefined for a GET', async () => {
    const app = warren()
    app.get('/g', async (request: any) => ({ isUndefined: request.body === undefined }))
    expect((await app.inject('/g')).json()).toEqual({ isUndefined: true })
  })

  it('request.routeOptions: config, url, method', async () => {
    const app = warren()
    app.get('/cfg/:id', { config: { rateLimit: 5, name: 'cfg' } }, async (request: any) => ({
      config: { rateLimit: request.routeOptions.config.rateLimit, name: request.routeOptions.config.name },
      url: request.routeOptions.url,
      method: request.routeOptions.method,
    }))
    expect((await app.inject('/cfg/1')).json()).toEqual({ config: { rateLimit: 5, name: 'cfg' }, url: '/cfg/:id', method: 'GET' })
  })

  it('route config is readable in hooks (request.routeOptions.config)', async () => {
    const app = warren()
    app.addHook('onRequest', async (request: any, reply: any) => {
      if (request.routeOptions.config.private) return reply.code(403).send({ private: true })
    })
    app.get('/private', { config: { private: true } }, async () => 'secret')
    app.get('/public', async () => 'public')
    expect((await app.inject('/private')).statusCode).toBe(403)
    expect((await app.inject('/public')).body).toBe('public')
  })

  it('trailing slashes and case are significant by default', async () => {
    const app = warren()
    app.get('/foo', async () => 'foo')
    expect((await app.inject('/foo')).body).toBe('foo')
    expect((await app.inject('/foo/')).statusCode).toBe(404)
    expect((await app.inject('/FOO')).statusCode).toBe(404)
  })

  it('ignoreTrailingSlash option', async () => {
    const app = warren({ ignoreTrailingSlash: true } as any)
    app.get('/foo', async () => 'foo')
    expect((await app.inject('/foo/')).body).toBe('foo')
  })

  it('inject: query objects, payload strings, cookies, headers; the chainable form', async () => {
    const app = warren()
    app.post('/i', async (request: any) => ({ query: request.query, body: request.body, cookie: request.headers.cookie }))
    const res = await app.inject({
      method: 'POST',
      url: '/i',
      query: { a: '1', b: ['2', '3'] },
      payload: JSON.stringify({ raw: true }),
      headers: { 'content-type': 'application/json' },
      cookies: { session: 'abc' },
    })
    expect(res.json()).toEqual({ query: { a: '1', b: ['2', '3'] }, body: { raw: true }, cookie: 'session=abc' })
    const chained = await app.inject().post('/i').query({ c: '4' }).body({ x: 1 }).end()
    expect(chained.json()).toEqual({ query: { c: '4' }, body: { x: 1 } })
  })

  it('printRoutes lists the routes', async () => {
    const app = warren()
    app.get('/users', async () => [])
    app.post('/users/:id', async () => ({}))
    await app.ready()
    const tree = app.printRoutes()
    expect(typeof tree).toBe('string')
    expect(tree).toContain('users')
    expect(tree).toContain(':id')
  })

  it('hasRoute', async () => {
    const app = warren()
    app.get('/x/:id', async () => 'x')
    expect(app.hasRoute({ method: 'GET', url: '/x/:id' })).toBe(true)
    expect(app.hasRoute({ method: 'POST', url: '/x/:id' })).toBe(false)
  })

  it('instance decorators with a getter', async () => {
    const app = warren()
    let calls = 0
    app.decorate('now', { getter: () => ++calls })
    app.get('/', async function (this: any) {
      return { a: this.now, b: this.now }
    })
    expect((await app.inject('/')).json()).toEqual({ a: 1, b: 2 })
  })

  it('a plugin sees its prefix and its options; app.prefix', async () => {
    const app = warren()
    let seen: any
    app.register(async (child: any, opts: any) => {
      seen = { prefix: child.prefix, opt: opts.opt }
    }, { prefix: '/v2', opt: 'o' })
    await app.ready()
    expect(seen).toEqual({ prefix: '/v2', opt: 'o' })
  })

  it('register an ES module namespace with a default export plugin', async () => {
    const app = warren()
    const mod = { default: async (instance: any) => { instance.get('/esm', async () => 'esm') } }
    app.register(mod as any)
    expect((await app.inject('/esm')).body).toBe('esm')
  })

  it('register a dynamic import() promise', async () => {
    const app = warren()
    app.register(Promise.resolve({ default: async (instance: any) => { instance.get('/lazy', async () => 'lazy') } }) as any)
    expect((await app.inject('/lazy')).body).toBe('lazy')
  })

  it('plugin options as a function of the parent instance', async () => {
    const app = warren()
    app.decorate('base', 'from-parent')
    let seen: any
    app.register(async (_child: any, opts: any) => {
      seen = opts.value
    }, (parent: any) => ({ value: parent.base }))
    await app.ready()
    expect(seen).toBe('from-parent')
  })

  it('after() between registrations sees decorators of the earlier plugins', async () => {
    const app = warren()
    app.register(plugin(async (i: any) => { i.decorate('first', 1) }))
    app.after(() => {
      app.decorate('second', (app as any).first + 1)
    })
    await app.ready()
    expect((app as any).second).toBe(2)
  })

  it('close(callback) and onClose hooks', async () => {
    const app = warren()
    let closed = false
    app.addHook('onClose', async () => { closed = true })
    await app.listen({ port: 0 })
    await new Promise<void>((resolve) => app.close(() => resolve()))
    expect(closed).toBe(true)
  })

  it('app.server is the Node http server; addresses() lists the bound addresses', async () => {
    const app = warren()
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      expect(typeof app.server.listen).toBe('function')
      const [address] = app.addresses()
      expect(address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' })
      expect(address.port).toBe((app.server.address() as any).port)
    } finally {
      await app.close()
    }
  })

  it('concurrent requests on a socket keep their own request decorators', async () => {
    const app = warren()
    app.decorateRequest('tag', '')
    app.addHook('onRequest', async (request: any) => {
      request.tag = request.query.t
      await new Promise((resolve) => setTimeout(resolve, Number(request.query.d)))
    })
    app.get('/t', async (request: any) => ({ tag: request.tag }))
    const address = await app.listen({ port: 0 })
    try {
      const results = await Promise.all([
        fetch(`${address}/t?t=a&d=30`).then((r) => r.json()),
        fetch(`${address}/t?t=b&d=1`).then((r) => r.json()),
        fetch(`${address}/t?t=c&d=15`).then((r) => r.json()),
      ])
      expect(results).toEqual([{ tag: 'a' }, { tag: 'b' }, { tag: 'c' }])
    } finally {
      await app.close()
    }
  })
})
