import http from 'node:http'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

const work = mkdtempSync(join(tmpdir(), 'warren-listen-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A GET over a Unix socket: resolves with the body. */
function getOverSocket(socketPath: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ socketPath, path }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

describe('listen options', () => {
  it('path: listens on a Unix socket; the address, addresses() and listeningOrigin are its path', async () => {
    const socketPath = join(work, 'app.sock')
    const app = warren()
    app.get('/where', async () => 'on a socket')
    const address = await app.listen({ path: socketPath })
    try {
      expect(address).toBe(socketPath)
      expect(app.addresses()).toEqual([socketPath])
      expect(app.listeningOrigin).toBe(socketPath)
      expect(app.server.address()).toBe(socketPath)
      expect(await getOverSocket(socketPath, '/where')).toBe('on a socket')
    } finally {
      await app.close()
    }
    expect(existsSync(socketPath)).toBe(false)
  })

  it('host null or undefined is the default (127.0.0.1); a numeric string port works', async () => {
    for (const options of [{ host: null, port: 0 }, { host: undefined, port: '0' }]) {
      const app = warren()
      const address = await app.listen(options)
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      await app.close()
    }
  })

  it('host 0.0.0.0: resolves with a loopback origin a client can reach, and logs one line per IPv4 interface', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    app.get('/', async () => 'everywhere')
    const address = await app.listen({ port: 0, host: '0.0.0.0' })
    try {
      const port = app.server.address().port
      const loopbacks = Object.values(networkInterfaces()).flat().filter((entry) => entry?.family === 'IPv4' && entry.internal)
      expect(loopbacks.map((entry) => `http://${entry?.address}:${port}`)).toContain(address)
      expect(app.listeningOrigin).toBe(address)
      expect(app.server.address().address).toBe('0.0.0.0')
      expect(await (await fetch(address)).text()).toBe('everywhere')
      const ipv4 = Object.values(networkInterfaces()).flat().filter((entry) => entry?.family === 'IPv4')
      const listening = lines.filter((line) => line.msg.startsWith('Server listening at '))
      expect(listening).toHaveLength(ipv4.length)
      expect(listening[0].msg).toBe(`Server listening at ${address}`)
    } finally {
      await app.close()
    }
  })

  it('listenTextResolver: its text is what the listening line logs', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream } })
    let seen = ''
    const address = await app.listen({
      port: 0,
      listenTextResolver: (origin: string) => {
        seen = origin
        return `ready at ${origin}`
      },
    })
    await app.close()
    expect(seen).toBe(address)
    expect(lines.map((line) => line.msg)).toContain(`ready at ${address}`)
    expect(lines.map((line) => line.msg)).not.toContain(`Server listening at ${address}`)
  })

  it('wrong options throw SVC_ERR_LISTEN_OPTIONS_INVALID at once, naming the option', () => {
    const app = warren()
    const cases: Array<[unknown, string]> = [
      ['3000', "'options'"],
      [{ port: 0, host: 127 }, "'host'"],
      [{ path: '' }, "'path'"],
      [{ port: 0, signal: {} }, "'signal'"],
      [{ port: 0, listenTextResolver: 'text' }, "'listenTextResolver'"],
      [{ port: 0, backlog: '10' }, "'backlog'"],
      [{ port: true }, "Invalid listen option 'port': expected a number or string, got boolean"],
      [{ port: { value: 3000 } }, "'port'"],
      [{ port: 0, hots: 'localhost' }, "'hots'"],
    ]
    for (const [options, named] of cases) {
      let error: any
      try {
        app.listen(options)
      } catch (thrown) {
        error = thrown
      }
      expect(error?.code).toBe('SVC_ERR_LISTEN_OPTIONS_INVALID')
      expect(error.message).toContain(named)
    }
    expect(app.server.listening).toBe(false)
  })

  it('takes an option given as null as not given: { port: null } listens on a free port', async () => {
    const app = warren()
    const address = await app.listen({ port: null, backlog: null } as never)
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(address)).status).toBe(404)
    await app.close()
  })

  it('a bad port rejects with node’s error (the promise, or the callback with a null address)', async () => {
    const app = warren()
    await expect(app.listen({ port: -1 })).rejects.toMatchObject({ code: 'ERR_SOCKET_BAD_PORT' })
    const other = warren()
    const [err, address] = await new Promise<[any, unknown]>((resolve) => other.listen({ port: 'nope' }, (e: Error, a: unknown) => resolve([e, a])))
    expect(err.code).toBe('ERR_SOCKET_BAD_PORT')
    expect(address).toBeNull()
    expect(other.server.listening).toBe(false)
  })

  it('listening twice fails with SVC_ERR_REOPENED_SERVER; the callback gets a null address', async () => {
    const app = warren()
    await app.listen({ port: 0 })
    try {
      await expect(app.listen({ port: 0 })).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_SERVER' })
      const [err, address] = await new Promise<[any, unknown]>((resolve) => app.listen({ port: 0 }, (e: Error, a: unknown) => resolve([e, a])))
      expect(err.code).toBe('SVC_ERR_REOPENED_SERVER')
      expect(address).toBeNull()
    } finally {
      await app.close()
    }
  })

  it('two listen() calls at once: one binds, the other is refused', async () => {
    const app = warren()
    const results = await Promise.allSettled([app.listen({ port: 0 }), app.listen({ port: 0 })])
    await app.close()
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason.code).toBe('SVC_ERR_REOPENED_SERVER')
  })
})

describe('listen signal', () => {
  it('aborting the signal once listening closes the application', async () => {
    const app = warren()
    let closed = false
    app.addHook('onClose', () => { closed = true })
    const controller = new AbortController()
    await app.listen({ port: 0, signal: controller.signal })
    expect(app.server.listening).toBe(true)
    controller.abort()
    await app.close() // the shutdown the signal started
    expect(closed).toBe(true)
    expect(app.server.listening).toBe(false)
  })

  it('an already aborted signal: nothing listens, the promise resolves undefined, the app closes', async () => {
    const app = warren()
    let closed = false
    app.addHook('onClose', () => { closed = true })
    const controller = new AbortController()
    controller.abort()
    await expect(app.listen({ port: 0, signal: controller.signal })).resolves.toBeUndefined()
    expect(closed).toBe(true)
    expect(app.server.listening).toBe(false)
    await expect(app.listen({ port: 0 })).rejects.toMatchObject({ code: 'SVC_ERR_REOPENED_CLOSE_SERVER' })
  })

  it('aborted while getting ready: never listens, and the callback is not called', async () => {
    const app = warren()
    const controller = new AbortController()
    let called = false
    app.listen({ port: 0, signal: controller.signal }, () => { called = true })
    controller.abort()
    await app.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(called).toBe(false)
    expect(app.server.listening).toBe(false)
  })

  it('closing the application removes its abort listener', async () => {
    const app = warren()
    const controller = new AbortController()
    const added: string[] = []
    const removed: string[] = []
    const signal = controller.signal
    const add = signal.addEventListener.bind(signal)
    const remove = signal.removeEventListener.bind(signal)
    signal.addEventListener = ((type: string, ...rest: any[]) => { added.push(type); return (add as any)(type, ...rest) }) as any
    signal.removeEventListener = ((type: string, ...rest: any[]) => { removed.push(type); return (remove as any)(type, ...rest) }) as any
    await app.listen({ port: 0, signal })
    await app.close()
    expect(added).toEqual(['abort'])
    expect(removed).toEqual(['abort'])
  })
})
