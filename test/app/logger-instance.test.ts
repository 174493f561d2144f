import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import warren from 'warren'

/** A pino logger writing its lines into an array. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
  return { logger: pino({ level: 'info' }, stream), lines }
}

describe('loggerInstance: a ready logger, as Fastify 5 takes it', () => {
  it('logs requests through the given pino instance, with the request id', async () => {
    const { logger, lines } = capturedLogger()
    const app = warren({ loggerInstance: logger })
    app.get('/', async (request) => {
      request.log.info('in the handler')
      return 'ok'
    })
    expect(app.log).toBeDefined()
    const res = await app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    const line = lines.find((entry) => entry.msg === 'in the handler')
    expect(line).toMatchObject({ reqId: expect.any(String) })
  })

  it('takes any object with the logger methods', async () => {
    const calls: string[] = []
    const custom: any = { info: (m: unknown) => calls.push(String(m)), error() {}, debug() {}, fatal() {}, warn() {}, trace() {}, child: () => custom }
    const app = warren({ loggerInstance: custom })
    app.get('/', async (request) => {
      request.log.info('hello')
      return 'ok'
    })
    await app.inject({ url: '/' })
    expect(calls).toContain('hello')
  })

  it('refuses what is not a logger, half a logger, and both logger options at once', () => {
    expect(() => warren({ loggerInstance: { level: 'info' } as never })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER_INSTANCE', message: 'loggerInstance only accepts a logger instance.' }),
    )
    expect(() => warren({ loggerInstance: 'pino' as never })).toThrow(expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER_INSTANCE' }))
    const half = { info() {}, error() {}, debug() {} }
    expect(() => warren({ loggerInstance: half as never })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER', message: "Invalid logger object provided. The logger instance should have these functions(s): 'fatal,warn,trace,child'." }),
    )
    expect(() => warren({ logger: half as never })).toThrow(expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER' }))
    expect(() => warren({ logger: true, loggerInstance: capturedLogger().logger })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED' }),
    )
    // logger: false beside an instance is no conflict
    expect(() => warren({ logger: false, loggerInstance: capturedLogger().logger })).not.toThrow()
  })
})

describe('logger: options for a pino logger warren builds', () => {
  it('refuses a ready logger, pointing to loggerInstance', () => {
    expect(() => warren({ logger: capturedLogger().logger as never })).toThrow(
      expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER_CONFIG', message: expect.stringContaining('loggerInstance') }),
    )
    const custom = { info() {}, error() {}, debug() {}, fatal() {}, warn() {}, trace() {}, child() { return custom } }
    expect(() => warren({ logger: custom as never })).toThrow(expect.objectContaining({ code: 'SVC_ERR_LOG_INVALID_LOGGER_CONFIG' }))
  })

  it('file: writes the log lines to that file, creating it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warren-log-'))
    const file = join(dir, 'app.log')
    try {
      const app = warren({ logger: { file } })
      app.get('/', async (request) => {
        request.log.info('in the handler')
        return 'ok'
      })
      await app.inject({ url: '/' })
      // pino's file destination opens the file asynchronously and buffers until then
      const destination = (app.log as any)[pino.symbols.streamSym]
      if (destination.fd < 0) await once(destination, 'ready')
      destination.flushSync()
      const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line))
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'in the handler', 'request completed'])
      await app.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
