import { describe, expect, it } from 'vitest'
import warren from 'warren'
import { recordValidatorSchemas } from './recording-compiler.js'

/**
 * A small schema builder shaped like fluent-json-schema's: an object literal of methods (so it is
 * nothing a compiler could read), marked by the shared symbol or the flags, giving its JSON Schema
 * from `valueOf()`. `mark` picks how it is marked; `calls` counts the valueOf calls.
 */
function builder(json: Record<string, unknown>, mark: 'symbol' | 'flag' | 'json-flag' = 'symbol', calls = { count: 0 }): any {
  const marks = mark === 'symbol' ? { [Symbol.for('fluent-schema-object')]: true } : mark === 'flag' ? { isFluentSchema: true } : { isFluentJSONSchema: true }
  return {
    ...marks,
    title: (title: string) => builder({ ...json, title }, mark, calls),
    prop: (name: string, schema: any, required = false) => builder({
      ...json,
      type: 'object',
      properties: { ...(json.properties as object), [name]: schema.valueOf() },
      ...(required ? { required: [...((json.required as string[]) ?? []), name] } : {}),
    }, mark, calls),
    valueOf: () => {
      calls.count++
      return { $schema: 'http://json-schema.org/draft-07/schema#', ...json }
    },
  }
}

const str = (extra: Record<string, unknown> = {}) => builder({ type: 'string', ...extra })
const int = (extra: Record<string, unknown> = {}) => builder({ type: 'integer', ...extra })

describe('schema builders (fluent-json-schema style objects)', () => {
  it('validates every request part with the schema a builder gives, and serializes responses with it', async () => {
    const app = warren()
    app.post('/:id', {
      schema: {
        params: builder({}).prop('id', int({ minimum: 42 })),
        headers: builder({}).prop('x-mail', str({ format: 'email' })),
        querystring: builder({}, 'flag').prop('surname', str(), true),
        body: builder({}, 'json-flag').prop('name', str(), true),
        response: { 200: builder({}).prop('name', str()) },
      },
    }, async () => ({ name: 'a', secret: 'not in the schema' }))
    const send = (url: string, mail: string, payload: unknown) => app.inject({ method: 'POST', url, headers: { 'x-mail': mail }, payload: payload as object })
    expect((await send('/1?surname=b', 'me@example.com', { name: 'a' })).json().message).toBe('params/id must be >= 42')
    expect((await send('/42?surname=b', 'nope', { name: 'a' })).json().message).toBe('headers/x-mail must match format "email"')
    expect((await send('/42', 'me@example.com', { name: 'a' })).json().message).toBe("querystring must have required property 'surname'")
    expect((await send('/42?surname=b', 'me@example.com', { name: [1, 2] })).json().message).toBe('body/name must be string')
    const ok = await send('/42?surname=b', 'me@example.com', { name: 'a' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ name: 'a' })
  })

  it('addSchema takes a builder: its $id is read from the schema it gives, and routes refer to it', async () => {
    const app = warren()
    const address = builder({ $id: 'address' }).prop('city', str(), true)
    app.addSchema(address)
    expect(app.getSchema('address')).toMatchObject({ $id: 'address', type: 'object', required: ['city'] })
    app.post('/', { schema: { body: builder({}).prop('home', builder({ $ref: 'address#' }), true) } }, async (request: any) => request.body)
    expect((await app.inject({ method: 'POST', url: '/', payload: { home: { city: 'Oslo' } } })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: '/', payload: { home: {} } })).json().message).toBe("body/home must have required property 'city'")
  })

  it('addSchema still refuses a builder whose schema has no $id, and a second schema with the same $id', () => {
    const app = warren()
    expect(() => app.addSchema(builder({ type: 'object' }))).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_MISSING_ID' }))
    app.addSchema(builder({ $id: 'one' }))
    expect(() => app.addSchema(builder({ $id: 'one' }))).toThrow(expect.objectContaining({ code: 'SVC_ERR_SCH_ALREADY_PRESENT' }))
  })

  it('a builder shared by routes in several contexts is read once (one valueOf per builder) and serves each route', async () => {
    const calls = { count: 0 }
    const shared = builder({ $id: 'List', type: 'array', items: { type: 'string' } }, 'symbol', calls)
    const app = warren()
    app.addSchema(shared)
    const list = builder({ $ref: 'List#' }, 'symbol', calls)
    const response = { schema: { response: { 200: list } } }
    app.register(async (child) => {
      child.get('/a', response, async () => ['x'])
    })
    app.register(async (child) => {
      child.get('/b', response, async () => ['y'])
      // the same builder in a schema of its own: still read once
      child.get('/c', { schema: { response: { 200: list } } }, async () => ['z'])
    })
    await app.ready()
    expect(calls.count).toBe(2)
    expect((await app.inject('/b')).json()).toEqual(['y'])
    expect((await app.inject('/c')).json()).toEqual(['z'])
  })

  it('resolves builders inside content maps of bodies and responses', async () => {
    const app = warren()
    app.post('/', {
      schema: {
        body: { content: { 'application/json': { schema: builder({}).prop('n', int(), true) } } },
        response: { 200: { content: { 'application/json': { schema: builder({}).prop('n', int()) } } } },
      },
    }, async (request: any) => ({ ...request.body, extra: true }))
    expect((await app.inject({ method: 'POST', url: '/', payload: { n: '3' } })).json()).toEqual({ n: 3 })
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).statusCode).toBe(400)
  })

  it('routes and hooks that read the options after start-up see JSON Schema', async () => {
    const app = warren()
    const seen: any[] = []
    app.addHook('onRoute', (options) => {
      seen.push(options.schema)
    })
    app.get('/', { schema: { querystring: builder({}).prop('q', str()) } }, async (request: any) => request.routeOptions.schema.querystring)
    await app.ready()
    expect(seen[0].querystring).toMatchObject({ type: 'object', properties: { q: { type: 'string' } } })
    expect((await app.inject('/')).json()).toMatchObject({ type: 'object' })
  })

  it('an object marked as a builder without a valueOf of its own reaches the compiler as it is', async () => {
    const app = warren()
    const seen = recordValidatorSchemas(app)
    const marked = { isFluentSchema: true, type: 'object' }
    app.post('/', { schema: { body: marked } }, async () => 'ok')
    await app.ready()
    expect(seen[0]).toBe(marked)
  })
})
