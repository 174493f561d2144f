import { describe, expect, it } from 'vitest'
import warren, { plugin, Type } from 'warren'

describe('smoke', () => {
  it('serves a route through inject', async () => {
    const app = warren()
    app.get('/', async () => ({ hello: 'world' }))
    const res = await app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ hello: 'world' })
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-length']).toBe('17')
  })

  it('404s unknown routes', async () => {
    const app = warren()
    const res = await app.inject({ method: 'GET', url: '/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET:/nope not found' })
  })

  it('validates bodies and serializes responses', async () => {
    const app = warren()
    app.post('/users', {
      schema: {
        body: Type.Object({ name: Type.String(), age: Type.Integer() }),
        response: { 201: Type.Object({ id: Type.Integer(), name: Type.String() }) },
      },
    }, async (request, reply) => {
      const user = { id: 1, name: request.body.name, secret: 'x' }
      return reply.code(201).send(user)
    })
    const ok = await app.inject({ method: 'POST', url: '/users', payload: { name: 'a', age: '5' } })
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toEqual({ id: 1, name: 'a' })
    const bad = await app.inject({ method: 'POST', url: '/users', payload: { age: 5 } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: "body must have required property 'name'" })
  })

  it('encapsulates decorators', async () => {
    const app = warren()
    app.decorateRequest('root', 'r')
    app.register(async (child: any) => {
      child.decorateRequest('child', 'c')
      child.register(plugin(async (shared: any) => { shared.decorateRequest('shared', 's') }))
      child.get('/child', async (req: any) => ({ root: req.root, child: req.child, shared: req.shared }))
    })
    app.get('/root', async (req: any) => ({ root: req.root, child: req.child, shared: req.shared }))
    expect((await app.inject('/child')).json()).toEqual({ root: 'r', child: 'c', shared: 's' })
    expect((await app.inject('/root')).json()).toEqual({ root: 'r' })
  })

  it('listens on a real socket', async () => {
    const app = warren()
    app.get('/', async () => 'hi')
    const address = await app.listen({ port: 0 })
    const res = await fetch(address)
    expect(await res.text()).toBe('hi')
    await app.close()
  })
})
