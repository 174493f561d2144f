import { describe, expect, it } from 'vitest'
import { warren } from '../helpers.js'

describe('findRoute, hasRoute, printRoutes', () => {
  it('findRoute answers the handler, the params and the query a URL would get', async () => {
    const app = warren()
    const handler = async () => 'artist'
    app.get('/artists/:id', handler)
    const found = app.findRoute({ method: 'get', url: '/artists/:id' })
    expect(found).toEqual({ handler, params: { id: ':id' }, searchParams: {} })
    expect(found).not.toHaveProperty('store')
    expect(app.findRoute({ method: 'GET', url: '/artists/7?full=1' })).toMatchObject({ params: { id: '7' }, searchParams: { full: '1' } })
  })

  it('findRoute gives a copy: changing it changes no route', () => {
    const app = warren()
    app.get('/artists/:id', async () => 'artist')
    const found = app.findRoute({ method: 'GET', url: '/artists/:id' })
    found.params.id = 'changed'
    expect(app.findRoute({ method: 'GET', url: '/artists/:id' }).params.id).toBe(':id')
  })

  it('findRoute is null for another method, another path, or a query without method or url', () => {
    const app = warren()
    app.get('/artists/:id', async () => 'artist')
    expect(app.findRoute({ method: 'POST', url: '/artists/:id' })).toBeNull()
    expect(app.findRoute({ method: 'DELETE', url: '/artists/:id' })).toBeNull()
    expect(app.findRoute({ method: 'GET', url: '/books/:id' })).toBeNull()
    expect(app.findRoute({ method: 'GET' })).toBeNull()
    expect(app.findRoute({ url: '/artists/:id' })).toBeNull()
    expect(app.findRoute(undefined)).toBeNull()
  })

  it('findRoute works from a plugin and after ready', async () => {
    const app = warren()
    app.get('/a/:id', async () => 'a')
    let fromPlugin: unknown
    app.register(async (child: any) => { fromPlugin = child.findRoute({ method: 'GET', url: '/a/1' })?.params })
    await app.ready()
    expect(fromPlugin).toEqual({ id: '1' })
    expect(app.findRoute({ method: 'HEAD', url: '/a/1' })).not.toBeNull()
  })

  it('hasRoute is false for a query without method or url, and reads constraints', () => {
    const app = warren()
    app.get('/', async () => 'root')
    app.get('/v', { constraints: { version: '1.2.0' } }, async () => 'v1')
    expect(app.hasRoute({})).toBe(false)
    expect(app.hasRoute({ method: 'GET' })).toBe(false)
    expect(app.hasRoute({ constraints: [] })).toBe(false)
    expect(app.hasRoute({ method: 'GET', url: '/' })).toBe(true)
    expect(app.hasRoute({ method: 'GET', url: '/v', constraints: { version: '1.2.0' } })).toBe(true)
    expect(app.hasRoute({ method: 'GET', url: '/v', constraints: { version: '2.0.0' } })).toBe(false)
  })

  it('printRoutes lists an automatic HEAD route beside its GET, and a later HEAD replaces it', async () => {
    const app = warren()
    app.get('/hello', async () => 'hi')
    app.put('/hello', async () => 'put')
    app.get('/other', async () => 'other')
    app.head('/other', async (_req: any, reply: any) => reply.header('x-own', '1').send())
    await app.ready()
    expect(app.printRoutes({ commonPrefix: false })).toBe('├── /hello (GET, HEAD, PUT)\n└── /other (GET, HEAD)\n')
    expect((await app.inject({ method: 'HEAD', url: '/other' })).headers['x-own']).toBe('1')
    expect((await app.inject({ method: 'HEAD', url: '/hello' })).statusCode).toBe(200)
  })

  it('printRoutes shows hooks with includeHooks and the error handler with includeMeta', async () => {
    const app = warren()
    app.addHook('onRequest', async function check() {})
    app.get('/x', { exposeHeadRoute: false }, async () => 'x')
    await app.ready()
    expect(app.printRoutes({ commonPrefix: false, includeHooks: true })).toBe('└── /x (GET)\n    • (onRequest) ["check()"]\n')
    expect(app.printRoutes({ commonPrefix: false, includeMeta: ['errorHandler'] })).toBe('└── /x (GET)\n    • (errorHandler) "defaultErrorHandler()"\n')
    const options = { commonPrefix: false }
    app.printRoutes(options)
    expect(options).toEqual({ commonPrefix: false })
  })
})
