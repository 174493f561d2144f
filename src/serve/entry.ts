/**
 * @module serve/entry
 * The one way into the request path. A request and its response — from Node's server, `inject()`,
 * `app.fetch()` or a Lambda event, which all speak Node's request/response shapes — have their URL
 * rewritten (`rewriteUrl`, when set) and are routed; nothing after this learns where they came from.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RootState } from '../model/root-state.js'
import { rewriteRequestUrl } from './rewrite-url.js'

/** Serves one request of `root`'s application: `rewriteUrl` first, when set, then the router. */
export function serveRequest(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  if (root.options.rewriteUrl !== undefined && !rewriteRequestUrl(root, req, res)) return
  root.dispatch(req, res)
}

/** A request listener serving `root`'s application: what its Node server calls, and `app.routing`. */
export function requestListener(root: RootState): (req: IncomingMessage, res: ServerResponse) => void {
  return function serveHttpRequest(req, res) {
    serveRequest(root, req, res)
  }
}
