/**
 * A bookshelf API whose schemas are Zod 4 schemas: compiled to Ajv and fast-json-stringify through
 * their JSON Schema, Zod itself running only where JSON Schema cannot say what it checks.
 *
 *   POST  /books        strict body, a trimmed title, a refinement, a default: Zod runs after Ajv
 *   GET   /books        querystring (one `tag` becomes a list, `limit` is coerced): Ajv alone
 *   GET   /books/:id    params coerced ('42' is 42): Ajv alone; a 404 answer
 *   PATCH /books/:id    a partial, strict body
 *
 * A book in a response is `Book`, named with `.meta({ id })`: one component in the OpenAPI document.
 * Its `addedAt` is a Date the handler returns and the JSON carries as an ISO string (a transform).
 */
import warren from 'warren'
import { z } from 'zod'
import { Bookshelf } from '../bookshelf.js'

const thisYear = new Date().getFullYear()

const NewBook = z.strictObject({
  title: z.string().trim().min(1),
  isbn: z.string().regex(/^\d{13}$/, 'an ISBN has 13 digits'),
  year: z.number().int().refine((year) => year <= thisYear, 'the year is in the future'),
  tags: z.array(z.string().min(1)).max(5).default([]),
})

const Book = z
  .object({
    id: z.number().int(),
    title: z.string(),
    isbn: z.string(),
    year: z.number().int(),
    tags: z.array(z.string()),
    addedAt: z.date().transform((date) => date.toISOString()).pipe(z.string()),
  })
  .meta({ id: 'Book' })

const Problem = z.object({ message: z.string() })
const BookId = z.object({ id: z.number().int().positive() })
const Listing = z.object({ tag: z.array(z.string()).optional(), limit: z.number().int().min(1).max(50).optional() })

/** The example's routes, as a plugin (a shelf of its own per registration). */
export async function zodExample(app: ReturnType<typeof warren>): Promise<void> {
  const shelf = new Bookshelf()

  app.post('/books', { schema: { body: NewBook, response: { 201: Book, 409: Problem } } }, async (request, reply) => {
    const book = shelf.add(request.body)
    if (book === undefined) return reply.code(409).send({ message: `a book with ISBN ${request.body.isbn} is on the shelf` })
    return reply.code(201).send(book)
  })

  app.get('/books', { schema: { querystring: Listing, response: { 200: z.array(Book) } } }, async (request) =>
    shelf.list(request.query.tag ?? [], request.query.limit ?? 20),
  )

  app.get('/books/:id', { schema: { params: BookId, response: { 200: Book, 404: Problem } } }, async (request, reply) => {
    const book = shelf.find(request.params.id)
    return book ?? reply.code(404).send({ message: `no book ${request.params.id}` })
  })

  app.patch('/books/:id', { schema: { params: BookId, body: NewBook.partial(), response: { 200: Book, 404: Problem } } }, async (request, reply) => {
    const book = shelf.update(request.params.id, request.body)
    return book ?? reply.code(404).send({ message: `no book ${request.params.id}` })
  })
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(zodExample)
  return app
}

const json = '-H "content-type: application/json"'
/** What to try once it runs. */
export const tryIt = [
  `POST /books ${json} -d '{"title":"  Dune ","isbn":"9780441013593","year":1965,"tags":["sf"]}'`,
  `POST /books ${json} -d '{"title":"Dune","isbn":"9780441013593","year":2999}'`,
  `POST /books ${json} -d '{"title":"Dune","isbn":"9780441013593","year":1965,"admin":true}'`,
  'GET /books?tag=sf&limit=5',
  'GET /books/1',
  'GET /books/one',
  `PATCH /books/1 ${json} -d '{"tags":["sf","classic"]}'`,
]
