/**
 * @module examples/conduit/profiles/store
 * Profiles (an account as others see it, with whether the viewer follows it) and follows.
 */
import type { Queryable } from '../database/database.js'
import { notFound, unprocessable } from '../errors.js'

/** A profile row: `following` is false for anonymous viewers. */
export interface ProfileRow {
  id: number
  username: string
  bio: string
  image: string
  following: boolean
}

/** The profile of `username` as `viewerId` (null: anonymous) sees it. */
export async function findProfile(db: Queryable, username: string, viewerId: number | null): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>(
    `select u.id, u.username, u.bio, u.image,
            exists (select 1 from follows f where f.follower_id = $2 and f.followed_id = u.id) as following
       from users u where u.username = $1`,
    [username, viewerId],
  )
  return row
}

/** The profile of `username`, or a 404. */
export async function profileOrNotFound(db: Queryable, username: string, viewerId: number | null): Promise<ProfileRow> {
  const profile = await findProfile(db, username, viewerId)
  if (profile === undefined) throw notFound(`profile ${username}`)
  return profile
}

/** Makes `followerId` follow (or, with `follow: false`, stop following) `username`; both are idempotent. */
export async function setFollowing(db: Queryable, followerId: number, username: string, follow: boolean): Promise<ProfileRow> {
  const target = await profileOrNotFound(db, username, followerId)
  if (target.id === followerId) throw unprocessable('you cannot follow yourself')
  if (follow) await db.query('insert into follows (follower_id, followed_id) values ($1, $2) on conflict do nothing', [followerId, target.id])
  else await db.query('delete from follows where follower_id = $1 and followed_id = $2', [followerId, target.id])
  return { ...target, following: follow }
}

/** A profile as the API answers it. */
export function profileJson(row: { username: string; bio: string; image: string; following: boolean }) {
  return { username: row.username, bio: row.bio, image: row.image, following: row.following }
}
