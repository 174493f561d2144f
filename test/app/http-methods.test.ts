import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { Type } from 'warren'
import { warren } from '../helpers.js'

/** A request over a real socket, for methods `fetch` will not send. */
function request(address: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, address), { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const echo = async (req: any) => ({ method: req.method, body: req.body ?? null })

describe('HTTP methods', () => {
  it('supportedMethods: Fastify 5 defaults, body-less first, as a copy', () => {
    const app = warren()
    expect(app.supportedMethods).toEqual(['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'])
    app.supportedMethods.push('PROPFIND')
    expect(app.supportedMethods).not.toContain('PROPFIND')
  })

  it('trace() and query() shorthands; a QUERY body is parsed, a TRACE one never is', async () => {
    const app = warren()
    app.trace('/t', echo)
    app.query('/q', echo)
    const traced = await app.inject({ method: 'TRACE', url: '/t', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' })
    expect(traced.json()).toEqual({ method: 'TRACE', body: null })
    const queried = await app.inject({ method: 'QUERY', url: '/q', payload: { a: 1 } })
    expect(queried.json()).toEqual({ method: 'QUERY', body: { a: 1 } })
  })

  it('QUERY without content-type is a 400 (RFC 10008), even without a body; an empty typed body is fine', async () => {
    const app = warren()
    app.query('/q', echo)
    for (const payload of ['{"a":1}', undefined]) {
      const res = await app.inject({ method: 'QUERY', url: '/q', payload })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'SVC_ERR_ROUTE_MISSING_CONTENT_TYPE', message: "A QUERY request must have a 'Content-Type' header" })
    }
    const empty = await app.inject({ method: 'QUERY', url: '/q', headers: { 'content-type': 'text/plain' } })
    expect(empty.json()).toEqual({ method: 'QUERY', body: '' })
    const unsupported = await app.inject({ method: 'QUERY', url: '/q', headers: { 'content-type': 'application/ld+json' }, payload: '{}' })
    expect(unsupported.statusCode).toBe(415)
    // no route: still a 404, whatever the headers
    expect((await app.inject({ method: 'QUERY', url: '/nowhere' })).statusCode).toBe(404)
  })

  it('a method Node knows but the application does not accept is refused until addHttpMethod', () => {
    const app = warren()
    expect(() => app.route({ method: 'PROPFIND', url: '/', handler: echo })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED', message: "PROPFIND method is not supported. Add it with addHttpMethod('PROPFIND') first" }),
    )
    expect(app.propfind).toBeUndefined()
    // a name Node's parser does not know: not supported, and the message does not send you to addHttpMethod, which refuses it too
    expect(() => app.route({ method: 'FETCH', url: '/', handler: echo })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED', message: "FETCH method is not supported: Node's HTTP parser does not know it" }))
    // not a string at all: invalid
    expect(() => app.route({ method: ['GET', 1], url: '/', handler: echo })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_INVALID' }))
  })

  it('addHttpMethod with a body: the shorthand, route(), and the body parsed over a real socket', async () => {
    const app = warren()
    expect(app.addHttpMethod('PROPFIND', { hasBody: true })).toBe(app)
    expect(app.supportedMethods).toContain('PROPFIND')
    app.propfind('/short', echo)
    app.route({ method: 'propfind', url: '/long', handler: echo })
    const address = await app.listen({ port: 0 })
    try {
      for (const path of ['/short', '/long']) {
        const res = await request(address, 'PROPFIND', path, { 'content-type': 'text/plain' }, '<propfind/>')
        expect(res.status).toBe(200)
        expect(JSON.parse(res.body)).toEqual({ method: 'PROPFIND', body: '<propfind/>' })
      }
      // an unknown URL of an accepted method is a plain 404
      expect((await request(address, 'PROPFIND', '/other')).status).toBe(404)
    } finally {
      await app.close()
    }
  })

  it('addHttpMethod without a body: bodies are not read, and a body schema is refused', async () => {
    const app = warren()
    app.addHttpMethod('MKCOL')
    app.mkcol('/dir', echo)
    expect(() => app.mkcol('/x', { schema: { body: Type.Object({}) } }, echo)).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED', message: 'Body validation schema for MKCOL:/x route is not supported!' }),
    )
    const res = await app.inject({ method: 'MKCOL', url: '/dir', payload: { a: 1 } })
    expect(res.json()).toEqual({ method: 'MKCOL', body: null })
  })

  it('the method is accepted application-wide; the shorthand belongs to the context that added it', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.addHttpMethod('LOCK', { hasBody: true })
      child.lock('/child', echo)
      expect(child.hasDecorator('lock')).toBe(true)
    })
    app.register(async (sibling: any) => {
      expect(sibling.lock).toBeUndefined()
    })
    await app.after()
    expect(app.lock).toBeUndefined()
    app.route({ method: 'LOCK', url: '/root', handler: echo })
    expect((await app.inject({ method: 'LOCK', url: '/root' })).json()).toEqual({ method: 'LOCK', body: null })
    expect((await app.inject({ method: 'LOCK', url: '/child', payload: { a: 1 } })).json()).toEqual({ method: 'LOCK', body: { a: 1 } })
  })

  it('all() declares the methods accepted when it is called', async () => {
    const app = warren()
    app.addHttpMethod('UNLOCK')
    app.all('/any', echo)
    app.addHttpMethod('MOVE')
    for (const method of [...app.supportedMethods.filter((m: string) => m !== 'MOVE' && m !== 'QUERY'), 'QUERY']) {
      const res = await app.inject({ method, url: '/any', headers: method === 'QUERY' ? { 'content-type': 'text/plain' } : {} })
      expect(res.statusCode).toBe(200)
      if (method !== 'HEAD') expect(res.json().method).toBe(method)
    }
    expect((await app.inject({ method: 'MOVE', url: '/any' })).statusCode).toBe(404)
  })

  it('adding a method again: the same way is harmless, changing its body needs overrideExisting', async () => {
    const app = warren()
    app.addHttpMethod('SEARCH', { hasBody: true })
    app.addHttpMethod('SEARCH', { hasBody: true })
    app.addHttpMethod('GET')
    expect(() => app.addHttpMethod('SEARCH')).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_EXISTS', message: 'The SEARCH method is already accepted with a body: pass { overrideExisting: true } to change that' }),
    )
    expect(() => app.addHttpMethod('GET', { hasBody: true })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_EXISTS' }))
    app.addHttpMethod('GET', { hasBody: true, overrideExisting: true })
    app.get('/', { schema: { body: Type.Object({ a: Type.Integer() }) } }, echo)
    const res = await app.inject({ method: 'GET', url: '/', payload: { a: 1 } })
    expect(res.json()).toEqual({ method: 'GET', body: { a: 1 } })
    expect(app.supportedMethods.indexOf('GET')).toBeGreaterThan(app.supportedMethods.indexOf('POST'))
  })

  it('addHttpMethod refuses bad arguments, and calls after start', async () => {
    const app = warren()
    for (const method of [undefined, 42, 'propfind', 'FETCH', '']) {
      expect(() => app.addHttpMethod(method)).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_INVALID' }))
    }
    expect(() => app.addHttpMethod('COPY', null)).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID' }))
    expect(() => app.addHttpMethod('COPY', { hasBody: 'yes' })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID', message: 'Invalid addHttpMethod option \'hasBody\': expected a boolean, got "yes"' }),
    )
    expect(() => app.addHttpMethod('COPY', { overrideExisting: 1 })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID' }))
    expect(app.supportedMethods).not.toContain('COPY')
    await app.ready()
    expect(() => app.addHttpMethod('COPY')).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })

  it('a body schema on a body-less method is refused at declaration, in every form', () => {
    const app = warren()
    const schema = { body: Type.Object({ name: Type.String() }) }
    expect(() => app.get('/', { schema }, echo)).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED' }))
    expect(() => app.route({ method: 'HEAD', url: '/', schema, handler: echo })).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED' }))
    expect(() => app.route({ method: ['POST', 'GET'], url: '/', schema, handler: echo })).toThrow(
      expect.objectContaining({ message: 'Body validation schema for GET:/ route is not supported!' }),
    )
    expect(() => app.all('/', { schema }, echo)).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED' }))
    // the methods with a body take it
    app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY'], url: '/', schema, handler: echo })
  })
})
