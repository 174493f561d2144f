import type { Done, SharedPlugin, Warren } from 'warren'

/**
 * The one cast of the ecosystem tests. A published Fastify plugin is typed for `FastifyInstance`
 * and adds its decorators by merging declarations into the `fastify` module, which warren's
 * types do not read; so each test states what the plugin adds (`D` instance, `Rq` request and
 * `Rp` reply decorators) and its options `O`. The plugin itself is registered unchanged: this
 * only changes its static type.
 */
export function fromFastify<O = Record<string, unknown>, D extends object = {}, Rq extends object = {}, Rp extends object = {}>(
  fastifyPlugin: unknown,
): SharedPlugin<(instance: Warren, opts: O, done: Done) => Warren<D, Rq, Rp>> {
  return fastifyPlugin as SharedPlugin<(instance: Warren, opts: O, done: Done) => Warren<D, Rq, Rp>>
}
