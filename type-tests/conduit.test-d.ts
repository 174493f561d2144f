import { expectError, expectType } from 'tsd'
import { client } from 'warren/client'
import type { Api } from '../test/client/conduit/server.js'

// The Conduit application of test/client/conduit (RealWorld's API) as its client sees it.

const api = client<Api>({ baseUrl: 'http://127.0.0.1:3000', headers: { authorization: 'Token t' } })

void (async () => {
  const list = await api.get('/api/articles', { query: { tag: 'dragons' } }) // limit and offset have defaults
  if (list.status === 200) {
    expectType<string>(list.body.articles[0]!.createdAt)
    expectType<boolean>(list.body.articles[0]!.author.following)
  }
  const removed = await api.delete('/api/articles/:slug', { params: { slug: 'a' } })
  if (removed.status === 204) expectType<undefined>(removed.body)
  else if (removed.status === 403) expectType<string[]>(removed.body.errors.body)
  const comment = await api.post('/api/articles/:slug/comments', { params: { slug: 'a' }, body: { comment: { body: 'hi' } } })
  if (comment.status === 201) expectType<number>(comment.body.comment.id)
  await api.delete('/api/articles/:slug/comments/:id(^\\d+)', { params: { slug: 'a', id: 1 } })
  await api.get('/api/profiles/:username', { params: { username: 'ada' } })
  await api.get('/api/images/*', { params: { '*': 'a/b.png' } })
  await api.get('/api/archive/:from-:to', { params: { from: 2000, to: 2024 } })
  expectType<undefined>((await api.head('/api/tags')).body)

  expectError(await api.get('/api/articles/:slug/comments', { params: {} })) // the prefix's slug
  expectError(await api.get('/api/tags', { params: { tag: 'x' } }))
  expectError(await api.post('/api/articles', { body: { article: { title: 't' } } })) // description and body are required
})()
