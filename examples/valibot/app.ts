/**
 * A bookshelf API whose schemas are Valibot 1 schemas. Valibot's schemas carry no JSON Schema of
 * their own: `toStandardJsonSchema` (from @valibot/to-json-schema) gives them one, and warren
 * compiles that; `libraryOnly` marks a schema Valibot validates alone.
 *
 *   POST  /books         a body with a check (v.check) and a default: Valibot runs after Ajv
 *   GET   /books         querystring (one `tag` becomes a list, `limit` coerced): Ajv alone
 *   GET   /books/:id     params coerced ('42' is 42): Ajv alone; a 404 answer
 *   POST  /books/import  a CSV line turned into a book by a transform, validated by Valibot alone
 */
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import warren, { libraryOnly } from 'warren'
import { Bookshelf } from '../bookshelf.js'

const thisYear = new Date().getFullYear()

const Title = v.pipe(v.string(), v.trim(), v.minLength(1))
const Isbn = v.pipe(v.string(), v.regex(/^\d{13}$/, 'an ISBN has 13 digits'))
const Year = v.pipe(v.number(), v.integer(), v.maxValue(thisYear, 'the year is in the future'))

const NewBook = toStandardJsonSchema(
  v.object({ title: Title, isbn: Isbn, year: Year, tags: v.optional(v.pipe(v.array(v.string()), v.maxLength(5)), []) }),
)

const BookSchema = v.object({
  id: v.number(),
  title: v.string(),
  isbn: v.string(),
  year: v.number(),
  tags: v.array(v.string()),
  addedAt: v.pipe(v.date(), v.transform((date) => date.toISOString()), v.string()),
})
const Book = toStandardJsonSchema(BookSchema)
const Books = toStandardJsonSchema(v.array(BookSchema))

const Problem = toStandardJsonSchema(v.object({ message: v.string() }))
const BookId = toStandardJsonSchema(v.object({ id: v.pipe(v.number(), v.integer(), v.gtValue(0)) }))
const Listing = toStandardJsonSchema(v.object({ tag: v.optional(v.array(v.string())), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))) }))

/** `title;isbn;year`, as a line of a spreadsheet export: no JSON Schema says that, so Valibot checks it alone. */
const CsvBook = v.object({
  line: v.pipe(
    v.string(),
    v.regex(/^[^;]+;\d{13};\d{4}$/, 'a line is title;isbn;year'),
    v.transform((line) => {
      const [title, isbn, year] = line.split(';')
      return { title: title.trim(), isbn, year: Number(year), tags: ['imported'] }
    }),
  ),
})

/** The example's routes, as a plugin (a shelf of its own per registration). */
export async function valibotExample(app: ReturnType<typeof warren>): Promise<void> {
  const shelf = new Bookshelf()

  app.post('/books', { schema: { body: NewBook, response: { 201: Book, 409: Problem } } }, async (request, reply) => {
    const book = shelf.add(request.body)
    if (book === undefined) return reply.code(409).send({ message: `a book with ISBN ${request.body.isbn} is on the shelf` })
    return reply.code(201).send(book)
  })

  app.post('/books/import', { schema: { body: libraryOnly(CsvBook), response: { 201: Book, 409: Problem } } }, async (request, reply) => {
    const book = shelf.add(request.body.line)
    if (book === undefined) return reply.code(409).send({ message: `a book with ISBN ${request.body.line.isbn} is on the shelf` })
    return reply.code(201).send(book)
  })

  app.get('/books', { schema: { querystring: Listing, response: { 200: Books } } }, async (request) => shelf.list(request.query.tag ?? [], request.query.limit ?? 20))

  app.get('/books/:id', { schema: { params: BookId, response: { 200: Book, 404: Problem } } }, async (request, reply) => {
    const book = shelf.find(request.params.id)
    return book ?? reply.code(404).send({ message: `no book ${request.params.id}` })
  })
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(valibotExample)
  return app
}

const json = '-H "content-type: application/json"'
/** What to try once it runs. */
export const tryIt = [
  `POST /books ${json} -d '{"title":"  Dune ","isbn":"9780441013593","year":1965,"tags":["sf"]}'`,
  `POST /books ${json} -d '{"title":"Dune","isbn":"9780441013593","year":2999}'`,
  `POST /books/import ${json} -d '{"line":"Solaris;9780156027601;1961"}'`,
  'GET /books?tag=sf&limit=5',
  'GET /books/1',
  'GET /books/one',
]
