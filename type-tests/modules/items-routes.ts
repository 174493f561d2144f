// A module whose default export is an encapsulated plugin declaring routes.
import { Type, type Warren } from 'warren'

export default async function items(instance: Warren) {
  return instance.get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => ({ id: request.params.id }))
}
