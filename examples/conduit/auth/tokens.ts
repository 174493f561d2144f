/**
 * @module examples/conduit/auth/tokens
 * The API's tokens: JWTs signed with HS256 (jose), whose subject is the user's id, valid 30 days.
 * The secret comes from `JWT_SECRET`, else it is generated once and kept in the database, so
 * tokens outlive a restart without a secret written in the source.
 */
import { randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Queryable } from '../database/database.js'

const algorithm = 'HS256'
const lifetime = '30d'

/** Signs and reads the API's tokens. */
export class Tokens {
  readonly #key: Uint8Array

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret)
  }

  /** A token for user `id`. */
  sign(id: number): Promise<string> {
    return new SignJWT({}).setProtectedHeader({ alg: algorithm }).setSubject(String(id)).setIssuedAt().setExpirationTime(lifetime).sign(this.#key)
  }

  /** The user id a token was signed for; `null` for a token that is forged, expired or malformed. */
  async userId(token: string): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: [algorithm] })
      const id = Number(payload.sub)
      return Number.isInteger(id) ? id : null
    } catch (error) {
      // jose says why a token is refused with its own errors; anything else is a failure of ours
      if (error instanceof errors.JOSEError) return null
      throw error
    }
  }
}

/** The secret: `configured` when given, else the one kept in the database (generated on first use). */
export async function tokenSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured !== undefined && configured !== '') return configured
  await db.query("insert into conduit_settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing", [randomBytes(48).toString('base64url')])
  const [row] = await db.query<{ value: string }>("select value from conduit_settings where key = 'jwt_secret'")
  return (row as { value: string }).value
}
