import { AsyncLocalStorage } from 'node:async_hooks'
import { channel, tracingChannel } from 'node:diagnostics_channel'
import { afterEach, describe, expect, it } from 'vitest'
import warren, { FASTIFY_REQUEST_HANDLER_CHANNEL, REQUEST_HANDLER_CHANNEL, type HandlerTraceMessage } from 'warren'

const events = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const
type EventName = (typeof events)[number]

/** One event as a subscriber saw it, with what it could read at that moment. */
interface Seen {
  event: EventName
  message: HandlerTraceMessage
  statusCode: number
  headersSent: boolean
  async: boolean
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/**
 * Subscribes to the five channels of one TracingChannel name, recording every event into `log`
 * (the tests of this file run one after the other, each unsubscribing when done).
 */
function record(name: string, log: Array<Seen | string> = []): Array<Seen | string> {
  for (const event of events) {
    const full = `tracing:${name}:${event}`
    const onMessage = (raw: unknown): void => {
      const message = raw as HandlerTraceMessage
      log.push({ event, message, statusCode: message.reply.statusCode, headersSent: message.reply.raw.headersSent, async: message.async })
    }
    channel(full).subscribe(onMessage)
    cleanups.push(() => channel(full).unsubscribe(onMessage))
  }
  return log
}

const names = (log: Array<Seen | string>): string[] => log.map((entry) => (typeof entry === 'string' ? entry : entry.event))

describe('the route handler trace (tracing:warren.request.handler and tracing:fastify.request.handler)', () => {
  it('exports the channel names', () => {
    expect(REQUEST_HANDLER_CHANNEL).toBe('warren.request.handler')
    expect(FASTIFY_REQUEST_HANDLER_CHANNEL).toBe('fastify.request.handler')
  })

  it('a sync handler returning a value: start then end, one message on both names with request, reply and route', async () => {
    const app = warren()
    let seenRequest: unknown
    let seenReply: unknown
    app.register(async (child) => {
      child.get('/users/:id', (request, reply) => {
        seenRequest = request
        seenReply = reply
        return { id: (request.params as { id: string }).id }
      })
    }, { prefix: '/v1' })
    const own = record(REQUEST_HANDLER_CHANNEL)
    const fastify = record(FASTIFY_REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/v1/users/7')
    expect(res.json()).toEqual({ id: '7' })
    expect(names(own)).toEqual(['start', 'end'])
    expect(names(fastify)).toEqual(['start', 'end'])
    const [start, end] = own as Seen[]
    expect(end.message).toBe(start.message)
    expect((fastify[0] as Seen).message).toBe(start.message)
    expect(start.message.request).toBe(seenRequest)
    expect(start.message.reply).toBe(seenReply)
    expect(start.message.route).toEqual({ url: '/v1/users/:id', method: 'GET' })
    expect(start.message.async).toBe(false)
    expect('error' in start.message).toBe(false)
    // end comes after the handler sent its value
    expect(start.headersSent).toBe(false)
    expect(end.headersSent).toBe(true)
  })

  it('a sync handler calling reply.send(), and one answering later: start then end only', async () => {
    const app = warren()
    app.post('/now', (_request, reply) => {
      reply.send({ now: true })
    })
    app.get('/later', (_request, reply) => {
      setImmediate(() => reply.send({ later: true }))
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    expect((await app.inject({ method: 'POST', url: '/now' })).json()).toEqual({ now: true })
    expect(names(log)).toEqual(['start', 'end'])
    expect((log[0] as Seen).message.route).toEqual({ url: '/now', method: 'POST' })
    log.length = 0
    expect((await app.inject('/later')).json()).toEqual({ later: true })
    expect(names(log)).toEqual(['start', 'end'])
    expect((log[1] as Seen).headersSent).toBe(false)
  })

  it('an async handler: start, end (async), then asyncStart and asyncEnd around the sending of its value', async () => {
    const app = warren()
    app.get('/', async () => {
      await new Promise((resolve) => setImmediate(resolve))
      return { hello: 'world' }
    })
    const log = record(FASTIFY_REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/')
    expect(res.json()).toEqual({ hello: 'world' })
    expect(names(log)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd'])
    const [start, end, asyncStart, asyncEnd] = log as Seen[]
    expect(start.async).toBe(false)
    expect(end.async).toBe(true)
    expect(new Set([start.message, end.message, asyncStart.message, asyncEnd.message]).size).toBe(1)
    expect(asyncStart.headersSent).toBe(false)
    expect(asyncEnd.headersSent).toBe(true)
  })

  it('an async handler that answers later itself (returns the reply): the same four events, no error', async () => {
    const app = warren()
    app.get('/', async (_request, reply) => {
      setImmediate(() => reply.send({ hello: 'later' }))
      return reply
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ hello: 'later' })
    expect(names(log)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd'])
  })

  it('a sync handler returning the reply it sent (a thenable, as in Fastify): async, its asyncStart and asyncEnd at once, before end', async () => {
    const app = warren()
    app.get('/', (_request, reply) => reply.send({ returned: true }))
    const log = record(REQUEST_HANDLER_CHANNEL)
    expect((await app.inject('/')).json()).toEqual({ returned: true })
    // the reply is settled already: its then() answers synchronously, as Fastify's does
    expect(names(log)).toEqual(['start', 'asyncStart', 'asyncEnd', 'end'])
    expect((log[1] as Seen).async).toBe(true)
    expect((log[1] as Seen).headersSent).toBe(true)
  })

  it('a hijacked reply whose promise resolves still closes the trace with asyncStart and asyncEnd', async () => {
    const app = warren()
    app.get('/', async (_request, reply) => {
      reply.hijack()
      reply.raw.end('raw')
      await new Promise((resolve) => setImmediate(resolve))
      return { ignored: true }
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    expect((await app.inject('/')).body).toBe('raw')
    await new Promise((resolve) => setImmediate(resolve))
    expect(names(log)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd'])
  })

  it('a thrown error: start, error (with the status it will be answered with), the error handling, then end', async () => {
    const app = warren()
    const log: Array<Seen | string> = []
    app.addHook('onError', async () => {
      log.push('onError')
    })
    app.get('/', () => {
      throw new Error('borked')
    })
    record(REQUEST_HANDLER_CHANNEL, log)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(names(log)).toEqual(['start', 'error', 'onError', 'end'])
    const error = log[1] as Seen
    expect(error.message.error).toBeInstanceOf(Error)
    expect((error.message.error as Error).message).toBe('borked')
    expect(error.statusCode).toBe(500)
    expect(error.message).toBe((log[0] as Seen).message)
  })

  it.each([
    ['calls done(error)', (_request: unknown, _reply: unknown, done: (error?: Error) => void) => done(Object.assign(new Error('denied'), { statusCode: 403 }))],
    ['throws', () => {
      throw Object.assign(new Error('denied'), { statusCode: 403 })
    }],
    ['rejects', async () => {
      await new Promise((resolve) => setImmediate(resolve))
      throw Object.assign(new Error('denied'), { statusCode: 403 })
    }],
  ])('a preHandler hook that %s: start, error (with its status), the error handling, then end; the handler is not called', async (_label, hook) => {
    const app = warren()
    const log: Array<Seen | string> = []
    let handled = false
    app.addHook('onError', async () => {
      log.push('onError')
    })
    app.addHook('preHandler', hook)
    app.get('/', () => {
      handled = true
      return 'never'
    })
    record(FASTIFY_REQUEST_HANDLER_CHANNEL, log)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ message: 'denied' })
    expect(handled).toBe(false)
    expect(names(log)).toEqual(['start', 'error', 'onError', 'end'])
    const error = log[1] as Seen
    expect((error.message.error as Error).message).toBe('denied')
    expect(error.statusCode).toBe(403)
    expect(error.message.route).toEqual({ url: '/', method: 'GET' })
  })

  it('a preHandler hook rejecting with nothing is traced with the error the request fails with', async () => {
    const app = warren()
    app.addHook('preHandler', () => Promise.reject())
    app.get('/', () => 'never')
    const log = record(REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ code: 'SVC_ERR_SEND_UNDEFINED_ERR' })
    expect(names(log)).toEqual(['start', 'error', 'end'])
    expect((log[1] as Seen).message.error).toMatchObject({ code: 'SVC_ERR_SEND_UNDEFINED_ERR' })
  })

  it('failures before the preHandler stage (onRequest, preValidation, validation) are not traced', async () => {
    const app = warren()
    app.post('/body', { schema: { body: { type: 'object', required: ['name'] } } }, () => 'never')
    app.get('/on-request', { onRequest: async () => Promise.reject(new Error('early')) }, () => 'never')
    app.get('/pre-validation', { preValidation: async () => Promise.reject(new Error('early')) }, () => 'never')
    const log = record(REQUEST_HANDLER_CHANNEL)
    expect((await app.inject({ method: 'POST', url: '/body', payload: {} })).statusCode).toBe(400)
    expect((await app.inject('/on-request')).statusCode).toBe(500)
    expect((await app.inject('/pre-validation')).statusCode).toBe(500)
    expect(log).toEqual([])
  })

  it('a rejected promise: start, end, then error, asyncStart and asyncEnd', async () => {
    const app = warren()
    app.get('/', async () => {
      await new Promise((resolve) => setImmediate(resolve))
      throw new Error('later')
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(names(log)).toEqual(['start', 'end', 'error', 'asyncStart', 'asyncEnd'])
    expect(((log[2] as Seen).message.error as Error).message).toBe('later')
    expect((log[4] as Seen).headersSent).toBe(true)
  })

  it.each([
    ['statusCode 503', { statusCode: 503 }, 503],
    ['status 418', { status: 418 }, 418],
    ['statusCode 600 (not an error status)', { statusCode: 600 }, 500],
    ['no status', {}, 500],
  ])('the error event shows the status of an error with %s', async (_label, fields, expected) => {
    const app = warren()
    app.get('/sync', () => {
      throw Object.assign(new Error('failed'), fields)
    })
    app.get('/async', () => Promise.reject(Object.assign(new Error('failed'), fields)))
    const log = record(REQUEST_HANDLER_CHANNEL)
    for (const url of ['/sync', '/async']) {
      log.length = 0
      const res = await app.inject(url)
      expect(res.statusCode).toBe(expected)
      const error = log.find((entry) => typeof entry !== 'string' && entry.event === 'error') as Seen
      expect(error.statusCode).toBe(expected)
    }
  })

  it('the status shown is the one answered: the error\'s own, else an error status the reply already had', async () => {
    const app = warren()
    app.get('/own', (_request, reply) => {
      reply.code(409)
      throw Object.assign(new Error('unavailable'), { statusCode: 503 })
    })
    app.get('/kept', (_request, reply) => {
      reply.code(409)
      throw new Error('conflict')
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    const errorEvents = (): Seen[] => log.filter((seen): seen is Seen => typeof seen !== 'string' && seen.event === 'error')
    expect((await app.inject('/own')).statusCode).toBe(503)
    expect((await app.inject('/kept')).statusCode).toBe(409)
    expect(errorEvents().map((seen) => seen.statusCode)).toEqual([503, 409])
  })

  it('with a custom error handler: the event shows the default status; the handler sees the reply as it was and chooses its own', async () => {
    const app = warren()
    let statusInHandler = 0
    app.setErrorHandler((error: Error, _request, reply) => {
      statusInHandler = reply.statusCode
      reply.code(503).send({ failed: error.message })
    })
    app.get('/', async () => {
      throw new Error('handler error')
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ failed: 'handler error' })
    expect((log.find((entry) => typeof entry !== 'string' && entry.event === 'error') as Seen).statusCode).toBe(500)
    expect(statusInHandler).toBe(200)
  })

  it('an async error handler continues the trace: start, error, end (async), asyncStart, asyncEnd', async () => {
    const app = warren()
    app.setErrorHandler(async (error: Error, _request, reply) => {
      await new Promise((resolve) => setImmediate(resolve))
      return reply.code(503).send({ failed: error.message })
    })
    app.get('/', () => {
      throw new Error('handler error')
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    const res = await app.inject('/')
    expect(res.statusCode).toBe(503)
    expect(names(log)).toEqual(['start', 'error', 'end', 'asyncStart', 'asyncEnd'])
    expect((log[2] as Seen).async).toBe(true)
    expect((log[4] as Seen).headersSent).toBe(true)
  })

  it('not-found handlers are not traced: an unknown URL publishes nothing, callNotFound() only the route handler', async () => {
    const app = warren()
    app.get('/', (_request, reply) => {
      reply.callNotFound()
    })
    const log = record(REQUEST_HANDLER_CHANNEL)
    expect((await app.inject('/nowhere')).statusCode).toBe(404)
    expect(log).toEqual([])
    const res = await app.inject('/')
    expect(res.statusCode).toBe(404)
    expect(names(log)).toEqual(['start', 'end'])
  })

  it('a store bound to the start channel is the async context of the handler and of what follows its promise', async () => {
    const app = warren()
    const storage = new AsyncLocalStorage<string>()
    const start = tracingChannel(REQUEST_HANDLER_CHANNEL).start
    start.bindStore(storage, (message) => (message as HandlerTraceMessage).route.url)
    cleanups.push(() => start.unbindStore(storage))
    let inHandler: string | undefined
    let atAsyncEnd: string | undefined
    const onAsyncEnd = (): void => {
      atAsyncEnd = storage.getStore()
    }
    channel(`tracing:${REQUEST_HANDLER_CHANNEL}:asyncEnd`).subscribe(onAsyncEnd)
    cleanups.push(() => channel(`tracing:${REQUEST_HANDLER_CHANNEL}:asyncEnd`).unsubscribe(onAsyncEnd))
    app.get('/traced', async () => {
      await new Promise((resolve) => setImmediate(resolve))
      inHandler = storage.getStore()
      return 'ok'
    })
    expect((await app.inject('/traced')).body).toBe('ok')
    expect(inHandler).toBe('/traced')
    expect(atAsyncEnd).toBe('/traced')
  })

  it('without subscribers nothing is published and the handler is called directly, not through the trace', async () => {
    const app = warren()
    const stacks: string[] = []
    app.get('/', () => {
      stacks.push(new Error('where').stack ?? '')
      return 'ok'
    })
    // subscribed once then unsubscribed: nobody listens any more
    const log = record(REQUEST_HANDLER_CHANNEL)
    for (const cleanup of cleanups.splice(0)) cleanup()
    expect(tracingChannel(REQUEST_HANDLER_CHANNEL).hasSubscribers).toBe(false)
    expect(tracingChannel(FASTIFY_REQUEST_HANDLER_CHANNEL).hasSubscribers).toBe(false)
    expect((await app.inject('/')).body).toBe('ok')
    expect(log).toEqual([])
    // and with a subscriber to the error channel only (as error trackers subscribe), it is traced
    const onError = (): void => {}
    channel(`tracing:${FASTIFY_REQUEST_HANDLER_CHANNEL}:error`).subscribe(onError)
    cleanups.push(() => channel(`tracing:${FASTIFY_REQUEST_HANDLER_CHANNEL}:error`).unsubscribe(onError))
    expect((await app.inject('/')).body).toBe('ok')
    expect(stacks[0]).not.toMatch(/runStores|callTracedHandler/)
    expect(stacks[1]).toMatch(/callTracedHandler/)
  })
})
