import { describe, expect, it } from 'vitest'
import warren, { codes, errorCodes, WarrenError } from 'warren'

describe('the error catalogue: classes as Fastify shapes them', () => {
  it('wrong-argument errors are TypeErrors, and every coded error is a WarrenError', () => {
    const wrongHook = new codes.SVC_ERR_HOOK_INVALID_HANDLER('onRequest', 'null')
    expect(wrongHook).toBeInstanceOf(TypeError)
    expect(wrongHook).toBeInstanceOf(WarrenError)
    expect(wrongHook).toBeInstanceOf(codes.SVC_ERR_HOOK_INVALID_HANDLER)
    expect(wrongHook).toMatchObject({ code: 'SVC_ERR_HOOK_INVALID_HANDLER', statusCode: 500, name: 'WarrenError', message: 'onRequest hook should be a function, instead got null' })

    const notFound = new codes.SVC_ERR_NOT_FOUND('GET', '/x')
    expect(notFound).toBeInstanceOf(WarrenError)
    expect(notFound).not.toBeInstanceOf(TypeError)
    expect(notFound).not.toBeInstanceOf(codes.SVC_ERR_HOOK_INVALID_HANDLER)
    expect({ code: 'SVC_ERR_HOOK_INVALID_HANDLER' }).not.toBeInstanceOf(WarrenError)
  })

  it('errorCodes holds each class under its name and under Fastify\'s, so instanceof checks written for Fastify hold', async () => {
    expect(errorCodes.SVC_ERR_BAD_STATUS_CODE).toBe(codes.SVC_ERR_BAD_STATUS_CODE)
    expect(errorCodes.FST_ERR_BAD_STATUS_CODE).toBe(codes.SVC_ERR_BAD_STATUS_CODE)
    expect(Object.keys(errorCodes)).toHaveLength(Object.keys(codes).length * 2)
    const app = warren()
    let caught: unknown
    app.get('/', async (_request, reply) => {
      try {
        reply.code(999)
      } catch (error) {
        caught = error
      }
      return 'ok'
    })
    await app.inject('/')
    expect(caught).toBeInstanceOf(errorCodes.FST_ERR_BAD_STATUS_CODE)
    expect(caught).toMatchObject({ code: 'SVC_ERR_BAD_STATUS_CODE' })
  })

  it('what the application throws for a wrong argument is that TypeError', () => {
    const app = warren()
    let thrown: unknown
    try {
      app.addHook('onRequest', 'nope' as never)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(TypeError)
    expect(thrown).toBeInstanceOf(codes.SVC_ERR_HOOK_INVALID_HANDLER)
    expect(() => app.route({ method: 7 as never, url: '/', handler: async () => 'x' })).toThrow(TypeError)
  })
})
