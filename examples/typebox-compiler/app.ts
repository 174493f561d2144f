/**
 * TypeBox's own compiler as the custom validator, in place of Ajv.
 * Serialization stays with the default (fast-json-stringify), and both see the shared schemas.
 *
 *   POST /users              body checked by TypeBox (converted, defaults filled, unknown keys stripped)
 *   GET  /users              querystring: `tag` once becomes a one-element array, `limit` defaults to 10
 *   GET  /users/:id          params converted to an integer; the reply keeps only the public fields
 *   POST /users/:id/address  a shared schema referenced with Type.Ref, resolved by the TypeBox compiler
 */
import warren, { Type } from 'warren'
import { typeboxValidatorCompiler } from './validator.js'

const Address = Type.Object({ city: Type.String({ minLength: 1 }), zip: Type.String({ pattern: '^[0-9]{5}$' }) }, { $id: 'Address' })
const NewUser = Type.Object({ name: Type.String({ minLength: 1 }), role: Type.String({ default: 'member' }) })
const PublicUser = Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String() })

interface StoredUser {
  id: number
  name: string
  role: string
  tags: string[]
  passwordHash: string
  address?: unknown
}

/** The example's routes, as a plugin. */
export async function typeboxCompilerExample(app: ReturnType<typeof warren>): Promise<void> {
  const users = new Map<number, StoredUser>([[1, { id: 1, name: 'Ada', role: 'admin', tags: ['math'], passwordHash: 'never-on-the-wire' }]])

  app.addSchema(Address)
  app.setValidatorCompiler(typeboxValidatorCompiler(() => Object.values(app.getSchemas())))

  app.post('/users', { schema: { body: NewUser, response: { 201: PublicUser } } }, async (request, reply) => {
    const user: StoredUser = { id: users.size + 1, name: request.body.name, role: request.body.role, tags: [], passwordHash: 'x' }
    users.set(user.id, user)
    return reply.code(201).send(user)
  })

  app.get('/users', {
    schema: { querystring: Type.Object({ tag: Type.Optional(Type.Array(Type.String())), limit: Type.Integer({ minimum: 1, default: 10 }) }) },
  }, async (request) => {
    const { tag, limit } = request.query
    const found = [...users.values()].filter((user) => tag === undefined || tag.some((t) => user.tags.includes(t)))
    return { tag: tag ?? [], limit, names: found.slice(0, limit).map((user) => user.name) }
  })

  app.get('/users/:id', {
    schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: PublicUser, 404: Type.Object({ message: Type.String() }) } },
  }, async (request, reply) => {
    const user = users.get(request.params.id)
    if (user === undefined) return reply.code(404).send({ message: `no user ${request.params.id}` })
    return user
  })

  app.post('/users/:id/address', {
    schema: { params: Type.Object({ id: Type.Integer() }), body: Type.Ref(Address), response: { 200: Type.Ref(Address) } },
  }, async (request) => ({ ...request.body, checkedBy: 'typebox' }))
}

/** The example as an application of its own. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(typeboxCompilerExample)
  return app
}

const json = '-H "content-type: application/json"'
/** What to try once it runs. */
export const tryIt = [
  `POST /users ${json} -d '{"name":"Grace","extra":"stripped"}'`,
  `POST /users ${json} -d '{"name":""}'`,
  'GET /users?tag=math',
  'GET /users/1',
  `POST /users/1/address ${json} -d '{"city":"Oslo","zip":"12345"}'`,
]
