/**
 * The runtime matrix: the application of examples/runtimes started on each runtime of
 * test/runtimes/runtimes.ts must give the same answers — routes, validation, hooks,
 * encapsulation, error bodies, body limits — over a real socket.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimes, type Started } from './runtimes.js'

/** Writes a request as it is on the wire and reads the whole answer (the request asks to close). */
function rawExchange(origin: string, head: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise<string>((resolve, reject) => {
    let text = ''
    const socket = connect(Number(port), hostname, () => socket.write(head))
    socket.on('data', (chunk) => (text += chunk))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

const json = { 'content-type': 'application/json' }

for (const runtime of runtimes) {
  describe(runtime.name, () => {
    let server: Started
    beforeAll(async () => {
      server = await runtime.start()
    }, 60_000)
    afterAll(async () => {
      await server?.stop()
    })

    const at = (path: string, init?: RequestInit): Promise<Response> => fetch(`${server.origin}${path}`, init)

    it('serves params and a query string, coerced and validated, and runs the onRequest hook', async () => {
      const response = await at('/items/42?detail=true')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('x-hooked')).toBe('onRequest')
      expect(await response.json()).toEqual({ id: 42, detail: true })
    })

    it('validates a POST body and serializes with the response schema (an extra property is left out)', async () => {
      const created = await at('/items', { method: 'POST', headers: json, body: JSON.stringify({ name: 'lamp', price: 3 }) })
      expect(created.status).toBe(201)
      expect(await created.json()).toEqual({ id: 7, name: 'lamp', price: 3 })
      const invalid = await at('/items', { method: 'POST', headers: json, body: JSON.stringify({ name: '', price: 3 }) })
      expect(invalid.status).toBe(400)
      expect(await invalid.json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/name must NOT have fewer than 1 characters' })
    })

    it('serializes through a response schema alike, where the runtime copies into native JSON.stringify and where it builds the text', async () => {
      const rows = await at('/rows')
      expect(rows.status).toBe(200)
      expect(await rows.text()).toBe('[{"id":7,"name":"5","score":3.5,"active":false,"owner":{"name":"Ada"},"tags":["a","quote \\" and \\u0001"]},'
        + '{"id":1,"name":"","score":2,"active":true,"owner":{"name":"Grace"},"tags":[]},'
        + '{"id":3,"name":"as text","score":-0.5,"active":true,"owner":{"name":"Linus"},"tags":["x"],"note":"kept"}]')
      const unnamed = await at('/rows/unnamed')
      expect(unnamed.status).toBe(500)
      expect(await unnamed.json()).toMatchObject({ code: 'SVC_ERR_RESPONSE_SERIALIZATION', message: expect.stringContaining('"id" is required') })
    })

    it('parses bodies with byte order marks alike: kept in text/plain, dropped once by the JSON parser', async () => {
      const mark = '\uFEFF'
      const echo = async (type: string, text: string): Promise<[number, unknown]> => {
        const response = await at('/echo', { method: 'POST', headers: { 'content-type': type }, body: text })
        return [response.status, await response.json()]
      }
      expect(await echo('text/plain', `${mark}hello`)).toEqual([200, { body: `${mark}hello` }])
      expect(await echo('application/json', `${mark}{"a":1}`)).toEqual([200, { body: { a: 1 } }])
      expect(await echo('application/json', `${mark}${mark}{"a":1}`)).toMatchObject([400, { code: 'SVC_ERR_CTP_INVALID_JSON_BODY' }])
      expect(await echo('application/json', mark)).toMatchObject([400, { code: 'SVC_ERR_CTP_INVALID_JSON_BODY' }])
    })

    it('gives Node\'s record of the request headers: repeated ones joined, cookies with a semicolon, a __proto__ header dropped', async () => {
      const { hostname, port } = new URL(server.origin)
      const head = ['GET /headers HTTP/1.1', `host: ${hostname}:${port}`, 'x-dup: 1', 'x-dup: 2', 'cookie: a=1', 'cookie: b=2', '__proto__: p', 'connection: close', '', ''].join('\r\n')
      const answer = await rawExchange(server.origin, head)
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
      const record = JSON.parse(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''))
      expect(record).toMatchObject({ dup: '1, 2', nodePrototype: true })
      // workerd's Headers join repeated cookies with a comma before warren sees them
      if (!runtime.name.startsWith('workerd')) expect(record.cookie).toBe('a=1; b=2')
      // Deno deletes Object.prototype.__proto__: there the header is a key like any other
      if (!runtime.name.startsWith('Deno')) expect(record.ownProto).toBe(false)
    })

    it('reads a POST without content-length or transfer-encoding as one without a body (Deno hands it an empty stream)', async () => {
      const { hostname, port } = new URL(server.origin)
      const answer = await rawExchange(server.origin, ['POST /echo HTTP/1.1', `host: ${hostname}:${port}`, 'connection: close', '', ''].join('\r\n'))
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
      expect(answer.endsWith('{}') || /\r\n\r\n2\r\n\{\}\r\n0\r\n\r\n$/.test(answer)).toBe(true)
    })

    it('keeps encapsulation: the scoped plugin\'s decorator and hook stay in its context', async () => {
      const inside = await at('/scoped/me')
      expect(inside.headers.get('x-scope')).toBe('inner')
      expect(await inside.json()).toEqual({ member: 'scoped member' })
      const outside = await at('/open')
      expect(outside.headers.get('x-scope')).toBeNull()
      expect(await outside.json()).toEqual({ member: null })
    })

    it('runs inject() in-process on the runtime, through the same pipeline', async () => {
      const response = await at('/injected/5')
      expect(await response.json()).toEqual({ status: 200, body: { id: 5, detail: true }, hooked: 'onRequest' })
    })

    it('serves the OpenAPI document, and the reference page where the runtime can read its files', async () => {
      const document = await at('/openapi.json')
      expect(document.status).toBe(200)
      expect(Object.keys(((await document.json()) as { paths: object }).paths)).toContain('/items/{id}')
      const page = await at('/docs')
      // a bundled Worker has no file system: the page says so (501) and the application still starts
      if (runtime.name.startsWith('workerd')) {
        expect(page.status).toBe(501)
        expect(await page.text()).toContain('this runtime cannot read')
      } else {
        expect(page.status).toBe(200)
        expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      }
    })

    it('answers errors with the same bodies: a throwing handler, an unknown route, malformed JSON, an oversized body', async () => {
      const boom = await at('/boom')
      expect(boom.status).toBe(500)
      expect(await boom.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'kaput' })
      const missing = await at('/nowhere')
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET:/nowhere not found' })
      const malformed = await at('/items', { method: 'POST', headers: json, body: '{"name":' })
      expect(malformed.status).toBe(400)
      expect(await malformed.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_CTP_INVALID_JSON_BODY' })
      const oversized = await at('/items', { method: 'POST', headers: json, body: JSON.stringify({ name: 'x'.repeat(2000), price: 1 }) })
      expect(oversized.status).toBe(413)
      expect(await oversized.json()).toEqual({ statusCode: 413, code: 'SVC_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' })
      const unknownType = await at('/items', { method: 'POST', headers: { 'content-type': 'application/x-unknown' }, body: 'x' })
      expect(unknownType.status).toBe(415)
      expect(await unknownType.json()).toMatchObject({ statusCode: 415, code: 'SVC_ERR_CTP_INVALID_MEDIA_TYPE' })
    })
  })
}
