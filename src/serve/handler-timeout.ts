/**
 * @module serve/handler-timeout
 * `handlerTimeout`: a route that has not answered in time gets a 503 through its error handler and
 * `request.signal` aborts, so the work still running can stop.
 */
import type { Http2Stream } from 'node:http2'
import { codes } from '../core/errors.js'
import { http2Module } from '../core/http2-module.js'
import { kReplyFail, kReplyHijacked, kReplySending, kRequestAbort } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { bodiesInPieces } from './write.js'

export function armHandlerTimeout(reply: Reply, ms: number): void {
  // created now, the signal also aborts when the client goes away
  void reply.request.signal
  const timer = setTimeout(onHandlerTimeout, ms, reply, ms)
  reply.raw.once('close', () => clearTimeout(timer))
}

function onHandlerTimeout(reply: Reply, ms: number): void {
  const res = reply.raw
  if (reply[kReplyHijacked]) return
  if (res.writableEnded || bodiesInPieces.has(res)) return endStuckHttp2Stream(res)
  if (reply[kReplySending] && !res.headersSent) return
  const error = new codes.SVC_ERR_HANDLER_TIMEOUT(ms)
  reply.request[kRequestAbort]?.abort(error)
  if (res.writableEnded || (reply[kReplySending] && !res.headersSent)) return
  // the error handler answers 503, or cuts a response whose headers are out
  reply[kReplyFail](error)
}

/** Resets an HTTP/2 stream stuck on unflushed data (touching no other request); HTTP/1 is left alone, as ending it would reset the connection. */
function endStuckHttp2Stream(res: Reply['raw']): void {
  if (res.writableFinished) return
  const stream = (res as unknown as { stream?: Http2Stream }).stream
  if (stream === undefined || stream.destroyed) return
  // close() names the reset (CANCEL) but waits for the unflushed data; destroy() sends it now
  stream.close(http2Module().constants.NGHTTP2_CANCEL)
  stream.destroy()
}
