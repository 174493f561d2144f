import { describe, expect, it } from 'vitest'
import typedWarren, { codes, errorCatalogue as served } from 'warren'
import bearerAuth from 'warren/bearer-auth'
import { errorCatalogue } from 'warren/client'
import { warren } from '../test/helpers.js'

describe('the catalogue of the codes warren answers requests with', () => {
  it('is the same table in warren and in warren/client', () => {
    expect(errorCatalogue).toEqual(served)
  })

  it("agrees with the codes' own statuses", () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      // the bearer-auth plugin's codes are its own; every other is in the core catalogue
      if (code.startsWith('SVC_ERR_BEARER_AUTH_')) continue
      expect(codes[code as keyof typeof codes]?.statusCode, code).toBe(entry.status)
    }
  })

  it("lists bearer-auth's codes with the status it answers them with", async () => {
    const app = warren().register(bearerAuth, { keys: ['k'] })
    app.get('/', async () => 'in')
    const missing = await app.inject('/')
    const wrong = await app.inject({ url: '/', headers: { authorization: 'Bearer nope' } })
    for (const res of [missing, wrong]) {
      const { code, statusCode } = res.json()
      expect(errorCatalogue[code as keyof typeof errorCatalogue].status).toBe(statusCode)
    }
    expect([missing.json().code, wrong.json().code]).toEqual(['SVC_ERR_BEARER_AUTH_MISSING', 'SVC_ERR_BEARER_AUTH_INVALID'])
  })

  it('lists the codes of what cannot be served or sent as web objects', async () => {
    const app = typedWarren()
    app.post('/echo', async (request) => ({ body: request.body }))
    app.get('/used-response', async (_request, reply) => {
      const used = new Response('x')
      await used.text()
      return reply.send(used)
    })
    app.get('/locked-stream', async (_request, reply) => {
      const stream = new ReadableStream({ start: (controller) => controller.close() })
      stream.getReader()
      return reply.send(stream)
    })
    app.get('/early', async (_request, reply) => reply.code(103).send('early'))
    app.get('/trailer', async (_request, reply) => reply.trailer('content-length', () => '1').send('x'))
    const used = new Request('http://localhost/echo', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    await used.text()
    const answers = [
      await app.fetch(used),
      await app.fetch(new Request('http://localhost/used-response')),
      await app.fetch(new Request('http://localhost/locked-stream')),
      await app.fetch(new Request('http://localhost/early')),
      await app.fetch(new Request('http://localhost/trailer')),
    ]
    const found = await Promise.all(answers.map(async (answer) => [answer.status, ((await answer.json()) as { code?: string }).code]))
    for (const [status, code] of found) expect(errorCatalogue[code as keyof typeof errorCatalogue]?.status, String(code)).toBe(status)
    expect(found.map(([, code]) => code)).toEqual([
      'SVC_ERR_REQ_BODY_CONSUMED', 'SVC_ERR_REP_RESPONSE_BODY_CONSUMED', 'SVC_ERR_REP_READABLE_STREAM_LOCKED', 'SVC_ERR_FETCH_RESPONSE_STATUS', 'SVC_ERR_BAD_TRAILER_NAME',
    ])
  })

  it('gives each entry a short title and a 4xx or 5xx status', () => {
    for (const entry of Object.values(errorCatalogue)) {
      expect(entry.status).toBeGreaterThanOrEqual(400)
      expect(entry.status).toBeLessThanOrEqual(599)
      expect(entry.title.length).toBeGreaterThan(0)
      expect(entry.title.length).toBeLessThan(50)
    }
  })
})
