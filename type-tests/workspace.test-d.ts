import { expectError, expectType } from 'tsd'
import { client } from 'warren/client'
import type { Api } from '../test/client/workspace/server.js'

// The workspace application of test/client/workspace as its client sees it.

const api = client<Api>({ baseUrl: 'http://127.0.0.1:3000' })
const params = { workspaceId: 'w', projectId: 'p' }

void (async () => {
  // query defaults may be left out; an array value may be readonly
  const tags: readonly string[] = ['a']
  const listed = await api.get('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w' }, query: { tag: tags } })
  if (listed.status === 200) expectType<number>(listed.body.limit)
  // a body property with a default may be left out
  await api.put('/workspaces/:workspaceId/projects/:projectId/members/:email', { params: { ...params, email: 'e' }, headers: { 'x-api-key': 'k' }, body: {} })
  // the header under the schema's spelling or lower-case
  await api.post('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w' }, headers: { 'X-Api-Key': 'k' }, body: { name: 'n' } })
  const archived = await api.post('/workspaces/:workspaceId/projects/:projectId/archive', { params, headers: { 'x-api-key': 'k' } })
  if (archived.status === 204) expectType<undefined>(archived.body)
  if (archived.status === 200) expectType<boolean>(archived.body.archived)
  expectType<undefined>((await api.head('/workspaces/:workspaceId/projects/:projectId', { params })).body)
  await api.get('/workspaces/:workspaceId/projects/:projectId/files/*', { params: { ...params, '*': 'a/b.md' } })

  expectError(await api.get('/workspaces/:workspaceId/projects/:projectId/members', { params: { projectId: 'p' } })) // the prefix's workspaceId
  expectError(await api.post('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w' }, body: { name: 'n' } })) // the API key header is required
  expectError(await api.put('/workspaces/:workspaceId/projects/:projectId/members/:email', { params: { ...params, email: 'e' }, headers: { 'x-api-key': 'k' }, body: { role: 'owner' } })) // not a role one can be given
  expectError(await api.get('/workspaces/:workspaceId/projects/', { params: { workspaceId: 'w' } })) // the list route says prefixTrailingSlash: 'no-slash'
  expectError(await api.get('/workspaces/:workspaceId/projects', { params: { workspaceId: 'w' }, query: { limit: '10' } })) // limit is an integer
})()
