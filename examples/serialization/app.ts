/**
 * Response schemas chosen by status — exact code, then class (`2xx`), then
 * `default` — a `content` map chosen by the reply's media type with `*\/*` as match-all, a
 * per-reply serializer, and a property the schema keeps off the wire.
 */
import warren, { Type } from 'warren'

const PublicUser = Type.Object({ id: Type.Integer(), name: Type.String() })
const Problem = Type.Object({ statusCode: Type.Integer(), error: Type.String(), message: Type.String() })

// what the "database" holds: more than the API may show
const users = new Map([[1, { id: 1, name: 'Ada', passwordHash: 'never-leaves-the-server' }]])

/** The example's routes, as a plugin. */
export async function serializationExample(app: ReturnType<typeof warren>): Promise<void> {
  // exact 200, class 2xx for 201, default for everything else (the 404 here)
  app.get(
    '/users/:id',
    {
      schema: {
        params: Type.Object({ id: Type.Integer() }),
        response: { 200: PublicUser, default: Problem },
      },
    },
    async (request, reply) => {
      const user = users.get(request.params.id)
      if (user === undefined) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `no user ${request.params.id}` })
      return user // passwordHash is not in PublicUser: it never reaches the wire
    },
  )

  app.post(
    '/users',
    { schema: { body: Type.Object({ name: Type.String() }), response: { '2xx': PublicUser } } },
    async (request, reply) => {
      const user = { id: users.size + 1, name: request.body.name, passwordHash: 'secret' }
      users.set(user.id, user)
      return reply.code(201).send(user)
    },
  )

  // one status, two media types: JSON gets the full report, anything else a summary line
  app.get(
    '/report',
    {
      schema: {
        response: {
          200: {
            description: 'the report',
            content: {
              'application/json': { schema: Type.Object({ users: Type.Integer(), generatedAt: Type.String() }) },
              '*/*': { schema: Type.Object({ users: Type.Integer() }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      reply.type(request.headers.accept === 'text/plain' ? 'text/plain' : 'application/json')
      return { users: users.size, generatedAt: new Date(0).toISOString() }
    },
  )

  // a serializer for this one reply
  app.get('/users.csv', async (_request, reply) => {
    reply.type('text/csv').serializer((rows) => (rows as Array<{ id: number; name: string }>).map((row) => `${row.id},${row.name}`).join('\n'))
    return [...users.values()].map(({ id, name }) => ({ id, name }))
  })
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(serializationExample)
  return app
}

/** What to try once it runs. */
export const tryIt = [
  'GET /users/1',
  'GET /users/99',
  `POST /users -H "content-type: application/json" -d '{"name":"Grace"}'`,
  'GET /report',
  'GET /report -H "accept: text/plain"',
  'GET /users.csv',
]
