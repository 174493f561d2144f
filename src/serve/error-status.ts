/**
 * @module serve/error-status
 * The status the default error handler answers with: the reply's error status, else the error's
 * 4xx/5xx (`statusCode`, else `status`), else 500; read by the error handler and the trace.
 */
import { kReplyHasStatus } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'

export function errorStatusFor(reply: Reply, error: unknown): number {
  if (reply[kReplyHasStatus] && reply.statusCode >= 400) return reply.statusCode
  return statusOf(error)
}

function statusOf(error: unknown): number {
  if (error === null || typeof error !== 'object') return 500
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown }
  const own = Number(statusCode ?? status)
  return Number.isInteger(own) && own >= 400 && own <= 599 ? own : 500
}
