import { describe, expect, it } from 'vitest'
import warren, { plugin } from 'warren'

describe('2.2 decorators', () => {
  it('2.2 decorateRequest: visible where declared and in all descendants', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.decorateRequest('user', 'anonymous')
      child.get('/child', async (request: any) => ({ user: request.user }))
      child.register(async (grandchild: any) => {
        grandchild.get('/grandchild', async (request: any) => ({ user: request.user }))
      })
    })
    expect((await app.inject('/child')).json()).toEqual({ user: 'anonymous' })
    expect((await app.inject('/grandchild')).json()).toEqual({ user: 'anonymous' })
  })

  it('2.2 a request decorator that is not visible in a context reads as undefined there', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.decorateRequest('secret', 's')
    })
    app.get('/root', async (request: any) => ({ isUndefined: request.secret === undefined, inRequest: 'secret' in request }))
    app.register(async (sibling: any) => {
      sibling.get('/sibling', async (request: any) => ({ isUndefined: request.secret === undefined, inRequest: 'secret' in request }))
    })
    expect((await app.inject('/root')).json()).toEqual({ isUndefined: true, inRequest: false })
    expect((await app.inject('/sibling')).json()).toEqual({ isUndefined: true, inRequest: false })
  })

  it('2.2 decorate: adds a property to the server instance with the same visibility rule', async () => {
    // the checks inside the plugins count too: a plugin that never ran must fail the test
    expect.assertions(6)
    const app = warren()
    app.decorate('rootConf', { level: 'root' })
    app.register(async (child: any) => {
      child.decorate('childConf', { level: 'child' })
      expect(child.rootConf).toEqual({ level: 'root' })
      expect(child.hasDecorator('rootConf')).toBe(true)
      child.register(async (grandchild: any) => {
        expect(grandchild.childConf).toEqual({ level: 'child' })
      })
    })
    await app.ready()
    expect((app as any).rootConf).toEqual({ level: 'root' })
    expect((app as any).childConf).toBeUndefined()
    expect(app.hasDecorator('childConf')).toBe(false)
  })

  it('2.2 decorating the same name twice in one context throws', () => {
    const app = warren()
    app.decorate('dup', 1)
    expect(() => app.decorate('dup', 2)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_ALREADY_PRESENT' }))
    app.decorateRequest('dupReq', null)
    expect(() => app.decorateRequest('dupReq', null)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_ALREADY_PRESENT' }))
  })

  it('2.2 a function decorator is called with this bound to the instance or request', async () => {
    const app = warren()
    app.decorate('greeting', 'hi')
    app.decorate('greet', function (this: any, name: string) {
      return `${this.greeting} ${name}`
    })
    app.decorateRequest('describe', function (this: any) {
      return `${this.method} ${this.url}`
    })
    app.get('/x', async (request: any) => ({ text: (app as any).greet('ann'), describe: request.describe() }))
    expect((await app.inject('/x?q=1')).json()).toEqual({ text: 'hi ann', describe: 'GET /x?q=1' })
  })

  it('2.2 a request decorator starting as null is set per request in a hook, without leaking between requests', async () => {
    const app = warren()
    app.decorateRequest('user', null)
    app.addHook('preHandler', async (request: any) => {
      if (request.headers['x-user']) request.user = { name: request.headers['x-user'] }
    })
    app.get('/me', async (request: any) => ({ user: request.user }))
    expect((await app.inject({ url: '/me', headers: { 'x-user': 'ann' } })).json()).toEqual({ user: { name: 'ann' } })
    expect((await app.inject('/me')).json()).toEqual({ user: null })
  })

  it('2.2 a request decorator with a reference type (object) is refused: use a getter or a hook', () => {
    const app = warren()
    expect(() => app.decorateRequest('shared', { mutable: true })).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_REFERENCE_TYPE' }))
  })

  it('2.2 a request decorator given as { getter } computes per request', async () => {
    const app = warren()
    app.decorateRequest('upperUrl', { getter(this: any) { return this.url.toUpperCase() } })
    app.get('/abc', async (request: any) => ({ up: request.upperUrl }))
    expect((await app.inject('/abc')).json()).toEqual({ up: '/ABC' })
  })

  it('2.2 decorateReply follows the same visibility', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.decorateReply('teapot', function (this: any) {
        return this.code(418).send({ teapot: true })
      })
      child.get('/tea', async (_request: any, reply: any) => reply.teapot())
    })
    app.get('/root', async (_request: any, reply: any) => ({ has: typeof reply.teapot }))
    const tea = await app.inject('/tea')
    expect(tea.statusCode).toBe(418)
    expect(tea.json()).toEqual({ teapot: true })
    expect((await app.inject('/root')).json()).toEqual({ has: 'undefined' })
  })

  it('2.2 decorators declared by a plugin() wrapped plugin are visible in the registering context', async () => {
    const app = warren()
    app.register(plugin(async (instance: any) => {
      instance.decorate('db', { find: () => 'found' })
      instance.decorateRequest('tenant', 'acme')
    }))
    app.get('/', async function (this: any, request: any) {
      return { found: this.db.find(), tenant: request.tenant }
    })
    expect((await app.inject('/')).json()).toEqual({ found: 'found', tenant: 'acme' })
  })

  it('2.2 decorating after the application started throws', async () => {
    const app = warren()
    await app.ready()
    expect(() => app.decorate('late', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_AFTER_START' }))
    expect(() => app.decorateRequest('lateReq', 1)).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_AFTER_START' }))
  })

  it('2.2 decorator dependencies: a missing dependency throws', () => {
    const app = warren()
    expect(() => app.decorate('needsOther', 1, ['other'])).toThrow(expect.objectContaining({ code: 'SVC_ERR_DEC_MISSING_DEPENDENCY' }))
    app.decorate('other', 1)
    expect(() => app.decorate('needsOther', 1, ['other'])).not.toThrow()
  })
})
