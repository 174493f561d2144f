import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

describe('3 ordering facts', () => {
  it('3 validation runs before preHandler: preHandler sees validated, coerced data', async () => {
    const app = warren()
    const seen: any[] = []
    app.addHook('preHandler', async (request: any) => {
      seen.push({ n: request.query.n, type: typeof request.query.n })
    })
    app.get('/v', { schema: { querystring: Type.Object({ n: Type.Integer() }) } }, async (request: any) => request.query)
    expect((await app.inject('/v?n=5')).json()).toEqual({ n: 5 })
    expect(seen).toEqual([{ n: 5, type: 'number' }])
    const bad = await app.inject('/v?n=x')
    expect(bad.statusCode).toBe(400)
    expect(seen).toHaveLength(1) // preHandler did not run for the invalid request
  })

  it('3 preValidation runs before validation and may be async: it can fix the body up', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('preValidation', async (request: any) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      order.push('preValidation')
      if (request.body && request.body.fullName && !request.body.name) request.body.name = request.body.fullName
    })
    app.addHook('preHandler', async () => {
      order.push('preHandler')
    })
    app.post('/p', {
      schema: { body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    }, async (request: any) => {
      order.push('handler')
      return { name: request.body.name }
    })
    const res = await app.inject({ method: 'POST', url: '/p', payload: { fullName: 'Ada' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ name: 'Ada' })
    expect(order).toEqual(['preValidation', 'preHandler', 'handler'])
  })

  it('3 preValidation runs even when validation then fails', async () => {
    const app = warren()
    const order: string[] = []
    app.addHook('preValidation', (_request: any, _reply: any, done: () => void) => {
      order.push('preValidation')
      done()
    })
    app.addHook('preHandler', (_request: any, _reply: any, done: () => void) => {
      order.push('preHandler')
      done()
    })
    app.get('/p', { schema: { querystring: { type: 'object', required: ['q'] } } }, async () => 'never')
    expect((await app.inject('/p')).statusCode).toBe(400)
    expect(order).toEqual(['preValidation'])
  })

  it('3 a preValidation hook that replies stops validation and the handler', async () => {
    const app = warren()
    let handled = false
    app.addHook('preValidation', async (_request: any, reply: any) => {
      reply.code(401).send({ stopped: true })
      return reply
    })
    app.post('/p', { schema: { body: { type: 'object', required: ['x'] } } }, async () => {
      handled = true
      return 'never'
    })
    const res = await app.inject({ method: 'POST', url: '/p', payload: {} })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ stopped: true })
    expect(handled).toBe(false)
  })

  it('3 the full request lifecycle order (Fastify v5)', async () => {
    const app = warren()
    const order: string[] = []
    for (const hook of ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse'] as const) {
      app.addHook(hook as any, async (...args: any[]) => {
        order.push(hook)
        if (hook === 'preSerialization' || hook === 'onSend') return args[2]
        if (hook === 'preParsing') return args[2]
      })
    }
    app.post('/o', { schema: { body: { type: 'object' } } }, async () => {
      order.push('handler')
      return { ok: true }
    })
    const res = await app.inject({ method: 'POST', url: '/o', payload: { a: 1 } })
    expect(res.json()).toEqual({ ok: true })
    // onResponse runs after the response is written
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(order).toEqual(['onRequest', 'preParsing', 'preValidation', 'preHandler', 'handler', 'preSerialization', 'onSend', 'onResponse'])
  })
})
