/**
 * @module The Conduit application (test/client/conduit/server.ts) through its typed client, over
 * inject (answers validated against the app's schemas, `date-time` and `email` formats included)
 * and over a socket: registration and login, profiles under a prefix with a parameter, articles
 * with paging defaults, 204 deletions, comments under `/articles/:slug/comments` with a regexp
 * parameter, a range parameter and a wildcard.
 */
import { describe, expect, it } from 'vitest'
import { client, type ClientOptions } from 'warren/client'
import { build, type Api } from './conduit/server.js'
import { servedTwice } from './served-twice.js'

/** A typed client of the app, with the token of `user` when given. */
function conduit(target: ClientOptions, token?: string) {
  return client<Api>({ ...target, headers: token === undefined ? {} : { authorization: `Token ${token}` } })
}

/** Registers a user and returns their token. */
async function register(target: ClientOptions, username: string): Promise<string> {
  const answer = await conduit(target).post('/api/users', { body: { user: { username, email: `${username}@example.com`, password: 'long enough' } } })
  if (answer.status !== 201) throw new Error(`registration of ${username} answered ${answer.status}`)
  return answer.body.user.token
}

function scenario(name: string, target: () => ClientOptions) {
  describe(`conduit over ${name}`, () => {
    it('registers, logs in and reads the current user; a bad token is a typed 401', async () => {
      const token = await register(target(), 'ada')
      const login = await conduit(target()).post('/api/users/login', { body: { user: { email: 'ada@example.com', password: 'long enough' } } })
      expect(login.status).toBe(200)
      if (login.status === 200) expect(login.body.user).toMatchObject({ username: 'ada', email: 'ada@example.com', token })
      const me = await conduit(target(), token).get('/api/user')
      expect(me).toMatchObject({ status: 200, body: { user: { username: 'ada' } } })
      const refused = await conduit(target(), 'ada.forged').get('/api/user')
      expect(refused).toMatchObject({ status: 401, body: { errors: { body: ['missing or invalid token'] } } })
      const invalid = await conduit(target()).post('/api/users', { body: { user: { username: 'x', email: 'not an email', password: 'long enough' } } })
      expect(invalid.status).toBe(400)
    })

    it('follows a profile under a prefix that carries the username', async () => {
      const ada = await register(target(), 'ada2')
      await register(target(), 'grace')
      const followed = await conduit(target(), ada).post('/api/profiles/:username/follow', { params: { username: 'grace' } })
      expect(followed).toMatchObject({ status: 200, body: { profile: { username: 'grace', following: true } } })
      const read = await conduit(target(), ada).get('/api/profiles/:username', { params: { username: 'grace' } })
      expect(read).toMatchObject({ status: 200, body: { profile: { following: true } } })
      const missing = await conduit(target()).get('/api/profiles/:username', { params: { username: 'nobody' } })
      expect(missing.status).toBe(404)
    })

    it('creates, lists (paging defaults filled in by the server), updates and deletes articles', async () => {
      const token = await register(target(), 'writer')
      const api = conduit(target(), token)
      const created = await api.post('/api/articles', { body: { article: { title: 'How to Train Your Dragon', description: 'Ever wonder how?', body: 'Very carefully.' } } })
      expect(created.status).toBe(201)
      if (created.status !== 201) return
      expect(created.body.article).toMatchObject({ slug: 'how-to-train-your-dragon', tagList: [], favorited: false, author: { username: 'writer' } })
      expect(Date.parse(created.body.article.createdAt)).not.toBeNaN()
      const second = await api.post('/api/articles', { body: { article: { title: 'Second', description: 'd', body: 'b', tagList: ['dragons'] } } })
      expect(second.status).toBe(201)

      const all = await api.get('/api/articles') // limit and offset left out: their defaults apply
      expect(all).toMatchObject({ status: 200, body: { articlesCount: 2 } })
      const paged = await api.get('/api/articles', { query: { limit: 1, offset: 1 } })
      if (paged.status === 200) expect(paged.body.articles.map((a) => a.slug)).toEqual(['how-to-train-your-dragon'])
      const tagged = await api.get('/api/articles', { query: { tag: 'dragons' } })
      if (tagged.status === 200) expect(tagged.body.articles.map((a) => a.slug)).toEqual(['second'])

      const updated = await api.put('/api/articles/:slug', { params: { slug: 'second' }, body: { article: { body: 'Rewritten.' } } })
      expect(updated).toMatchObject({ status: 200, body: { article: { body: 'Rewritten.' } } })
      const favorited = await conduit(target(), await register(target(), 'fan')).post('/api/articles/:slug/favorite', { params: { slug: 'second' } })
      expect(favorited).toMatchObject({ status: 200, body: { article: { favorited: true, favoritesCount: 1 } } })

      const deleted = await api.delete('/api/articles/:slug', { params: { slug: 'second' } })
      expect(deleted).toMatchObject({ status: 204, body: undefined })
      const gone = await api.get('/api/articles/:slug', { params: { slug: 'second' } })
      expect(gone).toMatchObject({ status: 404, body: { errors: { body: ["no article 'second'"] } } })
      const tags = await api.head('/api/tags')
      expect(tags).toMatchObject({ status: 200, body: undefined })
    })

    it('comments under the article prefix, deleted through a regexp parameter', async () => {
      const token = await register(target(), 'commenter')
      const api = conduit(target(), token)
      await api.post('/api/articles', { body: { article: { title: 'Commented', description: 'd', body: 'b' } } })
      const comment = await api.post('/api/articles/:slug/comments', { params: { slug: 'commented' }, body: { comment: { body: 'First!' } } })
      expect(comment.status).toBe(201)
      if (comment.status !== 201) return
      const listed = await api.get('/api/articles/:slug/comments', { params: { slug: 'commented' } })
      expect(listed).toMatchObject({ status: 200, body: { comments: [{ body: 'First!', author: { username: 'commenter' } }] } })
      const removed = await api.delete('/api/articles/:slug/comments/:id(^\\d+)', { params: { slug: 'commented', id: comment.body.comment.id } })
      expect(removed.status).toBe(204)
      const again = await api.delete('/api/articles/:slug/comments/:id(^\\d+)', { params: { slug: 'commented', id: comment.body.comment.id } })
      expect(again.status).toBe(404)
      const onMissing = await api.get('/api/articles/:slug/comments', { params: { slug: 'nothing-here' } })
      expect(onMissing.status).toBe(404)
    })

    it('answers a date range and a wildcard path', async () => {
      const token = await register(target(), 'archivist')
      await conduit(target(), token).post('/api/articles', { body: { article: { title: 'Archived', description: 'd', body: 'b' } } })
      const range = await conduit(target()).get('/api/archive/:from-:to', { params: { from: 2000, to: 2999 } }) // years: a value with a '-' would split differently
      expect(range.status).toBe(200)
      if (range.status === 200) expect(range.body.slugs).toContain('archived')
      const image = await conduit(target()).get('/api/images/*', { params: { '*': 'avatars/ada lovelace.png' } })
      expect(image).toMatchObject({ status: 200, body: 'image at avatars/ada lovelace.png' })
      expect(await conduit(target()).get('/health')).toMatchObject({ status: 200, body: { ok: true } })
    })
  })
}

const { injected, baseUrl } = servedTwice(() => build())
scenario('inject, answers validated against the app schemas', () => ({ app: injected, validate: true }))
scenario('a socket', () => ({ baseUrl: baseUrl() }))
