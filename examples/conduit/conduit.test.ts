/**
 * The Conduit API as its users meet it: a typed client (warren/client) over inject() and over a
 * real socket, on one PGlite database in memory. Every endpoint, the authentication failures, the
 * validation failures (422 in the RealWorld format) and the edges of pagination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, type ClientOptions } from 'warren/client'
import { expectValidDocument } from '../../test/openapi/helpers.js'
import { buildConduit, type ConduitApi, type ConduitApp } from './app.js'
import { openDatabase, type Database } from './database/database.js'

let db: Database
const apps: ConduitApp[] = []

beforeAll(async () => {
  db = await openDatabase({})
}, 60_000)
afterAll(async () => {
  for (const app of apps) await app.close()
  await db.close()
})

/** An application over the file's database (which it does not close). */
function conduit(jwtSecret = 'a secret for the tests'): ConduitApp {
  const app = buildConduit({ database: db, jwtSecret })
  apps.push(app)
  return app
}

const auth = (token: string) => ({ authorization: `Token ${token}` })
/**
 * The first page, as a front end asks for it. The typed client requires a query key whose schema
 * has a `default` (the server fills it in); the defaults themselves are checked with untyped calls.
 */
const firstPage = { limit: 20, offset: 0 }

function scenario(transport: string, target: () => Promise<ClientOptions>) {
  describe(`conduit over ${transport}`, () => {
    let api: ReturnType<typeof client<ConduitApi>>
    beforeAll(async () => {
      api = client<ConduitApi>(await target())
    })
    /** A name no other test of the file uses. */
    const unique = (who: string) => `${who}-${transport}`

    async function register(who: string) {
      const username = unique(who)
      const email = `${username.replace(/[^\w-]/g, '_')}@conduit.test`
      const answer = await api.post('/api/users', { body: { user: { username, email, password: `${who} password` } } })
      if (answer.status !== 201) throw new Error(`register ${username}: ${answer.status} ${JSON.stringify(answer.body)}`)
      return answer.body.user
    }

    async function write(token: string, title: string, tagList?: string[]) {
      const answer = await api.post('/api/articles', { headers: auth(token), body: { article: { title, description: `about ${title}`, body: `all of ${title}`, tagList } } })
      if (answer.status !== 201) throw new Error(`create ${title}: ${answer.status} ${JSON.stringify(answer.body)}`)
      return answer.body.article
    }

    it('registers, logs in, reads and changes the current user', async () => {
      const jake = await register('jake')
      expect(jake).toEqual({ email: `${unique('jake')}@conduit.test`, token: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/), username: unique('jake'), bio: '', image: '' })

      const login = await api.post('/api/users/login', { body: { user: { email: jake.email.toUpperCase(), password: 'jake password' } } })
      expect(login.status).toBe(200)
      if (login.status !== 200) return
      expect(login.body.user.username).toBe(unique('jake'))
      expect(login.headers.get('content-type')).toBe('application/json; charset=utf-8')

      const current = await api.get('/api/user', { headers: auth(login.body.user.token) })
      expect(current).toMatchObject({ status: 200, body: { user: { username: unique('jake'), token: login.body.user.token } } })

      const changed = await api.put('/api/user', { headers: auth(jake.token), body: { user: { bio: 'I work at statefarm', image: 'https://example.com/jake.png', password: 'a new password' } } })
      expect(changed).toMatchObject({ status: 200, body: { user: { bio: 'I work at statefarm', image: 'https://example.com/jake.png', token: jake.token } } })
      expect((await api.post('/api/users/login', { body: { user: { email: jake.email, password: 'jake password' } } })).status).toBe(401)
      expect((await api.post('/api/users/login', { body: { user: { email: jake.email, password: 'a new password' } } })).status).toBe(200)
      // the same email again is no change
      expect((await api.put('/api/user', { headers: auth(jake.token), body: { user: { email: jake.email } } })).status).toBe(200)
    })

    it('refuses a username or email that is taken (422), and a wrong login (401), in the RealWorld format', async () => {
      const ann = await register('ann')
      const again = await api.post('/api/users', { body: { user: { username: ann.username, email: `other-${ann.email}`, password: 'x' } } })
      expect(again).toMatchObject({ status: 422, body: { errors: { body: ['username has already been taken'] } } })
      const sameEmail = await api.post('/api/users', { body: { user: { username: `other-${ann.username}`, email: ann.email.toUpperCase(), password: 'x' } } })
      expect(sameEmail).toMatchObject({ status: 422, body: { errors: { body: ['email has already been taken'] } } })
      const bob = await register('bob')
      const steal = await api.put('/api/user', { headers: auth(bob.token), body: { user: { username: ann.username } } })
      expect(steal).toMatchObject({ status: 422, body: { errors: { body: ['username has already been taken'] } } })

      for (const user of [{ email: ann.email, password: 'wrong' }, { email: `nobody-${ann.email}`, password: 'ann password' }]) {
        const refused = await api.post('/api/users/login', { body: { user } })
        expect(refused).toMatchObject({ status: 401, body: { errors: { body: ['email or password is invalid'] } } })
      }
    })

    it('answers 422 with the reason for bodies that break the schemas', async () => {
      const cases: Array<[path: '/api/users' | '/api/users/login', body: unknown, reason: RegExp]> = [
        ['/api/users', { user: { username: 'x', email: 'x@x.x' } }, /required property 'password'/],
        ['/api/users', { user: { username: '', email: 'x@x.x', password: 'p' } }, /username must NOT have fewer than 1 characters/],
        ['/api/users', { user: { username: 'x', email: 'not an email', password: 'p' } }, /email must match format "email"/],
        ['/api/users', { username: 'x', email: 'x@x.x', password: 'p' }, /required property 'user'/],
        ['/api/users/login', { user: { email: 'x@x.x', password: { text: 'p' } } }, /password must be string/],
        ['/api/users/login', [], /must be object/],
      ]
      for (const [path, body, reason] of cases) {
        const answer = await api.post(path, { body: body as never })
        expect(answer.status, JSON.stringify(body)).toBe(422)
        expect((answer.body as { errors: { body: string[] } }).errors.body[0]).toMatch(reason)
      }
      const jake = await register('validation-jake')
      const empty = await api.put('/api/user', { headers: auth(jake.token), body: { user: {} } })
      expect(empty.status).toBe(422)
      const noTitle = await api.post('/api/articles', { headers: auth(jake.token), body: { article: { title: '', description: 'd', body: 'b' } } as never })
      expect(noTitle.status).toBe(422)
      const badTags = await api.post('/api/articles', { headers: auth(jake.token), body: { article: { title: 't', description: 'd', body: 'b', tagList: 'dragons' } } as never })
      // a single value where an array is expected is coerced to a one-element array (spec 2.8), so only a non-string fails
      expect(badTags.status).toBe(201)
      const badComment = await api.post('/api/articles/:slug/comments', { params: { slug: 'no-such-article' }, headers: auth(jake.token), body: { comment: { body: '' } } })
      expect(badComment.status).toBe(422)
    })

    it('answers 401 with a Token challenge for a missing, malformed, forged or foreign token', async () => {
      const jake = await register('auth-jake')
      const missing = await api.get('/api/user')
      expect(missing).toMatchObject({ status: 401, body: { errors: { body: ['missing authorization header'] } } })
      expect(missing.headers.get('www-authenticate')).toBe('Token')
      const bearer = await api.get('/api/user', { headers: { authorization: `Bearer ${jake.token}` } })
      expect(bearer.status).toBe(401)
      expect(bearer.headers.get('www-authenticate')).toBe('Token')
      for (const token of ['garbage', `${jake.token}x`, jake.token.split('.').slice(0, 2).join('.') + '.c2lnbmF0dXJl']) {
        const refused = await api.get('/api/user', { headers: auth(token) })
        expect(refused).toMatchObject({ status: 401, body: { errors: { body: ['invalid authorization token'] } } })
        expect(refused.headers.get('www-authenticate')).toBe('Token error="invalid_token"')
      }
      // a token signed with another secret (another deployment) is refused too
      const other = client<ConduitApi>({ app: conduit('another secret') })
      expect((await other.get('/api/user', { headers: auth(jake.token) })).status).toBe(401)
      // optional authentication: anonymous is fine, a bad token is not
      expect((await api.get('/api/articles', { query: firstPage })).status).toBe(200)
      expect((await api.get('/api/articles', { query: firstPage, headers: auth('garbage') })).status).toBe(401)
      // every route that writes needs the token
      expect((await api.post('/api/articles', { body: { article: { title: 't', description: 'd', body: 'b' } } })).status).toBe(401)
      expect((await api.post('/api/profiles/:username/follow', { params: { username: jake.username } })).status).toBe(401)
      expect((await api.get('/api/articles/feed', { query: firstPage })).status).toBe(401)
    })

    it('shows profiles, follows and unfollows', async () => {
      const celeb = await register('celeb')
      const fan = await register('fan')
      expect(await api.get('/api/profiles/:username', { params: { username: celeb.username } })).toMatchObject({
        status: 200,
        body: { profile: { username: celeb.username, bio: '', image: '', following: false } },
      })
      const follow = await api.post('/api/profiles/:username/follow', { params: { username: celeb.username }, headers: auth(fan.token) })
      expect(follow).toMatchObject({ status: 200, body: { profile: { following: true } } })
      // following twice is no error
      expect((await api.post('/api/profiles/:username/follow', { params: { username: celeb.username }, headers: auth(fan.token) })).status).toBe(200)
      expect(await api.get('/api/profiles/:username', { params: { username: celeb.username }, headers: auth(fan.token) })).toMatchObject({ body: { profile: { following: true } } })
      expect(await api.get('/api/profiles/:username', { params: { username: celeb.username } })).toMatchObject({ body: { profile: { following: false } } })
      const unfollow = await api.delete('/api/profiles/:username/follow', { params: { username: celeb.username }, headers: auth(fan.token) })
      expect(unfollow).toMatchObject({ status: 200, body: { profile: { following: false } } })

      expect(await api.get('/api/profiles/:username', { params: { username: `nobody-${transport}` } })).toMatchObject({ status: 404, body: { errors: { body: [`profile nobody-${transport} not found`] } } })
      expect((await api.post('/api/profiles/:username/follow', { params: { username: `nobody-${transport}` }, headers: auth(fan.token) })).status).toBe(404)
      expect(await api.post('/api/profiles/:username/follow', { params: { username: fan.username }, headers: auth(fan.token) })).toMatchObject({ status: 422, body: { errors: { body: ['you cannot follow yourself'] } } })
      // a username with characters a URL must encode
      const odd = await register('o d/d?')
      expect(await api.get('/api/profiles/:username', { params: { username: odd.username } })).toMatchObject({ status: 200, body: { profile: { username: odd.username } } })
    })

    it('writes, reads, changes, favorites and deletes articles', async () => {
      const author = await register('author')
      const reader = await register('reader')
      const article = await write(author.token, `How to train your dragon ${transport}`, ['training', 'dragons', 'training'])
      expect(article).toEqual({
        slug: `how-to-train-your-dragon-${transport}`,
        title: `How to train your dragon ${transport}`,
        description: `about How to train your dragon ${transport}`,
        body: `all of How to train your dragon ${transport}`,
        tagList: ['dragons', 'training'],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: article.createdAt,
        favorited: false,
        favoritesCount: 0,
        author: { username: author.username, bio: '', image: '', following: false },
      })
      // the same title again gets a slug of its own
      const twin = await write(reader.token, article.title)
      expect(twin.slug).toMatch(new RegExp(`^${article.slug}-[0-9a-f]{8}$`))

      const read = await api.get('/api/articles/:slug', { params: { slug: article.slug } })
      expect(read).toMatchObject({ status: 200, body: { article: { slug: article.slug, body: article.body } } })

      const favorite = await api.post('/api/articles/:slug/favorite', { params: { slug: article.slug }, headers: auth(reader.token) })
      expect(favorite).toMatchObject({ status: 200, body: { article: { favorited: true, favoritesCount: 1 } } })
      expect((await api.post('/api/articles/:slug/favorite', { params: { slug: article.slug }, headers: auth(reader.token) })).body).toMatchObject({ article: { favoritesCount: 1 } })
      expect(await api.get('/api/articles/:slug', { params: { slug: article.slug }, headers: auth(reader.token) })).toMatchObject({ body: { article: { favorited: true } } })
      expect(await api.get('/api/articles/:slug', { params: { slug: article.slug }, headers: auth(author.token) })).toMatchObject({ body: { article: { favorited: false, favoritesCount: 1 } } })

      const byFavorite = await api.get('/api/articles', { query: { ...firstPage, favorited: reader.username } })
      expect(byFavorite).toMatchObject({ status: 200, body: { articlesCount: 1, articles: [{ slug: article.slug, favoritesCount: 1 }] } })
      if (byFavorite.status === 200) expect(byFavorite.body.articles[0]).not.toHaveProperty('body')
      const unfavorite = await api.delete('/api/articles/:slug/favorite', { params: { slug: article.slug }, headers: auth(reader.token) })
      expect(unfavorite).toMatchObject({ status: 200, body: { article: { favorited: false, favoritesCount: 0 } } })
      expect(await api.get('/api/articles', { query: { ...firstPage, favorited: reader.username } })).toMatchObject({ body: { articles: [], articlesCount: 0 } })

      // only the author changes or deletes it
      const foreign = await api.put('/api/articles/:slug', { params: { slug: article.slug }, headers: auth(reader.token), body: { article: { body: 'mine now' } } })
      expect(foreign).toMatchObject({ status: 403, body: { errors: { body: ['only the author of an article may change or delete it'] } } })
      expect((await api.delete('/api/articles/:slug', { params: { slug: article.slug }, headers: auth(reader.token) })).status).toBe(403)

      const retitled = await api.put('/api/articles/:slug', { params: { slug: article.slug }, headers: auth(author.token), body: { article: { title: `Did you train your dragon ${transport}?` } } })
      expect(retitled).toMatchObject({ status: 200, body: { article: { slug: `did-you-train-your-dragon-${transport}`, body: article.body, tagList: ['dragons', 'training'] } } })
      if (retitled.status !== 200) return
      expect(new Date(retitled.body.article.updatedAt).getTime()).toBeGreaterThan(new Date(article.updatedAt).getTime())
      expect((await api.get('/api/articles/:slug', { params: { slug: article.slug } })).status).toBe(404)
      // a title whose slug another article has gets a suffix
      const taken = await write(reader.token, `Taken title ${transport}`)
      const clash = await api.put('/api/articles/:slug', { params: { slug: retitled.body.article.slug }, headers: auth(author.token), body: { article: { title: taken.title } } })
      expect(clash).toMatchObject({ status: 200, body: { article: { title: taken.title, slug: expect.stringMatching(new RegExp(`^${taken.slug}-[0-9a-f]{8}$`)) } } })
      if (clash.status !== 200) return

      const removed = await api.delete('/api/articles/:slug', { params: { slug: clash.body.article.slug }, headers: auth(author.token) })
      expect(removed.status).toBe(204)
      expect(removed.body).toBeUndefined()
      expect(await api.get('/api/articles/:slug', { params: { slug: clash.body.article.slug } })).toMatchObject({ status: 404, body: { errors: { body: [`article ${clash.body.article.slug} not found`] } } })
      expect((await api.delete('/api/articles/:slug', { params: { slug: clash.body.article.slug }, headers: auth(author.token) })).status).toBe(404)
      expect((await api.post('/api/articles/:slug/favorite', { params: { slug: clash.body.article.slug }, headers: auth(author.token) })).status).toBe(404)
    })

    it('lists by tag and author, newest first, and feeds the articles of followed authors', async () => {
      const writer = await register('writer')
      const follower = await register('follower')
      const tag = `tag-${transport}`
      const first = await write(writer.token, `first ${transport}`, [tag])
      const second = await write(writer.token, `second ${transport}`, [tag, 'other'])
      await write(follower.token, `third ${transport}`, [tag])

      const byTag = await api.get('/api/articles', { query: { ...firstPage, tag } })
      expect(byTag).toMatchObject({ status: 200, body: { articlesCount: 3 } })
      if (byTag.status === 200) expect(byTag.body.articles.map((a) => a.title)).toEqual([`third ${transport}`, `second ${transport}`, `first ${transport}`])
      const byAuthor = await api.get('/api/articles', { query: { ...firstPage, author: writer.username, tag } })
      if (byAuthor.status === 200) expect(byAuthor.body.articles.map((a) => a.slug)).toEqual([second.slug, first.slug])
      expect(await api.get('/api/articles', { query: { ...firstPage, author: `nobody-${transport}` } })).toMatchObject({ status: 200, body: { articles: [], articlesCount: 0 } })

      expect(await api.get('/api/articles/feed', { query: firstPage, headers: auth(follower.token) })).toMatchObject({ status: 200, body: { articles: [], articlesCount: 0 } })
      await api.post('/api/profiles/:username/follow', { params: { username: writer.username }, headers: auth(follower.token) })
      const feed = await api.get('/api/articles/feed', { query: firstPage, headers: auth(follower.token) })
      expect(feed).toMatchObject({ status: 200, body: { articlesCount: 2, articles: [{ slug: second.slug, author: { following: true } }, { slug: first.slug }] } })
      const tags = await api.get('/api/tags')
      expect(tags.status).toBe(200)
      if (tags.status === 200) expect(tags.body.tags).toEqual(expect.arrayContaining([tag, 'other']))
    })

    it('pages: limit and offset, their defaults, the end of the list and values out of range', async () => {
      const prolific = await register('prolific')
      const tag = `paged-${transport}`
      for (let n = 1; n <= 22; n++) await write(prolific.token, `page item ${n} ${transport}`, [tag])
      const titles = async (query: { limit: number; offset: number }) => {
        const answer = await api.get('/api/articles', { query: { tag, ...query } })
        if (answer.status !== 200) throw new Error(`${answer.status}`)
        return { count: answer.body.articlesCount, titles: answer.body.articles.map((a) => a.title.replace(/^page item (\d+) .*$/, '$1')) }
      }
      // without limit and offset: the first 20
      const defaults = await api.request('GET', '/api/articles', { query: { tag } })
      const { articles, articlesCount } = defaults.body as { articles: Array<{ title: string }>; articlesCount: number }
      expect([defaults.status, articlesCount, articles.length, articles[0]?.title]).toEqual([200, 22, 20, `page item 22 ${transport}`])
      expect(await titles({ limit: 5, offset: 0 })).toEqual({ count: 22, titles: ['22', '21', '20', '19', '18'] })
      expect(await titles({ limit: 5, offset: 20 })).toEqual({ count: 22, titles: ['2', '1'] })
      expect(await titles({ limit: 20, offset: 22 })).toEqual({ count: 22, titles: [] })
      expect(await titles({ offset: 1000, limit: 1 })).toEqual({ count: 22, titles: [] })
      expect(await titles({ limit: 1, offset: 21 })).toEqual({ count: 22, titles: ['1'] })
      // query values arrive as strings and are coerced
      expect((await api.request('GET', '/api/articles', { query: { tag, limit: '1', offset: '21' } })).body).toMatchObject({ articles: [{ title: `page item 1 ${transport}` }] })
      for (const query of [{ limit: 0 }, { limit: -1 }, { offset: -1 }, { limit: 'ten' }, { limit: 2.5 }]) {
        const answer = await api.request('GET', '/api/articles', { query: { tag, ...query } })
        expect(answer.status, JSON.stringify(query)).toBe(422)
        expect((answer.body as { errors: { body: string[] } }).errors.body[0]).toMatch(/^querystring\/(limit|offset) must/)
      }
      expect((await api.get('/api/articles/feed', { query: { limit: 0, offset: 0 }, headers: auth(prolific.token) })).status).toBe(422)
    })

    it('comments: added and listed by anyone who may, deleted only by their author', async () => {
      const author = await register('commented')
      const critic = await register('critic')
      const { slug } = await write(author.token, `commented on ${transport}`)
      const added = await api.post('/api/articles/:slug/comments', { params: { slug }, headers: auth(critic.token), body: { comment: { body: 'Thank you so much!' } } })
      expect(added).toMatchObject({ status: 200, body: { comment: { id: expect.any(Number), body: 'Thank you so much!', author: { username: critic.username, following: false } } } })
      if (added.status !== 200) return
      await api.post('/api/articles/:slug/comments', { params: { slug }, headers: auth(author.token), body: { comment: { body: 'You are welcome.' } } })
      const listed = await api.get('/api/articles/:slug/comments', { params: { slug } })
      expect(listed.status).toBe(200)
      if (listed.status === 200) expect(listed.body.comments.map((c) => c.body)).toEqual(['Thank you so much!', 'You are welcome.'])
      await api.post('/api/profiles/:username/follow', { params: { username: critic.username }, headers: auth(author.token) })
      expect(await api.get('/api/articles/:slug/comments', { params: { slug }, headers: auth(author.token) })).toMatchObject({ body: { comments: [{ author: { following: true } }, { author: { following: false } }] } })

      const id = added.body.comment.id
      expect((await api.delete('/api/articles/:slug/comments/:id', { params: { slug, id }, headers: auth(author.token) })).status).toBe(403)
      const removed = await api.delete('/api/articles/:slug/comments/:id', { params: { slug, id }, headers: auth(critic.token) })
      expect(removed.status).toBe(204)
      expect(removed.body).toBeUndefined()
      expect((await api.delete('/api/articles/:slug/comments/:id', { params: { slug, id }, headers: auth(critic.token) })).status).toBe(404)
      expect((await api.delete('/api/articles/:slug/comments/:id', { params: { slug, id: 'x' as never }, headers: auth(critic.token) })).status).toBe(422)
      expect((await api.get('/api/articles/:slug/comments', { params: { slug: `nothing-${transport}` } })).status).toBe(404)
      // deleting the article takes its comments with it
      expect((await api.delete('/api/articles/:slug', { params: { slug }, headers: auth(author.token) })).status).toBe(204)
      expect((await api.get('/api/articles/:slug/comments', { params: { slug } })).status).toBe(404)
    })

    it('reads `content-type: application/json` without a body as no body, and answers malformed JSON and other media types clearly', async () => {
      const jake = await register('empty-body')
      const { slug } = await write(jake.token, `empty body ${transport}`)
      for (const method of ['POST', 'DELETE'] as const) {
        const answer = await api.request(method, `/api/articles/${slug}/favorite`, { headers: { ...auth(jake.token), 'content-type': 'application/json', 'content-length': '0' } })
        expect(answer.status, method).toBe(200)
      }
      const noBody = await api.request('POST', '/api/users', { headers: { 'content-type': 'application/json', 'content-length': '0' } })
      expect(noBody.status).toBe(422)
      const malformed = await api.request('POST', '/api/users', { headers: { 'content-type': 'application/json' }, body: '{"user": ' })
      expect(malformed.status).toBe(400)
      expect((malformed.body as { errors: { body: string[] } }).errors.body[0]).toMatch(/JSON/)
      const text = await api.request('POST', '/api/users', { headers: { 'content-type': 'text/csv' }, body: 'a,b' })
      expect(text.status).toBe(415)
      expect(text.body).toEqual({ errors: { body: ['Unsupported Media Type'] } })
      const unknown = await api.request('GET', '/api/nothing-here')
      expect(unknown).toMatchObject({ status: 404, body: { errors: { body: ['no route for GET /api/nothing-here'] } } })
    })
  })
}

scenario('inject', async () => ({ app: conduit() }))
scenario('socket', async () => ({ baseUrl: await conduit().listen({ port: 0, host: '127.0.0.1' }) }))

describe('conduit: the document, the docs page and the readiness check', () => {
  it('serves an OpenAPI 3.1 document of the API under /api, with the Token scheme and the shared schemas', async () => {
    const app = conduit()
    const document = (await app.inject('/openapi.json')).json()
    await expectValidDocument(document)
    expect(document.servers).toEqual([{ url: '/api' }])
    expect(Object.keys(document.paths).sort()).toEqual([
      '/articles',
      '/articles/feed',
      '/articles/{slug}',
      '/articles/{slug}/comments',
      '/articles/{slug}/comments/{id}',
      '/articles/{slug}/favorite',
      '/profiles/{username}',
      '/profiles/{username}/follow',
      '/tags',
      '/user',
      '/users',
      '/users/login',
    ])
    expect(document.components.securitySchemes).toEqual({ Token: { type: 'apiKey', in: 'header', name: 'Authorization', description: expect.stringContaining('Token <jwt>') } })
    expect(document.paths['/user'].get.security).toEqual([{ Token: [] }])
    expect(document.paths['/articles'].get.security).toEqual([{ Token: [] }, {}])
    expect(document.paths['/tags'].get.security).toBeUndefined()
    expect(Object.keys(document.components.schemas).sort()).toEqual(
      ['Article', 'ArticlePreview', 'Comment', 'GenericErrorModel', 'LoginUser', 'NewArticle', 'NewComment', 'NewUser', 'Profile', 'UpdateArticle', 'UpdateUser', 'User'],
    )
    expect(document.paths['/users'].post.responses['422'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/GenericErrorModel' })
    expect(Object.keys(document.paths['/articles/{slug}'].delete.responses).sort()).toEqual(['204', '401', '403', '404'])
    const docs = await app.inject('/docs/')
    expect(docs.statusCode).toBe(200)
    expect(docs.body).toContain('<script src="/docs/init.js">')
  })

  it('GET /health answers once the database does; CORS lets a front end on another origin call the API', async () => {
    const app = conduit()
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' })
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/user', headers: { origin: 'http://localhost:4200', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' } })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:4200')
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type')
  })
})
