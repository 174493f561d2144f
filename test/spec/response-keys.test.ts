import { describe, expect, it } from 'vitest'
import warren, { Type } from 'warren'

/** A route answering the status given in ?s= with an object carrying extra fields. */
function statusRoute(app: any, response: any) {
  app.get('/s', { schema: { response } }, async (request: any, reply: any) => {
    reply.code(Number(request.query.s))
    return { exact: 'e', klass: 'k', fallback: 'f', secret: 'never' }
  })
}

describe('2.5 response schema keys', () => {
  it('2.5 <status code>: that exact status (string or number key)', async () => {
    const app = warren()
    statusRoute(app, {
      200: { type: 'object', properties: { exact: { type: 'string' } } },
      '201': { type: 'object', properties: { klass: { type: 'string' } } },
    })
    expect((await app.inject('/s?s=200')).json()).toEqual({ exact: 'e' })
    expect((await app.inject('/s?s=201')).json()).toEqual({ klass: 'k' })
    // 202 matches no key: not serialized by a schema, every property goes out
    expect((await app.inject('/s?s=202')).json()).toEqual({ exact: 'e', klass: 'k', fallback: 'f', secret: 'never' })
  })

  it('2.5 2xx / 3xx / 4xx: any status of that class; the exact code wins over the class', async () => {
    const app = warren()
    statusRoute(app, {
      '2xx': { type: 'object', properties: { klass: { type: 'string' } } },
      201: { type: 'object', properties: { exact: { type: 'string' } } },
      '4xx': { type: 'object', properties: { fallback: { type: 'string' } } },
    })
    expect((await app.inject('/s?s=200')).json()).toEqual({ klass: 'k' })
    expect((await app.inject('/s?s=204')).statusCode).toBe(204)
    expect((await app.inject('/s?s=206')).json()).toEqual({ klass: 'k' })
    expect((await app.inject('/s?s=201')).json()).toEqual({ exact: 'e' })
    expect((await app.inject('/s?s=404')).json()).toEqual({ fallback: 'f' })
    expect((await app.inject('/s?s=500')).json()).toEqual({ exact: 'e', klass: 'k', fallback: 'f', secret: 'never' })
  })

  it('2.5 default: any status not matched otherwise', async () => {
    const app = warren()
    statusRoute(app, {
      200: { type: 'object', properties: { exact: { type: 'string' } } },
      '5xx': { type: 'object', properties: { klass: { type: 'string' } } },
      default: { type: 'object', properties: { fallback: { type: 'string' } } },
    })
    expect((await app.inject('/s?s=200')).json()).toEqual({ exact: 'e' })
    expect((await app.inject('/s?s=503')).json()).toEqual({ klass: 'k' })
    expect((await app.inject('/s?s=201')).json()).toEqual({ fallback: 'f' })
    expect((await app.inject('/s?s=404')).json()).toEqual({ fallback: 'f' })
  })

  it('2.5 default also applies to errors sent by the error handler', async () => {
    const app = warren()
    app.get('/boom', {
      schema: { response: { default: { type: 'object', properties: { statusCode: { type: 'integer' }, message: { type: 'string' } } } } },
    }, async () => {
      throw Object.assign(new Error('teapot'), { statusCode: 418 })
    })
    const res = await app.inject('/boom')
    expect(res.statusCode).toBe(418)
    expect(res.json()).toEqual({ statusCode: 418, message: 'teapot' })
  })

  it('2.5 an error answered under a response schema keeps the error properties the schema lists', async () => {
    const app = warren()
    app.post('/e', {
      schema: {
        body: { type: 'object', required: ['a'] },
        response: {
          '4xx': {
            type: 'object',
            properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'string' } }, validationContext: { type: 'string' } },
          },
        },
      },
    }, async () => {
      throw Object.assign(new Error('conflict'), { statusCode: 409, details: ['taken'], internal: 'hidden' })
    })
    const conflict = await app.inject({ method: 'POST', url: '/e', payload: { a: 1 } })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'conflict', details: ['taken'] })
    const invalid = await app.inject({ method: 'POST', url: '/e', payload: {} })
    expect(invalid.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: "body must have required property 'a'", validationContext: 'body' })
  })

  it('2.5 contract syntax: properties listed directly', async () => {
    const app = warren()
    statusRoute(app, {
      200: { exact: { type: 'string' }, klass: { type: 'string' } },
    })
    expect((await app.inject('/s?s=200')).json()).toEqual({ exact: 'e', klass: 'k' })
  })

  it('2.5 { description, content: { <type>: { schema } } }', async () => {
    const app = warren()
    statusRoute(app, {
      200: {
        description: 'the exact one',
        content: { 'application/json': { schema: { type: 'object', properties: { exact: { type: 'string' } } } } },
      },
    })
    const res = await app.inject('/s?s=200')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual({ exact: 'e' })
  })

  it('2.5 content map: */* matches any content type', async () => {
    const app = warren()
    app.get('/any', {
      schema: {
        response: {
          200: {
            content: {
              'application/json': { schema: Type.Object({ json: Type.String() }) },
              '*/*': { schema: Type.Object({ other: Type.String() }) },
            },
          },
        },
      },
    }, async (request: any, reply: any) => {
      if (request.query.type) reply.type(request.query.type)
      return { json: 'j', other: 'o', hidden: 'h' }
    })
    expect((await app.inject('/any')).json()).toEqual({ json: 'j' })
    const vendor = await app.inject('/any?type=application/vnd.custom%2Bjson')
    expect(vendor.headers['content-type']).toContain('application/vnd.custom+json')
    expect(JSON.parse(vendor.body)).toEqual({ other: 'o' })
  })

  it('2.5 TypeBox response schemas filter like plain ones', async () => {
    const app = warren()
    statusRoute(app, { 200: Type.Object({ exact: Type.String() }) })
    expect((await app.inject('/s?s=200')).json()).toEqual({ exact: 'e' })
  })
})
