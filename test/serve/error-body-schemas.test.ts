import { describe, expect, it } from 'vitest'
import warren, { ErrorBody, ProblemBody, Type } from 'warren'
import { client } from 'warren/client'

const User = Type.Object({ name: Type.String() })

describe('ErrorBody and ProblemBody: the error bodies as schemas a route declares its error statuses with', () => {
  it("ProblemBody under '4xx' keeps every field warren answers, the validation failure's errors included", async () => {
    const app = warren({ errorFormat: 'problem' })
      .post('/users', { schema: { body: User, response: { 201: User, '4xx': ProblemBody } } }, async (request, reply) => reply.code(201).send(request.body))
    const res = await app.inject({ method: 'POST', url: '/users', payload: { name: { first: 'ada' } } })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(res.json()).toEqual({
      type: 'urn:warren:error:SVC_ERR_VALIDATION',
      title: 'Request validation failed',
      status: 400,
      detail: expect.any(String),
      instance: '/users',
      code: 'SVC_ERR_VALIDATION',
      errors: [{ pointer: '/body/name', keyword: 'type', message: 'must be string' }],
    })
    const api = client<typeof app>({ app, validate: true })
    const answer = await api.post('/users', { body: { name: { first: 'ada' } as never } })
    if (answer.status === 400) expect(answer.body.errors?.[0]?.pointer).toBe('/body/name')
    else throw new Error(`expected a 400, got ${answer.status}`)
  })

  it("ErrorBody under '4xx' matches the default body, code included, and a 404 the handler sends in that shape", async () => {
    const app = warren()
      .get('/users/:id', { schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: User, '4xx': ErrorBody } } }, async (request, reply) => {
        if (request.params.id === 0) return reply.code(404).send({ statusCode: 404, code: 'APP_NO_USER', error: 'Not Found', message: 'no user 0' })
        return { name: 'ada' }
      })
    expect((await app.inject('/users/x')).json()).toEqual({ statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'params/id must be integer' })
    expect((await app.inject('/users/0')).json()).toEqual({ statusCode: 404, code: 'APP_NO_USER', error: 'Not Found', message: 'no user 0' })
  })
})
