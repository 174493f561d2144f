/**
 * @module examples/conduit/users/routes
 * Users and authentication: register and log in (anyone), read and change the current user
 * (behind `auth.required`, where `request.user` is the account the token stands for).
 */
import { Type } from 'warren'
import type { Conduit } from '../app.js'
import { hashPassword, verifyPassword } from '../auth/password.js'
import { HttpError } from '../errors.js'
import { failures, UserEnvelope } from '../schemas.js'
import { createAccount, findLogin, updateAccount } from './store.js'

const tags = ['User and Authentication']

// compared against when no account has the email, so a login takes as long either way
const nobodysPassword = hashPassword('not the password of anyone')

export async function users(app: Conduit) {
  return app
    .post(
      '/users',
      {
        schema: {
          tags,
          operationId: 'CreateUser',
          summary: 'Register a new user',
          body: Type.Object({ user: Type.Ref('NewUser') }),
          response: { 201: UserEnvelope, ...failures(422) },
        },
      },
      async function (request, reply) {
        const { username, email, password } = request.body.user
        const account = await createAccount(this.db, { username, email, passwordHash: await hashPassword(password) })
        return reply.code(201).send({ user: { ...account, token: await this.auth.tokens.sign(account.id) } })
      },
    )
    .post(
      '/users/login',
      {
        schema: {
          tags,
          operationId: 'Login',
          summary: 'Existing user login',
          body: Type.Object({ user: Type.Ref('LoginUser') }),
          response: { 200: UserEnvelope, ...failures(401, 422) },
        },
      },
      async function (request) {
        const { email, password } = request.body.user
        const account = await findLogin(this.db, email)
        const matches = await verifyPassword(password, account?.password_hash ?? (await nobodysPassword))
        if (account === undefined || !matches) throw new HttpError(401, 'email or password is invalid')
        return { user: { ...account, token: await this.auth.tokens.sign(account.id) } }
      },
    )
    .register(async (members) =>
      members
        .register(members.auth.required)
        .get(
          '/user',
          { schema: { tags, operationId: 'GetCurrentUser', summary: 'Get current user', response: { 200: UserEnvelope, ...failures(401) } } },
          async (request) => ({ user: request.user }),
        )
        .put(
          '/user',
          {
            schema: {
              tags,
              operationId: 'UpdateCurrentUser',
              summary: 'Update current user',
              body: Type.Object({ user: Type.Ref('UpdateUser') }),
              response: { 200: UserEnvelope, ...failures(401, 422) },
            },
          },
          async function (request) {
            const { password, ...changes } = request.body.user
            const passwordHash = password === undefined ? undefined : await hashPassword(password)
            const account = await updateAccount(this.db, request.user.id, { ...changes, passwordHash })
            // the token names the account by its id, which does not change: it stays valid
            return { user: { ...account, token: request.user.token } }
          },
        ),
    )
}
