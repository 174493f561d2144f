import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { codes, createError, plugin, WarrenError } from 'warren'
import { captureLogs as capture, warren } from '../helpers.js'

describe('default error handler', () => {
  it('a thrown error gives { statusCode, error, message } with 500 (no code: it has none)', async () => {
    const app = warren()
    app.get('/', async () => { throw new Error('kaboom') })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'kaboom' })
  })

  it('a sync handler throwing is handled the same way', async () => {
    const app = warren()
    app.get('/', () => { throw Object.assign(new Error('sync'), { code: 'E_SYNC' }) })
    expect((await app.inject('/')).json()).toEqual({ statusCode: 500, code: 'E_SYNC', error: 'Internal Server Error', message: 'sync' })
  })

  it('an error statusCode (or status) is honoured when it is 4xx/5xx, otherwise 500', async () => {
    const app = warren()
    app.get('/:status', async (req: any) => {
      throw Object.assign(new Error('custom'), { statusCode: Number(req.params.status) })
    })
    app.get('/status-prop', async () => { throw Object.assign(new Error('via status'), { status: 409 }) })
    for (const [given, expected] of [[400, 400], [404, 404], [418, 418], [503, 503], [599, 599], [200, 500], [302, 500], [600, 500], [99, 500]]) {
      const res = await app.inject(`/${given}`)
      expect(res.statusCode, `statusCode ${given}`).toBe(expected)
      expect(res.json().statusCode).toBe(expected)
    }
    expect((await app.inject('/status-prop')).statusCode).toBe(409)
  })

  it('a reply status of 4xx/5xx set before the throw wins', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => {
      reply.code(422)
      throw new Error('unprocessable')
    })
    expect((await app.inject('/')).statusCode).toBe(422)
  })

  it('a thrown non-Error value is the answer: sent as a payload with the status it carries, and logged', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/string', async () => { throw 'just a string' })
    app.get('/undefined', async () => { throw undefined })
    app.get('/null', () => { throw null })
    app.get('/false', () => { throw false })
    app.get('/symbol', () => { throw Symbol('s') })
    app.get('/object', async () => { throw { message: 'object-ish', statusCode: 400 } })
    app.get('/kept', async (_req: any, reply: any) => {
      reply.code(501)
      throw { foo: 'bar' }
    })
    const res = await app.inject('/string')
    expect(res.statusCode).toBe(500)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe('just a string')
    expect(lines.some((l) => l.level === 50 && l.err === 'just a string')).toBe(true)
    const empty = await app.inject('/undefined')
    expect([empty.statusCode, empty.body]).toEqual([500, ''])
    for (const [url, body] of [['/null', 'null'], ['/false', 'false'], ['/symbol', '']]) {
      const answer = await app.inject(url)
      expect([answer.statusCode, answer.headers['content-type'], answer.body], url).toEqual([500, 'application/json; charset=utf-8', body])
    }
    const object = await app.inject('/object')
    expect([object.statusCode, object.json()]).toEqual([400, { message: 'object-ish', statusCode: 400 }])
    // a client error, as with an Error: logged at info, not error
    expect(lines.some((l) => l.level === 30 && l.err?.message === 'object-ish')).toBe(true)
    expect(lines.some((l) => l.level === 50 && l.err?.message === 'object-ish')).toBe(false)
    const kept = await app.inject('/kept')
    expect([kept.statusCode, kept.json()]).toEqual([501, { foo: 'bar' }])
  })

  it('error handlers and onError hooks receive the non-Error value as it was thrown', async () => {
    const app = warren()
    const seen: unknown[] = []
    app.addHook('onError', async (_req: any, _reply: any, error: unknown) => { seen.push(error) })
    app.setErrorHandler((error: unknown, _req: any, reply: any) => {
      seen.push(error)
      reply.code(503).send({ handled: String(error) })
    })
    app.get('/', () => Promise.reject('raw'))
    const res = await app.inject('/')
    expect([res.statusCode, res.json()]).toEqual([503, { handled: 'raw' }])
    expect(seen).toEqual(['raw', 'raw'])
  })

  it('with exposeServerErrors: false a thrown non-Error 5xx is hidden behind the standard body', async () => {
    const app = warren({ exposeServerErrors: false })
    app.get('/', () => { throw 'db password is hunter2' })
    app.get('/client', () => { throw { statusCode: 409, reason: 'taken' } })
    const res = await app.inject('/')
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' })
    expect((await app.inject('/client')).json()).toEqual({ statusCode: 409, reason: 'taken' })
  })

  it('5xx errors are logged at error level, 4xx at info', async () => {
    const { lines, stream } = capture()
    const app = warren({ logger: { stream } })
    app.get('/500', async () => { throw new Error('server side') })
    app.get('/400', async () => { throw Object.assign(new Error('client side'), { statusCode: 400 }) })
    await app.inject('/500')
    await app.inject('/400')
    expect(lines.find((l) => l.msg === 'server side')?.level).toBe(50)
    expect(lines.find((l) => l.msg === 'client side')?.level).toBe(30)
  })

  it('error.headers are sent with the error response', async () => {
    const app = warren()
    app.get('/', async () => { throw Object.assign(new Error('slow down'), { statusCode: 429, headers: { 'retry-after': '10' } }) })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('10')
  })

  it('WarrenError carries code and statusCode; codes are constructible', () => {
    const error = new codes.SVC_ERR_NOT_FOUND('GET', '/x')
    expect(error).toBeInstanceOf(WarrenError)
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe('SVC_ERR_NOT_FOUND')
    expect(error.statusCode).toBe(404)
    expect(error.message).toBe('Route GET:/x not found')
    expect(codes.SVC_ERR_NOT_FOUND.code).toBe('SVC_ERR_NOT_FOUND')
  })
})

describe('what an error body writes', () => {
  it('a numeric code and a message that is a number or a boolean, as text', async () => {
    const app = warren()
    app.post('/users', async () => {
      throw Object.assign(new Error('E11000 duplicate key error'), { code: 11000, statusCode: 409 })
    })
    app.get('/legacy', async () => {
      throw Object.assign(new Error(), { statusCode: 400, message: 42 })
    })
    expect((await app.inject({ method: 'POST', url: '/users' })).json()).toEqual({ statusCode: 409, code: '11000', error: 'Conflict', message: 'E11000 duplicate key error' })
    const legacy = await app.inject('/legacy')
    expect(legacy.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: '42' })
  })

  it('the last-resort answer describes a thrown value that is not an Error in the format\'s shape', async () => {
    for (const [thrown, message] of [['upstream said no', 'upstream said no'], [7, '7'], [{ reason: 'x' }, '']] as const) {
      const app = warren()
      // fails on every answer, the error answer included
      app.addHook('onSend', () => {
        throw thrown
      })
      app.get('/', async () => ({ ok: true }))
      const res = await app.inject('/')
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message })
    }
  })
})

describe('createError', () => {
  const OutOfStock = createError('APP_ERR_OUT_OF_STOCK', "Item '%s' is out of stock", 409)

  it('defines a coded error class: code, status, a message from its template, with or without new', () => {
    const error = new OutOfStock('sku-1')
    expect(error).toBeInstanceOf(OutOfStock)
    expect(error).toBeInstanceOf(WarrenError)
    expect(error).toMatchObject({ code: 'APP_ERR_OUT_OF_STOCK', statusCode: 409, message: "Item 'sku-1' is out of stock" })
    expect(OutOfStock('sku-2').message).toBe("Item 'sku-2' is out of stock")
    expect(OutOfStock.code).toBe('APP_ERR_OUT_OF_STOCK')
    expect(OutOfStock.statusCode).toBe(409)
  })

  it('its errors answer with their status and code, in every error format', async () => {
    for (const [errorFormat, body] of [
      ['fastify', { statusCode: 409, code: 'APP_ERR_OUT_OF_STOCK', error: 'Conflict', message: "Item 'sku-1' is out of stock" }],
      ['problem', { type: 'about:blank', title: 'Conflict', status: 409, detail: "Item 'sku-1' is out of stock", instance: '/orders', code: 'APP_ERR_OUT_OF_STOCK' }],
    ] as const) {
      const app = warren({ errorFormat })
      app.post('/orders', async () => {
        throw new OutOfStock('sku-1')
      })
      const res = await app.inject({ method: 'POST', url: '/orders' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toStrictEqual(body)
    }
  })

  it('takes a last { cause } as the error\'s cause, never into the message the client reads', async () => {
    const InvalidNote = createError('APP_ERR_INVALID_NOTE', "Note '%s' is invalid", 422)
    const root = new SyntaxError('Unexpected token o in JSON')
    const error = new InvalidNote('n1', { cause: root })
    expect(error.message).toBe("Note 'n1' is invalid")
    expect(error.cause).toBe(root)
    expect(InvalidNote({ cause: root }).message).toBe('Note is invalid')
    const app = warren()
    app.post('/notes', async () => {
      throw new InvalidNote('n1', { cause: root })
    })
    const res = await app.inject({ method: 'POST', url: '/notes' })
    expect(res.json()).toEqual({ statusCode: 422, code: 'APP_ERR_INVALID_NOTE', error: 'Unprocessable Entity', message: "Note 'n1' is invalid" })
    // warren's own codes take one as well
    expect(new codes.SVC_ERR_NOT_FOUND('GET', '/x', { cause: root }).cause).toBe(root)
  })

  it('makes its errors instances of a base class given (a TypeError), and of WarrenError still', () => {
    const BadInput = createError('APP_ERR_BAD_INPUT', 'bad %s', 400, TypeError)
    const error = new BadInput('limit')
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toBeInstanceOf(WarrenError)
    expect(error).toBeInstanceOf(BadInput)
    expect(error).toMatchObject({ code: 'APP_ERR_BAD_INPUT', statusCode: 400, message: 'bad limit' })
    expect(() => createError('APP_ERR_X', 'x', 400, Object as unknown as ErrorConstructor)).toThrow(/base must be Error or a class extending it/)
  })

  it('refuses a missing code, a message that is not a string and a status that is not an error status', () => {
    expect(() => createError('', 'x')).toThrow(/code must be a non-empty string/)
    expect(() => createError('APP_ERR_X', 42 as unknown as string)).toThrow(/message must be a string/)
    expect(() => createError('APP_ERR_X', 'x', 200)).toThrow(/4xx or 5xx code, got 200/)
    expect(() => createError('APP_ERR_X', 'x', 4.5)).toThrow(/4xx or 5xx code/)
    expect(createError('APP_ERR_X', 'x').statusCode).toBe(500)
  })
})

describe('setErrorHandler', () => {
  it('a custom handler answers with what it sends or returns', async () => {
    const app = warren()
    app.setErrorHandler(async (error: any, request: any, reply: any) => {
      reply.code(400)
      return { custom: error.message, url: request.url }
    })
    app.get('/', async () => { throw new Error('nope') })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ custom: 'nope', url: '/' })
  })

  it('a callback-style handler with reply.send works too, and this is the instance', async () => {
    const app = warren()
    app.decorate('tag', 'root')
    app.setErrorHandler(function (this: any, error: any, _req: any, reply: any) {
      reply.code(503).send({ tag: this.tag, message: error.message })
    })
    app.get('/', async () => { throw new Error('down') })
    expect((await app.inject('/')).json()).toEqual({ tag: 'root', message: 'down' })
  })

  it('an async handler that resolves without sending answers with an empty body (as a route handler does), not a hung request', async () => {
    const app = warren()
    app.setErrorHandler(async (_error: any, _req: any, reply: any) => {
      reply.code(418).header('x-handled', 'yes')
    })
    app.get('/', async () => { throw new Error('nope') })
    await app.listen({ port: 0 })
    try {
      const res = await fetch(`http://127.0.0.1:${app.server.address().port}/`, { signal: AbortSignal.timeout(2000) })
      expect(res.status).toBe(418)
      expect(res.headers.get('x-handled')).toBe('yes')
      expect(res.headers.get('content-length')).toBe('0')
      expect(await res.text()).toBe('')
    } finally {
      await app.close()
    }
  })

  it('per context: a child uses its own handler; siblings and parent keep theirs', async () => {
    const app = warren()
    app.setErrorHandler(async (error: any, _req: any, reply: any) => reply.code(500).send({ by: 'root', message: error.message }))
    app.register(async (child: any) => {
      child.setErrorHandler(async (error: any, _req: any, reply: any) => reply.code(400).send({ by: 'child', message: error.message }))
      child.get('/child', async () => { throw new Error('c') })
    })
    app.register(async (sibling: any) => sibling.get('/sibling', async () => { throw new Error('s') }))
    app.get('/root', async () => { throw new Error('r') })
    expect((await app.inject('/child')).json()).toEqual({ by: 'child', message: 'c' })
    expect((await app.inject('/sibling')).json()).toEqual({ by: 'root', message: 's' })
    expect((await app.inject('/root')).json()).toEqual({ by: 'root', message: 'r' })
  })

  it('an error thrown in a grandchild without its own handler goes to the nearest ancestor', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.setErrorHandler(async (error: any, _req: any, reply: any) => reply.code(409).send({ by: 'child' }))
      child.register(async (grandchild: any) => grandchild.get('/deep', async () => { throw new Error('deep') }))
    })
    const res = await app.inject('/deep')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ by: 'child' })
  })

  it('a plugin()-wrapped setErrorHandler sets the parent handler', async () => {
    const app = warren()
    app.register(plugin(async (shared: any) => {
      shared.setErrorHandler(async (_e: any, _r: any, reply: any) => reply.code(418).send('shared handler'))
    }))
    app.get('/', async () => { throw new Error('x') })
    expect((await app.inject('/')).statusCode).toBe(418)
  })

  it('a route answers with the error handler and reply serializer its context had once the stage it was declared in loaded', async () => {
    const app = warren()
    const boom = async () => { throw Object.assign(new Error('boom'), { statusCode: 429 }) }
    // loaded (awaited) before the handler is set: it keeps the one in force then
    await app.register(async (child: any) => { child.get('/loaded-before', boom) })
    app.get('/stage-before', boom)
    app.get('/plain-before', async () => ({ a: 1 }))
    await app.after()
    app.setErrorHandler((error: any, _request: any, reply: any) => reply.code(error.statusCode).send({ custom: error.message }))
    app.setReplySerializer((payload: unknown) => `serialized ${JSON.stringify(payload)}`)
    // declared in the same stage as the call, before or after it: the stage's handler answers
    app.get('/same-stage', boom)
    app.get('/plain-after', async () => ({ a: 1 }))
    const bodies: Record<string, string> = {}
    for (const url of ['/loaded-before', '/stage-before', '/same-stage', '/plain-before', '/plain-after']) bodies[url] = (await app.inject(url)).body
    expect(JSON.parse(bodies['/loaded-before'])).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'boom' })
    expect(JSON.parse(bodies['/stage-before'])).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'boom' })
    expect(bodies['/same-stage']).toBe('serialized {"custom":"boom"}')
    expect(bodies['/plain-before']).toBe('{"a":1}')
    expect(bodies['/plain-after']).toBe('serialized {"a":1}')
  })

  it('an error handler that throws hands its error to the parent handler', async () => {
    const app = warren()
    app.setErrorHandler(async (error: any, _req: any, reply: any) => reply.code(502).send({ by: 'root', message: error.message }))
    app.register(async (child: any) => {
      child.setErrorHandler(async (error: any) => { throw new Error(`child failed on ${error.message}`) })
      child.get('/', async () => { throw new Error('original') })
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({ by: 'root', message: 'child failed on original' })
  })

  it('a root error handler that throws falls back to the default handler', async () => {
    for (const handler of [
      async () => { throw Object.assign(new Error('handler broke'), { statusCode: 503 }) },
      () => { throw Object.assign(new Error('handler broke'), { statusCode: 503 }) },
      (_e: any, _r: any, reply: any) => { reply.send(Object.assign(new Error('handler broke'), { statusCode: 503 })) },
    ]) {
      const app = warren()
      app.setErrorHandler(handler)
      app.get('/', async () => { throw new Error('first') })
      app.get('/ok', async () => 'still serving')
      const res = await app.inject('/')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'handler broke' })
      expect((await app.inject('/ok')).body).toBe('still serving')
    }
  })

  it('an error handler may rethrow to let the parent decide', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.setErrorHandler(async (error: any, _req: any, reply: any) => {
        if (error.statusCode === 400) return reply.code(400).send({ handled: true })
        throw error
      })
      child.get('/:code', async (req: any) => { throw Object.assign(new Error('e'), { statusCode: Number(req.params.code) }) })
    })
    expect((await app.inject('/400')).json()).toEqual({ handled: true })
    expect((await app.inject('/404')).json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'e' })
  })

  it('a route-level errorHandler takes precedence over the context one', async () => {
    const app = warren()
    app.setErrorHandler(async (_e: any, _r: any, reply: any) => reply.code(500).send('context'))
    app.get('/', { errorHandler: async (_e: any, _r: any, reply: any) => reply.code(400).send('route') }, async () => { throw new Error('x') })
    expect((await app.inject('/')).body).toBe('route')
  })

  it('the content type a failed stream was sent with is not the error answer\'s: an object goes out as JSON', async () => {
    const app = warren()
    app.get('/', async (_req: any, reply: any) => {
      const stream = new Readable({ read() { this.push('partial') } })
      process.nextTick(() => stream.destroy(new Error('stream broke')))
      reply.type('application/text')
      await reply.send(stream)
    })
    app.setErrorHandler((error: Error, _req: any, reply: any) => { reply.code(400).send({ error: error.message }) })
    const origin = await app.listen({ port: 0 })
    try {
      const res = await fetch(origin)
      expect([res.status, res.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8'])
      expect(await res.json()).toEqual({ error: 'stream broke' })
    } finally {
      await app.close()
    }
  })

  it('errors thrown in hooks of the error reply (onSend) do not loop forever', async () => {
    const app = warren()
    app.addHook('onSend', async () => { throw new Error('onSend always fails') })
    app.get('/', async () => 'x')
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('onSend always fails')
  })

  it('setErrorHandler rejects a non-function', () => {
    const app = warren()
    expect(() => app.setErrorHandler('x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_ERROR_HANDLER_NOT_FN' }))
  })

  it('a second setErrorHandler in a context replaces the first; allowErrorHandlerOverride: false refuses it', async () => {
    const open = warren()
    open.setErrorHandler((_e: any, _r: any, reply: any) => reply.code(501).send('first'))
    open.setErrorHandler((_e: any, _r: any, reply: any) => reply.code(502).send('second'))
    open.get('/', async () => { throw new Error('x') })
    expect((await open.inject('/')).body).toBe('second')

    const strict = warren({ allowErrorHandlerOverride: false })
    // the root's default handler is not a handler the context set: one may be set once
    strict.setErrorHandler((_e: any, _r: any, reply: any) => reply.code(501).send('root'))
    expect(() => strict.setErrorHandler(() => {})).toThrow(codes.SVC_ERR_ERROR_HANDLER_ALREADY_SET)
    let childThrew: unknown
    strict.register(async (child: any) => {
      // a child may set its own once, though its parent set one
      child.setErrorHandler((_e: any, _r: any, reply: any) => reply.code(503).send('child'))
      try {
        child.setErrorHandler(() => {})
      } catch (error) {
        childThrew = error
      }
      child.get('/child', async () => { throw new Error('x') })
    })
    strict.get('/', async () => { throw new Error('x') })
    expect((await strict.inject('/child')).body).toBe('child')
    expect((await strict.inject('/')).body).toBe('root')
    expect(childThrew).toBeInstanceOf(codes.SVC_ERR_ERROR_HANDLER_ALREADY_SET)
    expect(() => warren({ allowErrorHandlerOverride: 'no' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID' }))
  })

  it('app.errorHandler is the context handler, callable to delegate to the default', async () => {
    const app = warren()
    const fallback = app.errorHandler
    app.setErrorHandler(function (this: any, error: any, request: any, reply: any) {
      reply.header('x-wrapped', '1')
      fallback(error, request, reply)
    })
    app.get('/', async () => { throw Object.assign(new Error('x'), { statusCode: 418 }) })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(418)
    expect(res.headers['x-wrapped']).toBe('1')
  })
})
