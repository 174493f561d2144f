/**
 * @module serve/handler-timeout
 * `handlerTimeout`: a route that has not answered within its time gets a 503
 * `SVC_ERR_HANDLER_TIMEOUT` (through its error handler) and `request.signal` aborts, so the work
 * still running can stop. Armed only for routes that have a timeout.
 */
import type { Http2Stream } from 'node:http2'
import { codes } from '../core/errors.js'
import { http2Module } from '../core/http2-module.js'
import { kReplyFail, kReplyHijacked, kReplySending, kRequestAbort } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { bodiesInPieces } from './write.js'

/** Starts the route's timer for this request; the response closing (answered or not) stops it. */
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
  // an answer already on its way through onSend hooks is left to finish
  if (reply[kReplySending] && !res.headersSent) return
  const error = new codes.SVC_ERR_HANDLER_TIMEOUT(ms)
  // abort listeners run now, and one may answer the request itself
  reply.request[kRequestAbort]?.abort(error)
  if (res.writableEnded || (reply[kReplySending] && !res.headersSent)) return
  // the error handler answers 503, or cuts a streamed response whose headers are already out
  reply[kReplyFail](error)
}

/**
 * An HTTP/2 response whose body was handed over but not flushed (a client that stopped reading)
 * holds its stream open: it is reset, which touches no other request of the connection. An
 * HTTP/1 response in that state is left alone: ending it would reset the kept-alive connection.
 */
function endStuckHttp2Stream(res: Reply['raw']): void {
  if (res.writableFinished) return
  const stream = (res as unknown as { stream?: Http2Stream }).stream
  if (stream === undefined || stream.destroyed) return
  // close() names the reset (CANCEL: the response is no longer wanted) but waits for the unflushed
  // data; destroy() then sends it now
  stream.close(http2Module().constants.NGHTTP2_CANCEL)
  stream.destroy()
}
