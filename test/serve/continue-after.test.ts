import { describe, expect, it } from 'vitest'
import { continueAfter } from '../../src/serve/continue-after.js'
import { kReplyFail } from '../../src/core/symbols.js'
import { stubReply } from './stubs.js'

const settle = () => new Promise((resolve) => setImmediate(resolve))

// continueAfter alone: no application, only a reply that records its failures
describe('continueAfter (serve/continue-after)', () => {
  it('runs the fulfilment continuation with the value', async () => {
    const { reply, failures } = stubReply()
    const seen: unknown[] = []
    continueAfter(Promise.resolve(42), reply, (value) => seen.push(value), () => seen.push('rejected'))
    await settle()
    expect(seen).toEqual([42])
    expect(failures).toEqual([])
  })

  it('runs the rejection continuation with the reason', async () => {
    const { reply, failures } = stubReply()
    const reason = new Error('no')
    const seen: unknown[] = []
    continueAfter(Promise.reject(reason), reply, () => seen.push('fulfilled'), (error) => seen.push(error))
    await settle()
    expect(seen).toEqual([reason])
    expect(failures).toEqual([])
  })

  it('reports a throwing continuation through the reply instead of rejecting', async () => {
    const { reply, failures } = stubReply()
    const thrown = new Error('continuation failed')
    continueAfter(Promise.resolve(), reply, () => {
      throw thrown
    }, () => {})
    await settle()
    expect(failures).toEqual([thrown])
  })

  it('destroys the connection and logs when reporting the failure fails too', async () => {
    const { reply, log } = stubReply()
    const failing = reply as unknown as Record<symbol, unknown>
    failing[kReplyFail] = () => {
      throw new Error('error path broken')
    }
    continueAfter(Promise.reject(new Error('first')), reply, () => {}, () => {
      throw new Error('second')
    })
    await settle()
    expect(reply.raw.destroyed).toBe(true)
    expect(log.error).toHaveBeenCalledTimes(1)
  })
})

describe('continueAfter continuations', () => {
  it('are given the reply after the value, so a module function can continue without a closure', async () => {
    const { reply } = stubReply()
    const seen: unknown[] = []
    const record = (value: unknown, given: unknown): void => { seen.push([value, given === reply]) }
    continueAfter(Promise.resolve('ok'), reply, record, record)
    continueAfter(Promise.reject(new Error('no')), reply, record, (reason, given) => record((reason as Error).message, given))
    await settle()
    expect(seen).toEqual([['ok', true], ['no', true]])
  })
})
