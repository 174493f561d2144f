/**
 * @module examples/typed-client/client
 * A typed client for the bookshelf: what a front end or another service would write. Nothing
 * of the server is imported at run time (`import type` only); every call is checked against the
 * server's schemas.
 */
import { client, type InjectTarget } from 'warren/client'
import type { Api } from './server.js'

/** Connection settings: a base URL, or (in tests) an app to inject into. */
export type Target = { baseUrl: string } | { app: InjectTarget }

/** A bookshelf client with the few operations a caller needs, each answer narrowed by status. */
export function bookshelf(target: Target) {
  const api = client<Api>(target)
  return {
    api,
    /** Adds a book; resolves with it, or with `null` when its ISBN is already there. */
    async add(isbn: string, title: string, author: string, tags: string[] = []) {
      const answer = await api.post('/books', { body: { isbn, title, author, tags } })
      if (answer.status === 201) return answer.body
      if (answer.status === 409) return null
      throw new Error(`unexpected ${answer.status}`)
    },
    /** The books by `author` carrying every tag in `tags`. */
    async find(author?: string, tags?: string[]) {
      const answer = await api.get('/books', { query: { author, tag: tags } })
      if (answer.status === 200) return answer.body
      throw new Error(`unexpected ${answer.status}`)
    },
    /** Renames a book; `undefined` when there is no such book. */
    async rename(id: number, title: string) {
      const answer = await api.patch('/books/:id', { params: { id }, body: { title } })
      return answer.status === 200 ? answer.body : undefined
    },
  }
}
