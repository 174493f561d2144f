/**
 * @module examples/conduit/auth/plugin
 * Authentication for the whole API, as two plugins every domain registers where it needs them:
 * `auth.required` (the routes of that context answer 401 without a valid `Authorization: Token
 * <jwt>`, and their handlers read `request.user`, never null) and `auth.optional` (anonymous
 * requests pass with `request.user === null`; a bad token is still a 401). Both come from
 * warren/bearer-auth's tokenAuth with the RealWorld scheme, `Token`.
 */
import { plugin } from 'warren'
import { tokenAuth } from 'warren/bearer-auth'
import type { Database } from '../database/database.js'
import { findAccount, type Account } from '../users/store.js'
import { Tokens, tokenSecret } from './tokens.js'

/** The user a request is made by: the account, and the token it came with. */
export interface CurrentUser extends Account {
  token: string
}

/** Options of {@link authPlugin}. */
export interface AuthOptions {
  /** The JWT secret; without one, a secret kept in the database. */
  jwtSecret?: string
}

const documentation = { name: 'Token', description: 'A JWT from POST /users or POST /users/login, sent as `Authorization: Token <jwt>`.' }

/** Builds both plugins over the database and the tokens. */
function authentication(db: Database, tokens: Tokens) {
  async function verify(token: string): Promise<CurrentUser | null> {
    const id = await tokens.userId(token)
    // the account is read again: a token outlives neither its account nor a change of username
    const account = id === null ? undefined : await findAccount(db, id)
    return account === undefined ? null : { ...account, token }
  }
  return {
    tokens,
    required: tokenAuth({ scheme: 'Token', verify, openapi: documentation }),
    optional: tokenAuth({ scheme: 'Token', verify, optional: true, openapi: documentation }),
  }
}

/** Adds `auth` (the two plugins and the tokens) to the instance it is registered on; needs `db`. */
export const authPlugin = plugin<{ db: Database }>()(
  async (app, options: AuthOptions) => app.decorate('auth', authentication(app.db, new Tokens(await tokenSecret(app.db, options.jwtSecret)))),
  { name: 'conduit-auth', dependencies: ['conduit-database'] },
)
