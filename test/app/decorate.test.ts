import { describe, expect, it } from 'vitest'
import { codes } from 'warren'
import { warren } from '../helpers.js'

describe('decorators', () => {
  it('decorate adds values and functions to the instance; functions get the instance as this', async () => {
    const app = warren()
    app.decorate('config', { port: 1 })
    app.decorate('greet', function (this: any, name: string) { return `hi ${name} from ${this.config.port}` })
    expect(app.config).toEqual({ port: 1 })
    expect(app.greet('ann')).toBe('hi ann from 1')
    expect(app.hasDecorator('greet')).toBe(true)
    expect(app.hasDecorator('nothing')).toBe(false)
  })

  it('decorate returns the instance for chaining', () => {
    const app = warren()
    expect(app.decorate('a', 1).decorateRequest('b', 2).decorateReply('c', 3)).toBe(app)
  })

  it('decorate accepts a { getter, setter }', async () => {
    const app = warren()
    let stored = 1
    app.decorate('counter', { getter: () => stored, setter: (v: number) => { stored = v } })
    expect(app.counter).toBe(1)
    app.counter = 5
    expect(stored).toBe(5)
  })

  it('decorateRequest / decorateReply: values copied to each request, functions and getters on the prototype', async () => {
    const app = warren()
    app.decorateRequest('user', null)
    app.decorateRequest('shout', function (this: any) { return String(this.query.word).toUpperCase() })
    app.decorateRequest('path', { getter(this: any) { return this.url.split('?')[0] } })
    app.decorateReply('ok', function (this: any, payload: unknown) { return this.code(200).send({ ok: payload }) })
    app.decorateReply('count', 0)
    app.addHook('preHandler', async (req: any, reply: any) => {
      req.user = req.query.word
      reply.count++
    })
    app.get('/', async (req: any, reply: any) => reply.ok({ user: req.user, shout: req.shout(), path: req.path, count: reply.count }))
    expect((await app.inject('/?word=hey')).json()).toEqual({ ok: { user: 'hey', shout: 'HEY', path: '/', count: 1 } })
    // a second request starts from the declared values again
    expect((await app.inject('/?word=yo')).json()).toEqual({ ok: { user: 'yo', shout: 'YO', path: '/', count: 1 } })
    expect(app.hasRequestDecorator('user')).toBe(true)
    expect(app.hasReplyDecorator('ok')).toBe(true)
    expect(app.hasReplyDecorator('nope')).toBe(false)
  })

  it('every declared value reaches each request and reply, however many there are, across nested contexts', async () => {
    const app = warren()
    for (const name of ['a', 'b', 'c']) app.decorateRequest(name, name)
    app.decorateReply('r1', 1)
    app.register(async (child: any) => {
      for (const name of ['d', 'e', 'f', 'g']) child.decorateRequest(name, name)
      for (const n of [2, 3, 4, 5, 6]) child.decorateReply('r' + n, n)
      child.get('/child', async (req: any, reply: any) => {
        const values = [req.a, req.b, req.c, req.d, req.e, req.f, req.g, reply.r1, reply.r2, reply.r3, reply.r4, reply.r5, reply.r6]
        req.g = 'changed'
        return { values, own: Object.keys(req).filter((key) => key.length === 1) }
      })
    })
    app.get('/root', async (req: any, reply: any) => ({ values: [req.a, req.b, req.c, req.d, reply.r1, reply.r2] }))
    const expected = { values: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 1, 2, 3, 4, 5, 6], own: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }
    expect((await app.inject('/child')).json()).toEqual(expected)
    // the change of the first request is not seen by the next
    expect((await app.inject('/child')).json()).toEqual(expected)
    // the parent's requests have only the parent's decorators
    expect((await app.inject('/root')).json()).toEqual({ values: ['a', 'b', 'c', null, 1, null] })
  })

  it('SVC_ERR_DEC_ALREADY_PRESENT for a name already present (own or built in)', async () => {
    const app = warren()
    app.decorate('db', 1)
    expect(() => app.decorate('db', 2)).toThrow(codes.SVC_ERR_DEC_ALREADY_PRESENT)
    expect(() => app.decorate('get', 2)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_ALREADY_PRESENT' }))
    app.decorateRequest('user', null)
    expect(() => app.decorateRequest('user', null)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_ALREADY_PRESENT', message: "The decorator 'user' has already been added!" }))
    expect(() => app.decorateRequest('body', null)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_ALREADY_PRESENT' }))
    expect(() => app.decorateReply('send', () => {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_ALREADY_PRESENT' }))
    let childError: any
    app.register(async (child: any) => {
      child.decorate('own', 1)
      try { child.decorate('own', 2) } catch (e) { childError = e }
    })
    await app.ready()
    expect(childError?.code).toBe('SVC_ERR_DEC_ALREADY_PRESENT')
  })

  it("a child may shadow an ancestor's instance decorator, in its own context only (as Fastify)", async () => {
    const app = warren()
    app.decorate('db', 'root db')
    let seenInChild: unknown
    app.register(async (child: any) => {
      child.decorate('db', 'child db')
      seenInChild = child.db
    })
    await app.ready()
    expect(seenInChild).toBe('child db')
    expect(app.db).toBe('root db')
  })

  it('siblings may declare the same decorator name independently', async () => {
    const app = warren()
    app.register(async (a: any) => { a.decorateRequest('who', 'a'); a.get('/a', async (req: any) => req.who) })
    app.register(async (b: any) => { b.decorateRequest('who', 'b'); b.get('/b', async (req: any) => req.who) })
    expect((await app.inject('/a')).body).toBe('a')
    expect((await app.inject('/b')).body).toBe('b')
  })

  it('SVC_ERR_DEC_REFERENCE_TYPE for an object or array on request or reply', () => {
    const app = warren()
    expect(() => app.decorateRequest('session', {})).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_REFERENCE_TYPE' }))
    expect(() => app.decorateReply('list', [])).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_REFERENCE_TYPE' }))
    // null and primitives are fine, and instance decorators may be objects
    expect(() => app.decorateRequest('session', null)).not.toThrow()
    expect(() => app.decorate('shared', {})).not.toThrow()
  })

  it('SVC_ERR_DEC_AFTER_START when decorating after the server started', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.decorate('late', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_AFTER_START' }))
    expect(() => app.decorateRequest('late', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_AFTER_START' }))
    expect(() => app.decorateReply('late', 1)).toThrow(codes.SVC_ERR_DEC_AFTER_START)
  })

  it('SVC_ERR_DEC_MISSING_DEPENDENCY for a missing decorator dependency', () => {
    const app = warren()
    expect(() => app.decorate('users', {}, ['db'])).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_MISSING_DEPENDENCY', message: "The decorator is missing dependency 'db'." }))
    expect(() => app.decorateRequest('user', null, ['session'])).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_MISSING_DEPENDENCY' }))
    expect(() => app.decorateReply('render', () => {}, ['view'])).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_MISSING_DEPENDENCY' }))
    app.decorate('db', {})
    expect(() => app.decorate('users', {}, ['db'])).not.toThrow()
    app.decorateRequest('session', null)
    expect(() => app.decorateRequest('user', null, ['session'])).not.toThrow()
  })

  it('symbols work as decorator names', async () => {
    const app = warren()
    const key = Symbol('key')
    app.decorate(key, 'sym')
    app.decorateRequest(key, 'req-sym')
    expect(app[key]).toBe('sym')
    expect(app.hasRequestDecorator(key)).toBe(true)
    app.get('/', async (req: any) => req[key])
    expect((await app.inject('/')).body).toBe('req-sym')
  })
})

describe('getDecorator, setDecorator and shadowing', () => {
  it('getDecorator reads instance, request and reply decorators; functions come bound, getters are read once', async () => {
    const app = warren()
    let reads = 0
    app.decorate('answer', 42)
    app.decorate('self', function (this: unknown) {
      return this
    })
    app.decorate('counted', { getter: () => ++reads })
    app.decorateRequest('who', function (this: any) {
      return this.id
    })
    app.decorateReply('tag', 'reply-tag')
    expect(app.getDecorator('answer')).toBe(42)
    expect(app.getDecorator('self')()).toBe(app)
    expect(app.getDecorator('counted')).toBe(1)
    expect(reads).toBe(1)
    app.get('/', async (request: any, reply: any) => ({ who: request.getDecorator('who')() === request.id, tag: reply.getDecorator('tag') }))
    expect((await app.inject('/')).json()).toEqual({ who: true, tag: 'reply-tag' })
  })

  it('an undeclared name throws SVC_ERR_DEC_UNDECLARED naming where it was looked for', async () => {
    const app = warren()
    app.register(async (child: any) => child.decorate('onlyInChild', true))
    app.get('/', async (request: any, reply: any) => {
      const messages = []
      for (const [target] of [[request], [reply]]) {
        try {
          target.getDecorator('nope')
        } catch (error: any) {
          messages.push(`${error.code}: ${error.message}`)
        }
      }
      return messages
    })
    await app.ready()
    expect(() => app.getDecorator('onlyInChild')).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_UNDECLARED', message: "No decorator 'onlyInChild' has been declared on instance." }))
    expect((await app.inject('/')).json()).toEqual([
      "SVC_ERR_DEC_UNDECLARED: No decorator 'nope' has been declared on request.",
      "SVC_ERR_DEC_UNDECLARED: No decorator 'nope' has been declared on reply.",
    ])
  })

  it('request.setDecorator replaces a declared decorator on that request only', async () => {
    const app = warren()
    app.decorateRequest('session', null)
    app.addHook('onRequest', async (request: any) => {
      request.setDecorator('session', { user: request.headers['x-user'] })
      expect(() => request.setDecorator('undeclared', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_UNDECLARED' }))
    })
    app.get('/', async (request: any) => request.getDecorator('session'))
    expect((await app.inject({ url: '/', headers: { 'x-user': 'ada' } })).json()).toEqual({ user: 'ada' })
    expect((await app.inject({ url: '/', headers: { 'x-user': 'bob' } })).json()).toEqual({ user: 'bob' })
  })

  it("a child context may shadow an ancestor's function decorators of requests and replies, not a value one (a plugin registered twice would lose its second options)", async () => {
    const app = warren()
    app.decorateRequest('flavour', 'root')
    app.decorateReply('describe', function () {
      return 'root reply'
    })
    app.get('/root', async (request: any, reply: any) => [request.flavour, reply.describe()])
    let valueError: any
    let ownError: any
    app.register(async (child: any) => {
      try {
        child.decorateRequest('flavour', 'child')
      } catch (error) {
        valueError = error
      }
      child.decorateReply('describe', function () {
        return 'child reply'
      })
      try {
        child.decorateReply('describe', () => 'again')
      } catch (error) {
        ownError = error
      }
      child.get('/child', async (request: any, reply: any) => [request.flavour, reply.describe()])
    })
    expect((await app.inject('/root')).json()).toEqual(['root', 'root reply'])
    expect((await app.inject('/child')).json()).toEqual(['root', 'child reply'])
    expect([valueError?.code, ownError?.code]).toEqual(['SVC_ERR_DEC_ALREADY_PRESENT', 'SVC_ERR_DEC_ALREADY_PRESENT'])
  })

  it('dependencies must be an array, and reference-type values are refused for requests and replies', () => {
    const app = warren()
    expect(() => app.decorate('x', 1, 'db')).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_DEPENDENCY_INVALID_TYPE', message: "The dependencies of decorator 'x' must be of type Array." }))
    expect(() => app.decorateRequest('list', [])).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_REFERENCE_TYPE', message: "The decorator 'list' of type 'object' is a reference type. Use the { getter, setter } interface instead." }))
  })
})
