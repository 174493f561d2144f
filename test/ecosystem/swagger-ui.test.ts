import { describe, expect, it } from 'vitest'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import warren, { Type } from 'warren'
import { fromFastify } from './from-fastify.js'

const swaggerPlugin = fromFastify<Record<string, unknown>>(swagger)
const swaggerUiPlugin = fromFastify<Record<string, unknown>>(swaggerUi)

async function appWithDocs(uiOptions: Record<string, unknown> = {}) {
  const app = await warren().register(swaggerPlugin, { openapi: { info: { title: 'Pets', version: '1.0.0' } } })
  await app.register(swaggerUiPlugin, { routePrefix: '/docs', ...uiOptions })
  app.get('/pets', { schema: { response: { 200: Type.Array(Type.Object({ name: Type.String() })) } } }, async () => [{ name: 'Rex' }])
  return app
}

describe('@fastify/swagger-ui (with @fastify/static)', () => {
  it('serves the UI page as HTML at its prefix', async () => {
    const app = await appWithDocs()
    const res = await app.inject({ url: '/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('<div id="swagger-ui"></div>')
    expect(res.body).toContain('<script src="/docs/static/swagger-initializer.js"')
  })

  it('serves the document as JSON and YAML, without listing its own routes', async () => {
    const app = await appWithDocs()
    const json = await app.inject({ url: '/docs/json' })
    expect(json.statusCode).toBe(200)
    const doc = json.json() as { info: { title: string }; paths: Record<string, unknown> }
    expect(doc.info.title).toBe('Pets')
    expect(Object.keys(doc.paths)).toEqual(['/pets'])
    const yaml = await app.inject({ url: '/docs/yaml' })
    expect(yaml.headers['content-type']).toBe('application/x-yaml')
    expect(yaml.body).toContain('title: Pets')
  })

  it('serves the static assets through @fastify/static, with 404 for unknown files', async () => {
    const app = await appWithDocs()
    const css = await app.inject({ url: '/docs/static/swagger-ui.css' })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers.etag).toBeDefined()
    expect(css.body.length).toBeGreaterThan(1000)
    const cached = await app.inject({ url: '/docs/static/swagger-ui.css', headers: { 'if-none-match': css.headers.etag as string } })
    expect(cached.statusCode).toBe(304)
    const missing = await app.inject({ url: '/docs/static/nope.js' })
    expect(missing.statusCode).toBe(404)
    const redirect = await app.inject({ url: '/docs/static/index.html' })
    expect(redirect.statusCode).toBe(302)
    expect(redirect.headers.location).toBe('/docs/')
  })

  it('runs uiHooks before every documentation route', async () => {
    const app = await appWithDocs({
      uiHooks: {
        onRequest: (request: { headers: Record<string, string | undefined> }, reply: { code: (n: number) => { send: (p: unknown) => void } }, next: () => void) => {
          if (request.headers['x-docs-key'] === 'open-sesame') return next()
          reply.code(401).send({ error: 'docs are private' })
        },
      },
    })
    expect((await app.inject({ url: '/docs/json' })).statusCode).toBe(401)
    expect((await app.inject({ url: '/docs/json', headers: { 'x-docs-key': 'open-sesame' } })).statusCode).toBe(200)
    expect((await app.inject({ url: '/pets' })).json()).toEqual([{ name: 'Rex' }])
  })

  it('requires @fastify/swagger to be registered first (plugin dependencies)', async () => {
    const app = warren().register(swaggerUiPlugin, { routePrefix: '/docs' })
    await expect(app.ready()).rejects.toThrow("The dependency '@fastify/swagger' of plugin '@fastify/swagger-ui' is not registered")
  })
})
