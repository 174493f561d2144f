import { describe, expect, it } from 'vitest'
import warren from 'warren'
import openapi from 'warren/openapi'
import { expectValidDocument } from './helpers.js'

/** The usual deployment: the document and page at the root, the API under /api, a health check beside it. */
async function apiUnderPrefix(options: { basePath?: `/${string}`; servers?: Array<{ url: string }> }) {
  const app = await warren().register(openapi, { info: { title: 'Prefixed', version: '1' }, ...options })
  app.register(async (api) => {
    api.get('/', async () => ({ hello: 'api' }))
    api.get('/users/:id', async (request) => ({ id: request.params.id }))
    api.post('/users', async () => ({ created: true }))
  }, { prefix: '/api' })
  app.get('/health', async () => ({ ok: true }))
  app.get('/apiary', async () => 'not under /api')
  await app.ready()
  return app
}

describe('basePath: an API that lives under a prefix', () => {
  it('writes paths relative to the base path, adds it as the server URL, leaves routes outside it out', async () => {
    const app = await apiUnderPrefix({ basePath: '/api' })
    const document = app.openapi()
    expect(document.servers).toEqual([{ url: '/api' }])
    expect(Object.keys(document.paths).sort()).toEqual(['/', '/users', '/users/{id}'])
    expect(document.paths['/users/{id}'].get?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }])
    await expectValidDocument(document)
    // the served JSON is the same document
    expect((await app.inject('/openapi.json')).json()).toEqual(document)
  })

  it('keeps the servers given, and reads a base path written with a trailing slash', async () => {
    const app = await apiUnderPrefix({ basePath: '/api/', servers: [{ url: 'https://shop.example.com/api' }] })
    const document = app.openapi()
    expect(document.servers).toEqual([{ url: 'https://shop.example.com/api' }])
    expect(Object.keys(document.paths).sort()).toEqual(['/', '/users', '/users/{id}'])
  })

  it('without basePath, every route keeps its full path and no server is added', async () => {
    const document = (await apiUnderPrefix({})).openapi()
    expect(document.servers).toBeUndefined()
    expect(Object.keys(document.paths).sort()).toEqual(['/api', '/api/users', '/api/users/{id}', '/apiary', '/health'])
  })
})
