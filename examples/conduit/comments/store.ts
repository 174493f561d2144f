/**
 * @module examples/conduit/comments/store
 * Comments of an article, oldest first, each with its author's profile as the viewer sees it.
 */
import type { Queryable } from '../database/database.js'
import { forbidden, notFound } from '../errors.js'
import { profileJson } from '../profiles/store.js'

interface CommentRow {
  id: number
  body: string
  created_at: Date | string
  updated_at: Date | string
  author_username: string
  author_bio: string
  author_image: string
  author_following: boolean
}

/** A comment's columns, `$1` being the viewer's id. */
const commentSelect = `select c.id, c.body, c.created_at, c.updated_at,
       u.username as author_username, u.bio as author_bio, u.image as author_image,
       exists (select 1 from follows fo where fo.follower_id = $1 and fo.followed_id = c.author_id) as author_following
  from comments c join users u on u.id = c.author_id`

/** The id of the article with that slug, or a 404. */
export async function articleId(db: Queryable, slug: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('select id from articles where slug = $1', [slug])
  if (row === undefined) throw notFound(`article ${slug}`)
  return row.id
}

export async function listComments(db: Queryable, article: number, viewerId: number | null): Promise<CommentRow[]> {
  return db.query<CommentRow>(`${commentSelect} where c.article_id = $2 order by c.id`, [viewerId, article])
}

export async function addComment(db: Queryable, article: number, authorId: number, body: string): Promise<CommentRow> {
  const [created] = await db.query<{ id: number }>('insert into comments (article_id, author_id, body) values ($1, $2, $3) returning id', [article, authorId, body])
  const [row] = await db.query<CommentRow>(`${commentSelect} where c.id = $2`, [authorId, (created as { id: number }).id])
  return row as CommentRow
}

/** Deletes comment `id` of the article: a 404 when the article has no such comment, a 403 when `userId` did not write it. */
export async function deleteComment(db: Queryable, article: number, id: number, userId: number): Promise<void> {
  const [row] = await db.query<{ author_id: number }>('select author_id from comments where id = $1 and article_id = $2', [id, article])
  if (row === undefined) throw notFound(`comment ${id}`)
  if (row.author_id !== userId) throw forbidden('only the author of a comment may delete it')
  await db.query('delete from comments where id = $1', [id])
}

/** A comment, as the API answers it. */
export function commentJson(row: CommentRow) {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    body: row.body,
    author: profileJson({ username: row.author_username, bio: row.author_bio, image: row.author_image, following: row.author_following }),
  }
}
