import { expectError, expectType } from 'tsd'
import warren from 'warren'
import { Type } from 'typebox'

const app = warren()
// TypeBox 1.x schemas are taken as plain JSON Schema: the route compiles, its parts are not typed from them
app.addSchema(Type.Object({ id: Type.String() }, { $id: 'Thing' }))
app.post('/items', {
  schema: {
    body: Type.Object({ name: Type.String() }),
    querystring: Type.Object({ draft: Type.Optional(Type.Boolean()) }),
    response: { 201: Type.Object({ name: Type.String() }) },
  },
}, async (request, reply) => {
  expectType<unknown>(request.body)
  return reply.code(201).send({ name: 'lamp' })
})
// a value that is no schema is still refused
expectError(app.post('/bad', { schema: { body: 42 } }, async () => 'x'))
