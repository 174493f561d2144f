/**
 * @module serve/entry
 * The one way into the request path, whichever transport a request came by (Node's server,
 * `inject()`, `app.fetch()`, Lambda): `rewriteUrl`, then the router.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RootState } from '../model/root-state.js'
import { rewriteRequestUrl } from './rewrite-url.js'

export function serveRequest(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  if (root.options.rewriteUrl !== undefined && !rewriteRequestUrl(root, req, res)) return
  root.dispatch(req, res)
}

/** What the Node server calls, and `app.routing`. */
export function requestListener(root: RootState): (req: IncomingMessage, res: ServerResponse) => void {
  return function serveHttpRequest(req, res) {
    serveRequest(root, req, res)
  }
}
