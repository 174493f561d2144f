/**
 * @module examples/conduit/comments/routes
 * Comments of an article: read by anyone, written and deleted by a logged-in user (a comment only
 * by its author).
 */
import { Type } from 'warren'
import type { Conduit } from '../app.js'
import { CommentEnvelope, failures } from '../schemas.js'
import { addComment, articleId, commentJson, deleteComment, listComments } from './store.js'

const tags = ['Comments']
const slugParams = Type.Object({ slug: Type.String() })

async function reading(app: Conduit) {
  return app
    .register(app.auth.optional)
    .get(
      '/articles/:slug/comments',
      {
        schema: {
          tags,
          operationId: 'GetArticleComments',
          summary: 'Get comments for an article',
          params: slugParams,
          response: { 200: Type.Object({ comments: Type.Array(Type.Ref('Comment')) }), ...failures(401, 404) },
        },
      },
      async function (request) {
        const rows = await listComments(this.db, await articleId(this.db, request.params.slug), request.user?.id ?? null)
        return { comments: rows.map(commentJson) }
      },
    )
}

async function writing(app: Conduit) {
  return app
    .register(app.auth.required)
    .post(
      '/articles/:slug/comments',
      {
        schema: {
          tags,
          operationId: 'CreateArticleComment',
          summary: 'Create a comment for an article',
          params: slugParams,
          body: Type.Object({ comment: Type.Ref('NewComment') }),
          response: { 200: CommentEnvelope, ...failures(401, 404, 422) },
        },
      },
      async function (request) {
        const row = await addComment(this.db, await articleId(this.db, request.params.slug), request.user.id, request.body.comment.body)
        return { comment: commentJson(row) }
      },
    )
    .delete(
      '/articles/:slug/comments/:id',
      {
        schema: {
          tags,
          operationId: 'DeleteArticleComment',
          summary: 'Delete a comment for an article',
          params: Type.Object({ slug: Type.String(), id: Type.Integer() }),
          response: { 204: Type.Null({ description: 'No content' }), ...failures(401, 403, 404) },
        },
      },
      async function (request, reply) {
        await deleteComment(this.db, await articleId(this.db, request.params.slug), request.params.id, request.user.id)
        return reply.code(204).send(null)
      },
    )
}

export async function comments(app: Conduit) {
  return app.register(reading).register(writing)
}
