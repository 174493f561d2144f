import { describe, expect, it } from 'vitest'
import * as runners from '../../src/serve/run-hooks.js'
import { kReplySending } from '../../src/core/symbols.js'
import { codes } from '../../src/core/errors.js'
import { hookList, type HookFn } from '../../src/hooks/store.js'
import { stubReply } from './stubs.js'

// the runners take a route's hook list (hooks with their lengths): these make one of a plain array
type AfterHooks<F> = F extends (hooks: any, ...rest: infer Rest) => void ? Rest : never
const runRequestHooks = (hooks: HookFn[], ...rest: AfterHooks<typeof runners.runRequestHooks>) => runners.runRequestHooks(hookList(hooks), ...rest)
const runPayloadHooks = (hooks: HookFn[], ...rest: AfterHooks<typeof runners.runPayloadHooks>) => runners.runPayloadHooks(hookList(hooks), ...rest)
const runObserverHooks = (hooks: HookFn[], ...rest: AfterHooks<typeof runners.runObserverHooks>) => runners.runObserverHooks(hookList(hooks), ...rest)

const settle = () => new Promise((resolve) => setImmediate(resolve))

// the hook runners alone: stub request and reply, no application
describe('runRequestHooks (serve/run-hooks)', () => {
  it('runs sync, callback and async hooks in order, then next', async () => {
    const { reply, request, failures } = stubReply()
    const order: string[] = []
    const hooks: HookFn[] = [
      () => void order.push('sync'),
      (_request: unknown, _reply: unknown, done: () => void) => {
        order.push('callback')
        setImmediate(done)
      },
      async () => void order.push('async'),
    ]
    runRequestHooks(hooks, request, reply, () => order.push('next'))
    await settle()
    await settle()
    expect(order).toEqual(['sync', 'callback', 'async', 'next'])
    expect(failures).toEqual([])
  })

  it('calls each hook with the route instance as this', () => {
    const server = { name: 'context' }
    const { reply, request } = stubReply({ server })
    const seen: unknown[] = []
    runRequestHooks([function (this: unknown) { seen.push(this) }], request, reply, () => {})
    expect(seen).toEqual([server])
  })

  it('reports done(err), a throw and a rejection through the reply, and stops there', async () => {
    for (const hook of [
      (_q: unknown, _r: unknown, done: (error: Error) => void) => done(new Error('done')),
      () => {
        throw new Error('thrown')
      },
      async () => {
        throw new Error('rejected')
      },
    ] as HookFn[]) {
      const { reply, request, failures } = stubReply()
      let nextRan = false
      runRequestHooks([hook], request, reply, () => (nextRan = true))
      await settle()
      expect(failures).toHaveLength(1)
      expect((failures[0] as Error).message).toMatch(/done|thrown|rejected/)
      expect(nextRan).toBe(false)
    }
  })

  it('a rejection or a throw without a reason fails the request with SVC_ERR_SEND_UNDEFINED_ERR', async () => {
    const { reply, request, failures } = stubReply()
    runRequestHooks([() => Promise.reject(undefined)], request, reply, () => {})
    await settle()
    expect(failures[0]).toBeInstanceOf(codes.SVC_ERR_SEND_UNDEFINED_ERR)
    expect((failures[0] as Error).message).toBe('Undefined error has occurred')
    const thrown = stubReply()
    runPayloadHooks([() => { throw null }], thrown.request, thrown.reply, 'payload', () => {})
    expect((thrown.failures[0] as { code: string }).code).toBe('SVC_ERR_SEND_UNDEFINED_ERR')
  })

  it('a rejection with a value that is not an Error fails the request with that value', async () => {
    const { reply, request, failures } = stubReply()
    runRequestHooks([() => Promise.reject('plain')], request, reply, () => {})
    await settle()
    expect(failures).toEqual(['plain'])
  })

  it('stops without next once a hook replied', () => {
    const { reply, request } = stubReply()
    let nextRan = false
    const replying: HookFn = () => {
      ;(reply as unknown as Record<symbol, boolean>)[kReplySending] = true
    }
    runRequestHooks([replying, () => (nextRan = true)], request, reply, () => (nextRan = true))
    expect(nextRan).toBe(false)
  })
})

describe('runRequestHooks across the stages of one request', () => {
  it('a hook that takes no done is not waited for, and calling the done it was given does not run the chain twice', () => {
    const { reply, request } = stubReply()
    const order: string[] = []
    // length 0: written with a rest parameter, its done is not the chain's
    const restParameter = ((...args: Array<() => void>) => {
      order.push('rest')
      args[2]()
    }) as HookFn
    runRequestHooks([restParameter, () => void order.push('second')], request, reply, () => order.push('next'))
    expect(order).toEqual(['rest', 'second', 'next'])
  })

  it('a done called again after its stage ended does not advance the next stage', async () => {
    const { reply, request, failures } = stubReply()
    const order: string[] = []
    let lateDone: () => void = () => {}
    let openGate: () => void = () => {}
    const gate = new Promise<void>((resolve) => (openGate = resolve))
    const secondStage = (): void =>
      runRequestHooks(
        [
          async () => {
            await gate
            order.push('second stage, first hook')
          },
          () => void order.push('second stage, second hook'),
        ],
        request,
        reply,
        () => order.push('handler'),
      )
    runRequestHooks([(_q: unknown, _r: unknown, done: () => void) => { lateDone = done; done() }], request, reply, secondStage)
    lateDone()
    openGate()
    await settle()
    expect(order).toEqual(['second stage, first hook', 'second stage, second hook', 'handler'])
    expect(failures).toEqual([])
  })
})

describe('runPayloadHooks (serve/run-hooks)', () => {
  it('passes each replacement on, by done and by a resolved value', async () => {
    const { reply, request } = stubReply()
    let final: unknown
    const hooks: HookFn[] = [
      (_q: unknown, _r: unknown, payload: string, done: (e: null, p: string) => void) => done(null, payload + 'b'),
      async (_q: unknown, _r: unknown, payload: string) => payload + 'c',
      async () => undefined,
    ]
    runPayloadHooks(hooks, request, reply, 'a', (_reply, payload) => (final = payload))
    await settle()
    expect(final).toBe('abc')
  })

  it('reports a failing hook through the reply', async () => {
    const { reply, request, failures } = stubReply()
    runPayloadHooks([async () => Promise.reject(new Error('onSend failed'))], request, reply, 'x', () => {})
    await settle()
    expect((failures[0] as Error).message).toBe('onSend failed')
  })
})

describe('hooks that take no done, in the payload and observer runners', () => {
  it('are not waited for, and the done they were given does nothing', () => {
    const { reply, request } = stubReply()
    const payloads: unknown[] = []
    // declares three parameters: no done, though `arguments` reaches it
    const noDone = (function (this: unknown, _request: unknown, _reply: unknown, _payload: unknown) {
      // eslint-disable-next-line prefer-rest-params -- a rest parameter is what would make it take done
      ;(arguments[3] as (error: null, value: string) => void)(null, 'from done')
    }) as HookFn
    runPayloadHooks([noDone], request, reply, 'original', (_reply, payload) => payloads.push(payload))
    expect(payloads).toEqual(['original'])
  })

  it('a rest parameter (a forwarding wrapper) takes done: waited for, and what it gives is taken', () => {
    const { reply, request } = stubReply()
    const payloads: unknown[] = []
    const restPayload = ((...args: Array<(error: null, value: string) => void>) => args[3](null, 'from done')) as HookFn
    runPayloadHooks([restPayload], request, reply, 'original', (_reply, payload) => payloads.push(payload))
    expect(payloads).toEqual(['from done'])
    const observed: string[] = []
    let later = (): void => {}
    const restObserver = ((...args: Array<() => void>) => {
      later = args[2]
    }) as HookFn
    runObserverHooks([restObserver], request, reply, [reply], () => observed.push('next'))
    expect(observed).toEqual([])
    later()
    expect(observed).toEqual(['next'])
  })
})

describe('runObserverHooks (serve/run-hooks)', () => {
  it('logs each failure and still runs every hook, then next', async () => {
    const { reply, request, log, failures } = stubReply()
    const ran: string[] = []
    const hooks: HookFn[] = [
      () => {
        ran.push('throws')
        throw new Error('a')
      },
      async () => {
        ran.push('rejects')
        throw new Error('b')
      },
      () => void ran.push('fine'),
    ]
    runObserverHooks(hooks, request, reply, [reply], () => ran.push('next'))
    await settle()
    await settle()
    expect(ran).toEqual(['throws', 'rejects', 'fine', 'next'])
    expect(log.error).toHaveBeenCalledTimes(2)
    expect(failures).toEqual([])
  })

  it('a next that throws after an async hook takes the reply failure path, not an unhandled rejection', async () => {
    const { reply, request, failures } = stubReply()
    runObserverHooks([async () => {}], request, reply, [], () => {
      throw new Error('next failed')
    })
    await settle()
    expect((failures[0] as Error).message).toBe('next failed')
  })
})
