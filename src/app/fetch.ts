/**
 * @module app/fetch
 * `app.fetch(request)`: the application as a web-standard fetch handler, bound to it, readying it first.
 */
import type { Context } from '../model/context.js'
import { kRoot } from '../core/symbols.js'
import { serveFetch } from '../in-process/fetch.js'
import type { RootState } from '../model/root-state.js'

export function fetchHandler(app: Context): (request: Request, env?: unknown, ctx?: unknown) => Promise<Response> {
  const root: RootState = app[kRoot]
  return function fetch(request, env, ctx) {
    if (root.booted) return serveFetch(root, request, env, ctx)
    return (app.ready() as Promise<unknown>).then(() => serveFetch(root, request, env, ctx))
  }
}
