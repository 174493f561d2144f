import { describe, expect, it } from 'vitest'
import warren, { codes, errorCodes } from 'warren'

/** The default JSON and text parsers can be replaced once per context, without removing them first. */
function echo(server: any): any {
  server.post('/', async (request: any) => ({ body: request.body }))
  return server
}

function post(server: any, contentType: string, payload: string) {
  return server.inject({ method: 'POST', url: '/', headers: { 'content-type': contentType }, payload })
}

describe('overriding the default parsers', () => {
  it('replaces the application/json parser without removing it first', async () => {
    const server = echo(warren())
    server.addContentTypeParser('application/json', { parseAs: 'string' }, (_req: any, body: string, done: any) => done(null, { raw: body }))
    const res = await post(server, 'application/json', '{"a":1}')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ body: { raw: '{"a":1}' } })
  })

  it('replaces the text/plain parser (any case); a parameterised type adds a parser beside it', async () => {
    const server = echo(warren())
    server.addContentTypeParser('Text/Plain', { parseAs: 'string' }, (_req: any, body: string, done: any) => done(null, body.toUpperCase()))
    server.addContentTypeParser('text/plain; charset=latin1', { parseAs: 'string' }, (_req: any, body: string, done: any) => done(null, `latin1:${body}`))
    expect((await post(server, 'text/plain', 'hello')).json()).toEqual({ body: 'HELLO' })
    expect((await post(server, 'text/plain; charset=utf-8', 'hello')).json()).toEqual({ body: 'HELLO' })
    expect((await post(server, 'text/plain; charset=latin1', 'hello')).json()).toEqual({ body: 'latin1:hello' })
  })

  it('refuses a second override in the same context', () => {
    const server = warren()
    const parse = (_req: any, body: string, done: any) => done(null, body)
    server.addContentTypeParser('application/json', { parseAs: 'string' }, parse)
    expect(() => server.addContentTypeParser('application/json', { parseAs: 'string' }, parse))
      .toThrow(expect.objectContaining({ code: 'SVC_ERR_CTP_ALREADY_PRESENT' }))
  })

  it('refuses to override a parser the parent context replaced already', async () => {
    const server = warren()
    const parse = (_req: any, body: string, done: any) => done(null, body)
    server.addContentTypeParser('text/plain', { parseAs: 'string' }, parse)
    let thrown: any
    server.register(async (child: any) => {
      try { child.addContentTypeParser('text/plain', { parseAs: 'string' }, parse) } catch (error) { thrown = error }
    })
    await server.ready()
    expect(thrown?.code).toBe('SVC_ERR_CTP_ALREADY_PRESENT')
  })

  it('keeps the default parser in the parent when a child overrides it', async () => {
    const server = echo(warren())
    server.register(async (child: any) => {
      child.addContentTypeParser('application/json', { parseAs: 'string' }, (_req: any, _body: string, done: any) => done(null, 'child'))
      child.post('/child', async (request: any) => ({ body: request.body }))
    })
    expect((await post(server, 'application/json', '{"a":1}')).json()).toEqual({ body: { a: 1 } })
    const res = await server.inject({ method: 'POST', url: '/child', headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(res.json()).toEqual({ body: 'child' })
  })

  it('hasContentTypeParser rejects a type that is neither a string nor a RegExp', () => {
    expect(() => warren().hasContentTypeParser(123 as any)).toThrow(expect.objectContaining({ code: 'SVC_ERR_CTP_INVALID_TYPE' }))
  })
})

describe('the error catalogue under Fastify\'s name', () => {
  it('errorCodes holds the catalogue, and its constructors work with and without new', () => {
    expect(errorCodes.SVC_ERR_CTP_ALREADY_PRESENT).toBe(codes.SVC_ERR_CTP_ALREADY_PRESENT)
    const called = (errorCodes.SVC_ERR_CTP_ALREADY_PRESENT as any)('text/html')
    expect(called).toBeInstanceOf(errorCodes.SVC_ERR_CTP_ALREADY_PRESENT)
    expect(called.message).toBe(new errorCodes.SVC_ERR_CTP_ALREADY_PRESENT('text/html').message)
    expect(called.code).toBe('SVC_ERR_CTP_ALREADY_PRESENT')
  })
})
