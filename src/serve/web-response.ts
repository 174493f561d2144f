/**
 * @module serve/web-response
 * A web `Response` sent as a payload: its status and headers become the reply's, its body (a web
 * stream, or nothing) the payload. A body already read or locked cannot be sent: that is an error.
 */
import { codes } from '../core/errors.js'
import { kReplyFail } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'

export function sendWebResponse(reply: Reply, response: Response, next: (reply: Reply, payload: unknown) => void): void {
  if (response.bodyUsed) return reply[kReplyFail](new codes.SVC_ERR_REP_RESPONSE_BODY_CONSUMED())
  if (response.body !== null && response.body.locked) return reply[kReplyFail](new codes.SVC_ERR_REP_READABLE_STREAM_LOCKED())
  reply.code(response.status)
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  next(reply, response.body ?? undefined)
}
