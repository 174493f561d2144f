/**
 * @module serve/error-status
 * The status a failed request is answered with by the default error handler: the status the reply
 * already has when it is an error status, else the error's own (`statusCode`, else `status`) when
 * it is a 4xx/5xx, else 500. One rule, read by the error handler and by the handler's trace.
 */
import { kReplyHasStatus } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'

/** The status the default error handler answers `error` with on `reply` (see the module comment). */
export function errorStatusFor(reply: Reply, error: unknown): number {
  if (reply[kReplyHasStatus] && reply.statusCode >= 400) return reply.statusCode
  return statusOf(error)
}

/** The error's own status when it is a 4xx/5xx, else 500 (always 500 for a value that is not an object). */
function statusOf(error: unknown): number {
  if (error === null || typeof error !== 'object') return 500
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown }
  const own = Number(statusCode ?? status)
  return Number.isInteger(own) && own >= 400 && own <= 599 ? own : 500
}
