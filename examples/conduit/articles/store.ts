/**
 * @module examples/conduit/articles/store
 * Articles in SQL: each one read with its tags (sorted), its favorites count, its author's
 * profile and what the viewer (null: anonymous) has to do with it; lists filtered by tag, author,
 * favoriting user or followed authors (the feed), newest first, one page at a time.
 */
import type { Database, Queryable } from '../database/database.js'
import { forbidden, notFound } from '../errors.js'
import { profileJson } from '../profiles/store.js'
import { slugOf, suffixed } from './slug.js'

/** An article as SQL reads it. `body` is left out of lists. */
export interface ArticleRow {
  id: number
  slug: string
  title: string
  description: string
  body?: string
  created_at: Date | string
  updated_at: Date | string
  author_id: number
  tag_list: string[]
  favorites_count: number
  favorited: boolean
  author_username: string
  author_bio: string
  author_image: string
  author_following: boolean
}

/** Which articles a list holds: every filter given must hold. */
export interface ArticleFilter {
  tag?: string
  author?: string
  favorited?: string
  /** Only articles by authors this user follows. */
  feedOf?: number
}

/** One page of a list. */
export interface Page {
  limit: number
  offset: number
}

/** The columns of an article, `$1` being the viewer's id. */
function articleSelect(withBody: boolean): string {
  return `select a.id, a.slug, a.title, a.description, ${withBody ? 'a.body,' : ''} a.created_at, a.updated_at, a.author_id,
       coalesce((select array_agg(t.tag order by t.tag) from article_tags t where t.article_id = a.id), '{}') as tag_list,
       (select count(*)::int from favorites f where f.article_id = a.id) as favorites_count,
       exists (select 1 from favorites f where f.article_id = a.id and f.user_id = $1) as favorited,
       u.username as author_username, u.bio as author_bio, u.image as author_image,
       exists (select 1 from follows fo where fo.follower_id = $1 and fo.followed_id = a.author_id) as author_following
  from articles a join users u on u.id = a.author_id`
}

/** The filter's condition, its four parameters numbered from `$first` (null: that filter is off). */
function filterCondition(first: number): string {
  const [tag, author, favorited, feedOf] = [0, 1, 2, 3].map((n) => `$${first + n}`)
  return `(${tag}::text is null or exists (select 1 from article_tags t where t.article_id = a.id and t.tag = ${tag}))
    and (${author}::text is null or u.username = ${author})
    and (${favorited}::text is null or exists (
      select 1 from favorites f join users fu on fu.id = f.user_id where f.article_id = a.id and fu.username = ${favorited}))
    and (${feedOf}::int is null or a.author_id in (select followed_id from follows where follower_id = ${feedOf}))`
}

function filterParams(filter: ArticleFilter): unknown[] {
  return [filter.tag ?? null, filter.author ?? null, filter.favorited ?? null, filter.feedOf ?? null]
}

/** One page of the articles `filter` selects, newest first, and how many there are in all. */
export async function listArticles(db: Queryable, filter: ArticleFilter, page: Page, viewerId: number | null) {
  const [rows, [count]] = await Promise.all([
    db.query<ArticleRow>(`${articleSelect(false)} where ${filterCondition(2)} order by a.created_at desc, a.id desc limit $6 offset $7`, [
      viewerId,
      ...filterParams(filter),
      page.limit,
      page.offset,
    ]),
    db.query<{ count: number }>(`select count(*)::int as count from articles a join users u on u.id = a.author_id where ${filterCondition(1)}`, filterParams(filter)),
  ])
  return { rows, count: (count as { count: number }).count }
}

export async function findArticle(db: Queryable, slug: string, viewerId: number | null): Promise<ArticleRow | undefined> {
  const [row] = await db.query<ArticleRow>(`${articleSelect(true)} where a.slug = $2`, [viewerId, slug])
  return row
}

/** The article, or a 404. */
export async function articleOrNotFound(db: Queryable, slug: string, viewerId: number | null): Promise<ArticleRow> {
  const row = await findArticle(db, slug, viewerId)
  if (row === undefined) throw notFound(`article ${slug}`)
  return row
}

/** What an author writes. */
export interface ArticleInput {
  title: string
  description: string
  body: string
  tagList?: string[]
}

/** Inserts the article under the title's slug, or a suffixed one when it is taken; resolves with the slug. */
async function insertArticle(tx: Queryable, authorId: number, input: ArticleInput): Promise<{ id: number; slug: string }> {
  const plain = slugOf(input.title)
  for (const slug of [plain, suffixed(plain), suffixed(plain)]) {
    const [row] = await tx.query<{ id: number }>(
      'insert into articles (slug, title, description, body, author_id) values ($1, $2, $3, $4, $5) on conflict (slug) do nothing returning id',
      [slug, input.title, input.description, input.body, authorId],
    )
    if (row !== undefined) return { id: row.id, slug }
  }
  throw new Error(`no free slug for '${plain}' after three tries`)
}

/** Creates the article with its tags (each once); resolves with its slug. */
export async function createArticle(db: Database, authorId: number, input: ArticleInput): Promise<string> {
  return db.transaction(async (tx) => {
    const { id, slug } = await insertArticle(tx, authorId, input)
    const tags = [...new Set(input.tagList ?? [])]
    if (tags.length > 0) await tx.query('insert into article_tags (article_id, tag) select $1, unnest($2::text[])', [id, tags])
    return slug
  })
}

/** The article `userId` may change: a 404 when there is none, a 403 when someone else wrote it. */
async function ownArticle(db: Queryable, slug: string, userId: number): Promise<{ id: number; title: string }> {
  const [row] = await db.query<{ id: number; title: string; author_id: number }>('select id, title, author_id from articles where slug = $1', [slug])
  if (row === undefined) throw notFound(`article ${slug}`)
  if (row.author_id !== userId) throw forbidden('only the author of an article may change or delete it')
  return row
}

/** Changes title, description and/or body; a new title gives a new slug. Resolves with the (new) slug. */
export async function updateArticle(db: Queryable, slug: string, userId: number, changes: Partial<Omit<ArticleInput, 'tagList'>>): Promise<string> {
  const article = await ownArticle(db, slug, userId)
  let newSlug = slug
  if (changes.title !== undefined && changes.title !== article.title) {
    newSlug = slugOf(changes.title)
    const [taken] = await db.query('select 1 from articles where slug = $1 and id <> $2', [newSlug, article.id])
    if (taken !== undefined) newSlug = suffixed(newSlug)
  }
  await db.query(
    `update articles set slug = $2, title = coalesce($3, title), description = coalesce($4, description), body = coalesce($5, body), updated_at = now()
     where id = $1`,
    [article.id, newSlug, changes.title ?? null, changes.description ?? null, changes.body ?? null],
  )
  return newSlug
}

export async function deleteArticle(db: Queryable, slug: string, userId: number): Promise<void> {
  const article = await ownArticle(db, slug, userId)
  await db.query('delete from articles where id = $1', [article.id])
}

/** Adds (or removes) the article to `userId`'s favorites; both are idempotent. */
export async function setFavorite(db: Queryable, slug: string, userId: number, favorite: boolean): Promise<ArticleRow> {
  const article = await articleOrNotFound(db, slug, userId)
  if (favorite) await db.query('insert into favorites (user_id, article_id) values ($1, $2) on conflict do nothing', [userId, article.id])
  else await db.query('delete from favorites where user_id = $1 and article_id = $2', [userId, article.id])
  return articleOrNotFound(db, slug, userId)
}

/** Every tag in use, the most used first. */
export async function listTags(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ tag: string }>('select tag from article_tags group by tag order by count(*) desc, tag')
  return rows.map((row) => row.tag)
}

const iso = (value: Date | string): string => new Date(value).toISOString()

/** An article in a list, as the API answers it. */
export function previewJson(row: ArticleRow) {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    tagList: row.tag_list,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    favorited: row.favorited,
    favoritesCount: row.favorites_count,
    author: profileJson({ username: row.author_username, bio: row.author_bio, image: row.author_image, following: row.author_following }),
  }
}

/** A whole article, as the API answers it. */
export function articleJson(row: ArticleRow) {
  return { ...previewJson(row), body: row.body ?? '' }
}
