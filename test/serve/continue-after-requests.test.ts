import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import warren from 'warren'
import { continueAfter } from '../../src/serve/continue-after.js'
import type { Reply } from '../../src/model/reply.js'

/** The runtime reply behind a handler's typed reply: the public type hides the class internal helpers take. */
const runtimeReply = (reply: object): Reply => reply as Reply

// every place that resumes a request after a user promise goes through continueAfter
describe('continuing a request after a promise', () => {
  const unhandled: unknown[] = []
  const record = (reason: unknown) => unhandled.push(reason)
  beforeEach(() => {
    unhandled.length = 0
    process.on('unhandledRejection', record)
  })
  afterEach(() => {
    process.off('unhandledRejection', record)
  })

  it('a continuation that throws answers through the error path, not an unhandled rejection', async () => {
    const app = warren()
    app.get('/', (_request, reply) => {
      continueAfter(Promise.resolve(), runtimeReply(reply), () => {
        throw new Error('the continuation failed')
      }, () => {})
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, message: 'the continuation failed' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
  })

  it('a rejection handler that throws is answered the same way', async () => {
    const app = warren()
    app.get('/', (_request, reply) => {
      continueAfter(Promise.reject(new Error('first')), runtimeReply(reply), () => {}, () => {
        throw new Error('the rejection handler failed')
      })
    })
    const res = await app.inject('/')
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe('the rejection handler failed')
    expect(unhandled).toEqual([])
  })
})
