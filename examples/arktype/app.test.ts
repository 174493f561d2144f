import { describe, expect, it } from 'vitest'
import { bookshelfOverASocket } from '../bookshelf-contract.js'
import { build } from './app.js'

const dune = { title: 'Dune', isbn: '9780441013593', year: 1965, tags: ['sf', 'classic'] }

describe('example: arktype (a bookshelf whose schemas are ArkType types)', () => {
  describe('through inject()', () => {
    const app = build()
    const post = (payload: object) => app.inject({ method: 'POST', url: '/books', payload })

    it('adds a book: tags defaulted by ArkType, addedAt a Date sent as an ISO string', async () => {
      const res = await post({ title: 'Solaris', isbn: '9780156027601', year: 1961 })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ id: 1, title: 'Solaris', year: 1961, tags: [] })
      expect(new Date(res.json().addedAt).toISOString()).toBe(res.json().addedAt)
    })

    it("refuses what ArkType refuses, with its messages: an unknown key ('+': 'reject'), a narrowed year", async () => {
      expect((await post({ ...dune, admin: true })).json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', message: 'body/admin admin must be removed' })
      expect((await post({ ...dune, year: 2999 })).json().message).toBe('body/year the year is in the future')
      expect((await post({ ...dune, isbn: '978' })).json().message).toMatch(/^body\/isbn isbn must be matched by/)
    })

    it('refuses a wrong type and a missing field before ArkType runs, in Ajv words', async () => {
      expect((await post({ ...dune, title: { text: 'Dune' } })).json().message).toBe('body/title must be string')
      expect((await post({ title: 'x', year: 1 })).json().message).toBe("body must have required property 'isbn'")
    })
  })

  bookshelfOverASocket(build, 'tags=sf,classic')
})
