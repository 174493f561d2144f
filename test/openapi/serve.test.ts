import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'
import openapi from 'warren/openapi'
import { documented } from './helpers.js'

describe('the served document and reference page, over a real listen', () => {
  let base = ''
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    const app = await documented(async (app) => {
      app.get('/hello/:name', { schema: { params: Type.Object({ name: Type.String() }) } }, async (request) => ({ hello: request.params.name }))
    }, { info: { title: 'Served <API>', version: '3.0.0' } })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
    close = () => app.close()
  })
  afterAll(() => close())

  it('GET /openapi.json: the document as JSON, not cached, its own route not listed', async () => {
    const response = await fetch(`${base}/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const document = (await response.json()) as { openapi: string; info: unknown; paths: Record<string, unknown> }
    expect(document.openapi).toBe('3.1.0')
    expect(document.info).toEqual({ title: 'Served <API>', version: '3.0.0' })
    expect(Object.keys(document.paths)).toEqual(['/hello/{name}'])
  })

  it('GET /docs: an HTML page with a content-security-policy of its own origin only and no inline script', async () => {
    const response = await fetch(`${base}/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/https?:|\*/)
    const html = await response.text()
    expect(html).toContain('<title>Served &#60;API&#62;</title>')
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/docs/swagger-ui-bundle.js">', '<script src="/docs/init.js">'])
    expect(html).not.toMatch(/https?:\/\//)
  })

  it('the page\'s assets are served from node_modules with their types and caching; init.js points at the JSON path', async () => {
    const css = await fetch(`${base}/docs/swagger-ui.css`)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(css.headers.get('cache-control')).toBe('public, max-age=86400')
    expect((await css.text()).length).toBeGreaterThan(10_000)
    const bundle = await fetch(`${base}/docs/swagger-ui-bundle.js`)
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await bundle.text()).toContain('SwaggerUIBundle')
    const init = await (await fetch(`${base}/docs/init.js`)).text()
    expect(init).toContain('url: "/openapi.json"')
  })
})

describe('paths of the document and page', () => {
  it('path and docs options move them; docs: false serves no page', async () => {
    const app = await documented(async (app) => {
      app.get('/x', async () => 'x')
    }, { path: '/api/spec.json', docs: false })
    expect((await app.inject('/api/spec.json')).json().paths['/x']).toBeDefined()
    expect((await app.inject('/openapi.json')).statusCode).toBe(404)
    expect((await app.inject('/docs')).statusCode).toBe(404)
    const moved = await documented(async () => {}, { docs: '/reference' })
    expect((await moved.inject('/reference')).headers['content-type']).toBe('text/html; charset=utf-8')
    expect((await moved.inject('/reference/init.js')).statusCode).toBe(200)
  })

  it('registered inside a prefixed context, the page links to its assets and document under that prefix', async () => {
    const app = await documented(async () => {}, {})
    app.register(async (api) => {
      await api.register(openapi, { info: { title: 'Inner', version: '1' } })
      api.get('/x', async () => 'x')
    }, { prefix: '/api' })
    const html = (await app.inject('/api/docs')).body
    expect(html).toContain('<script src="/api/docs/init.js">')
    expect((await app.inject('/api/docs/init.js')).body).toContain('url: "/api/openapi.json"')
    expect(Object.keys((await app.inject('/api/openapi.json')).json().paths)).toEqual(['/api/x'])
  })

  it('the page answers at /docs and /docs/ alike (its links are absolute), with or without ignoreTrailingSlash', async () => {
    for (const factoryOptions of [{}, { ignoreTrailingSlash: true }]) {
      const app = await warren(factoryOptions).register(openapi, { info: { title: 'Slashes', version: '1' } })
      app.get('/x', async () => 'x')
      const [bare, slashed] = [await app.inject('/docs'), await app.inject('/docs/')]
      expect([bare.statusCode, slashed.statusCode]).toEqual([200, 200])
      expect(slashed.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(slashed.headers['content-security-policy']).toBe(bare.headers['content-security-policy'])
      expect(slashed.body).toBe(bare.body)
      expect(slashed.body).toContain('<script src="/docs/init.js">')
      expect(Object.keys(app.openapi().paths)).toEqual(['/x'])
    }
    const declaredWithSlash = await documented(async () => {}, { docs: '/reference/' })
    expect((await declaredWithSlash.inject('/reference')).statusCode).toBe(200)
    expect((await declaredWithSlash.inject('/reference/')).statusCode).toBe(200)
    expect((await declaredWithSlash.inject('/reference/init.js')).statusCode).toBe(200)
  })

  it('under a prefix, /api/docs and /api/docs/ both serve the page', async () => {
    const app = await documented(async () => {}, { docs: false })
    app.register(async (api) => {
      await api.register(openapi, { info: { title: 'Inner', version: '1' } })
    }, { prefix: '/api' })
    expect((await app.inject('/api/docs/')).statusCode).toBe(200)
    expect((await app.inject('/api/docs/')).body).toContain('<script src="/api/docs/init.js">')
  })
})

