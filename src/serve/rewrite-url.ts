/**
 * @module serve/rewrite-url
 * The `rewriteUrl` factory option: before a request is routed, its URL becomes what the function
 * returns (called with the root instance as `this`; `request.originalUrl` keeps the URL received).
 * A function that throws, or returns something other than a string, fails that request alone:
 * 500 `SVC_ERR_ROUTE_REWRITE_NOT_STR` (or what it threw) through the root's error handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { codes } from '../core/errors.js'
import { kReplyFail } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import type { RouteContext } from '../model/route-context.js'
import { findNotFoundRoute } from './not-found.js'
import { createExchange } from './pipeline.js'

/** Rewrites the URL of `req`; false when the rewrite failed and the request was answered. */
export function rewriteRequestUrl(root: RootState, req: IncomingMessage, res: ServerResponse): boolean {
  const rewriteUrl = root.options.rewriteUrl as NonNullable<RootState['options']['rewriteUrl']>
  const original = req.url ?? '/'
  ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = original
  let url: unknown
  try {
    url = rewriteUrl.call(root.app, req)
  } catch (thrown) {
    return fail(root, req, res, thrown)
  }
  if (typeof url !== 'string') return fail(root, req, res, new codes.SVC_ERR_ROUTE_REWRITE_NOT_STR(original, typeof url))
  req.url = url
  return true
}

function fail(root: RootState, req: IncomingMessage, res: ServerResponse, error: unknown): false {
  // no route was chosen yet: the root's not-found route lends its request, reply and error handler
  const route = findNotFoundRoute(root, 'GET', '/') as RouteContext
  createExchange(req, res, {}, route, {})[kReplyFail](error)
  return false
}
