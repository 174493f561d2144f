/**
 * @module serve/write
 * The last stage: status, headers and bytes onto the socket (a Node or web stream piped, nothing
 * for bodiless statuses and HEAD). A header Node refuses or a stream failing before its first byte
 * is reported through the reply.
 */
// imported, not the global: Node defines `Buffer` on globalThis as a getter, called at every use
import { Buffer } from 'node:buffer'
import { ServerResponse } from 'node:http'
import type { Http2ServerResponse } from 'node:http2'
import { Readable, finished } from 'node:stream'
import { codes } from '../core/errors.js'
import { isStream, isWebResponse, isWebStream } from '../core/payload-kind.js'
import { kReplyAwaitingTurn, kReplyFail, kReplyHeaders, kReplyHijacked, kReplyTrailers, kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { bytesOf, declareLength } from './serialize.js'
import { writeWithTrailers } from './trailers.js'
import { TurnResponse } from './turn-response.js'
import { sendWebResponse } from './web-response.js'
import { pipeWebStream } from './web-stream.js'

function hasNoBody(statusCode: number): boolean {
  return statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode < 200)
}

/** Writes status, headers and payload (a string, bytes, a stream, or nothing) to the socket. */
export function writeResponse(reply: Reply, payload: unknown): void {
  if (reply[kReplyHijacked]) return
  if (awaitsItsTurn(reply.raw)) return writeOnItsTurn(reply, payload)
  writeNow(reply, payload)
}

function writeNow(reply: Reply, payload: unknown): void {
  // an onSend hook may answer with a web Response: its status, headers and body become the reply's
  if (typeof payload === 'object' && isWebResponse(payload)) return sendWebResponse(reply, payload, writeResponse)
  const res = reply.raw
  const headers = reply[kReplyHeaders]
  const statusCode = res.statusCode

  const bodiless = hasNoBody(statusCode)
  const trailers = reply[kReplyTrailers]
  if (trailers !== null && trailers !== undefined && trailers.size > 0 && !bodiless && reply.request.method !== 'HEAD') return sendWithTrailers(reply, payload)
  if (bodiless || payload === undefined || payload === null) {
    if (bodiless) dropBody(reply, headers, payload)
    else if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined && !res.hasHeader('content-length')) {
      headers['content-length'] = '0'
    }
    if (writeHead(reply, headers)) res.end()
    return
  }
  const isHead = reply.request.method === 'HEAD'
  // a serialized body, the usual payload, is a string: no stream lookups on it
  if (typeof payload !== 'string') {
    if (isHead && (isStream(payload) || isWebStream(payload))) return endHeadWithoutStream(reply, payload)
    if (isStream(payload)) return sendStream(reply, payload)
    if (isWebStream(payload)) return pipeWebStream(reply, payload, () => setHeaders(reply, reply[kReplyHeaders]))
  }

  const body = bytesOf(payload)
  if (body === null) return reply[kReplyFail](new codes.SVC_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
  // a HEAD route of its own may declare the length of what it does not send; a GET's twin sends what the GET would
  const length = declareLength(headers, body, isHead && !reply[kRoute].headOfGet)
  if (!writeHead(reply, headers)) return
  // a HEAD response carries the headers of the GET one, never its body
  if (isHead) return void res.end()
  if (length > HTTP2_CHUNK_BYTES && reply.request.raw.httpVersionMajor === 2) return writeInChunks(res as unknown as Http2ServerResponse, body)
  res.end(body)
}

/**
 * A pipelined HTTP/1.1 response whose turn has not come (Node hands a connection's socket to its
 * responses in order) is written when it gets the socket rather than into Node's pending-output
 * queue; why in docs/architecture.md, "Pipelined responses". It counts as sent meanwhile, and a
 * `hijack()` meanwhile does not hold it back: Node would have had its bytes already.
 */
function awaitsItsTurn(res: object): boolean {
  // only Node's HTTP/1 response shares a connection; the others' socket getters build objects
  return res instanceof ServerResponse && res.socket === null
}

function writeOnItsTurn(reply: Reply, payload: unknown): void {
  reply[kReplyAwaitingTurn] = true
  const res = reply.raw
  countAsQueued(res, heldBytes(payload))
  if (res instanceof TurnResponse) return res.holdWrite(writeTurnCame, reply, payload)
  // a response class of the user's (`http.ServerResponse` option, `serverFactory`): its 'socket' event.
  // on, not once: Node emits 'socket' once per response, and once() would wrap the listener
  res.on('socket', () => writeTurnCame(reply, payload))
}

/** Node's count of what a connection's queued answers hold, which each of its responses carries. */
interface PendingOutput {
  _onPendingData?: (delta: number) => void
}

/**
 * A held answer counted where Node counts the answers it queues: past the socket's high-water mark,
 * Node stops reading the connection's pipelined requests until answers go out.
 */
function countAsQueued(res: object, bytes: number): void {
  (res as PendingOutput)._onPendingData?.(bytes)
}

/** Roughly what a held answer will write: its body when it is bytes or text, and a head's worth. */
function heldBytes(payload: unknown): number {
  const head = 256
  return typeof payload === 'string' || payload instanceof Uint8Array ? head + payload.length : head
}

function writeTurnCame(reply: Reply, payload: unknown): void {
  reply[kReplyAwaitingTurn] = false
  countAsQueued(reply.raw, -heldBytes(payload))
  writeNow(reply, payload)
}

/**
 * The HTTP/2 responses whose whole body warren holds and writes in pieces: handed over like an
 * ended one, though not ended yet (serve/handler-timeout resets such a stream rather than failing it).
 */
export const bodiesInPieces = new WeakSet<object>()

/** Above this size an HTTP/2 body is written in pieces of this size (see {@link writeInChunks}). */
const HTTP2_CHUNK_BYTES = 256 * 1024

/**
 * A large body on an HTTP/2 stream, one piece at a time as the stream drains. Written whole, it
 * would all count against the session's memory (`maxSessionMemory`, 10 MB by default) until the
 * client read it: a client that cancels the stream would find the session refusing its next
 * streams (ENHANCE_YOUR_CALM). Stops when the stream is closed.
 */
function writeInChunks(res: Http2ServerResponse, body: string | Buffer): void {
  bodiesInPieces.add(res)
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  let offset = 0
  const writeMore = (): void => {
    while (offset < bytes.length) {
      if (res.stream.destroyed || res.writableEnded) return
      const end = Math.min(offset + HTTP2_CHUNK_BYTES, bytes.length)
      const piece = bytes.subarray(offset, end)
      offset = end
      if (offset === bytes.length) return void res.end(piece)
      if (!res.write(piece)) return void res.once('drain', writeMore)
    }
  }
  writeMore()
}

/** A reply with trailers (see `serve/trailers`): the payload as bytes, a string or a Node stream. */
function sendWithTrailers(reply: Reply, payload: unknown): void {
  let body: string | Buffer | NodeJS.ReadableStream | undefined
  if (payload === undefined || payload === null) body = undefined
  else if (typeof payload === 'string' || Buffer.isBuffer(payload) || isStream(payload)) body = payload
  else if (ArrayBuffer.isView(payload)) body = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
  else if (payload instanceof ArrayBuffer) body = Buffer.from(payload)
  else if (isWebStream(payload)) {
    try {
      body = Readable.fromWeb(payload as import('node:stream/web').ReadableStream)
    } catch (error) {
      return reply[kReplyFail](error)
    }
  } else return reply[kReplyFail](new codes.SVC_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
  writeWithTrailers(reply, body, () => writeHead(reply, reply[kReplyHeaders]))
}

/**
 * HEAD with a stream payload: the headers only (see {@link discardStream}).
 */
function endHeadWithoutStream(reply: Reply, stream: NodeJS.ReadableStream | ReadableStream): void {
  discardStream(reply, stream)
  if (writeHead(reply, reply[kReplyHeaders])) reply.raw.end()
}

/**
 * A status that has no content (1xx, 204, 304): no content-length, and for 1xx and 204 no
 * content-type either (RFC 9110 §8.6; a 304 keeps it, it describes the cached representation).
 * A stream payload is discarded.
 */
function dropBody(reply: Reply, headers: Record<string, unknown>, payload: unknown): void {
  delete headers['content-length']
  if (reply.raw.statusCode !== 304) delete headers['content-type']
  if (typeof payload === 'object' && payload !== null && (isStream(payload) || isWebStream(payload))) discardStream(reply, payload)
}

/**
 * A stream whose content is not sent is not read either: stopped at once. Its source may still
 * fail after that (or while cancelling): the error is logged, never left to crash the process.
 */
function discardStream(reply: Reply, stream: NodeJS.ReadableStream | ReadableStream): void {
  // the HEAD message is the one log searches written for Fastify look for
  const head = reply.request.method === 'HEAD'
  const message = head ? 'Error on Stream found for HEAD route' : 'a response stream whose content is not sent failed'
  const logFailure = (err: unknown): void => reply.log.error({ err }, message)
  if (isWebStream(stream)) {
    stream.cancel(head ? 'Stream cancelled by HEAD route' : 'the response has no content').catch(logFailure)
  } else {
    stream.on('error', logFailure)
    destroyStream(stream)
  }
}

/**
 * While the server closes with `forceCloseConnections: 'idle'` (the default), each response ends
 * its connection, so a kept-alive socket does not hold close() up once its request is answered.
 * With `false`, connections are left alone: a request arriving on one gets `connection: close`
 * (serve/pipeline).
 */
function closeConnectionIfClosing(reply: Reply): void {
  const root = reply[kRoute].root
  if (root.closing && root.options.forceCloseConnections === 'idle' && !connectionsWithQueuedAnswers.has(reply.request.raw.socket)) closeConnectionAfter(reply)
}

/** Connections on which, while the server closes, a pipelined request waits for its answer's turn. */
const connectionsWithQueuedAnswers = new WeakSet<object>()

/**
 * A request that arrived while the server closes, pipelined behind one still being answered: the
 * answer before it must not close the connection, or this one (perhaps already carried out) is
 * lost; its own answer closes it.
 */
export function keepOpenForQueuedAnswer(reply: Reply): void {
  const socket = reply.request.raw.socket
  if (socket !== null && socket !== undefined && awaitsItsTurn(reply.raw)) connectionsWithQueuedAnswers.add(socket)
}

/**
 * Asks the client to close its connection after this response (`connection: close`). HTTP/1
 * only: HTTP/2 has no such header (Node drops it with a warning), and its streams end by
 * themselves; close() ends a session once its streams are done.
 */
export function closeConnectionAfter(reply: Reply): void {
  if (reply.request.raw.httpVersionMajor !== 2) reply[kReplyHeaders].connection = 'close'
}

function writeHead(reply: Reply, headers: Record<string, unknown>): boolean {
  closeConnectionIfClosing(reply)
  try {
    reply.raw.writeHead(reply.raw.statusCode, headers as Record<string, string>)
    return true
  } catch (error) {
    return refuseHeaders(reply, headers, error)
  }
}

/**
 * setHeader rather than writeHead: a stream that fails before its first chunk (a missing file)
 * must still be answered with an error response.
 */
function setHeaders(reply: Reply, headers: Record<string, unknown>): boolean {
  if (reply.raw.headersSent) {
    // the handler wrote the head itself (reply.raw.writeHead): the stream still goes out under it
    reply.log.warn("response will send, but you shouldn't use res.writeHead in stream mode")
    return true
  }
  closeConnectionIfClosing(reply)
  try {
    for (const key of Object.keys(headers)) reply.raw.setHeader(key, headers[key] as string)
    return true
  } catch (error) {
    return refuseHeaders(reply, headers, error)
  }
}

/** An invalid header value: drops the reply's headers so the error response can be written, and fails the request. */
function refuseHeaders(reply: Reply, headers: Record<string, unknown>, error: unknown): false {
  const closing = headers.connection === 'close'
  for (const key of Object.keys(headers)) {
    reply.raw.removeHeader(key)
    delete headers[key]
  }
  // the error's answer still ends the connection: a refused body may be unread on it
  if (closing) headers.connection = 'close'
  reply[kReplyFail](error)
  return false
}

/** Stops a source stream: `destroy()`, else the older `close()` or `abort()` some streams only have. */
function destroyStream(stream: NodeJS.ReadableStream): void {
  const source = stream as Partial<Readable> & { close?: () => void; abort?: () => void }
  if (typeof source.destroy === 'function') source.destroy()
  else if (typeof source.close === 'function') source.close()
  else if (typeof source.abort === 'function') source.abort()
}

function sendStream(reply: Reply, stream: NodeJS.ReadableStream): void {
  if (!setHeaders(reply, reply[kReplyHeaders])) return destroyStream(stream)
  const res = reply.raw
  let sourceDone = false
  let stoppedHere = false
  finished(stream as Readable, { writable: false }, (error) => {
    sourceDone = true
    // the premature close of a source stopped below because the response ended is no failure
    if (!error || stoppedHere) return
    if (res.headersSent || reply.request.raw.destroyed) {
      reply.log.error({ err: error }, 'response stream failed after the headers were sent')
      res.destroy()
    } else {
      reply[kReplyFail](error)
    }
  })
  finished(res, () => {
    // the source's own end may be reported after the response's
    if (sourceDone || (stream as Readable).readableEnded === true) return
    // the client went away (or the response was destroyed) before the stream ended
    reply.log.info({ res: reply }, 'stream closed prematurely')
    stoppedHere = true
    destroyStream(stream)
  })
  stream.pipe(res)
}
