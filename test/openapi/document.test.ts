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

describe('routes declared before the plugin', () => {
  it('are documented like the ones declared after it, with the shared schemas of their context, HEAD twins left out', async () => {
    const app = warren()
    app.addSchema({ $id: 'Book', type: 'object', properties: { title: { type: 'string' } } })
    app.get('/books/:id', { schema: { summary: 'One book', response: { 200: { $ref: 'Book#' } } } }, async () => ({ title: 'Dune' }))
    await app.register(async (admin) => {
      admin.delete('/books/:id', { schema: { summary: 'Remove a book' } }, async () => null)
    }, { prefix: '/admin' })
    const late = await app.register(openapi, { info: { title: 'Late', version: '1' } })
    late.post('/books', { schema: { summary: 'Add a book', body: { $ref: 'Book#' } } }, async () => ({ title: 'Dune' }))
    await late.ready()
    const document = late.openapi()
    expect(Object.keys(document.paths).sort()).toEqual(['/admin/books/{id}', '/books', '/books/{id}'])
    expect(document.paths['/books/{id}'].get?.summary).toBe('One book')
    expect(document.paths['/books/{id}'].head).toBeUndefined()
    expect(document.paths['/admin/books/{id}'].delete?.summary).toBe('Remove a book')
    expect(document.paths['/books'].post?.summary).toBe('Add a book')
    expect(document.components?.schemas?.Book).toEqual({ type: 'object', properties: { title: { type: 'string' } } })
    await expectValidDocument(document)
  })

  it('registered inside a context, it documents that context only, whatever came first', async () => {
    const app = warren()
    app.get('/outside', async () => 'not documented')
    await app.register(async (api) => {
      api.get('/early', async () => 'documented')
      await api.register(openapi, { info: { title: 'API only', version: '1' } })
      api.get('/late', async () => 'documented')
    }, { prefix: '/api' })
    app.get('/outside-later', async () => 'not documented')
    await app.ready()
    const document = (await app.inject('/api/openapi.json')).json()
    expect(Object.keys(document.paths).sort()).toEqual(['/api/early', '/api/late'])
  })
})
