/**
 * @module examples/typed-client/server
 * A bookshelf API written so that its typed client sees every route: each plugin returns its
 * chained instance, and the root registers the plugins in one chain. `Api` is the route table the
 * client is typed from (an interface: the compiler does not walk it again at every call).
 *
 *   GET    /health                 liveness
 *   GET    /books                  list (?author=&tag=a&tag=b&limit=)
 *   POST   /books                  create (201; 409 when the ISBN exists)
 *   GET    /books/:id              read (404 when absent)
 *   PATCH  /books/:id              change title or tags (404 when absent)
 *   DELETE /books/:id              remove (204; 404 when absent)
 *   GET    /v1/stats               counts, behind an `x-api-key` header (401 without it)
 */
import warren, { Type, type RouteTableOf } from 'warren'

/* ---------- schemas ---------- */

const Book = Type.Object({ id: Type.Integer(), isbn: Type.String(), title: Type.String(), author: Type.String(), tags: Type.Array(Type.String()) }, { $id: 'Book' })
const Problem = Type.Object({ message: Type.String() }, { $id: 'Problem' })
const NewBook = Type.Object({ isbn: Type.String({ minLength: 10 }), title: Type.String(), author: Type.String(), tags: Type.Optional(Type.Array(Type.String())) })
const BookChanges = Type.Object({ title: Type.Optional(Type.String()), tags: Type.Optional(Type.Array(Type.String())) })
const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) })

type BookRecord = { id: number; isbn: string; title: string; author: string; tags: string[] }

/* ---------- the app ---------- */

/** The root instance with what every plugin uses: the shared schemas and the shelf. */
function base() {
  return warren().addSchema(Book).addSchema(Problem).decorate('shelf', new Map<number, BookRecord>())
}
type Base = ReturnType<typeof base>

/** The book routes, as one chain: the returned instance carries them to the client's type. */
async function books(app: Base) {
  let next = 1
  return app
    .get(
      '/',
      {
        schema: {
          querystring: Type.Object({ author: Type.Optional(Type.String()), tag: Type.Optional(Type.Array(Type.String())), limit: Type.Optional(Type.Integer({ minimum: 1 })) }),
          response: { 200: Type.Array(Type.Ref('Book')) },
        },
      },
      async function (request) {
        const { author, tag = [], limit = 100 } = request.query
        return [...this.shelf.values()].filter((b) => (author === undefined || b.author === author) && tag.every((t) => b.tags.includes(t))).slice(0, limit)
      },
    )
    .post('/', { schema: { body: NewBook, response: { 201: Type.Ref('Book'), 409: Type.Ref('Problem') } } }, async function (request, reply) {
      if ([...this.shelf.values()].some((b) => b.isbn === request.body.isbn)) return reply.code(409).send({ message: `ISBN ${request.body.isbn} is on the shelf` })
      const book = { id: next++, tags: [], ...request.body }
      this.shelf.set(book.id, book)
      return reply.code(201).send(book)
    })
    .get('/:id', { schema: { params: Id, response: { 200: Type.Ref('Book'), 404: Type.Ref('Problem') } } }, async function (request, reply) {
      const book = this.shelf.get(request.params.id)
      return book ?? reply.code(404).send({ message: `no book ${request.params.id}` })
    })
    .patch('/:id', { schema: { params: Id, body: BookChanges, response: { 200: Type.Ref('Book'), 404: Type.Ref('Problem') } } }, async function (request, reply) {
      const book = this.shelf.get(request.params.id)
      if (book === undefined) return reply.code(404).send({ message: `no book ${request.params.id}` })
      Object.assign(book, request.body)
      return book
    })
    .delete('/:id', { schema: { params: Id, response: { 204: Type.Null(), 404: Type.Ref('Problem') } } }, async function (request, reply) {
      if (!this.shelf.delete(request.params.id)) return reply.code(404).send({ message: `no book ${request.params.id}` })
      return reply.code(204).send(null)
    })
}

/** Statistics, behind a header the schema requires. */
async function stats(app: Base) {
  return app.get(
    '/stats',
    { schema: { headers: Type.Object({ 'x-api-key': Type.String() }), response: { 200: Type.Object({ books: Type.Integer(), authors: Type.Integer() }), 401: Type.Ref('Problem') } } },
    async function (request, reply) {
      if (request.headers['x-api-key'] !== 'reader') return reply.code(401).send({ message: 'unknown key' })
      return { books: this.shelf.size, authors: new Set([...this.shelf.values()].map((b) => b.author)).size }
    },
  )
}

/** Builds the application: every route reaches the app's type through the chain. */
export function build() {
  return base()
    .get('/health', async () => ({ ok: true }))
    .register(books, { prefix: '/books' })
    .register(stats, { prefix: '/v1' })
}

/** The server's type. */
export type App = ReturnType<typeof build>
/** The route table the client is typed from: `client<Api>(…)`. */
export interface Api extends RouteTableOf<App> {}
