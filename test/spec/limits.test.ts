import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

describe('8 limits', () => {
  it('8 schema constraints are applied: maxItems, maxLength, minimum, maximum, pattern, enum', async () => {
    const app = warren()
    app.post('/l', {
      schema: {
        body: Type.Object({
          list: Type.Array(Type.Integer(), { maxItems: 2 }),
          name: Type.String({ maxLength: 3, pattern: '^[a-z]+$' }),
          n: Type.Integer({ minimum: 1, maximum: 5 }),
          kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
        }),
      },
    }, async () => 'ok')
    const good = { list: [1], name: 'abc', n: 3, kind: 'a' }
    const post = (over: any) => app.inject({ method: 'POST', url: '/l', payload: { ...good, ...over } })
    expect((await post({})).statusCode).toBe(200)
    expect((await post({ list: [1, 2, 3] })).json().message).toBe('body/list must NOT have more than 2 items')
    expect((await post({ name: 'abcd' })).json().message).toBe('body/name must NOT have more than 3 characters')
    expect((await post({ name: 'AB' })).json().message).toBe('body/name must match pattern "^[a-z]+$"')
    expect((await post({ n: 0 })).json().message).toBe('body/n must be >= 1')
    expect((await post({ n: 6 })).json().message).toBe('body/n must be <= 5')
    expect((await post({ kind: 'c' })).statusCode).toBe(400)
  })

  it('8 allErrors defaults to false: one error only, even for many failures', async () => {
    const app = warren()
    app.post('/l', {
      attachValidation: true,
      schema: { body: Type.Object({ a: Type.Integer(), b: Type.Integer(), c: Type.Integer() }) },
    }, async (request: any) => ({ count: request.validationError?.validation.length }))
    expect((await app.inject({ method: 'POST', url: '/l', payload: { a: 'x', b: 'y', c: 'z' } })).json()).toEqual({ count: 1 })
  })

  it('8 without a stated constraint, large inputs pass (no hidden schema limits)', async () => {
    const app = warren()
    app.post('/big', { schema: { body: Type.Object({ list: Type.Array(Type.Integer()) }) } }, async (request: any) => ({ n: request.body.list.length }))
    const list = Array.from({ length: 10000 }, (_, i) => i)
    expect((await app.inject({ method: 'POST', url: '/big', payload: { list } })).json()).toEqual({ n: 10000 })
  })

  it('8 the body limit (Fastify default 1 MiB, bodyLimit option) answers 413', async () => {
    const app = warren({ bodyLimit: 100 })
    app.post('/p', async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/p', payload: { data: 'x'.repeat(200) } })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'SVC_ERR_CTP_BODY_TOO_LARGE' })
    const route = warren()
    route.post('/p', { bodyLimit: 10 }, async () => 'ok')
    expect((await route.inject({ method: 'POST', url: '/p', payload: { data: 'x'.repeat(20) } })).statusCode).toBe(413)
    expect((await route.inject({ method: 'POST', url: '/p', payload: {} })).statusCode).toBe(200)
  })
})
