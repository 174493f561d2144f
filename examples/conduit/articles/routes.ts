/**
 * @module examples/conduit/articles/routes
 * Articles and favorites. Lists, single articles and comments are readable by anyone (whether the
 * reader favorited an article or follows its author is answered when a token is given); the feed,
 * writing, changing, deleting and favoriting need a logged-in user.
 */
import { Type } from 'warren'
import type { Conduit } from '../app.js'
import { ArticleEnvelope, failures } from '../schemas.js'
import { articleJson, articleOrNotFound, createArticle, deleteArticle, listArticles, previewJson, setFavorite, updateArticle } from './store.js'

const tags = ['Articles']
const slugParams = Type.Object({ slug: Type.String() })
const page = {
  limit: Type.Integer({ minimum: 1, default: 20, description: 'The numbers of items to return.' }),
  offset: Type.Integer({ minimum: 0, default: 0, description: 'The number of items to skip before starting to collect the result set.' }),
}
const ArticleList = Type.Object({ articles: Type.Array(Type.Ref('ArticlePreview')), articlesCount: Type.Integer() })

/** Routes anyone may call; the reader, when a token is given, is `request.user`. */
async function reading(app: Conduit) {
  return app
    .register(app.auth.optional)
    .get(
      '/articles',
      {
        schema: {
          tags,
          operationId: 'GetArticles',
          summary: 'Get recent articles globally',
          querystring: Type.Object({
            tag: Type.Optional(Type.String({ description: 'Filter by tag' })),
            author: Type.Optional(Type.String({ description: 'Filter by author (username)' })),
            favorited: Type.Optional(Type.String({ description: 'Filter by favorites of a user (username)' })),
            ...page,
          }),
          response: { 200: ArticleList, ...failures(401, 422) },
        },
      },
      async function (request) {
        const { tag, author, favorited, limit, offset } = request.query
        const { rows, count } = await listArticles(this.db, { tag, author, favorited }, { limit, offset }, request.user?.id ?? null)
        return { articles: rows.map(previewJson), articlesCount: count }
      },
    )
    .get(
      '/articles/:slug',
      { schema: { tags, operationId: 'GetArticle', summary: 'Get an article', params: slugParams, response: { 200: ArticleEnvelope, ...failures(401, 404) } } },
      async function (request) {
        return { article: articleJson(await articleOrNotFound(this.db, request.params.slug, request.user?.id ?? null)) }
      },
    )
}

/** Routes for a logged-in user, `request.user`. */
async function writing(app: Conduit) {
  const members = app.register(app.auth.required)
  return members
    .get(
      '/articles/feed',
      {
        schema: {
          tags,
          operationId: 'GetArticlesFeed',
          summary: 'Get recent articles from users you follow',
          querystring: Type.Object(page),
          response: { 200: ArticleList, ...failures(401, 422) },
        },
      },
      async function (request) {
        const { rows, count } = await listArticles(this.db, { feedOf: request.user.id }, request.query, request.user.id)
        return { articles: rows.map(previewJson), articlesCount: count }
      },
    )
    .post(
      '/articles',
      {
        schema: {
          tags,
          operationId: 'CreateArticle',
          summary: 'Create an article',
          body: Type.Object({ article: Type.Ref('NewArticle') }),
          response: { 201: ArticleEnvelope, ...failures(401, 422) },
        },
      },
      async function (request, reply) {
        const slug = await createArticle(this.db, request.user.id, request.body.article)
        return reply.code(201).send({ article: articleJson(await articleOrNotFound(this.db, slug, request.user.id)) })
      },
    )
    .put(
      '/articles/:slug',
      {
        schema: {
          tags,
          operationId: 'UpdateArticle',
          summary: 'Update an article',
          params: slugParams,
          body: Type.Object({ article: Type.Ref('UpdateArticle') }),
          response: { 200: ArticleEnvelope, ...failures(401, 403, 404, 422) },
        },
      },
      async function (request) {
        const slug = await updateArticle(this.db, request.params.slug, request.user.id, request.body.article)
        return { article: articleJson(await articleOrNotFound(this.db, slug, request.user.id)) }
      },
    )
    .delete(
      '/articles/:slug',
      {
        schema: {
          tags,
          operationId: 'DeleteArticle',
          summary: 'Delete an article',
          params: slugParams,
          response: { 204: Type.Null({ description: 'No content' }), ...failures(401, 403, 404) },
        },
      },
      async function (request, reply) {
        await deleteArticle(this.db, request.params.slug, request.user.id)
        return reply.code(204).send(null)
      },
    )
    .post(
      '/articles/:slug/favorite',
      {
        schema: {
          tags: ['Favorites'],
          operationId: 'CreateArticleFavorite',
          summary: 'Favorite an article',
          params: slugParams,
          response: { 200: ArticleEnvelope, ...failures(401, 404) },
        },
      },
      async function (request) {
        return { article: articleJson(await setFavorite(this.db, request.params.slug, request.user.id, true)) }
      },
    )
    .delete(
      '/articles/:slug/favorite',
      {
        schema: {
          tags: ['Favorites'],
          operationId: 'DeleteArticleFavorite',
          summary: 'Unfavorite an article',
          params: slugParams,
          response: { 200: ArticleEnvelope, ...failures(401, 404) },
        },
      },
      async function (request) {
        return { article: articleJson(await setFavorite(this.db, request.params.slug, request.user.id, false)) }
      },
    )
}

export async function articles(app: Conduit) {
  return app.register(reading).register(writing)
}
