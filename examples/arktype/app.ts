/**
 * A bookshelf API whose schemas are ArkType 2 types, compiled to Ajv and fast-json-stringify
 * through their JSON Schema; ArkType itself runs only for what JSON Schema cannot say (morphs,
 * narrowing, defaults, `'+': 'reject'`).
 *
 *   POST  /books        a body that rejects unknown keys, with a narrowed year and a default: ArkType runs after Ajv
 *   GET   /books        querystring: `limit` coerced by Ajv, `tags` a comma list parsed by an ArkType morph
 *   GET   /books/:id    params coerced ('42' is 42): Ajv alone; a 404 answer
 */
import { type } from 'arktype'
import warren from 'warren'
import { Bookshelf } from '../bookshelf.js'

const thisYear = new Date().getFullYear()

const NewBook = type({
  '+': 'reject',
  title: 'string > 0',
  isbn: /^\d{13}$/,
  year: type('number.integer').narrow((year, ctx) => year <= thisYear || ctx.reject({ message: 'the year is in the future' })),
  tags: type('string[] <= 5').default(() => []),
})

const Book = type({
  id: 'number.integer',
  title: 'string',
  isbn: 'string',
  year: 'number.integer',
  tags: 'string[]',
  addedAt: type('Date').pipe((date) => date.toISOString()).to('string'),
})

const Problem = type({ message: 'string' })
const BookId = type({ id: 'number.integer > 0' })
/** `?tags=sf,classic`: the comma list is split by a morph (ArkType runs); `limit` is a number Ajv coerces. */
const Listing = type({
  'tags?': type('string').pipe((list) => list.split(',').filter((tag) => tag !== '')),
  'limit?': '1 <= number.integer <= 50',
})

/** The example's routes, as a plugin (a shelf of its own per registration). */
export async function arktypeExample(app: ReturnType<typeof warren>): Promise<void> {
  const shelf = new Bookshelf()

  app.post('/books', { schema: { body: NewBook, response: { 201: Book, 409: Problem } } }, async (request, reply) => {
    const book = shelf.add(request.body)
    if (book === undefined) return reply.code(409).send({ message: `a book with ISBN ${request.body.isbn} is on the shelf` })
    return reply.code(201).send(book)
  })

  app.get('/books', { schema: { querystring: Listing, response: { 200: Book.array() } } }, async (request) =>
    shelf.list(request.query.tags ?? [], request.query.limit ?? 20),
  )

  app.get('/books/:id', { schema: { params: BookId, response: { 200: Book, 404: Problem } } }, async (request, reply) => {
    const book = shelf.find(request.params.id)
    return book ?? reply.code(404).send({ message: `no book ${request.params.id}` })
  })
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(arktypeExample)
  return app
}

const json = '-H "content-type: application/json"'
/** What to try once it runs. */
export const tryIt = [
  `POST /books ${json} -d '{"title":"Dune","isbn":"9780441013593","year":1965,"tags":["sf","classic"]}'`,
  `POST /books ${json} -d '{"title":"Dune","isbn":"9780441013593","year":2999}'`,
  `POST /books ${json} -d '{"title":"Dune","isbn":"9780441013593","year":1965,"admin":true}'`,
  'GET /books?tags=sf,classic&limit=5',
  'GET /books/1',
  'GET /books/one',
]
