import { describe, expect, it } from 'vitest'
import { bookshelfOverASocket } from '../bookshelf-contract.js'
import { build } from './app.js'

const dune = { title: '  Dune ', isbn: '9780441013593', year: 1965, tags: ['sf'] }

describe('example: valibot (a bookshelf whose schemas are Valibot schemas)', () => {
  describe('through inject()', () => {
    const app = build()
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })

    it('adds a book: the title trimmed, unknown keys dropped (v.object), addedAt sent as an ISO string', async () => {
      const res = await post('/books', { ...dune, admin: true })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ id: 1, title: 'Dune', isbn: '9780441013593', year: 1965, tags: ['sf'] })
      expect(res.json()).not.toHaveProperty('admin')
      expect(new Date(res.json().addedAt).toISOString()).toBe(res.json().addedAt)
    })

    it('refuses what Valibot refuses: a bound JSON Schema states in Ajv words, the rest with Valibot messages', async () => {
      const year = new Date().getFullYear()
      expect((await post('/books', { ...dune, year: 2999 })).json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', message: `body/year must be <= ${year}` })
      expect((await post('/books', { ...dune, isbn: '978' })).json().message).toBe('body/isbn an ISBN has 13 digits')
      expect((await post('/books', { ...dune, title: '   ' })).json().message).toMatch(/^body\/title Invalid length/)
    })

    it('refuses a wrong type and a missing field before Valibot runs, in Ajv words', async () => {
      expect((await post('/books', { ...dune, year: [1965, 1966] })).json().message).toBe('body/year must be integer')
      expect((await post('/books', { title: 'x', year: 1 })).json().message).toBe("body must have required property 'isbn'")
    })

    it('a schema validated by Valibot alone (libraryOnly): a CSV line made a book', async () => {
      const res = await post('/books/import', { line: 'Solaris;9780156027601;1961' })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ title: 'Solaris', isbn: '9780156027601', year: 1961, tags: ['imported'] })
      expect((await post('/books/import', { line: 'Solaris' })).json().message).toBe('body/line a line is title;isbn;year')
      const again = await post('/books/import', { line: 'Solaris;9780156027601;1961' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ message: 'a book with ISBN 9780156027601 is on the shelf' })
    })
  })

  bookshelfOverASocket(build, 'tag=sf')
})
