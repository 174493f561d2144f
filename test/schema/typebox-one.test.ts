import { describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import { warren } from '../helpers.js'

// TypeBox 1.x (the `typebox` package) builds plain JSON Schema: warren takes it as such
describe('TypeBox 1.x schemas', () => {
  it('validate a body, coerce a querystring and serialize a response, shared by $id too', async () => {
    const app = warren()
    app.addSchema(Type.Object({ name: Type.String({ minLength: 1 }), price: Type.Number() }, { $id: 'Item' }))
    app.post('/items', {
      schema: {
        body: Type.Ref('Item'),
        querystring: Type.Object({ draft: Type.Optional(Type.Boolean()) }),
        response: { 201: Type.Object({ name: Type.String(), draft: Type.Boolean() }) },
      },
    }, async (request: any, reply: any) => reply.code(201).send({ ...request.body, draft: request.query.draft ?? false, internal: 'not sent' }))
    await app.ready()

    const created = await app.inject({ method: 'POST', url: '/items?draft=true', payload: { name: 'lamp', price: 12 } })
    expect(created.statusCode).toBe(201)
    expect(created.body).toBe('{"name":"lamp","draft":true}')

    const invalid = await app.inject({ method: 'POST', url: '/items', payload: { name: '', price: 'twelve' } })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: 'body/name must NOT have fewer than 1 characters' })
  })
})
