import { describe, expect, it } from 'vitest'
import { captureLogs, warren } from '../helpers.js'

/** A strategy matching the `x-tenant` header; `calls` counts the requests it derived a value for. */
function tenantStrategy() {
  const strategy = {
    name: 'tenant',
    calls: 0,
    storage() {
      const stores = new Map<string, unknown>()
      return { get: (value: string) => stores.get(value) ?? null, set: (value: string, store: unknown) => void stores.set(value, store) }
    },
    deriveConstraint(req: { headers: Record<string, string | undefined> }) {
      strategy.calls++
      return req.headers['x-tenant']
    },
  }
  return strategy
}

describe('route constraints', () => {
  it('version: a route answers the Accept-Version ranges its version satisfies', async () => {
    const app = warren()
    app.get('/', { constraints: { version: '1.2.0' } }, async () => 'v1')
    app.get('/', { constraints: { version: '2.0.1' } }, async () => 'v2')
    app.get('/', async () => 'unversioned')
    const asked = async (version?: string) => {
      const res = await app.inject({ url: '/', headers: version === undefined ? {} : { 'accept-version': version } })
      return res.statusCode === 200 ? res.body : res.statusCode
    }
    expect(await asked('1.x')).toBe('v1')
    expect(await asked('1.2.0')).toBe('v1')
    expect(await asked('2.0.x')).toBe('v2')
    expect(await asked('x')).toBe('v2')
    expect(await asked('3.x')).toBe(404)
    expect(await asked()).toBe('unversioned')
  })

  it('version over a real socket, and the asked version in the request log line', async () => {
    const { lines, stream } = captureLogs()
    const app = warren({ logger: { stream, level: 'info' } })
    app.get('/', { constraints: { version: '1.2.0' } }, async () => 'v1')
    const address = await app.listen({ port: 0 })
    try {
      const res = await fetch(address, { headers: { 'accept-version': '1.x' } })
      expect(await res.text()).toBe('v1')
      expect((await fetch(address)).status).toBe(404)
    } finally {
      await app.close()
    }
    const incoming = lines.filter((line) => line.msg === 'incoming request')
    expect(incoming.map((line) => line.req.version)).toEqual(['1.x', undefined])
  })

  it('host: a name or a RegExp of names', async () => {
    const app = warren()
    app.get('/', { constraints: { host: 'api.example.com' } }, async () => 'api')
    app.get('/', { constraints: { host: /^.+\.example\.org$/ } }, async () => 'org')
    const host = async (name: string) => (await app.inject({ url: '/', headers: { host: name } }))
    expect((await host('api.example.com')).body).toBe('api')
    expect((await host('www.example.org')).body).toBe('org')
    expect((await host('example.net')).statusCode).toBe(404)
  })

  it('addConstraintStrategy: routes by the derived value, the automatic HEAD route too', async () => {
    const app = warren()
    const strategy = tenantStrategy()
    expect(app.hasConstraintStrategy('tenant')).toBe(false)
    expect(app.addConstraintStrategy(strategy)).toBe(app)
    expect(app.hasConstraintStrategy('tenant')).toBe(true)
    app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
    app.route({ method: 'GET', url: '/', constraints: { tenant: 'globex' }, handler: async () => 'globex' })
    const tenant = (name: string, method = 'GET') => app.inject({ method, url: '/', headers: { 'x-tenant': name } })
    expect((await tenant('acme')).body).toBe('acme')
    expect((await tenant('globex')).body).toBe('globex')
    expect((await tenant('initech')).statusCode).toBe(404)
    const head = await tenant('acme', 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe('4')
    expect(strategy.calls).toBeGreaterThanOrEqual(4)
  })

  it('a strategy added in a plugin serves the whole application', async () => {
    const app = warren()
    app.register(async (child: any) => child.addConstraintStrategy(tenantStrategy()))
    await app.after()
    expect(app.hasConstraintStrategy('tenant')).toBe(true)
    app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme')
    expect((await app.inject({ url: '/', headers: { 'x-tenant': 'acme' } })).body).toBe('acme')
  })

  it('built-in strategies count once a route uses them, and can be replaced only until then', () => {
    const app = warren()
    expect(app.hasConstraintStrategy('version')).toBe(false)
    expect(app.hasConstraintStrategy('host')).toBe(false)
    app.get('/', { constraints: { host: 'example.com' } }, async () => 'x')
    expect(app.hasConstraintStrategy('host')).toBe(true)
    expect(app.hasConstraintStrategy('version')).toBe(false)
    expect(() => app.addConstraintStrategy({ ...tenantStrategy(), name: 'host' })).toThrow('There already exists a route with host constraint.')
    // version is not in use yet: a custom one takes its place
    app.addConstraintStrategy({ ...tenantStrategy(), name: 'version' })
    expect(app.hasConstraintStrategy('version')).toBe(true)
  })

  it('refuses a strategy added twice, a malformed one, and one added after start', async () => {
    const app = warren()
    app.addConstraintStrategy(tenantStrategy())
    expect(() => app.addConstraintStrategy(tenantStrategy())).toThrow('There already exists a custom constraint with the name tenant.')
    const invalid = (strategy: unknown, message: string) =>
      expect(() => app.addConstraintStrategy(strategy)).toThrow(expect.objectContaining({ code: 'SVC_ERR_CONSTRAINT_STRATEGY_INVALID', message: `Invalid constraint strategy: ${message}` }))
    invalid(null, 'expected an object, got null')
    invalid('tenant', 'expected an object, got tenant')
    invalid({ ...tenantStrategy(), name: '' }, 'name must be a non-empty string')
    invalid({ ...tenantStrategy(), name: 'x', storage: {} }, "'x' needs a storage function")
    invalid({ ...tenantStrategy(), name: 'x', deriveConstraint: 'header' }, "'x' needs a deriveConstraint function")
    await app.ready()
    expect(() => app.addConstraintStrategy({ ...tenantStrategy(), name: 'late' })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INSTANCE_ALREADY_LISTENING' }))
  })

  it('a route whose constraints are not an object is refused', () => {
    const app = warren()
    for (const constraints of [null, 'v1', ['version']]) {
      expect(() => app.get('/', { constraints }, async () => 'x')).toThrow(expect.objectContaining({ code: 'SVC_ERR_ROUTE_CONSTRAINTS_INVALID' }))
    }
    expect(() => app.get('/', { constraints: 'v1' }, async () => 'x')).toThrow("The constraints of route 'GET:/' must be an object, got \"v1\"")
  })
})
