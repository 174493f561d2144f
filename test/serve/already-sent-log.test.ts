import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

/** An app logging into an array of parsed lines. */
function loggedApp() {
  const lines: any[] = []
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
  return { app: warren({ loggerInstance: pino(stream) }), lines }
}

describe('what is logged when a handler answers twice or fails after hijacking (Fastify wording)', () => {
  it('a value returned after reply.send() is ignored, with a warning naming the route', async () => {
    const { app, lines } = loggedApp()
    app.get('/', async (_request, reply) => {
      await reply.send({ hello: 'world' })
      return { hello: 'again' }
    })
    const res = await app.inject({ url: '/' })
    expect(res.json()).toEqual({ hello: 'world' })
    const warning = lines.find((line) => line.level === 40)
    expect(warning).toMatchObject({ msg: 'Reply was already sent, did you forget to "return reply" in "/" (GET)?', err: { code: 'SVC_ERR_REP_ALREADY_SENT' } })
  })

  it('a second reply.send() is ignored, with a warning naming the url and method', async () => {
    const { app, lines } = loggedApp()
    app.post('/items', (_request, reply) => {
      reply.send({ first: true })
      reply.send({ second: true })
    })
    const res = await app.inject({ method: 'POST', url: '/items?x=1' })
    expect(res.json()).toEqual({ first: true })
    const warnings = lines.filter((line) => line.level === 40)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ msg: 'Reply was already sent, did you forget to "return reply" in "/items?x=1" (POST)?', err: { code: 'SVC_ERR_REP_ALREADY_SENT' } })
  })

  it('a hijacked reply whose handler then rejects logs the error; nothing is answered for it', async () => {
    const { app, lines } = loggedApp()
    app.get('/', async (_request, reply) => {
      reply.hijack()
      reply.raw.end('by hand')
      throw new Error('kaboom')
    })
    const res = await app.inject({ url: '/' })
    expect(res.body).toBe('by hand')
    const error = lines.find((line) => line.level === 50)
    expect(error).toMatchObject({ msg: 'Promise errored, but reply.sent = true was set', err: { message: 'kaboom' } })
  })
})
