/**
 * @module Every path form the router accepts round-trips through the client: the URL the client
 * builds from a route path and its params reaches that route with those params, over inject and
 * over a socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import warren from 'warren'
import { client, type WarrenClient } from 'warren/client'
import { fillPath } from '../../src/client/url.js'

/** Routes of every form, each answering the params the router found. */
function buildApp() {
  const echo = async (request: { params: unknown }) => request.params
  const app = warren()
  app.get('/files/*', echo)
  app.get('/range/:from-:to', echo)
  app.get('/geo/:lat.:lng', echo)
  app.get('/items/:id(^\\d+)', echo)
  app.get('/codes/:code(^(?:[a-z]{2}|[0-9]{3})$)/x', echo)
  app.get('/maybe/:id?', echo)
  app.get('/time/at::now/:hour', echo)
  app.register(
    async (child) => {
      child.get('/', echo)
      child.get('/:memberId', echo)
    },
    { prefix: '/projects/:projectId/members' },
  )
  return app
}

/** The calls, and the params each route must see. */
async function roundTrips(api: WarrenClient) {
  expect((await api.get('/files/*', { params: { '*': 'docs/a b.pdf' } })).body).toEqual({ '*': 'docs/a b.pdf' })
  expect((await api.get('/range/:from-:to', { params: { from: '2020', to: '2024' } })).body).toEqual({ from: '2020', to: '2024' })
  expect((await api.get('/geo/:lat.:lng', { params: { lat: 48, lng: 2 } })).body).toEqual({ lat: '48', lng: '2' })
  expect((await api.get('/items/:id(^\\d+)', { params: { id: 42 } })).body).toEqual({ id: '42' })
  expect((await api.get('/codes/:code(^(?:[a-z]{2}|[0-9]{3})$)/x', { params: { code: 'fr' } })).body).toEqual({ code: 'fr' })
  expect((await api.get('/maybe/:id?', { params: { id: 'x' } })).body).toEqual({ id: 'x' })
  const withoutId = await api.get('/maybe/:id?')
  expect(withoutId.status).toBe(200)
  expect(withoutId.body).toEqual({})
  expect((await api.get('/time/at::now/:hour', { params: { hour: 9 } })).body).toEqual({ hour: '9' })
  expect((await api.get('/projects/:projectId/members', { params: { projectId: 'p 1' } })).body).toEqual({ projectId: 'p 1' })
  expect((await api.get('/projects/:projectId/members/:memberId', { params: { projectId: 'p1', memberId: 'm/2' } })).body).toEqual({ projectId: 'p1', memberId: 'm/2' })
}

describe('client paths: every form the router accepts', () => {
  it('round-trips over inject', async () => {
    await roundTrips(client({ app: buildApp() }))
  })

  describe('over a socket', () => {
    const app = buildApp()
    let baseUrl = ''
    beforeAll(async () => {
      baseUrl = await app.listen({ port: 0 })
    })
    afterAll(() => app.close())
    it('round-trips over fetch', async () => {
      await roundTrips(client({ baseUrl }))
    })
  })

  it('builds each form as the router reads it', () => {
    expect(fillPath('/files/*', { '*': 'a/b c/d' })).toBe('/files/a/b%20c/d')
    expect(fillPath('/:a(\\()-:b', { a: '(', b: 1 })).toBe('/(-1') // an escaped parenthesis does not end the regexp
    expect(fillPath('/maybe/:id?', {})).toBe('/maybe')
    expect(fillPath('/maybe/:id?/', { id: 1 })).toBe('/maybe/1/')
    expect(fillPath('/a::b/:c', { c: 'd' })).toBe('/a:b/d')
  })

  it('refuses a missing parameter, the wildcard included, naming it', () => {
    expect(() => fillPath('/range/:from-:to', { from: 1 })).toThrow(expect.objectContaining({ code: 'CLIENT_ERR_MISSING_PARAM', message: "Path parameter 'to' of '/range/:from-:to' is missing" }))
    expect(() => fillPath('/files/*', {})).toThrow(expect.objectContaining({ code: 'CLIENT_ERR_MISSING_PARAM', message: expect.stringContaining("'*'") }))
  })
})
