/**
 * @module The workspace application (test/client/workspace/server.ts) through its typed client,
 * over inject (answers validated against the app's schemas) and over a socket (answers validated
 * against a table of the same schemas): prefixes with parameters, defaults, 204s, HEAD, a wildcard.
 */
import { Type } from 'warren'
import { describe, expect, it } from 'vitest'
import { client, type ClientOptions } from 'warren/client'
import { servedTwice } from './served-twice.js'
import { build, Member, Problem, Project, type Api } from './workspace/server.js'

const key = { 'X-Api-Key': 'key-ada' }

function scenario(name: string, target: () => ClientOptions) {
  describe(`workspace over ${name}`, () => {
    it('creates, lists with the server-side defaults, reads, HEADs and archives a project', async () => {
      const api = client<Api>(target())
      const created = await api.post('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w1' }, headers: key, body: { name: 'Atlas' } })
      expect(created.status).toBe(201)
      if (created.status !== 201) return
      expect(created.body).toMatchObject({ workspace: 'w1', name: 'Atlas', archived: false })
      const params = { workspaceId: 'w1', projectId: created.body.id }

      const tags: readonly string[] = ['a', 'b']
      const listed = await api.get('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w1' }, query: { tag: tags } })
      expect(listed).toMatchObject({ status: 200, body: { limit: 10, projects: [{ name: 'Atlas' }] } })

      const read = await api.get('/workspaces/:workspaceId/projects/:projectId', { params })
      expect(read).toMatchObject({ status: 200, body: { id: created.body.id } })
      const head = await api.head('/workspaces/:workspaceId/projects/:projectId', { params })
      expect(head.status).toBe(200)
      expect(head.body).toBeUndefined()

      const archived = await api.post('/workspaces/:workspaceId/projects/:projectId/archive', { params, headers: { 'x-api-key': 'key-ada' } })
      expect(archived).toMatchObject({ status: 200, body: { archived: true } })
      const again = await api.post('/workspaces/:workspaceId/projects/:projectId/archive', { params, headers: key })
      expect(again.status).toBe(204)
      expect(again.body).toBeUndefined()
      const listedArchived = await api.get('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w1' }, query: { archived: true, limit: 1 } })
      expect(listedArchived).toMatchObject({ status: 200, body: { limit: 1, projects: [{ name: 'Atlas', archived: true }] } })
    })

    it('adds a member with the default role, removes it with a 204, refuses an unknown key and a missing project', async () => {
      const api = client<Api>(target())
      const created = await api.post('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w2' }, headers: key, body: { name: 'Borealis' } })
      if (created.status !== 201) throw new Error(`create answered ${created.status}`)
      const params = { workspaceId: 'w2', projectId: created.body.id }
      const added = await api.put('/workspaces/:workspaceId/projects/:projectId/members/:email', { params: { ...params, email: 'grace@example.com' }, headers: key, body: {} })
      expect(added).toMatchObject({ status: 200, body: { email: 'grace@example.com', role: 'viewer' } })
      const listed = await api.get('/workspaces/:workspaceId/projects/:projectId/members', { params })
      expect(listed.body).toEqual([
        { email: 'ada@example.com', role: 'owner' },
        { email: 'grace@example.com', role: 'viewer' },
      ])
      const removed = await api.delete('/workspaces/:workspaceId/projects/:projectId/members/:email', { params: { ...params, email: 'grace@example.com' }, headers: key })
      expect(removed).toMatchObject({ status: 204, body: undefined })
      const refused = await api.delete('/workspaces/:workspaceId/projects/:projectId/members/:email', { params: { ...params, email: 'x' }, headers: { 'X-Api-Key': 'forged' } })
      expect(refused).toMatchObject({ status: 401, body: { message: 'unknown API key' } })
      const missing = await api.get('/workspaces/:workspaceId/projects/:projectId/members', { params: { workspaceId: 'elsewhere', projectId: created.body.id } })
      expect(missing).toMatchObject({ status: 404, body: { message: `no project ${created.body.id}` } })
      const invalid = await api.put('/workspaces/:workspaceId/projects/:projectId/members/:email', { params: { ...params, email: 'not an email' }, headers: key, body: {} })
      expect(invalid.status).toBe(400)
    })

    it('stores and reads a file by a path with slashes and spaces through the wildcard', async () => {
      const api = client<Api>(target())
      const created = await api.post('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w3' }, headers: key, body: { name: 'Cirrus' } })
      if (created.status !== 201) throw new Error(`create answered ${created.status}`)
      const params = { workspaceId: 'w3', projectId: created.body.id, '*': 'docs/release notes.md' }
      const stored = await api.put('/workspaces/:workspaceId/projects/:projectId/files/*', { params, headers: key, body: { text: 'v1' } })
      expect(stored.status).toBe(204)
      const read = await api.get('/workspaces/:workspaceId/projects/:projectId/files/*', { params })
      expect(read).toMatchObject({ status: 200, body: { path: 'docs/release notes.md', text: 'v1' } })
      const missing = await api.get('/workspaces/:workspaceId/projects/:projectId/files/*', { params: { ...params, '*': 'nope' } })
      expect(missing.status).toBe(404)
    })
  })
}

const { injected, baseUrl } = servedTwice(build)
scenario('inject, answers validated against the app schemas', () => ({ app: injected, validate: true }))

const Projects = Type.Object({ projects: Type.Array(Type.Ref('Project')), limit: Type.Integer() })
const table = {
  'GET /workspaces/:workspaceId/projects': { 200: Projects },
  'POST /workspaces/:workspaceId/projects': { 201: Type.Ref('Project'), 401: Type.Ref('Problem') },
  'GET /workspaces/:workspaceId/projects/:projectId': { 200: Type.Ref('Project'), 404: Type.Ref('Problem') },
  'POST /workspaces/:workspaceId/projects/:projectId/archive': { 200: Type.Ref('Project'), 204: Type.Null() },
  'GET /workspaces/:workspaceId/projects/:projectId/members': { 200: Type.Array(Type.Ref('Member')) },
  'DELETE /workspaces/:workspaceId/projects/:projectId/members/:email': { 204: Type.Null(), 401: Type.Ref('Problem') },
  'PUT /workspaces/:workspaceId/projects/:projectId/files/*': { 204: Type.Null() },
}
scenario('a socket, answers validated against a table', () => ({ baseUrl: baseUrl(), validate: table, references: [Project, Member, Problem] }))

describe('workspace: validation catches a server that breaks its schema', () => {
  it('rejects a project answer whose createdAt is not a date-time, over a socket', async () => {
    const api = client<Api>({ baseUrl: baseUrl(), validate: { 'GET /workspaces/:workspaceId/projects': { 200: Type.Object({ limit: Type.String({ format: 'date-time' }) }) } } })
    await expect(api.get('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w9' } })).rejects.toMatchObject({ code: 'CLIENT_ERR_RESPONSE_VALIDATION' })
  })
})
