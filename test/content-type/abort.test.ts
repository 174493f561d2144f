import { connect, type Socket } from 'node:net'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

async function waitFor(check: () => boolean | Promise<boolean>, timeout = 3000): Promise<void> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeout) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function openConnections(app: any): Promise<number> {
  return new Promise((resolve, reject) => app.server.getConnections((error: Error | null, count: number) => (error ? reject(error) : resolve(count))))
}

/** Opens a raw connection, sends the head and part of a body, then resets the connection. */
async function abortMidBody(address: string, head: string, partial: Buffer | string): Promise<void> {
  const { port } = new URL(address)
  const socket: Socket = connect(Number(port), '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  socket.write(head)
  socket.write(partial)
  await new Promise((resolve) => setTimeout(resolve, 50))
  socket.destroy()
}

function abortApp(): { app: any, events: string[] } {
  const app = warren()
  const events: string[] = []
  app.addHook('onRequestAbort', async (request: any) => { events.push(`abort:${request.url}`) })
  app.addHook('onError', async (_request: any, _reply: any, error: any) => { events.push(`error:${error.code ?? error.message}`) })
  app.addHook('onResponse', async () => { events.push('response') })
  app.addContentTypeParser('application/x-stream', async (_request: any, payload: any) => {
    events.push('stream-parser')
    let length = 0
    for await (const chunk of payload) length += chunk.length
    events.push('stream-parser-finished')
    return length
  })
  app.post('/upload', async (request: any) => { events.push('handler'); return { body: request.body } })
  app.get('/ping', async () => 'pong')
  return { app, events }
}

describe('aborted uploads', () => {
  for (const [name, head] of [
    ['with a content-length', 'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n'],
    ['chunked', 'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'],
  ] as const) {
    it(`a client that disconnects mid-body (${name}) triggers onRequestAbort and the server keeps serving`, async () => {
      const { app, events } = abortApp()
      const address = await app.listen({ port: 0 })
      try {
        const partial = name === 'chunked' ? `4000\r\n${'{'.repeat(0x4000)}\r\n` : '{"a":"' + 'x'.repeat(50_000)
        await abortMidBody(address, head, partial)
        await waitFor(() => events.includes('abort:/upload'))
        // give a late error path a chance to show up before asserting it did not
        await new Promise((resolve) => setTimeout(resolve, 50))
        // the reading stage fails with the socket's error (onError sees it); nothing else runs
        expect(events.filter((event) => event !== 'abort:/upload' && event !== 'error:ECONNRESET')).toEqual([])
        expect(events.filter((event) => event === 'abort:/upload')).toHaveLength(1)
        const res = await fetch(`${address}/ping`)
        expect(await res.text()).toBe('pong')
        const again = await fetch(`${address}/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"after":"abort"}' })
        expect(await again.json()).toEqual({ body: { after: 'abort' } })
      } finally {
        await app.close()
      }
    })
  }

  it('a stream parser reading an aborted upload does not reach the handler', async () => {
    const { app, events } = abortApp()
    const address = await app.listen({ port: 0 })
    try {
      await abortMidBody(address, 'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-stream\r\nContent-Length: 1000000\r\n\r\n', Buffer.alloc(10_000))
      await waitFor(() => events.includes('abort:/upload'))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(events).toContain('stream-parser')
      expect(events).not.toContain('handler')
      expect(events).not.toContain('stream-parser-finished')
      expect(await (await fetch(`${address}/ping`)).text()).toBe('pong')
    } finally {
      await app.close()
    }
  })

  it('a stream that preParsing put in place of an aborted upload is destroyed, not left waiting', async () => {
    const { app, events } = abortApp()
    const replacements: PassThrough[] = []
    app.addHook('preParsing', async (_request: any, _reply: any, payload: any) => {
      const replacement = new PassThrough()
      payload.pipe(replacement)
      replacements.push(replacement)
      return replacement
    })
    const address = await app.listen({ port: 0 })
    try {
      for (const type of ['application/json', 'application/x-stream']) {
        await abortMidBody(address, `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n`, 'x'.repeat(5000))
      }
      await waitFor(() => events.filter((event) => event === 'abort:/upload').length === 2)
      expect(replacements).toHaveLength(2)
      await waitFor(() => replacements.every((stream) => stream.destroyed))
      expect(events).not.toContain('handler')
      expect(await (await fetch(`${address}/ping`)).text()).toBe('pong')
    } finally {
      await app.close()
    }
  })

  it('many aborted uploads leave no open connections behind', async () => {
    const { app, events } = abortApp()
    const address = await app.listen({ port: 0 })
    try {
      await Promise.all(Array.from({ length: 20 }, () => abortMidBody(address, 'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n', 'x'.repeat(1000))))
      await waitFor(() => events.filter((event) => event === 'abort:/upload').length === 20)
      await waitFor(async () => (await openConnections(app)) === 0)
      expect(events).not.toContain('handler')
    } finally {
      await app.close()
    }
  })

  it('close() does not wait for an upload the client abandoned', async () => {
    const { app, events } = abortApp()
    const address = await app.listen({ port: 0 })
    await abortMidBody(address, 'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n', '{')
    await waitFor(() => events.includes('abort:/upload'))
    const started = Date.now()
    await app.close()
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
