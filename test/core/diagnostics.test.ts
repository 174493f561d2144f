import { channel } from 'node:diagnostics_channel'
import { afterEach, describe, expect, it, vi } from 'vitest'
import warren, { FASTIFY_INITIALIZATION_CHANNEL, INITIALIZATION_CHANNEL, type InitializationMessage } from 'warren'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.restoreAllMocks()
})

function listen(name: string): InitializationMessage[] {
  const seen: InitializationMessage[] = []
  const onMessage = (message: unknown): void => {
    seen.push(message as InitializationMessage)
  }
  channel(name).subscribe(onMessage)
  cleanups.push(() => channel(name).unsubscribe(onMessage))
  return seen
}

describe('the initialization channel (warren.initialization and fastify.initialization)', () => {
  it('exports the channel names', () => {
    expect(INITIALIZATION_CHANNEL).toBe('warren.initialization')
    expect(FASTIFY_INITIALIZATION_CHANNEL).toBe('fastify.initialization')
  })

  it('announces each instance warren() creates, with the instance, on both names (one message); child contexts are not announced', async () => {
    const own = listen(INITIALIZATION_CHANNEL)
    const fastify = listen(FASTIFY_INITIALIZATION_CHANNEL)
    const app = warren()
    expect(own).toHaveLength(1)
    expect(own[0].warren).toBe(app)
    expect(own[0].fastify).toBe(app)
    expect(fastify[0]).toBe(own[0])
    app.register(async () => {})
    await app.ready()
    const other = warren({ logger: false })
    expect(own.map((message) => message.warren)).toEqual([app, other])
  })

  it('with nobody subscribed, nothing is published', () => {
    const own = channel(INITIALIZATION_CHANNEL)
    const fastify = channel(FASTIFY_INITIALIZATION_CHANNEL)
    const publishedOwn = vi.spyOn(own, 'publish')
    const publishedFastify = vi.spyOn(fastify, 'publish')
    warren()
    expect(publishedOwn).not.toHaveBeenCalled()
    expect(publishedFastify).not.toHaveBeenCalled()
    // the spies do see a publication once someone listens
    listen(FASTIFY_INITIALIZATION_CHANNEL)
    warren()
    expect(publishedFastify).toHaveBeenCalledTimes(1)
  })
})
