/**
 * @module serve/web-stream
 * A web `ReadableStream` written as fast as the socket takes it, so a client that goes away cancels
 * the source; a stream that fails before its first chunk is answered, after it the response is cut.
 */
import type { ReadableStreamReadResult } from 'node:stream/web'
import { codes } from '../core/errors.js'
import { kReplyFail } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { continueAfter } from './continue-after.js'

type Chunk = ReadableStreamReadResult<Uint8Array | string>

/** Writes `stream` as the body; `setHeaders` returns false when the headers were refused and the request failed. */
export function pipeWebStream(reply: Reply, stream: ReadableStream, setHeaders: () => boolean): void {
  if (stream.locked) return reply[kReplyFail](new codes.SVC_ERR_REP_READABLE_STREAM_LOCKED())
  if (!setHeaders()) return void stream.cancel().catch(ignore)
  const res = reply.raw
  const reader = stream.getReader() as ReadableStreamDefaultReader<Uint8Array | string>
  let ended = false
  const onClose = (): void => {
    if (ended) return
    ended = true
    reply.log.info({ res: reply }, 'stream closed prematurely')
    reader.cancel().catch(ignore)
  }
  const onChunk = (chunk: Chunk): void => {
    if (res.destroyed) return onClose()
    if (chunk.done) {
      ended = true
      res.end()
    } else if (res.write(chunk.value)) {
      pump()
    } else {
      res.once('drain', pump)
    }
  }
  const onError = (error: unknown): void => {
    if (ended) return
    ended = true
    reply[kReplyFail](error)
  }
  const pump = (): void => {
    // a 'drain' can come from a response destroyed meanwhile, before its 'close'
    if (res.destroyed) return onClose()
    continueAfter(reader.read(), reply, onChunk, onError)
  }
  res.once('close', onClose)
  pump()
}

function ignore(): void {}
