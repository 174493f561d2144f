import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ajvErrorsModule from 'ajv-errors'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import warren, { Type } from 'warren'
import { schemaCacheSettled, schemaCacheStats } from '../../src/schema/cache-stats.js'
import { cacheWarningsDuring } from './process-warnings.js'

/** ajv-errors is CommonJS: its default import is the plugin at run time, whatever its typings say. */
const ajvErrors = ajvErrorsModule.default

/** The test's own temporary directory, removed afterwards; `dir` (the cache) is it or a path under it. */
let root: string
let dir: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'warren-cache-test-'))
  dir = root
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})


const Address = Type.Object({ city: Type.String(), zip: Type.String({ pattern: '^[0-9]{5}$' }) }, { $id: 'Address' })

/** Routes that exercise coercion, defaults, removeAdditional, formats, shared `$ref`s and response filtering. */
function declareRoutes(app: any, nameLength = 20): void {
  app.addSchema(Address)
  app.post('/people', {
    schema: {
      body: Type.Object({
        name: Type.String({ maxLength: nameLength }),
        age: Type.Integer({ minimum: 0 }),
        role: Type.String({ default: 'member' }),
        email: Type.String({ format: 'email' }),
        address: Type.Ref('Address'),
      }, { additionalProperties: false }),
      querystring: Type.Object({ page: Type.Integer({ default: 1 }), tags: Type.Array(Type.String()) }),
      response: { 200: Type.Object({ name: Type.String(), age: Type.Integer(), role: Type.String(), address: Type.Ref('Address'), page: Type.Integer(), tags: Type.Array(Type.String()) }) },
    },
  }, async (request: any) => ({ ...request.body, page: request.query.page, tags: request.query.tags, secret: 'never sent' }))
}

/** The requests whose answers must not depend on the cache. */
const requests = [
  { url: '/people?tags=a', body: { name: 'Ada', age: '36', email: 'ada@example.com', address: { city: 'London', zip: '12345' }, extra: true } },
  { url: '/people?page=3&tags=a&tags=b', body: { name: 'Bob', age: 40, role: 'admin', email: 'bob@example.com', address: { city: 'Paris', zip: '75001' } } },
  { url: '/people?tags=a', body: { name: 'Cy', age: 1, email: 'not an email', address: { city: 'Rome', zip: '00100' } } },
  { url: '/people?tags=a', body: { name: 'Di', age: 1, email: 'di@example.com', address: { city: 'Oslo', zip: 'nope' } } },
  { url: '/people?tags=a', body: { name: 'Ed', age: -1, email: 'ed@example.com', address: { city: 'Bonn', zip: '53111' } } },
  { url: '/people?page=x&tags=a', body: { name: 'Fa', age: 2, email: 'fa@example.com', address: { city: 'Riga', zip: '10001' } } },
]

async function answers(app: any): Promise<Array<{ status: number; body: string }>> {
  const result = []
  for (const { url, body } of requests) {
    const response = await app.inject({ method: 'POST', url, payload: body })
    result.push({ status: response.statusCode, body: response.body })
  }
  return result
}

/** An app on the cache directory, started, with its entries flushed to disk. */
async function start(options: Record<string, unknown> = {}, nameLength?: number): Promise<any> {
  const app = warren({ schemaCache: { dir }, ...options })
  declareRoutes(app, nameLength)
  await app.ready()
  await schemaCacheSettled(app)
  return app
}

const entries = () => readdirSync(dir).filter((name) => name.endsWith('.cjs'))

describe('schema compile cache: hit and miss', () => {
  it('a first start compiles and writes every schema; a second start loads them all without building Ajv', async () => {
    let ajvBuilt = 0
    const counting = () => {
      ajvBuilt++
    }
    const cold = await start({ validator: { plugins: [counting] } })
    // body, querystring, response
    expect(schemaCacheStats(cold)).toMatchObject({ dir, hits: 0, misses: 3, writes: 3, corrupt: 0, writable: true })
    expect(entries()).toHaveLength(3)
    expect(ajvBuilt).toBe(1)
    const coldAnswers = await answers(cold)
    await cold.close()

    const warm = await start({ validator: { plugins: [counting] } })
    expect(schemaCacheStats(warm)).toMatchObject({ hits: 3, misses: 0, writes: 0 })
    expect(ajvBuilt).toBe(1)
    expect(await answers(warm)).toEqual(coldAnswers)
    await warm.close()
  })

  it('validation and serialization answer exactly as without a cache (coercion, defaults, removeAdditional, formats, shared $ref)', async () => {
    const plain = warren()
    declareRoutes(plain)
    await plain.ready()
    const expected = await answers(plain)
    await plain.close()
    expect(expected.map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 400])
    expect(JSON.parse(expected[0].body)).toEqual({ name: 'Ada', age: 36, role: 'member', address: { city: 'London', zip: '12345' }, page: 1, tags: ['a'] })

    const cold = await start()
    expect(await answers(cold)).toEqual(expected)
    await cold.close()
    const warm = await start()
    expect(schemaCacheStats(warm)?.hits).toBe(3)
    expect(await answers(warm)).toEqual(expected)
    await warm.close()
  })

  it('ajv-errors messages come out the same from a cached validator', async () => {
    const build = async (schemaCache: false | { dir: string }) => {
      const app = warren({ schemaCache, validator: { customOptions: { allErrors: true }, plugins: [ajvErrors] } })
      const body = Type.Object({ code: Type.String({ minLength: 3 }) }, { errorMessage: { properties: { code: 'code needs three characters' } } })
      app.post('/', { schema: { body } }, async () => 'ok')
      await app.ready()
      await schemaCacheSettled(app)
      const response = await app.inject({ method: 'POST', url: '/', payload: { code: 'x' } })
      await app.close()
      return { status: response.statusCode, message: response.json().message, stats: schemaCacheStats(app) }
    }
    const plain = await build(false)
    expect(plain).toMatchObject({ status: 400, message: 'body/code code needs three characters' })
    const cold = await build({ dir })
    const warm = await build({ dir })
    expect(cold.stats).toMatchObject({ misses: 1, writes: 1 })
    expect(warm.stats).toMatchObject({ hits: 1, misses: 0 })
    expect([cold.message, warm.message]).toEqual([plain.message, plain.message])
  })

  it('an empty directory is a miss for every schema, and it is created when missing', async () => {
    dir = join(root, 'nested', 'cache')
    const app = await start()
    expect(schemaCacheStats(app)).toMatchObject({ hits: 0, misses: 3, writes: 3 })
    expect(entries()).toHaveLength(3)
    await app.close()
  })
})

describe('schema compile cache: stale entries', () => {
  it('a changed schema misses for that schema only; its old entry is never used', async () => {
    await (await start({}, 20)).close()
    const changed = await start({}, 2)
    // the body schema changed (maxLength), the querystring and response schemas did not
    expect(schemaCacheStats(changed)).toMatchObject({ hits: 2, misses: 1, writes: 1 })
    const response = await changed.inject({ method: 'POST', url: '/people?tags=a', payload: requests[0].body })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('body/name must NOT have more than 2 characters')
    await changed.close()
  })

  it('a changed Ajv option recompiles every validator, and the new option holds', async () => {
    await (await start()).close()
    const strict = await start({ validator: { customOptions: { coerceTypes: false } } })
    // body and querystring recompiled; the response serializer does not depend on Ajv options
    expect(schemaCacheStats(strict)).toMatchObject({ hits: 1, misses: 2 })
    const response = await strict.inject({ method: 'POST', url: '/people?tags=a', payload: requests[1].body })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('querystring/tags must be array')
    await strict.close()
  })

  it('a changed shared schema recompiles the schemas of its context', async () => {
    await (await start()).close()
    const app = warren({ schemaCache: { dir } })
    app.addSchema({ ...Address, properties: { ...Address.properties, zip: Type.String({ pattern: '^[0-9]{4}$' }) } })
    app.post('/a', { schema: { body: Type.Object({ address: Type.Ref('Address') }) } }, async () => 'ok')
    await app.ready()
    await schemaCacheSettled(app)
    expect(schemaCacheStats(app)?.hits).toBe(0)
    const response = await app.inject({ method: 'POST', url: '/a', payload: { address: { city: 'x', zip: '12345' } } })
    expect(response.statusCode).toBe(400)
    await app.close()
  })
})

describe('schema compile cache: corrupt entries', () => {
  it('garbage and truncated files are recompiled and rewritten, with one warning', async () => {
    await (await start()).close()
    const [first, second, third] = entries()
    writeFileSync(join(dir, first), 'module.exports = () => true')
    const text = readFileSync(join(dir, second), 'utf8')
    writeFileSync(join(dir, second), text.slice(0, text.length / 2))
    // a valid header over edited code: the hash gives it away
    writeFileSync(join(dir, third), readFileSync(join(dir, third), 'utf8').replace('return', 'return true;'))
    let app: any
    const warnings = await cacheWarningsDuring(async () => {
      app = await start()
    })
    expect(warnings.map((w) => w.code)).toEqual(['SVC_WRN_SCHEMA_CACHE_CORRUPT'])
    expect(schemaCacheStats(app)).toMatchObject({ hits: 0, misses: 3, corrupt: 3, writes: 3 })
    expect((await answers(app)).map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 400])
    await app.close()
    const again = await start()
    expect(schemaCacheStats(again)).toMatchObject({ hits: 3, corrupt: 0 })
    await again.close()
  })
})

describe('schema compile cache: V8 code cache files', () => {
  it('a start that loads entries writes their .v8 files; a damaged one is ignored (the entry still loads) and rewritten', async () => {
    const v8Files = () => readdirSync(dir).filter((name) => name.endsWith('.v8'))
    await (await start()).close()
    // the cold start ran none of the generated code (its functions came from Ajv and
    // fast-json-stringify directly): the start that first loads the entries writes their .v8
    expect(v8Files()).toHaveLength(0)
    await (await start()).close()
    expect(v8Files()).toHaveLength(3)
    for (const name of v8Files()) writeFileSync(join(dir, name), 'not V8 data at all, and not its hash either')
    const app = await start()
    expect(schemaCacheStats(app)).toMatchObject({ hits: 3, misses: 0, corrupt: 0 })
    expect((await answers(app)).map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 400])
    await app.close()
    expect(v8Files()).toHaveLength(3)
    for (const name of v8Files()) expect(readFileSync(join(dir, name), 'utf8')).not.toContain('not V8 data')
  })
})

describe('schema compile cache: a directory that cannot be written', () => {
  // Tests run as root here, where a chmod 0o500 directory is still writable: a path under a
  // regular file fails for every user (ENOTDIR), which is what this test relies on.
  it('the app starts, compiles in memory and warns once', async () => {
    const file = join(dir, 'a-file')
    writeFileSync(file, '')
    let app: any
    const warnings = await cacheWarningsDuring(async () => {
      app = warren({ schemaCache: { dir: join(file, 'cache') } })
      declareRoutes(app)
      app.post('/other', { schema: { body: Type.Object({ n: Type.Number() }), response: { 200: Type.Object({ n: Type.Number() }) } } }, async (r: any) => r.body)
      await expect(app.ready()).resolves.toBe(app)
      await schemaCacheSettled(app)
    })
    expect(warnings).toHaveLength(1)
    expect(warnings[0].code).toBe('SVC_WRN_SCHEMA_CACHE_UNWRITABLE')
    expect(warnings[0].message).toContain(join(file, 'cache'))
    expect(schemaCacheStats(app)).toMatchObject({ writes: 0, writable: false })
    expect((await answers(app)).map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 400])
    await app.close()
  })
})

describe('schema compile cache: what it does not cover', () => {
  it('custom validator and serializer compilers bypass the cache', async () => {
    const app = warren({ schemaCache: { dir } })
    const seen: string[] = []
    app.setValidatorCompiler(({ httpPart }: any) => {
      seen.push(httpPart)
      return (data: any) => (typeof data.n === 'number' ? true : { error: new Error('n must be a number') })
    })
    app.setSerializerCompiler(() => (data: unknown) => `custom:${JSON.stringify(data)}`)
    app.post('/', { schema: { body: Type.Object({ n: Type.Number() }), response: { 200: Type.Object({ n: Type.Number() }) } } }, async (r: any) => r.body)
    await app.ready()
    await schemaCacheSettled(app)
    expect(seen).toEqual(['body'])
    expect(schemaCacheStats(app)).toMatchObject({ hits: 0, misses: 0, writes: 0 })
    expect(entries()).toHaveLength(0)
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 1 } })).body).toBe('custom:{"n":1}')
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })).statusCode).toBe(400)
    await app.close()
  })

  it('a format given as a function is not written standalone: the validator compiles in memory on every start', async () => {
    const build = async () => {
      const app = warren({ schemaCache: { dir }, validator: { customOptions: { formats: { even: (value: string) => Number(value) % 2 === 0 } } } })
      app.post('/', { schema: { body: Type.Object({ n: Type.String({ format: 'even' }) }) } }, async () => 'ok')
      await app.ready()
      await schemaCacheSettled(app)
      const statuses = [(await app.inject({ method: 'POST', url: '/', payload: { n: '2' } })).statusCode, (await app.inject({ method: 'POST', url: '/', payload: { n: '3' } })).statusCode]
      await app.close()
      return { statuses, stats: schemaCacheStats(app) }
    }
    const first = await build()
    const second = await build()
    expect(first.statuses).toEqual([200, 400])
    expect(second.statuses).toEqual([200, 400])
    expect(first.stats).toMatchObject({ misses: 1, writes: 0 })
    expect(second.stats).toMatchObject({ hits: 0, misses: 1, writes: 0 })
  })

  it('an async schema validates alike whether compiled (miss) or loaded from its entry (hit)', async () => {
    const build = async () => {
      const app = warren({ schemaCache: { dir } })
      app.post('/', { schema: { body: { $async: true, type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } }, async (request: any) => request.body)
      await app.ready()
      await schemaCacheSettled(app)
      const ok = await app.inject({ method: 'POST', url: '/', payload: { n: '2' } })
      const bad = await app.inject({ method: 'POST', url: '/', payload: {} })
      await app.close()
      return { answers: [ok.statusCode, ok.json(), bad.statusCode, bad.json().message], stats: schemaCacheStats(app) }
    }
    const first = await build()
    const second = await build()
    expect(first.answers).toEqual([200, { n: 2 }, 400, 'validation failed'])
    expect(second.answers).toEqual(first.answers)
    expect(first.stats).toMatchObject({ misses: 1, writes: 1 })
    expect(second.stats).toMatchObject({ hits: 1, misses: 0 })
  })

  it('is off by default and off with false: nothing is written', async () => {
    for (const options of [{}, { schemaCache: false }]) {
      const app = warren(options)
      declareRoutes(app)
      await app.ready()
      expect(schemaCacheStats(app)).toBeNull()
      await app.close()
    }
  })

  it.each([['a string', 'dir'], ['an empty dir', { dir: '' }], ['a numeric dir', { dir: 1 }], ['an array', []]])('refuses %s as schemaCache', (_label, value) => {
    expect(() => warren({ schemaCache: value as any })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining('schemaCache') }))
  })
})
