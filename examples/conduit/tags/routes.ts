/**
 * @module examples/conduit/tags/routes
 * The tags in use, the most used first.
 */
import { Type } from 'warren'
import type { Conduit } from '../app.js'
import { listTags } from '../articles/store.js'

export async function tags(app: Conduit) {
  return app.get(
    '/tags',
    { schema: { tags: ['Tags'], operationId: 'GetTags', summary: 'Get tags', response: { 200: Type.Object({ tags: Type.Array(Type.String()) }) } } },
    async function () {
      return { tags: await listTags(this.db) }
    },
  )
}
