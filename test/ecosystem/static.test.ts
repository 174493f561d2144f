import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fastifyStatic from '@fastify/static'
import warren from 'warren'
import { fromFastify } from './from-fastify.js'

interface StaticReply {
  sendFile: (path: string, root?: string) => StaticReply
  download: (path: string, fileName?: string, options?: { root?: string }) => StaticReply
}
const staticPlugin = fromFastify<Record<string, unknown>, {}, {}, StaticReply>(fastifyStatic)

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'warren-static-'))
  writeFileSync(join(root, 'hello.txt'), 'hello from disk\n')
  writeFileSync(join(root, 'app.css'), 'body { color: teal }\n')
  mkdirSync(join(root, 'docs'))
  writeFileSync(join(root, 'docs', 'index.html'), '<h1>docs</h1>\n')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('@fastify/static', () => {
  it('streams files under its prefix with type, length, etag and last-modified; HEAD sends headers only', async () => {
    const app = warren().register(staticPlugin, { root, prefix: '/public/' })
    const res = await app.inject({ url: '/public/hello.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('hello from disk\n')
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['content-length']).toBe('16')
    expect(res.headers.etag).toMatch(/^W\/"/)
    expect(res.headers['last-modified']).toBeDefined()
    const css = await app.inject({ url: '/public/app.css' })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    const head = await app.inject({ method: 'HEAD', url: '/public/hello.txt' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe('16')
  })

  it('answers conditional and range requests: 304 and 206', async () => {
    const app = warren().register(staticPlugin, { root })
    const first = await app.inject({ url: '/hello.txt' })
    const cached = await app.inject({ url: '/hello.txt', headers: { 'if-none-match': first.headers.etag as string } })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    const partial = await app.inject({ url: '/hello.txt', headers: { range: 'bytes=0-4' } })
    expect(partial.statusCode).toBe(206)
    expect(partial.body).toBe('hello')
    expect(partial.headers['content-range']).toBe('bytes 0-4/16')
    const unsatisfiable = await app.inject({ url: '/hello.txt', headers: { range: 'bytes=100-200' } })
    expect(unsatisfiable.statusCode).toBe(416)
  })

  it("hands missing files to the context's not-found handler, and serves a directory's index.html", async () => {
    const app = warren().register(staticPlugin, { root, prefix: '/files/' })
    app.setNotFoundHandler((request, reply) => void reply.code(404).send({ missing: request.url }))
    const missing = await app.inject({ url: '/files/nope.txt' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ missing: '/files/nope.txt' })
    const index = await app.inject({ url: '/files/docs/' })
    expect(index.statusCode).toBe(200)
    expect(index.body).toBe('<h1>docs</h1>\n')
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it("answers forbidden paths through its route-level errorHandler, which defers to the instance's", async () => {
    const app = warren().register(staticPlugin, { root, prefix: '/public/' })
    const plain = await app.inject({ url: '/public/.//app.css' })
    expect(plain.statusCode).toBe(403)
    expect(plain.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' })
    const custom = warren().register(staticPlugin, { root, prefix: '/public/' })
    custom.setErrorHandler((error: Error & { statusCode: number }, _request, reply) => void reply.code(error.statusCode).send({ refused: error.message }))
    const refused = await custom.inject({ url: '/public/.//app.css' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ refused: 'Forbidden' })
  })

  it('adds reply.sendFile() and reply.download() for routes of its own', async () => {
    const app = warren().register(staticPlugin, { root, serve: false })
    app.get('/greeting', (_request, reply) => void reply.sendFile('hello.txt'))
    app.get('/export', (_request, reply) => void reply.download('app.css', 'theme.css', { root }))
    const greeting = await app.inject({ url: '/greeting' })
    expect(greeting.statusCode).toBe(200)
    expect(greeting.body).toBe('hello from disk\n')
    const exported = await app.inject({ url: '/export' })
    expect(exported.headers['content-disposition']).toBe('attachment; filename=theme.css')
    expect(exported.body).toBe('body { color: teal }\n')
    expect((await app.inject({ url: '/hello.txt' })).statusCode).toBe(404)
  })

  it('refuses an invalid wildcard option at start-up', async () => {
    const app = warren().register(staticPlugin, { root, wildcard: 'yes' })
    await expect(app.ready()).rejects.toThrow('wildcard')
  })
})
