import { Readable, finished } from 'node:stream'
import { continueAfter } from './continue-after.js'
import { codes } from './errors.js'
import { handleError } from './error-handler.js'
import { isThenable } from './is-thenable.js'
import { runPayloadHooks } from './hooks.js'
import { serializationFailed } from './schema/serialization.js'
import { kReplyHeaders, kReplyHijacked, kReplySending, kReplySerializer, kRoute } from './symbols.js'
import type { Reply } from './reply.js'

/** The content type of JSON warren serializes itself. */
export const JSON_TYPE = 'application/json; charset=utf-8'
const TEXT_TYPE = 'text/plain; charset=utf-8'
const BINARY_TYPE = 'application/octet-stream'

function isStream(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof (payload as NodeJS.ReadableStream).pipe === 'function'
}

function isWebStream(payload: unknown): payload is ReadableStream {
  return typeof (payload as ReadableStream).getReader === 'function' && typeof (payload as ReadableStream).tee === 'function'
}

function isBinary(payload: unknown): payload is Buffer | ArrayBufferView | ArrayBuffer {
  return Buffer.isBuffer(payload) || ArrayBuffer.isView(payload) || payload instanceof ArrayBuffer
}

/**
 * `reply.send(payload)`: picks how the payload becomes bytes (as is, JSON through the route's
 * serializer, or a stream), runs preSerialization and onSend hooks, then writes the response.
 */
export function send(reply: Reply, payload: unknown): void {
  if (reply[kReplyHijacked]) {
    reply.log.warn('Reply was hijacked; send() is ignored')
    return
  }
  if (reply[kReplySending]) {
    reply.log.warn({ url: reply.request.url }, 'Reply was already sent, did you forget to "return reply" in an async handler?')
    return
  }
  if (payload instanceof Error) {
    handleError(reply, payload)
    return
  }
  reply[kReplySending] = true
  const headers = reply[kReplyHeaders]
  const contentType = headers['content-type'] as string | undefined

  if (payload === undefined) return runOnSend(reply, payload)
  if (payload !== null) {
    if (typeof payload === 'string') {
      declareTextType(headers, contentType, TEXT_TYPE)
      return runOnSend(reply, payload)
    }
    if (isBinary(payload)) {
      if (contentType === undefined) headers['content-type'] = BINARY_TYPE
      return runOnSend(reply, payload)
    }
    if (isStream(payload) || isWebStream(payload)) return runOnSend(reply, payload)
  }
  // objects become JSON, or whatever the route's response schema for this status and type produces
  if (
    reply[kReplySerializer] !== null ||
    contentType === undefined ||
    contentType.includes('json') ||
    reply[kRoute].serializerFor(reply.raw.statusCode, contentType) !== null
  ) {
    declareTextType(headers, contentType, JSON_TYPE)
    const hooks = reply[kRoute].hooks.preSerialization
    if (hooks === null) return serializeAndSend(reply, payload)
    return runPayloadHooks(hooks, reply.request, reply, payload, serializeAndSend, sendHookError)
  }
  runOnSend(reply, payload)
}

/**
 * The content type of a text payload: `fallback` when none was set; as in Fastify, a JSON media
 * type without a charset is declared UTF-8.
 */
function declareTextType(headers: Record<string, unknown>, contentType: string | undefined, fallback: string): void {
  if (contentType === undefined) headers['content-type'] = fallback
  else if (contentType.includes('json') && !contentType.includes('charset')) headers['content-type'] = contentType + '; charset=utf-8'
}

function sendHookError(reply: Reply, error: unknown): void {
  reply[kReplySending] = false
  handleError(reply, error)
}

function serializeAndSend(reply: Reply, payload: unknown): void {
  let serialized: string
  try {
    serialized = serialize(reply, payload)
  } catch (error) {
    return sendHookError(reply, error)
  }
  runOnSend(reply, serialized)
}

/** Serializes with the reply's serializer, else the route's schema for the status, else the context default. */
export function serialize(reply: Reply, payload: unknown): string {
  const custom = reply[kReplySerializer]
  if (custom !== null) return custom(payload)
  const route = reply[kRoute]
  const statusCode = reply.raw.statusCode
  const bySchema = route.serializerFor(statusCode, reply[kReplyHeaders]['content-type'] as string | undefined)
  if (bySchema === null) return route.replySerializer(payload)
  try {
    return bySchema(payload)
  } catch (error) {
    throw serializationFailed(route, statusCode, error)
  }
}

/**
 * Sends what a handler or an error handler returned: nothing for `undefined` or the reply itself
 * (they answer, or will, through the reply), else the value — or what a Promise resolves to, where
 * `undefined` with nothing sent is an empty answer rather than a request left hanging. A rejection
 * takes the error path.
 */
export function sendReturnValue(reply: Reply, result: unknown): void {
  if (result === undefined || result === reply) return
  if (isThenable(result)) {
    continueAfter(result, reply, (value) => sendResolvedValue(reply, value), (thrown) => handleError(reply, thrown))
    return
  }
  if (!reply[kReplySending]) reply.send(result)
}

function sendResolvedValue(reply: Reply, value: unknown): void {
  if (value === reply || reply[kReplyHijacked]) return
  if (value === undefined) {
    if (!reply[kReplySending]) reply.send()
    return
  }
  if (reply[kReplySending]) {
    reply.log.warn('An async handler returned a value after reply.send() was called; the value is ignored')
    return
  }
  reply.send(value)
}

/** Runs the onSend hooks, then writes the response. */
export function runOnSend(reply: Reply, payload: unknown): void {
  const hooks = reply[kRoute].hooks.onSend
  if (hooks === null) return writeResponse(reply, payload)
  runPayloadHooks(hooks, reply.request, reply, payload, writeResponse, sendHookError)
}

function hasNoBody(statusCode: number): boolean {
  return statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode < 200)
}

/** Writes status, headers and payload to the socket. */
function writeResponse(reply: Reply, payload: unknown): void {
  if (reply[kReplyHijacked]) return
  const res = reply.raw
  const headers = reply[kReplyHeaders]
  const statusCode = res.statusCode

  const bodiless = hasNoBody(statusCode)
  if (bodiless || payload === undefined || payload === null) {
    if (bodiless) delete headers['content-length']
    else if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined && !res.hasHeader('content-length')) {
      headers['content-length'] = '0'
    }
    if (writeHead(reply, headers)) res.end()
    return
  }
  const isHead = reply.request.method === 'HEAD'
  if (isHead && (isStream(payload) || isWebStream(payload))) return endHeadWithoutStream(reply, payload)
  if (isStream(payload)) return sendStream(reply, payload)
  if (isWebStream(payload)) return sendWebStream(reply, payload)

  let body: string | Buffer
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload
  else if (ArrayBuffer.isView(payload)) body = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
  else if (payload instanceof ArrayBuffer) body = Buffer.from(payload)
  else return sendHookError(reply, new codes.SVC_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))

  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length
  if (headers['content-length'] === undefined || (!isHead && Number(headers['content-length']) !== length)) {
    headers['content-length'] = String(length)
  }
  // a HEAD response carries the headers of the GET one, never its body
  if (writeHead(reply, headers)) res.end(isHead ? undefined : body)
}

/** HEAD with a stream payload: the headers only; the stream is not read. */
function endHeadWithoutStream(reply: Reply, stream: NodeJS.ReadableStream | ReadableStream): void {
  if (isWebStream(stream)) void stream.cancel().catch(() => {})
  else destroyStream(stream)
  if (writeHead(reply, reply[kReplyHeaders])) reply.raw.end()
}

/** While the server closes, each response ends its connection, so keep-alive sockets do not hold close() up. */
function closeConnectionIfClosing(reply: Reply, headers: Record<string, unknown>): void {
  if (reply[kRoute].root.closing) headers.connection = 'close'
}

function writeHead(reply: Reply, headers: Record<string, unknown>): boolean {
  closeConnectionIfClosing(reply, headers)
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
  closeConnectionIfClosing(reply, headers)
  try {
    for (const key of Object.keys(headers)) reply.raw.setHeader(key, headers[key] as string)
    return true
  } catch (error) {
    return refuseHeaders(reply, headers, error)
  }
}

/** An invalid header value: drops the reply's headers so the error response can be written, and answers with the error. */
function refuseHeaders(reply: Reply, headers: Record<string, unknown>, error: unknown): false {
  for (const key of Object.keys(headers)) {
    reply.raw.removeHeader(key)
    delete headers[key]
  }
  sendHookError(reply, error)
  return false
}

function destroyStream(stream: NodeJS.ReadableStream): void {
  const destroyable = stream as Readable
  if (typeof destroyable.destroy === 'function') destroyable.destroy()
}

/** A web ReadableStream, through a Node stream; one that cannot be read (already locked) is an error. */
function sendWebStream(reply: Reply, stream: ReadableStream): void {
  let readable: Readable
  try {
    readable = Readable.fromWeb(stream as import('node:stream/web').ReadableStream)
  } catch (error) {
    return sendHookError(reply, error)
  }
  sendStream(reply, readable)
}

function sendStream(reply: Reply, stream: NodeJS.ReadableStream): void {
  if (!setHeaders(reply, reply[kReplyHeaders])) return destroyStream(stream)
  const res = reply.raw
  let sourceDone = false
  finished(stream as Readable, { writable: false }, (error) => {
    sourceDone = true
    if (!error) return
    if (res.headersSent || reply.request.raw.destroyed) {
      reply.log.error({ err: error }, 'response stream failed after the headers were sent')
      res.destroy()
    } else {
      sendHookError(reply, error)
    }
  })
  finished(res, () => {
    if (!sourceDone) destroyStream(stream)
  })
  stream.pipe(res)
}
