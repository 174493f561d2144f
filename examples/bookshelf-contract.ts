/**
 * The HTTP contract the Zod, Valibot and ArkType bookshelves share, tested over a socket the same
 * way for the three (each example's own test adds what is particular to its library).
 */
import { describe, expect, it } from 'vitest'
import { listenDuringTests } from './listen-during-tests.js'

const dune = { title: 'Dune', isbn: '9780441013593', year: 1965, tags: ['sf', 'classic'] }

/** Starts the app `build` makes and tests the bookshelf contract on it; `byTag` is its query for the books tagged `sf`. */
export function bookshelfOverASocket(build: () => { listen(options: { port: number }): Promise<string>; close(): Promise<void> }, byTag: string): void {
  describe('over a socket', () => {
    const server = listenDuringTests(build())
    const get = async (path: string): Promise<{ status: number; body: any }> => {
      const res = await fetch(server.base + path)
      return { status: res.status, body: await res.json() }
    }
    const add = (body: string) => fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

    it('params and querystrings are coerced by Ajv before the handler sees them', async () => {
      expect((await add(JSON.stringify(dune))).status).toBe(201)
      expect((await get('/books/1')).body).toMatchObject({ id: 1, title: 'Dune' })
      expect((await get(`/books?${byTag}&limit=5`)).body.map((book: { title: string }) => book.title)).toEqual(['Dune'])
    })

    it('refuses params and querystrings JSON Schema refuses, and answers 404 for an unknown book', async () => {
      expect(await get('/books/one')).toMatchObject({ status: 400, body: { message: 'params/id must be integer' } })
      expect(await get('/books/0')).toMatchObject({ status: 400, body: { message: 'params/id must be > 0' } })
      expect(await get('/books?limit=500')).toMatchObject({ status: 400, body: { message: 'querystring/limit must be <= 50' } })
      expect(await get('/books/42')).toMatchObject({ status: 404, body: { message: 'no book 42' } })
    })

    it('answers malformed JSON with 400, and keeps serving', async () => {
      const res = await add('{"title":')
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('SVC_ERR_CTP_INVALID_JSON_BODY')
      expect((await get('/books/1')).status).toBe(200)
    })
  })
}
