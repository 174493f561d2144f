import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

/** spec 4.3.1-4.3.3, the parsing side: what a RegExp parser accepts is parsed, validated or not. */
function app(): any {
  const server = warren()
  server.addContentTypeParser(/^text\/[a-z-]+$/, { parseAs: 'string' }, (_req: any, body: any, done: any) => done(null, { text: body }))
  server.post('/mapped', {
    schema: {
      body: {
        content: {
          'text/x-short': { schema: Type.Object({ text: Type.String({ maxLength: 5 }) }) },
          'application/json': { schema: Type.Object({ n: Type.Integer() }) },
        },
      },
    },
  }, async (request: any) => ({ body: request.body }))
  server.post('/plain-schema', {
    schema: { body: Type.Object({ text: Type.String({ maxLength: 5 }) }) },
  }, async (request: any) => ({ body: request.body }))
  return server
}

function post(server: any, url: string, contentType: string, payload: string) {
  return server.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload })
}

describe('RegExp parsers and body content maps', () => {
  it('validates a type the content map lists', async () => {
    const server = app()
    expect((await post(server, '/mapped', 'text/x-short', 'abc')).json()).toEqual({ body: { text: 'abc' } })
    const bad = await post(server, '/mapped', 'text/x-short; charset=utf-8', 'too long')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('SVC_ERR_VALIDATION')
    expect((await post(server, '/mapped', 'application/json', '{"n":"x"}')).statusCode).toBe(400)
  })

  it('parses but does not validate a type the RegExp accepts and the map does not list', async () => {
    const server = app()
    const res = await post(server, '/mapped', 'text/x-other', 'much longer than five')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ body: { text: 'much longer than five' } })
  })

  it('still refuses types no parser accepts, listed in the map or not', async () => {
    const server = app()
    expect((await post(server, '/mapped', 'image/png', 'x')).statusCode).toBe(415)
  })

  it('a body schema without a content map validates whatever the parser produced', async () => {
    const server = app()
    expect((await post(server, '/plain-schema', 'text/x-any', 'abc')).json()).toEqual({ body: { text: 'abc' } })
    const bad = await post(server, '/plain-schema', 'text/x-any', 'too long')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/body\/text/)
  })

  it('the same holds on a real socket', async () => {
    const server = app()
    const address = await server.listen({ port: 0 })
    try {
      const unvalidated = await fetch(`${address}/mapped`, { method: 'POST', headers: { 'content-type': 'text/x-other' }, body: 'much longer than five' })
      expect(unvalidated.status).toBe(200)
      const validated = await fetch(`${address}/mapped`, { method: 'POST', headers: { 'content-type': 'text/x-short' }, body: 'much longer than five' })
      expect(validated.status).toBe(400)
    } finally {
      await server.close()
    }
  })
})
