import { describe, expect, it } from 'vitest'
import warren from 'warren'

describe('what a handler returns, when send cannot write it', () => {
  it('a synchronous handler returning an object under a type nothing serializes answers 500 through the error handler, and the app keeps serving', async () => {
    const app = warren()
    const seen: string[] = []
    app.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      seen.push(error.code ?? error.message)
      return reply.code(500).send({ failed: error.code })
    })
    app.get('/html', (_request, reply) => {
      reply.type('text/html')
      return { a: 1 } as never
    })
    app.get('/number', (_request, reply) => {
      reply.serializer(() => 42 as never)
      return { a: 1 }
    })
    app.get('/ok', () => 'still here')
    const html = await app.inject('/html')
    expect(html.statusCode).toBe(500)
    expect(html.json()).toEqual({ failed: 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE' })
    // the reply keeps its serializer, so the error handler's answer fails too: the default one is the last word
    const number = await app.inject('/number')
    expect(number.statusCode).toBe(500)
    expect(number.json()).toMatchObject({ statusCode: 500, code: 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE' })
    expect(seen).toEqual(['SVC_ERR_REP_INVALID_PAYLOAD_TYPE', 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE'])
    expect((await app.inject('/ok')).body).toBe('still here')
  })

  it('a synchronous not-found handler doing the same answers the default 500 body', async () => {
    const app = warren()
    app.setNotFoundHandler((_request, reply) => {
      reply.type('text/html')
      return { a: 1 } as never
    })
    const res = await app.inject('/missing')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'SVC_ERR_REP_INVALID_PAYLOAD_TYPE' })
  })
})

describe('a content type set to nothing', () => {
  it("reply.type(null) or '' (an unknown extension's lookup) is no content type: text goes as text/plain, objects as JSON", async () => {
    const app = warren()
    app.get('/null-text', (_request, reply) => reply.type(null as never).send('body'))
    app.get('/empty-text', (_request, reply) => {
      reply.type('')
      return 'body'
    })
    app.get('/null-object', (_request, reply) => reply.type(null as never).send({ a: 1 }))
    for (const url of ['/null-text', '/empty-text']) {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(res.body).toBe('body')
    }
    const object = await app.inject('/null-object')
    expect(object.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(object.json()).toEqual({ a: 1 })
  })
})

describe("a reply's own serializer and text", () => {
  it('writes a string sent under a content type, and leaves an untyped string as text/plain', async () => {
    const app = warren()
    app.get('/typed', (_request, reply) => reply.type('application/json').serializer(JSON.stringify).send('Hello'))
    app.get('/untyped', (_request, reply) => reply.serializer(JSON.stringify).send('Hello'))
    const typed = await app.inject('/typed')
    expect(typed.body).toBe('"Hello"')
    expect(typed.headers['content-type']).toBe('application/json')
    const untyped = await app.inject('/untyped')
    expect(untyped.body).toBe('Hello')
    expect(untyped.headers['content-type']).toBe('text/plain; charset=utf-8')
  })
})
