import { describe, expect, it } from 'vitest'
import warren from 'warren'

/** A web Response as a payload — its status, headers and body are the reply's. */
describe('web Response payloads', () => {
  it('honours the status, headers and body of a Response, over inject and a real socket', async () => {
    const app = warren()
    app.get('/', async () => {
      const headers = new Headers({ 'content-type': 'text/csv', 'x-from': 'response' })
      headers.append('set-cookie', 'a=1')
      headers.append('set-cookie', 'b=2')
      return new Response('a,b\n1,2', { status: 201, headers })
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toBe('text/csv')
    expect(res.headers['x-from']).toBe('response')
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2'])
    expect(res.body).toBe('a,b\n1,2')
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const port = (app.server.address() as any).port
      const real = await fetch(`http://127.0.0.1:${port}/`)
      expect(real.status).toBe(201)
      expect(await real.text()).toBe('a,b\n1,2')
    } finally {
      await app.close()
    }
  })

  it('a Response without a body, and a 204 one, answer with no body', async () => {
    const app = warren()
    app.get('/empty', async () => new Response(null, { status: 200 }))
    app.get('/none', async () => new Response(null, { status: 204 }))
    const empty = await app.inject('/empty')
    expect(empty.statusCode).toBe(200)
    expect(empty.body).toBe('')
    const none = await app.inject('/none')
    expect(none.statusCode).toBe(204)
    expect(none.body).toBe('')
  })

  it('refuses a Response whose body was consumed, and a locked stream, with their codes', async () => {
    const app = warren()
    app.get('/used', async () => {
      const response = new Response('x')
      await response.text()
      return response
    })
    app.get('/locked-response', async () => {
      const response = new Response('x')
      response.body?.getReader()
      return response
    })
    app.get('/locked-stream', async () => {
      const stream = new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode('x')); controller.close() } })
      stream.getReader()
      return stream
    })
    const used = await app.inject('/used')
    expect(used.statusCode).toBe(500)
    expect(used.json().code).toBe('SVC_ERR_REP_RESPONSE_BODY_CONSUMED')
    for (const url of ['/locked-response', '/locked-stream']) {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(500)
      expect(res.json().code).toBe('SVC_ERR_REP_READABLE_STREAM_LOCKED')
    }
  })

  it('onSend hooks see the Response itself, and may answer with another Response or a web stream', async () => {
    const app = warren()
    const seen: string[] = []
    app.register(async (child: any) => {
      child.addHook('onSend', async (_req: any, _reply: any, payload: unknown) => {
        seen.push(Object.prototype.toString.call(payload))
        const response = payload as Response
        return new Response(response.body, { status: 200, headers: { 'x-replaced': 'yes' } })
      })
      child.get('/response', async () => new Response('from the handler', { status: 500 }))
    })
    app.register(async (child: any) => {
      child.addHook('onSend', async (_req: any, _reply: any, payload: unknown) => {
        seen.push(Object.prototype.toString.call(payload))
        return new Response(payload as ReadableStream, { status: 202, headers: { 'x-wrapped': 'yes' } })
      })
      child.get('/stream', async (_req: any, reply: any) => reply.code(500).send(new Response('streamed').body))
    })
    const replaced = await app.inject('/response')
    expect([replaced.statusCode, replaced.headers['x-replaced'], replaced.body]).toEqual([200, 'yes', 'from the handler'])
    const wrapped = await app.inject('/stream')
    expect([wrapped.statusCode, wrapped.headers['x-wrapped'], wrapped.body]).toEqual([202, 'yes', 'streamed'])
    expect(seen).toEqual(['[object Response]', '[object ReadableStream]'])
  })

  it('a Response of another fetch implementation (its own class, same tag) is sent as one', async () => {
    const app = warren()
    const native = new Response('foreign', { status: 203, headers: { 'x-kind': 'foreign' } })
    // what undici's npm package returns: an instance of its own class, not of Node's global Response
    class ForeignResponse {
      readonly status = native.status
      readonly headers = native.headers
      readonly body = native.body
      readonly bodyUsed = false
      get [Symbol.toStringTag](): string {
        return 'Response'
      }
    }
    const foreign = new ForeignResponse()
    expect(foreign instanceof Response).toBe(false)
    app.get('/', async () => foreign)
    const res = await app.inject('/')
    expect([res.statusCode, res.headers['x-kind'], res.body]).toEqual([203, 'foreign', 'foreign'])
  })
})
