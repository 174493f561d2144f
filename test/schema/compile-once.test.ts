import { describe, expect, it, vi } from 'vitest'
import warren, { Type } from 'warren'

// Count fast-json-stringify builds: the module is replaced by a spy that calls the real one.
const fjsBuilds = vi.hoisted(() => ({ count: 0 }))
vi.mock('fast-json-stringify', async (importOriginal) => {
  const real = (await importOriginal()) as { default: (...args: unknown[]) => unknown }
  const spy = Object.assign((...args: unknown[]) => {
    fjsBuilds.count++
    return real.default(...args)
  }, real.default)
  return { ...real, default: spy }
})

/** An Ajv plugin that counts the schemas Ajv compiles. */
function countAjvCompiles(counter: { count: number }) {
  return (ajv: any) => {
    const compile = ajv.compile.bind(ajv)
    ajv.compile = (schema: unknown) => {
      counter.count++
      return compile(schema)
    }
    return ajv
  }
}

const Body = Type.Object({ name: Type.String() })
const Reply = Type.Object({ name: Type.String() })

describe('compile once, at start-up', () => {
  it('1000 routes sharing one schema compile it once per compiler, at start-up', async () => {
    const ajvCompiles = { count: 0 }
    fjsBuilds.count = 0
    const app = warren({ validator: { plugins: [countAjvCompiles(ajvCompiles)] } })
    for (let i = 0; i < 1000; i++) {
      app.post(`/r${i}`, { schema: { body: Body, response: { 200: Reply } } }, async (request: any) => ({ ...request.body, extra: i }))
    }
    expect(ajvCompiles.count).toBe(0)
    expect(fjsBuilds.count).toBe(0)
    await app.ready()
    expect(ajvCompiles.count).toBe(1)
    expect(fjsBuilds.count).toBe(1)
    const first = await app.inject({ method: 'POST', url: '/r0', payload: { name: 'a' } })
    const last = await app.inject({ method: 'POST', url: '/r999', payload: { name: 'b' } })
    expect(first.json()).toEqual({ name: 'a' })
    expect(last.json()).toEqual({ name: 'b' })
    expect((await app.inject({ method: 'POST', url: '/r500', payload: {} })).statusCode).toBe(400)
    expect(ajvCompiles.count).toBe(1)
    expect(fjsBuilds.count).toBe(1)
  })

  it('child contexts without schemas of their own share the compiled functions', async () => {
    const ajvCompiles = { count: 0 }
    fjsBuilds.count = 0
    const app = warren({ validator: { plugins: [countAjvCompiles(ajvCompiles)] } })
    for (let i = 0; i < 10; i++) {
      app.register(async (child: any) => {
        child.post('/', { schema: { body: Body, response: { 200: Reply } } }, async (request: any) => request.body)
      }, { prefix: `/c${i}` })
    }
    await app.ready()
    expect(ajvCompiles.count).toBe(1)
    expect(fjsBuilds.count).toBe(1)
  })

  it('a context with shared schemas of its own has its own compilers, each compiling once', async () => {
    const ajvCompiles = { count: 0 }
    fjsBuilds.count = 0
    const app = warren({ validator: { plugins: [countAjvCompiles(ajvCompiles)] } })
    app.post('/root', { schema: { body: Body, response: { 200: Reply } } }, async (request: any) => request.body)
    app.register(async (child: any) => {
      child.addSchema({ $id: 'extra', type: 'string' })
      for (let i = 0; i < 5; i++) child.post(`/c${i}`, { schema: { body: Body, response: { 200: Reply } } }, async (request: any) => request.body)
    })
    await app.ready()
    expect(ajvCompiles.count).toBe(2)
    expect(fjsBuilds.count).toBe(2)
  })

  it('short forms and header schemas are normalised once per schema, not per route', async () => {
    const ajvCompiles = { count: 0 }
    const app = warren({ validator: { plugins: [countAjvCompiles(ajvCompiles)] } })
    const headers = { 'X-Token': { type: 'string' } }
    const query = { page: { type: 'integer' } }
    for (let i = 0; i < 50; i++) app.get(`/r${i}`, { schema: { headers, querystring: query } }, async () => 'ok')
    await app.ready()
    // one for the headers, one for the querystring, shared by 50 GET routes and their HEAD twins
    expect(ajvCompiles.count).toBe(2)
    expect((await app.inject({ url: '/r7?page=x', headers: { 'x-token': 't' } })).statusCode).toBe(400)
    expect(ajvCompiles.count).toBe(2)
  })

  it('a custom compiler is called at start-up only, never on a request', async () => {
    const app = warren()
    let calls = 0
    app.setValidatorCompiler(() => {
      calls++
      return () => true
    })
    app.setSerializerCompiler(() => {
      calls++
      return (data: unknown) => JSON.stringify(data)
    })
    app.post('/', { schema: { body: Body, response: { 200: Reply } } }, async (request: any) => request.body)
    await app.ready()
    expect(calls).toBe(2)
    for (let i = 0; i < 5; i++) await app.inject({ method: 'POST', url: '/', payload: { name: String(i) } })
    expect(calls).toBe(2)
  })
})

describe('1 / 8 security: schemas are application code', () => {
  it('1 no request compiles a schema, whatever it carries', async () => {
    const ajvCompiles = { count: 0 }
    fjsBuilds.count = 0
    const app = warren({ validator: { plugins: [countAjvCompiles(ajvCompiles)] } })
    const Any = Type.Object({}, { additionalProperties: true })
    app.post('/', { schema: { body: Any, querystring: Any, headers: Any, response: { 200: Any } } }, async (request: any) => request.body)
    await app.ready()
    const before = { ajv: ajvCompiles.count, fjs: fjsBuilds.count }
    const hostile = [
      { $id: 'evil', type: 'object', properties: { x: { type: 'string', pattern: '(a+)+$' } } },
      { $ref: 'http://127.0.0.1:1/remote.json#' },
      { schema: { type: 'string' }, response: { 200: { type: 'object' } } },
    ]
    for (const payload of hostile) {
      const res = await app.inject({ method: 'POST', url: '/?$ref=x&schema[type]=string', payload, headers: { 'x-schema': '{"type":"string"}' } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(payload)
    }
    expect({ ajv: ajvCompiles.count, fjs: fjsBuilds.count }).toEqual(before)
  })

  it('1 a $ref to a remote schema is never fetched: it fails at start-up', async () => {
    const app = warren()
    app.post('/', { schema: { body: { $ref: 'http://127.0.0.1:1/remote.json#' } } }, async () => 'ok')
    await expect(app.ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('8 allErrors is false by default: a payload full of errors yields one, quickly', async () => {
    const app = warren()
    app.post('/', {
      schema: { body: Type.Array(Type.Object({ email: Type.String({ format: 'email' }), n: Type.Integer() })) },
      attachValidation: true,
    }, async (request: any) => ({ errors: request.validationError?.validation.length ?? 0 }))
    const payload = Array.from({ length: 20000 }, () => ({ email: 'not an email', n: 'x' }))
    const res = await app.inject({ method: 'POST', url: '/', payload })
    expect(res.json()).toEqual({ errors: 1 })
  })
})
