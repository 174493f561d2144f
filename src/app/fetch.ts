/**
 * @module app/fetch
 * `app.fetch(request)`: the application as a web-standard fetch handler, for `Bun.serve`,
 * `Deno.serve`, Cloudflare Workers (`export default { fetch: app.fetch }`) or any code that holds a
 * `Request`. It is bound to its application, and readies it first (as `inject()` does).
 */
import { kRoot } from '../core/symbols.js'
import { serveFetch } from '../in-process/fetch.js'
import type { RootState } from '../model/root-state.js'

/** The fetch handler of the application `app` (its root instance): see the module comment. */
export function fetchHandler(app: any): (request: Request, env?: unknown, ctx?: unknown) => Promise<Response> {
  const root: RootState = app[kRoot]
  return function fetch(request, env, ctx) {
    if (root.booted) return serveFetch(root, request, env, ctx)
    return (app.ready() as Promise<unknown>).then(() => serveFetch(root, request, env, ctx))
  }
}
