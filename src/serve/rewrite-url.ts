/**
 * @module serve/rewrite-url
 * `rewriteUrl`: a request's URL replaced before routing; a function that throws or returns no string
 * fails that request alone, through the root's error handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { codes } from '../core/errors.js'
import { kReplyFail } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import type { RouteContext } from '../model/route-context.js'
import { findNotFoundRoute } from './not-found.js'
import { createExchange } from './pipeline.js'

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
  const route = findNotFoundRoute(root, 'GET', '/') as RouteContext
  createExchange(req, res, {}, route, {})[kReplyFail](error)
  return false
}
