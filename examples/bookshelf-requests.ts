/** What the socket tests of the Zod, Valibot and ArkType bookshelves send to the running app. */
import type { ServedApp } from './listen-during-tests.js'

/** `get(path)` answers status and parsed body; `add(book)` posts a book as JSON (a string is sent as it is). */
export function bookshelfRequests(server: ServedApp) {
  return {
    async get(path: string): Promise<{ status: number; body: any }> {
      const res = await fetch(server.base + path)
      return { status: res.status, body: await res.json() }
    },
    add(book: object | string): Promise<Response> {
      const body = typeof book === 'string' ? book : JSON.stringify(book)
      return fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    },
  }
}
