/**
 * @module serve/error-status
 * The status the default error handler answers with: the error's own 4xx/5xx (`statusCode`, else
 * `status`), else the reply's error status, else 500; read by the error handler and the trace.
 */
import { kReplyHasStatus } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'

/** The error knows what failed better than a status set before it was thrown (`reply.code(401)`, then a 403). */
export function errorStatusFor(reply: Reply, error: unknown): number {
  const own = ownStatusOf(error)
  if (own !== undefined) return own
  return reply[kReplyHasStatus] && reply.statusCode >= 400 && reply.statusCode <= 599 ? reply.statusCode : 500
}

function ownStatusOf(error: unknown): number | undefined {
  if (error === null || typeof error !== 'object') return undefined
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown }
  return errorStatusIn(statusCode) ?? errorStatusIn(status)
}

/** A 4xx or 5xx, given as a number or its digits (`'404'`). */
function errorStatusIn(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined
  const status = Number(value)
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined
}
