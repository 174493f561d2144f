import { describe, expect, it } from 'vitest'
import { client } from 'warren/client'
import { listenDuringTests } from '../listen-during-tests.js'
import { bookshelf } from './client.js'
import { build, type Api } from './server.js'

const dune = { isbn: '9780441013593', title: 'Dune', author: 'Frank Herbert', tags: ['sf', 'classic'] }

/** The same scenario over a real socket and over inject: both must answer the same. */
function scenario(name: string, target: () => Parameters<typeof bookshelf>[0]) {
  describe(`example: typed-client over ${name}`, () => {
    it('creates, lists, reads, changes and deletes books with typed calls', async () => {
      const { api, add, find, rename } = bookshelf(target())
      expect((await api.get('/health')).body).toEqual({ ok: true })

      const created = await add(dune.isbn, dune.title, dune.author, dune.tags)
      expect(created).toEqual({ id: 1, ...dune })
      expect(await add(dune.isbn, 'again', 'someone')).toBeNull() // 409
      await add('9780765326355', 'The Way of Kings', 'Brandon Sanderson', ['fantasy'])

      expect((await find('Frank Herbert')).map((b) => b.title)).toEqual(['Dune'])
      expect((await find(undefined, ['sf', 'classic'])).map((b) => b.id)).toEqual([1]) // an array query repeats its key
      expect(await find(undefined, ['nothing'])).toEqual([])

      const read = await api.get('/books/:id', { params: { id: 1 } })
      expect(read.status).toBe(200)
      if (read.status === 200) expect(read.body.title).toBe('Dune')
      expect(read.headers.get('content-type')).toMatch(/application\/json/)

      expect(await rename(1, 'Dune (1965)')).toMatchObject({ id: 1, title: 'Dune (1965)' })
      expect(await rename(99, 'nothing')).toBeUndefined()

      const missing = await api.get('/books/:id', { params: { id: 42 } })
      expect(missing).toMatchObject({ status: 404, body: { message: 'no book 42' } })
      const invalid = await api.get('/books/:id', { params: { id: 0 } }) // the schema says minimum 1: an undeclared 400
      expect(invalid.status).toBe(400)

      const removed = await api.delete('/books/:id', { params: { id: 2 } })
      expect(removed.status).toBe(204)
      expect(removed.body).toBeUndefined()
      expect((await api.delete('/books/:id', { params: { id: 2 } })).status).toBe(404)
    })

    it('sends the headers a route requires', async () => {
      const { api } = bookshelf(target())
      const refused = await api.get('/v1/stats', { headers: { 'x-api-key': 'guess' } })
      expect(refused).toMatchObject({ status: 401, body: { message: 'unknown key' } })
      const stats = await api.get('/v1/stats', { headers: { 'x-api-key': 'reader' } })
      expect(stats.status).toBe(200)
      if (stats.status === 200) expect(stats.body.books).toBeGreaterThanOrEqual(1)
    })
  })
}

const served = build()
const socket = listenDuringTests(served)
scenario('a socket (fetch)', () => ({ baseUrl: socket.base }))
const injected = build()
scenario('inject', () => ({ app: injected }))

describe('example: typed-client, one client for both transports', () => {
  it('types the same calls whether it fetches or injects', async () => {
    const app = build()
    const overInject = client<Api>({ app })
    const answer = await overInject.post('/books', { body: dune })
    expect(answer.status).toBe(201)
  })
})
