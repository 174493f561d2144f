import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import warren, { Type } from 'warren'
import { schemaCacheSettled, schemaCacheStats } from '../../src/schema/cache-stats.js'

const integerReply = { schema: { response: { '2xx': Type.Integer() } } }

describe('serializerOpts: options of the default serializer (fast-json-stringify)', () => {
  it('reach the compiled serializers: rounding', async () => {
    for (const [rounding, expected] of [[undefined, '4'], ['ceil', '5'], ['floor', '4'], ['round', '5']] as const) {
      const app = warren(rounding === undefined ? {} : { serializerOpts: { rounding } })
      app.get('/', integerReply, (_request, reply) => {
        reply.send(4.6 as unknown as number)
      })
      expect((await app.inject('/')).body).toBe(expected)
    }
  })

  it('reach the serializers a handler compiles itself', async () => {
    const app = warren({ serializerOpts: { rounding: 'ceil' } })
    app.get('/', async (_request, reply) => reply.compileSerializationSchema(Type.Integer())(1.2))
    expect((await app.inject('/')).body).toBe('2')
  })

  it("are a schema controller's buildSerializer second argument", async () => {
    const seen: unknown[] = []
    const app = warren({
      serializerOpts: { rounding: 'floor' },
      schemaController: {
        compilersFactory: {
          buildSerializer: (_shared, options) => {
            seen.push(options)
            return () => (data: unknown) => JSON.stringify({ wrapped: data })
          },
        },
      },
    })
    app.get('/', { schema: { response: { 200: Type.Integer() } } }, async () => 1)
    expect((await app.inject('/')).json()).toEqual({ wrapped: 1 })
    expect(seen).toEqual([{ rounding: 'floor' }])
  })

  it.each([
    ['a string', 'ceil', 'serializerOpts'],
    ['an array', [], 'serializerOpts'],
    ['a mode', { mode: 'standalone' }, 'serializerOpts.mode'],
    ['shared schemas', { schema: {} }, 'serializerOpts.schema'],
  ])('refuses %s with SVC_ERR_INIT_OPTS_INVALID naming the option', (_label, value, name) => {
    expect(() => warren({ serializerOpts: value as any })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining(name) }))
  })
})

describe('serializerOpts with the schema compile cache', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'warren-serializer-opts-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  async function start(rounding: 'ceil' | 'floor') {
    const app = warren({ schemaCache: { dir }, serializerOpts: { rounding } })
    app.get('/', integerReply, (_request, reply) => {
      reply.send(4.5 as unknown as number)
    })
    await app.ready()
    await schemaCacheSettled(app)
    const body = (await app.inject('/')).body
    await app.close()
    return { body, stats: schemaCacheStats(app) }
  }

  it('a cached serializer keeps its options, and other options are another entry', async () => {
    expect((await start('ceil')).body).toBe('5')
    const hit = await start('ceil')
    expect(hit.body).toBe('5')
    expect(hit.stats).toMatchObject({ hits: 1, misses: 0 })
    const other = await start('floor')
    expect(other.body).toBe('4')
    expect(other.stats).toMatchObject({ hits: 0, misses: 1 })
  })
})

describe('the object mechanism the default serializer is given', () => {
  it('is native (a copy for the runtime\'s JSON.stringify) unless the schema formats dates or serializerOpts names one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warren-object-mechanism-'))
    try {
      const mechanismsOf = async (serializerOpts?: { objectMechanism: 'default' }) => {
        const cache = join(dir, serializerOpts ? 'chosen' : 'default')
        const app = warren({ schemaCache: { dir: cache }, ...(serializerOpts && { serializerOpts }) })
        app.get('/plain', { schema: { response: { 200: Type.Object({ id: Type.Integer(), title: Type.String() }) } } }, async () => ({ id: 1, title: 't' }))
        app.get('/dated', { schema: { response: { 200: Type.Object({ at: Type.String({ format: 'date-time' }) }) } } }, async () => ({ at: new Date(0).toISOString() }))
        await app.ready()
        await schemaCacheSettled(app)
        const stored = readdirSync(cache).map((name) => readFileSync(join(cache, name), 'utf8'))
        await app.close()
        return stored.map((code) => /"objectMechanism":"(\w+)"/.exec(code)?.[1]).filter((found) => found !== undefined).sort()
      }
      expect(await mechanismsOf()).toEqual(['default', 'native'])
      expect(await mechanismsOf({ objectMechanism: 'default' })).toEqual(['default', 'default'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
