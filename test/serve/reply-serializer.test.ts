import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

describe('setReplySerializer: how a context serializes replies without a response schema', () => {
  it('receives the payload and the status code, in its context only', async () => {
    const app = warren()
    app.register(async (child) => {
      child.setReplySerializer((payload, statusCode) => `${statusCode}|${JSON.stringify(payload)}`)
      child.get('/child', async (_request, reply) => reply.code(201).send({ a: 1 }))
    })
    app.get('/root', async () => ({ a: 1 }))
    const child = await app.inject('/child')
    expect(child.statusCode).toBe(201)
    expect(child.body).toBe('201|{"a":1}')
    expect(child.headers['content-type']).toBe('application/json; charset=utf-8')
    expect((await app.inject('/root')).body).toBe('{"a":1}')
  })

  it("serializes what an error handler sends, not the default error body; a response schema still wins (a documented difference)", async () => {
    const app = warren()
    app.setReplySerializer((payload, statusCode) => `${statusCode}:${JSON.stringify(payload)}`)
    app.get('/typed', { schema: { response: { 200: Type.Object({ a: Type.Number() }) } } }, async () => ({ a: 1, b: 2 }))
    app.get('/fails', async () => {
      throw Object.assign(new Error('nope'), { statusCode: 409, code: 'E_CONFLICT' })
    })
    app.register(async (child) => {
      child.setErrorHandler((error, _request, reply) => reply.code(418).send({ custom: error.message }))
      child.get('/handled', async () => {
        throw new Error('inner')
      })
    })
    expect((await app.inject('/typed')).body).toBe('{"a":1}')
    const failed = await app.inject('/fails')
    expect(failed.statusCode).toBe(409)
    expect(failed.json()).toMatchObject({ statusCode: 409, code: 'E_CONFLICT', message: 'nope' })
    const handled = await app.inject('/handled')
    expect(handled.statusCode).toBe(418)
    expect(handled.body).toBe('418:{"custom":"inner"}')
  })
})
