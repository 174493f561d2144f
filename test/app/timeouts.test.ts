import { describe, expect, it } from 'vitest'
import http from 'node:http'
import net from 'node:net'
import { warren } from '../helpers.js'

function portOf(address: string): number {
  return Number(new URL(address).port)
}

describe('timeouts and aborted requests', () => {
  it('connectionTimeout drops a request that takes too long and runs onTimeout hooks', async () => {
    const app = warren({ connectionTimeout: 100 })
    let timedOut!: (url: string) => void
    const onTimeoutRan = new Promise<string>((r) => (timedOut = r))
    app.addHook('onTimeout', async (req: any) => timedOut(req.url))
    app.get('/hang', async () => new Promise(() => {}))
    app.get('/fast', async () => 'fast')
    const address = await app.listen({ port: 0 })
    try {
      const t0 = Date.now()
      const outcome = await new Promise<string>((resolve) => {
        http.get(`${address}/hang`, (res) => resolve(`answered ${res.statusCode}`)).on('error', (err: any) => resolve(err.code))
      })
      expect(outcome).toBe('ECONNRESET')
      expect(Date.now() - t0).toBeGreaterThanOrEqual(90)
      expect(await onTimeoutRan).toBe('/hang')
      // the server keeps serving
      expect(await (await fetch(`${address}/fast`)).text()).toBe('fast')
    } finally {
      await app.close()
    }
  })

  it('keepAliveTimeout closes an idle kept-alive connection', async () => {
    const app = warren({ keepAliveTimeout: 150 })
    app.get('/', async () => 'x')
    const address = await app.listen({ port: 0 })
    try {
      const socket = net.connect(portOf(address), '127.0.0.1')
      await new Promise<void>((r) => socket.once('connect', () => r()))
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
      await new Promise<void>((r) => socket.once('data', () => r()))
      const t0 = Date.now()
      await new Promise<void>((r) => socket.once('close', () => r()))
      const idle = Date.now() - t0
      expect(idle).toBeGreaterThanOrEqual(100)
      expect(idle).toBeLessThan(3000)
    } finally {
      await app.close()
    }
  })

  it('onRequestAbort runs when the client goes away mid-request', async () => {
    const app = warren()
    let started!: () => void
    const inHandler = new Promise<void>((r) => (started = r))
    let aborted!: (url: string) => void
    const abortHookRan = new Promise<string>((r) => (aborted = r))
    app.addHook('onRequestAbort', async (req: any) => aborted(req.url))
    app.get('/slow', async () => {
      started()
      await new Promise((r) => setTimeout(r, 300))
      return 'late'
    })
    const address = await app.listen({ port: 0 })
    try {
      const request = http.get(`${address}/slow`)
      const clientError = new Promise<string>((r) => request.on('error', (err: any) => r(err.code)))
      await inHandler
      const t0 = Date.now()
      request.destroy()
      expect(await clientError).toBe('ECONNRESET')
      expect(await abortHookRan).toBe('/slow')
      expect(Date.now() - t0).toBeLessThan(250)
    } finally {
      await app.close()
    }
  })

  it('onRequestAbort does not run for requests answered normally', async () => {
    const app = warren()
    let abortRuns = 0
    app.addHook('onRequestAbort', async () => { abortRuns++ })
    app.get('/', async () => 'ok')
    const address = await app.listen({ port: 0 })
    try {
      expect(await (await fetch(address)).text()).toBe('ok')
      await new Promise((r) => setTimeout(r, 50))
      expect(abortRuns).toBe(0)
    } finally {
      await app.close()
    }
  })
})
