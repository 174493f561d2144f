/** The typed-api example's schemas: each one validates, serializes and types. */
import { Type } from 'warren'

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ format: 'email' }),
})
export const NewUser = Type.Omit(User, ['id'], { additionalProperties: false })

export const Item = Type.Object({
  id: Type.Integer(),
  ownerId: Type.Integer(),
  title: Type.String(),
  done: Type.Boolean(),
})
export const NewItem = Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })
export const ItemChanges = Type.Partial(Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }), done: Type.Boolean() }), {
  additionalProperties: false,
  minProperties: 1,
})

export const Problem = Type.Object({ statusCode: Type.Integer(), error: Type.String(), message: Type.String() })
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
