/**
 * @module examples/conduit/profiles/routes
 * Profiles: readable by anyone (`following` says whether the reader follows them), followed and
 * unfollowed by a logged-in user.
 */
import { Type } from 'warren'
import type { Conduit } from '../app.js'
import { failures, ProfileEnvelope } from '../schemas.js'
import { profileJson, profileOrNotFound, setFollowing } from './store.js'

const tags = ['Profile']
const params = Type.Object({ username: Type.String() })

export async function profiles(app: Conduit) {
  return app
    .register(async (readers) =>
      readers
        .register(readers.auth.optional)
        .get(
          '/profiles/:username',
          { schema: { tags, operationId: 'GetProfileByUsername', summary: 'Get a profile', params, response: { 200: ProfileEnvelope, ...failures(401, 404) } } },
          async function (request) {
            return { profile: profileJson(await profileOrNotFound(this.db, request.params.username, request.user?.id ?? null)) }
          },
        ),
    )
    .register(async (members) =>
      members
        .register(members.auth.required)
        .post(
          '/profiles/:username/follow',
          { schema: { tags, operationId: 'FollowUserByUsername', summary: 'Follow a user', params, response: { 200: ProfileEnvelope, ...failures(401, 404, 422) } } },
          async function (request) {
            return { profile: profileJson(await setFollowing(this.db, request.user.id, request.params.username, true)) }
          },
        )
        .delete(
          '/profiles/:username/follow',
          { schema: { tags, operationId: 'UnfollowUserByUsername', summary: 'Unfollow a user', params, response: { 200: ProfileEnvelope, ...failures(401, 404, 422) } } },
          async function (request) {
            return { profile: profileJson(await setFollowing(this.db, request.user.id, request.params.username, false)) }
          },
        ),
    )
}
