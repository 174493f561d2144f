import { describe, expect, it } from 'vitest'
import { codes } from 'warren'
import { warren } from '../helpers.js'

async function statuses(app: any, urls: string[], method = 'GET'): Promise<number[]> {
  return Promise.all(urls.map(async (url) => (await app.inject({ method, url })).statusCode))
}

describe('route prefixes', () => {
  it("a '/' route under '/p' answers /p and /p/ (prefixTrailingSlash 'both', the default)", async () => {
    const app = warren()
    app.register(async (child: any) => child.get('/', async (req: any) => req.routeOptions.url), { prefix: '/p' })
    expect(await statuses(app, ['/p', '/p/'])).toEqual([200, 200])
    // the twin reports the route's own URL
    expect((await app.inject('/p/')).body).toBe('/p')
  })

  it("prefixTrailingSlash 'slash' and 'no-slash' answer only one of them", async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.route({ method: 'GET', url: '/', prefixTrailingSlash: 'slash', handler: async () => 'slash' })
    }, { prefix: '/s' })
    app.register(async (child: any) => {
      child.route({ method: 'GET', url: '/', prefixTrailingSlash: 'no-slash', handler: async () => 'no-slash' })
    }, { prefix: '/n' })
    expect(await statuses(app, ['/s/', '/s', '/n', '/n/'])).toEqual([200, 404, 200, 404])
  })

  it('prefixTrailingSlash must be one of the three', () => {
    const app = warren()
    expect(() => app.route({ method: 'GET', url: '/', prefixTrailingSlash: 'maybe', handler: async () => 'x' }))
      .toThrow(codes.SVC_ERR_ROUTE_PREFIX_TRAILING_SLASH_INVALID)
  })

  it('onRoute sees a prefixed route once, with its canonical URL', async () => {
    const urls: string[] = []
    const app = warren({ exposeHeadRoutes: false })
    app.register(async (child: any) => {
      child.addHook('onRoute', (options: any) => urls.push(options.url))
      child.get('/', async () => 'root')
      child.get('/bar/', async () => 'bar')
    }, { prefix: '/prefix' })
    await app.ready()
    expect(urls).toEqual(['/prefix', '/prefix/bar/'])
  })

  it("a prefix with a trailing slash keeps it: '/' under '/p/' does not answer /p", async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.get('/', async () => 'root')
      child.get('/a', async () => 'a')
      child.get('b', async () => 'b')
      child.register(async (inner: any) => inner.get('/c', async () => 'c'), { prefix: 'inner' })
      expect(child.prefix).toBe('/p/')
    }, { prefix: '/p/' })
    expect(await statuses(app, ['/p/', '/p', '/p/a', '/p/b', '/p/inner/c', '/p//inner/c'])).toEqual([200, 404, 200, 200, 200, 404])
  })

  it('with ignoreTrailingSlash the router folds the slash itself; /p// is still unknown', async () => {
    const app = warren({ ignoreTrailingSlash: true })
    app.register(async (child: any) => child.get('/', async () => 'root'), { prefix: '/p/' })
    expect(await statuses(app, ['/p/', '/p//'])).toEqual([200, 404])
  })

  it('a not-found handler of a prefix with a trailing slash covers its URLs', async () => {
    const app = warren()
    app.register(async (child: any) => {
      child.setNotFoundHandler(async (_req: any, reply: any) => reply.code(404).send('child 404'))
    }, { prefix: '/p/' })
    expect((await app.inject('/p/missing')).body).toBe('child 404')
    expect((await app.inject('/p')).body).toBe('child 404')
  })

  it("joins a path that does not start with '/' to its prefix as written: '*' covers the prefix itself and everything under it", async () => {
    const app = warren()
    app.register(async (child: any) => {
      // what a CORS plugin registered under a prefix declares for preflights
      child.options('*', async (_request: any, reply: any) => reply.code(204).send())
      child.get(':name', async (request: any) => ({ name: request.params.name }))
    }, { prefix: '/prefix' })
    expect(await statuses(app, ['/prefix', '/prefix/anything', '/prefixed'], 'OPTIONS')).toEqual([204, 204, 204])
    expect((await app.inject('/prefix42')).json()).toEqual({ name: '42' })
  })
})
