/**
 * @module examples/conduit/users/store
 * Accounts in SQL: created, found by id or email, changed. A username or email that another
 * account has is a 422 (the unique constraints decide, so two requests at once cannot both win).
 */
import type { Queryable } from '../database/database.js'
import { unprocessable } from '../errors.js'

/** An account as the API shows it (the password hash stays here). */
export interface Account {
  id: number
  username: string
  email: string
  bio: string
  image: string
}

interface AccountRow extends Account {
  password_hash: string
}

const accountColumns = 'id, username, email, bio, image'

/** The message for a unique constraint a write violated, if that is why it failed. */
function takenField(error: unknown): string | undefined {
  const { code, constraint } = error as { code?: string; constraint?: string }
  if (code !== '23505') return undefined
  if (constraint === 'users_username_key') return 'username has already been taken'
  if (constraint === 'users_email_key') return 'email has already been taken'
  return undefined
}

async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const taken = takenField(error)
    throw taken === undefined ? error : unprocessable(taken)
  }
}

export async function createAccount(db: Queryable, fields: { username: string; email: string; passwordHash: string }): Promise<Account> {
  const [account] = await uniquely(() =>
    db.query<Account>(`insert into users (username, email, password_hash) values ($1, $2, $3) returning ${accountColumns}`, [
      fields.username,
      fields.email,
      fields.passwordHash,
    ]),
  )
  return account as Account
}

export async function findAccount(db: Queryable, id: number): Promise<Account | undefined> {
  const [account] = await db.query<Account>(`select ${accountColumns} from users where id = $1`, [id])
  return account
}

/** The account with that email (in any case) and its password hash. */
export async function findLogin(db: Queryable, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.query<AccountRow>(`select ${accountColumns}, password_hash from users where lower(email) = lower($1)`, [email])
  return row
}

/** What an update may change. */
export interface AccountChanges {
  username?: string
  email?: string
  passwordHash?: string
  bio?: string
  image?: string
}

export async function updateAccount(db: Queryable, id: number, changes: AccountChanges): Promise<Account> {
  const [account] = await uniquely(() =>
    db.query<Account>(
      `update users set
         username = coalesce($2, username), email = coalesce($3, email), password_hash = coalesce($4, password_hash),
         bio = coalesce($5, bio), image = coalesce($6, image), updated_at = now()
       where id = $1 returning ${accountColumns}`,
      [id, changes.username ?? null, changes.email ?? null, changes.passwordHash ?? null, changes.bio ?? null, changes.image ?? null],
    ),
  )
  return account as Account
}
