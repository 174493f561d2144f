import { describe, expect, it } from 'vitest'
import { bookshelfOverASocket } from '../bookshelf-contract.js'
import { build } from './app.js'

const dune = { title: '  Dune ', isbn: '9780441013593', year: 1965, tags: ['sf'] }

describe('example: zod (a bookshelf whose schemas are Zod schemas)', () => {
  describe('through inject()', () => {
    const app = build()
    const post = (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') => app.inject({ method, url, payload })

    it('adds a book: the title trimmed, tags defaulted, addedAt a Date sent as an ISO string', async () => {
      const res = await post('/books', { title: ' Neuromancer ', isbn: '9780441569595', year: 1984 })
      expect(res.statusCode).toBe(201)
      const book = res.json()
      expect(book).toMatchObject({ id: 1, title: 'Neuromancer', isbn: '9780441569595', year: 1984, tags: [] })
      expect(new Date(book.addedAt).toISOString()).toBe(book.addedAt)
    })

    it('refuses what Zod refuses, with its messages: an unknown key, a future year, a bad ISBN', async () => {
      expect((await post('/books', { ...dune, admin: true })).json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', message: 'body/admin Unrecognized key: "admin"' })
      expect((await post('/books', { ...dune, year: 2999 })).json().message).toBe('body/year the year is in the future')
      expect((await post('/books', { ...dune, isbn: '978' })).json().message).toBe('body/isbn an ISBN has 13 digits')
    })

    it('refuses a wrong type and a missing field before Zod runs, in Ajv words', async () => {
      expect((await post('/books', { ...dune, year: { y: 1 } })).json().message).toBe('body/year must be integer')
      expect((await post('/books', { title: 'x', year: 1 })).json().message).toBe("body must have required property 'isbn'")
    })

    it('takes the body as JSON typed it, as Zod does: one tag where a list is expected is refused', async () => {
      expect((await post('/books', { ...dune, tags: 'sf' })).json().message).toBe('body/tags must be array')
      const res = await post('/books', dune)
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ id: 2, title: 'Dune', tags: ['sf'] })
    })

    it('answers 409 for an ISBN already on the shelf', async () => {
      const res = await post('/books', dune)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ message: 'a book with ISBN 9780441013593 is on the shelf' })
    })

    it('patches with a partial, still strict body', async () => {
      expect((await post('/books/2', { tags: ['sf', 'classic'] }, 'PATCH')).json()).toMatchObject({ id: 2, tags: ['sf', 'classic'] })
      const unknownKey = await post('/books/2', { author: 'Herbert' }, 'PATCH')
      expect(unknownKey.statusCode).toBe(400)
      expect(unknownKey.json()).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: 'body/author Unrecognized key: "author"' })
      const missing = await post('/books/99', { year: 1999 }, 'PATCH')
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ message: 'no book 99' })
    })
  })

  bookshelfOverASocket(build, 'tag=sf')
})
