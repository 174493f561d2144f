import { readFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import fp from 'fastify-plugin'
import type { FastifyPluginAsync } from 'fastify'
import warren, { FASTIFY_API_LEVEL, Type, VERSION, codes } from 'warren'
import { fromFastify } from './from-fastify.js'

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

/** A plugin written for Fastify and wrapped with fastify-plugin, as published Fastify plugins are. */
function wrapped<D extends object = {}>(fn: FastifyPluginAsync, meta: Parameters<typeof fp>[1]) {
  return fromFastify<Record<string, unknown>, D>(fp(fn, meta))
}

describe('fastify-plugin metadata', () => {
  it("registers a plugin that asks for fastify '5.x' without a context of its own", async () => {
    const app = warren().register(wrapped<{ answer: number }>(async (instance) => void instance.decorate('answer', 42), { fastify: '5.x', name: 'answer' }))
    await app.ready()
    expect(app.answer).toBe(42)
    expect(FASTIFY_API_LEVEL).toMatch(/^5\.\d+\.\d+$/)
  })

  it('refuses a plugin that asks for another Fastify major, naming both versions', async () => {
    const app = warren().register(wrapped(async () => {}, { fastify: '4.x', name: 'legacy-plugin' }))
    const error = await app.ready().then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(codes.SVC_ERR_PLUGIN_VERSION_MISMATCH)
    expect((error as Error).message).toBe(`Plugin 'legacy-plugin' expects Fastify API '4.x', but warren implements Fastify API ${FASTIFY_API_LEVEL}`)
  })

  it('checks dependencies and required decorators by name', async () => {
    const needsDb = wrapped(async () => {}, { name: 'repo', dependencies: ['db'] })
    const missing = warren().register(needsDb)
    await expect(missing.ready()).rejects.toThrow("The dependency 'db' of plugin 'repo' is not registered")
    const present = warren().register(wrapped(async (i) => void i.decorate('db', {}), { name: 'db' })).register(needsDb)
    await expect(present.ready()).resolves.toBe(present)
    const noDecorator = warren().register(wrapped(async () => {}, { name: 'uses-db', decorators: { fastify: ['db'] } }))
    await expect(noDecorator.ready()).rejects.toThrow("The decorator 'db' required by 'uses-db' is not present in Instance")
  })

  it('keeps a plugin with encapsulate: true in its own context', async () => {
    const app = warren().register(wrapped(async (instance) => void instance.decorate('inner', true), { name: 'boxed', encapsulate: true }))
    await app.ready()
    expect(app.hasDecorator('inner')).toBe(false)
  })

  it('runs callback-style onReady and onClose(instance, done) hooks that plugins add', async () => {
    const events: string[] = []
    const app = warren().register(
      wrapped(async (instance) => {
        instance.addHook('onReady', (done) => {
          events.push('ready')
          done()
        })
        instance.addHook('onClose', (closing, done) => {
          events.push(closing === instance ? 'close with instance' : 'close without instance')
          done()
        })
      }, { name: 'lifecycle' }),
    )
    await app.ready()
    expect(events).toEqual(['ready'])
    await app.close()
    expect(events).toEqual(['ready', 'close with instance'])
  })
})

describe('Fastify API that plugins use', () => {
  it('hasPlugin(name) sees the named plugins registered here and in the ancestors, and the plugins that built this context (as Fastify)', async () => {
    const app = await warren().register(wrapped(async () => {}, { name: 'outer-plugin' }))
    expect(app.hasPlugin('outer-plugin')).toBe(true)
    expect(app.hasPlugin('inner-plugin')).toBe(false)
    let seenInChild: boolean[] = []
    let seenInGrandchild: boolean[] = []
    let seenInSibling: boolean[] = []
    await app.register(async function child(child) {
      await child.register(wrapped(async () => {}, { name: 'inner-plugin' }))
      seenInChild = [child.hasPlugin('outer-plugin'), child.hasPlugin('inner-plugin'), child.hasPlugin('child')]
      await child.register(async function grandchild(grandchild) {
        // a named plugin of an ancestor is seen; the unnamed plugin that built the parent is not
        seenInGrandchild = [grandchild.hasPlugin('outer-plugin'), grandchild.hasPlugin('inner-plugin'), grandchild.hasPlugin('child'), grandchild.hasPlugin('grandchild')]
      })
    })
    await app.register(async function sibling(sibling) {
      seenInSibling = [sibling.hasPlugin('outer-plugin'), sibling.hasPlugin('inner-plugin'), sibling.hasPlugin('child')]
    })
    expect(seenInChild).toEqual([true, true, true])
    expect(seenInGrandchild).toEqual([true, true, false, true])
    expect(seenInSibling).toEqual([true, false, false])
    expect(app.hasPlugin('inner-plugin')).toBe(false)
  })

  it("keeps the registered plugins' names under Fastify's Symbol.for('registered-plugin'), which plugins read", async () => {
    const app = await warren().register(wrapped(async () => {}, { name: 'outer-plugin' }))
    let inChild: unknown
    await app.register(async (child) => {
      await child.register(wrapped(async () => {}, { name: 'inner-plugin' }))
      inChild = (child as any)[Symbol.for('registered-plugin')]
    })
    expect((app as any)[Symbol.for('registered-plugin')]).toEqual(['outer-plugin'])
    expect(inChild).toEqual(['outer-plugin', 'inner-plugin'])
  })

  it('await reply waits until the response is written, streams included', async () => {
    let settled!: (state: { sent: boolean }) => void
    const afterAwait = new Promise<{ sent: boolean }>((resolve) => (settled = resolve))
    const app = warren()
    app.get('/', async (_request, reply) => {
      const body = Readable.from((async function* () {
        yield 'a'
        await new Promise((resolve) => setTimeout(resolve, 20))
        yield 'b'
      })())
      await reply.send(body)
      settled({ sent: reply.sent })
      return reply
    })
    const res = await app.inject({ url: '/' })
    expect(res.body).toBe('ab')
    expect(await afterAwait).toEqual({ sent: true })
  })

  it('initialConfig shows the factory options, frozen, to every context', async () => {
    const app = warren({ bodyLimit: 1024, caseSensitive: false })
    let seen: Readonly<Record<string, unknown>> | undefined
    app.register(async (child) => void (seen = child.initialConfig))
    await app.ready()
    expect(app.initialConfig).toMatchObject({ bodyLimit: 1024, caseSensitive: false, ignoreTrailingSlash: false, exposeHeadRoutes: true })
    expect(Object.keys(app.initialConfig)).not.toContain('http2')
    expect(Object.isFrozen(app.initialConfig)).toBe(true)
    expect(seen).toBe(app.initialConfig)
    expect(warren().initialConfig.bodyLimit).toBe(1048576)
  })

  it('listeningOrigin is the origin of a listening server, and an error before listen()', async () => {
    const app = warren()
    app.get('/', async () => 'here')
    expect(() => app.listeningOrigin).toThrow(codes.SVC_ERR_INSTANCE_NOT_LISTENING)
    const address = await app.listen({ port: 0 })
    try {
      expect(app.listeningOrigin).toBe(address)
      expect(app.listeningOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await (await fetch(app.listeningOrigin)).text()).toBe('here')
    } finally {
      await app.close()
    }
  })

  it('reply.serialize() uses the route response schema for the current status', async () => {
    const app = warren()
    app.get('/', { schema: { response: { 200: Type.Object({ id: Type.Integer() }) } } }, (_request, reply) => {
      const text = reply.serialize({ id: 1, secret: 'x' })
      // @ts-expect-error the typed 200 reply takes { id }, not a pre-serialized string (as with Fastify's type providers); the runtime sends a string as it is
      reply.type('text/plain').send(text)
    })
    expect((await app.inject({ url: '/' })).body).toBe('{"id":1}')
  })
})

describe('version', () => {
  it("app.version is warren's own version, the one in package.json", () => {
    expect(VERSION).toBe(packageVersion)
    expect(warren().version).toBe(packageVersion)
    expect(warren().version).not.toBe(FASTIFY_API_LEVEL)
  })
})

describe('instance members plugins read', () => {
  it('routing(req, res) answers a request handed over by a server of your own', async () => {
    const { createServer } = await import('node:http')
    const app = warren()
    app.get('/hello', async () => ({ hello: 'world' }))
    await app.ready()
    const own = createServer((req, res) => {
      if (req.url === '/own') res.end('mine')
      else app.routing(req, res)
    })
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve))
    const { port } = own.address() as { port: number }
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/hello`)).json()).toEqual({ hello: 'world' })
      expect(await (await fetch(`http://127.0.0.1:${port}/own`)).text()).toBe('mine')
      expect((await fetch(`http://127.0.0.1:${port}/nope`)).status).toBe(404)
    } finally {
      own.close()
      await app.close()
    }
  })

  it('childLoggerFactory is the default factory until one is set, and a plugin can wrap it', async () => {
    const lines: Record<string, unknown>[] = []
    const { Writable } = await import('node:stream')
    const { pino } = await import('pino')
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
    const app = warren({ loggerInstance: pino(stream) })
    const original = app.childLoggerFactory
    expect(typeof original).toBe('function')
    app.setChildLoggerFactory(function (logger, bindings, options, raw) {
      return original.call(this, logger, { ...bindings, wrapped: true }, options, raw)
    })
    app.get('/', async (request) => {
      request.log.info('inside')
      return 'ok'
    })
    await app.inject('/')
    expect(lines.find((line) => line.msg === 'inside')).toMatchObject({ wrapped: true, reqId: expect.any(String) })
  })

  it('onClose(fn) is addHook("onClose", fn)', async () => {
    const seen: string[] = []
    const app = warren()
    app.onClose((instance, done) => {
      seen.push(instance === app ? 'root' : 'other')
      done()
    })
    await app.ready()
    await app.close()
    expect(seen).toEqual(['root'])
  })
})
