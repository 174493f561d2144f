/**
 * @module test/client/conduit/server
 * A Conduit API in the style of the RealWorld spec (gothinkster/realworld, api/openapi.yml),
 * written as the README teaches: shared `$id` schemas, plugins that return their chained
 * instance, authentication by a request decorator set in a `preHandler`, register prefixes with
 * parameters, 204 answers, query defaults, `date-time` formats. The typed client's tests run
 * against it over `inject()` and a socket; `type-tests/conduit.test-d.ts` checks its types.
 */
import { createHmac } from 'node:crypto'
import warren, { Type, plugin, type RouteHook, type RouteTableOf, type Static } from 'warren'

/* ---------- shared schemas ---------- */

export const Profile = Type.Object(
  { username: Type.String(), bio: Type.String(), image: Type.String(), following: Type.Boolean() },
  { $id: 'Profile' },
)
export const User = Type.Object(
  { email: Type.String({ format: 'email' }), token: Type.String(), username: Type.String(), bio: Type.String(), image: Type.String() },
  { $id: 'User' },
)
export const Article = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    description: Type.String(),
    body: Type.String(),
    tagList: Type.Array(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    favorited: Type.Boolean(),
    favoritesCount: Type.Integer(),
    author: Type.Ref('Profile'),
  },
  { $id: 'Article' },
)
export const Comment = Type.Object(
  { id: Type.Integer(), createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' }), body: Type.String(), author: Type.Ref('Profile') },
  { $id: 'Comment' },
)
export const GenericError = Type.Object({ errors: Type.Object({ body: Type.Array(Type.String()) }) }, { $id: 'GenericError' })

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1 }) })
const Paging = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
})
const ArticleQuery = Type.Composite([Paging, Type.Object({ tag: Type.Optional(Type.String()), author: Type.Optional(Type.String()), favorited: Type.Optional(Type.String()) })])

/* ---------- the store ---------- */

interface UserRow {
  email: string
  username: string
  password: string
  bio: string
  image: string
  follows: Set<string>
}
interface ArticleRow {
  slug: string
  title: string
  description: string
  body: string
  tagList: string[]
  createdAt: Date
  updatedAt: Date
  author: string
  favoritedBy: Set<string>
}
interface CommentRow {
  id: number
  slug: string
  body: string
  author: string
  createdAt: Date
}

/** The application's state: users, articles and comments in memory. */
export class Store {
  readonly users = new Map<string, UserRow>()
  readonly articles = new Map<string, ArticleRow>()
  readonly comments: CommentRow[] = []
  nextComment = 1
}

const secret = 'conduit-test-secret'
/** A signed token naming a user: `<username>.<signature>`. */
export function tokenFor(username: string): string {
  return `${username}.${createHmac('sha256', secret).update(username).digest('base64url')}`
}
function userOfToken(token: string): string | null {
  const dot = token.lastIndexOf('.')
  if (dot < 1) return null
  const username = token.slice(0, dot)
  return tokenFor(username) === token ? username : null
}

/* ---------- the base instance every plugin is typed by ---------- */

interface AuthUser {
  username: string
}

/** Shared schemas, the store, and the request decorator authentication fills. */
export function base(store = new Store()) {
  return warren()
    .addSchema(Profile)
    .addSchema(User)
    .addSchema(Article)
    .addSchema(Comment)
    .addSchema(GenericError)
    .decorate('store', store)
    .decorateRequest('user', null as AuthUser | null)
}
type Base = ReturnType<typeof base>

/** Reads `Authorization: Token <jwt>` when present (the RealWorld scheme). */
const identify: RouteHook<'preHandler', {}, Base> = async (request) => {
  const header = request.headers.authorization
  const match = header === undefined ? null : /^Token (\S+)$/.exec(header)
  const username = match === null ? null : userOfToken(match[1]!)
  request.user = username === null ? null : { username }
}

/** Refuses a request without a valid token. */
const requireUser: RouteHook<'preHandler', {}, Base> = async (request, reply) => {
  await identify.call(request.server, request, reply, () => {})
  if (request.user === null) return reply.code(401).send({ errors: { body: ['missing or invalid token'] } })
}

/** Refuses a request whose article does not exist: fits every route with a `slug` parameter. */
const articleExists: RouteHook<'preHandler', { params: typeof SlugParams }, Base> = async function (request, reply) {
  if (!this.store.articles.has(request.params.slug)) return reply.code(404).send({ errors: { body: [`no article '${request.params.slug}'`] } })
}

function profileOf(store: Store, username: string, viewer: string | null): Static<typeof Profile> {
  const row = store.users.get(username)!
  return { username, bio: row.bio, image: row.image, following: viewer !== null && store.users.get(viewer)!.follows.has(username) }
}

function articleOf(store: Store, row: ArticleRow, viewer: string | null) {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    body: row.body,
    tagList: row.tagList,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    favorited: viewer !== null && row.favoritedBy.has(viewer),
    favoritesCount: row.favoritedBy.size,
    author: profileOf(store, row.author, viewer),
  }
}

function userOf(row: UserRow) {
  return { email: row.email, token: tokenFor(row.username), username: row.username, bio: row.bio, image: row.image }
}

/* ---------- plugins ---------- */

const UserEnvelope = Type.Object({ user: Type.Ref('User') })
const Unprocessable = { 401: Type.Ref('GenericError'), 422: Type.Ref('GenericError') }

/** Registration, login and the current user. */
async function users(app: Base) {
  return app
    .post(
      '/users/login',
      { schema: { body: Type.Object({ user: Type.Object({ email: Type.String(), password: Type.String() }) }), response: { 200: UserEnvelope, ...Unprocessable } } },
      async function (request, reply) {
        const row = [...this.store.users.values()].find((u) => u.email === request.body.user.email && u.password === request.body.user.password)
        if (row === undefined) return reply.code(401).send({ errors: { body: ['email or password is invalid'] } })
        return { user: userOf(row) }
      },
    )
    .post(
      '/users',
      {
        schema: {
          body: Type.Object({ user: Type.Object({ username: Type.String({ minLength: 1 }), email: Type.String({ format: 'email' }), password: Type.String({ minLength: 8 }) }) }),
          response: { 201: UserEnvelope, 422: Type.Ref('GenericError') },
        },
      },
      async function (request, reply) {
        const { username, email, password } = request.body.user
        if (this.store.users.has(username)) return reply.code(422).send({ errors: { body: [`username '${username}' is taken`] } })
        const row = { email, username, password, bio: '', image: '', follows: new Set<string>() }
        this.store.users.set(username, row)
        return reply.code(201).send({ user: userOf(row) })
      },
    )
    .get('/user', { schema: { response: { 200: UserEnvelope, 401: Type.Ref('GenericError') } }, preHandler: requireUser }, async function (request) {
      return { user: userOf(this.store.users.get(request.user!.username)!) }
    })
    .put(
      '/user',
      {
        schema: {
          body: Type.Object({ user: Type.Partial(Type.Object({ email: Type.String(), password: Type.String(), username: Type.String(), bio: Type.String(), image: Type.String() })) }),
          response: { 200: UserEnvelope, ...Unprocessable },
        },
        preHandler: requireUser,
      },
      async function (request) {
        const row = this.store.users.get(request.user!.username)!
        Object.assign(row, request.body.user)
        return { user: userOf(row) }
      },
    )
}

/** Profiles, under a prefix that carries the username. */
async function profiles(app: Base) {
  const ProfileEnvelope = Type.Object({ profile: Type.Ref('Profile') })
  const Username = Type.Object({ username: Type.String() })
  return app
    .get('/', { schema: { params: Username, response: { 200: ProfileEnvelope, 404: Type.Ref('GenericError') } }, preHandler: identify }, async function (request, reply) {
      if (!this.store.users.has(request.params.username)) return reply.code(404).send({ errors: { body: ['no such user'] } })
      return { profile: profileOf(this.store, request.params.username, request.user?.username ?? null) }
    })
    .post('/follow', { schema: { params: Username, response: { 200: ProfileEnvelope, 401: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } }, preHandler: requireUser }, async function (request, reply) {
      if (!this.store.users.has(request.params.username)) return reply.code(404).send({ errors: { body: ['no such user'] } })
      this.store.users.get(request.user!.username)!.follows.add(request.params.username)
      return { profile: profileOf(this.store, request.params.username, request.user!.username) }
    })
    .delete('/follow', { schema: { params: Username, response: { 200: ProfileEnvelope, 401: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } }, preHandler: requireUser }, async function (request, reply) {
      if (!this.store.users.has(request.params.username)) return reply.code(404).send({ errors: { body: ['no such user'] } })
      this.store.users.get(request.user!.username)!.follows.delete(request.params.username)
      return { profile: profileOf(this.store, request.params.username, request.user!.username) }
    })
}

const ArticleEnvelope = Type.Object({ article: Type.Ref('Article') })
const ArticleList = Type.Object({ articles: Type.Array(Type.Ref('Article')), articlesCount: Type.Integer() })

function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

/** Articles: list (with paging defaults), feed, create, read, update, delete (204), favorite. */
async function articles(app: Base) {
  return app
    .get('/', { schema: { querystring: ArticleQuery, response: { 200: ArticleList } }, preHandler: identify }, async function (request) {
      const { limit, offset, tag, author, favorited } = request.query
      const all = [...this.store.articles.values()]
        .filter((a) => (tag === undefined || a.tagList.includes(tag)) && (author === undefined || a.author === author) && (favorited === undefined || a.favoritedBy.has(favorited)))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      const viewer = request.user?.username ?? null
      return { articles: all.slice(offset, (offset ?? 0) + (limit ?? 20)).map((a) => articleOf(this.store, a, viewer)), articlesCount: all.length }
    })
    .get('/feed', { schema: { querystring: Paging, response: { 200: ArticleList, 401: Type.Ref('GenericError') } }, preHandler: requireUser }, async function (request) {
      const me = this.store.users.get(request.user!.username)!
      const feed = [...this.store.articles.values()].filter((a) => me.follows.has(a.author))
      return { articles: feed.slice(request.query.offset, (request.query.offset ?? 0) + (request.query.limit ?? 20)).map((a) => articleOf(this.store, a, me.username)), articlesCount: feed.length }
    })
    .post(
      '/',
      {
        schema: {
          body: Type.Object({ article: Type.Object({ title: Type.String({ minLength: 1 }), description: Type.String(), body: Type.String(), tagList: Type.Optional(Type.Array(Type.String(), { default: [] })) }) }),
          response: { 201: ArticleEnvelope, ...Unprocessable },
        },
        preHandler: requireUser,
      },
      async function (request, reply) {
        const { title, description, body, tagList } = request.body.article
        const slug = slugify(title)
        if (this.store.articles.has(slug)) return reply.code(422).send({ errors: { body: [`an article '${slug}' exists`] } })
        const now = new Date()
        const row = { slug, title, description, body, tagList: tagList ?? [], createdAt: now, updatedAt: now, author: request.user!.username, favoritedBy: new Set<string>() }
        this.store.articles.set(slug, row)
        return reply.code(201).send({ article: articleOf(this.store, row, request.user!.username) })
      },
    )
    .get('/:slug', { schema: { params: SlugParams, response: { 200: ArticleEnvelope, 404: Type.Ref('GenericError') } }, preHandler: [identify, articleExists] }, async function (request) {
      return { article: articleOf(this.store, this.store.articles.get(request.params.slug)!, request.user?.username ?? null) }
    })
    .put(
      '/:slug',
      {
        schema: {
          params: SlugParams,
          body: Type.Object({ article: Type.Partial(Type.Object({ title: Type.String(), description: Type.String(), body: Type.String() })) }),
          response: { 200: ArticleEnvelope, 401: Type.Ref('GenericError'), 403: Type.Ref('GenericError'), 404: Type.Ref('GenericError') },
        },
        preHandler: [requireUser, articleExists],
      },
      async function (request, reply) {
        const row = this.store.articles.get(request.params.slug)!
        if (row.author !== request.user!.username) return reply.code(403).send({ errors: { body: ['not your article'] } })
        Object.assign(row, request.body.article, { updatedAt: new Date() })
        return { article: articleOf(this.store, row, request.user!.username) }
      },
    )
    .delete(
      '/:slug',
      { schema: { params: SlugParams, response: { 204: Type.Null(), 401: Type.Ref('GenericError'), 403: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } }, preHandler: [requireUser, articleExists] },
      async function (request, reply) {
        if (this.store.articles.get(request.params.slug)!.author !== request.user!.username) return reply.code(403).send({ errors: { body: ['not your article'] } })
        this.store.articles.delete(request.params.slug)
        return reply.code(204).send(null)
      },
    )
    .post('/:slug/favorite', { schema: { params: SlugParams, response: { 200: ArticleEnvelope, 401: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } }, preHandler: [requireUser, articleExists] }, async function (request) {
      const row = this.store.articles.get(request.params.slug)!
      row.favoritedBy.add(request.user!.username)
      return { article: articleOf(this.store, row, request.user!.username) }
    })
    .delete('/:slug/favorite', { schema: { params: SlugParams, response: { 200: ArticleEnvelope, 401: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } }, preHandler: [requireUser, articleExists] }, async function (request) {
      const row = this.store.articles.get(request.params.slug)!
      row.favoritedBy.delete(request.user!.username)
      return { article: articleOf(this.store, row, request.user!.username) }
    })
}

/** Comments of an article, under a prefix that carries the slug. */
async function comments(app: Base) {
  const CommentEnvelope = Type.Object({ comment: Type.Ref('Comment') })
  const commentOf = (store: Store, row: CommentRow, viewer: string | null) => ({
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.createdAt.toISOString(),
    author: profileOf(store, row.author, viewer),
  })
  return app
    .get('/', { schema: { params: SlugParams, response: { 200: Type.Object({ comments: Type.Array(Type.Ref('Comment')) }), 404: Type.Ref('GenericError') } }, preHandler: [identify, articleExists] }, async function (request) {
      const viewer = request.user?.username ?? null
      return { comments: this.store.comments.filter((c) => c.slug === request.params.slug).map((c) => commentOf(this.store, c, viewer)) }
    })
    .post(
      '/',
      {
        schema: { params: SlugParams, body: Type.Object({ comment: Type.Object({ body: Type.String({ minLength: 1 }) }) }), response: { 201: CommentEnvelope, 401: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } },
        preHandler: [requireUser, articleExists],
      },
      async function (request, reply) {
        const row = { id: this.store.nextComment++, slug: request.params.slug, body: request.body.comment.body, author: request.user!.username, createdAt: new Date() }
        this.store.comments.push(row)
        return reply.code(201).send({ comment: commentOf(this.store, row, row.author) })
      },
    )
    .delete(
      '/:id(^\\d+)',
      { schema: { params: Type.Object({ slug: Type.String(), id: Type.Integer() }), response: { 204: Type.Null(), 401: Type.Ref('GenericError'), 404: Type.Ref('GenericError') } }, preHandler: [requireUser, articleExists] },
      async function (request, reply) {
        const at = this.store.comments.findIndex((c) => c.id === request.params.id && c.slug === request.params.slug)
        if (at === -1) return reply.code(404).send({ errors: { body: ['no such comment'] } })
        this.store.comments.splice(at, 1)
        return reply.code(204).send(null)
      },
    )
}

/** Tags, an archive by date range, and uploaded images behind a wildcard. */
async function extras(app: Base) {
  return app
    .get('/tags', { schema: { response: { 200: Type.Object({ tags: Type.Array(Type.String()) }) } } }, async function () {
      return { tags: [...new Set([...this.store.articles.values()].flatMap((a) => a.tagList))].sort() }
    })
    .get('/archive/:from-:to', { schema: { response: { 200: Type.Object({ slugs: Type.Array(Type.String()) }) } } }, async function (request) {
      const from = Date.parse(request.params.from)
      const to = Date.parse(request.params.to)
      return { slugs: [...this.store.articles.values()].filter((a) => a.createdAt.getTime() >= from && a.createdAt.getTime() <= to).map((a) => a.slug) }
    })
    .get('/images/*', async (request, reply) => reply.type('text/plain').send(`image at ${request.params['*']}`))
}

/** The Conduit application: every plugin registered in one chain, so the client sees every route. */
export function build(store = new Store()) {
  return base(store)
    .register(users, { prefix: '/api' })
    .register(profiles, { prefix: '/api/profiles/:username' })
    .register(articles, { prefix: '/api/articles' })
    .register(comments, { prefix: '/api/articles/:slug/comments' })
    .register(extras, { prefix: '/api' })
    .register(plugin(async (shared) => shared.get('/health', { schema: { response: { 200: Type.Object({ ok: Type.Boolean() }), 204: Type.Null() } } }, async () => ({ ok: true }))))
}

/** The server's type. */
export type App = ReturnType<typeof build>
/** The route table the client is typed from. */
export interface Api extends RouteTableOf<App> {}
