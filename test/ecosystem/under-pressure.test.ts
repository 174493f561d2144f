import { describe, expect, it } from 'vitest'
import underPressure from '@fastify/under-pressure'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface UnderPressureDecorators {
  memoryUsage: () => { eventLoopDelay: number; rssBytes: number; heapUsed: number; eventLoopUtilized: number }
  isUnderPressure: () => boolean
}
const underPressurePlugin = fromFastify<Record<string, unknown>, UnderPressureDecorators>(underPressure)

/** Waits (bounded) for the plugin's first memory sample after start-up. */
async function firstSample(app: UnderPressureDecorators): Promise<void> {
  for (let i = 0; i < 100 && app.memoryUsage().heapUsed === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('@fastify/under-pressure', () => {
  it('exposes a status route answering { status: "ok" }, at a custom path too', async () => {
    const app = warren().register(underPressurePlugin, { exposeStatusRoute: true })
    const res = await app.inject({ url: '/status' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    await app.close()
    const custom = warren().register(underPressurePlugin, { exposeStatusRoute: '/alive' })
    expect((await custom.inject({ url: '/alive' })).json()).toEqual({ status: 'ok' })
    await custom.close()
  })

  it('answers 503 with retry-after from the status route when the health check fails', async () => {
    let healthy = true
    const app = warren().register(underPressurePlugin, { exposeStatusRoute: true, healthCheck: async () => healthy, retryAfter: 30 })
    expect((await app.inject({ url: '/status' })).statusCode).toBe(200)
    healthy = false
    const res = await app.inject({ url: '/status' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('30')
    expect(res.json()).toEqual({ statusCode: 503, code: 'FST_UNDER_PRESSURE', error: 'Service Unavailable', message: 'Service Unavailable' })
    await app.close()
  })

  it('sheds every request with 503 while a threshold is exceeded, and reports memory usage', async () => {
    const app = warren().register(underPressurePlugin, { maxHeapUsedBytes: 1, sampleInterval: 10, retryAfter: 5, message: 'Under pressure!' })
    app.get('/', async () => 'work')
    await app.ready()
    await firstSample(app)
    expect(app.memoryUsage().heapUsed).toBeGreaterThan(1)
    expect(app.isUnderPressure()).toBe(true)
    const res = await app.inject({ url: '/' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'FST_UNDER_PRESSURE', message: 'Under pressure!' })
    await app.close()
  })

  it('lets a pressureHandler decide the answer, per route through config', async () => {
    const app = warren().register(underPressurePlugin, { maxHeapUsedBytes: 1, sampleInterval: 10, pressureHandler: () => 'degraded' })
    app.get('/', async () => 'full answer')
    app.get('/lenient', { config: { pressureHandler: () => undefined } }, async () => 'full answer')
    await app.ready()
    await firstSample(app)
    expect((await app.inject({ url: '/' })).body).toBe('degraded')
    expect((await app.inject({ url: '/lenient' })).body).toBe('full answer')
    await app.close()
  })
})
