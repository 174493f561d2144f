/**
 * @module serve/send
 * `reply.send(payload)` on its way to the socket: decides whether the payload goes as it is or as
 * JSON (made by `serialize`), runs the preSerialization and onSend hooks, and hands the result to `write`.
 */
import { codes } from '../core/errors.js'
import { BINARY_TYPE, JSON_TYPE, TEXT_TYPE } from '../core/media-type.js'
import { isBinary, isPlainData, isStream, isWebResponse, isWebStream } from '../core/payload-kind.js'
import { kReplyFail, kReplyHeaders, kReplyHijacked, kReplyOnErrorPhase, kReplyPayloadRun, kReplySending, kReplySerializer, kRoute } from '../core/symbols.js'
import { OnErrorPhase, type Reply } from '../model/reply.js'
import { isSendFromPayloadHook, runPayloadHooks } from './run-hooks.js'
import { declareTextType, serialize } from './serialize.js'
import { writeResponse } from './write.js'

/** An Error goes to the failure path; strings, bytes and streams as they are, anything else as JSON. */
export function send(reply: Reply, payload: unknown): void {
  if (reply[kReplyOnErrorPhase] === OnErrorPhase.Running) throw new codes.SVC_ERR_SEND_INSIDE_ONERR()
  if (reply[kReplyHijacked]) {
    reply.log.warn({ err: new codes.SVC_ERR_REP_ALREADY_SENT(reply.request.url, reply.request.method) }, 'Reply was hijacked; send() is ignored')
    return
  }
  if (reply[kReplySending]) {
    // from a preSerialization or onSend hook: the send starts over with this payload, as a new send
    if (!isSendFromPayloadHook(reply)) {
      reply.log.warn({ err: new codes.SVC_ERR_REP_ALREADY_SENT(reply.request.url, reply.request.method) })
      return
    }
    reply[kReplyPayloadRun] = null
  }
  if (payload instanceof Error) return reply[kReplyFail](payload)
  reply[kReplySending] = true
  const headers = reply[kReplyHeaders]
  const contentType = contentTypeOf(headers)

  if (payload === undefined) return runOnSend(reply, payload)
  if (payload !== null) {
    if (typeof payload === 'string') return sendText(reply, payload, contentType)
    if (typeof payload !== 'object' || !isPlainData(payload)) {
      if (isBinary(payload)) {
        if (contentType === undefined) headers['content-type'] = BINARY_TYPE
        return runOnSend(reply, payload)
      }
      if (isStream(payload) || isWebStream(payload) || isWebResponse(payload)) return runOnSend(reply, payload)
    }
  }
  if (
    reply[kReplySerializer] !== null ||
    contentType === undefined ||
    contentType.includes('json') ||
    reply[kRoute].serializerFor(reply.raw.statusCode, contentType) !== null
  ) {
    // a reply's own serializer writes a format warren cannot name: its content type is the caller's to set
    if (reply[kReplySerializer] === null) declareTextType(headers, contentType, JSON_TYPE)
    const hooks = reply[kRoute].hooks.preSerialization
    if (hooks === null) return serializeInSend(reply, payload)
    return runPayloadHooks(hooks, reply.request, reply, payload, serializeAndSend)
  }
  // an object under a media type nothing serializes: only an onSend hook could still make bytes of it
  if (payload !== null && reply[kRoute].hooks.onSend === null) refuseUnwritable(reply, payload)
  runOnSend(reply, payload)
}

/**
 * The content type set, if any: `reply.type(null)` or `''` (what a lookup of an unknown file extension
 * gives) is none, and is removed, so the payload's own default applies; another value is read as the
 * text it goes out as.
 */
function contentTypeOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['content-type']
  if (typeof value === 'string' && value !== '') return value
  if (value === undefined) return undefined
  if (value !== null && value !== '') return String(value)
  delete headers['content-type']
  return undefined
}

/** Text goes as it is (`text/plain` unless typed); under a type of its own, a reply's serializer writes it. */
function sendText(reply: Reply, payload: string, contentType: string | undefined): void {
  const serializer = reply[kReplySerializer]
  if (serializer === null || contentType === undefined) {
    declareTextType(reply[kReplyHeaders], contentType, TEXT_TYPE)
    return runOnSend(reply, payload)
  }
  serializeInSend(reply, payload)
}

/** Thrown at the call, so the stack names the caller; the reply stays unsent, so a `catch` may send something else. */
function refuseUnwritable(reply: Reply, payload: unknown): never {
  reply[kReplySending] = false
  throw new codes.SVC_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload)
}

/** Serializes within `send()` itself; a custom serializer's result that is not text, bytes or empty is thrown. */
function serializeInSend(reply: Reply, payload: unknown): void {
  let serialized: unknown
  try {
    serialized = serialize(reply, payload)
  } catch (error) {
    return reply[kReplyFail](error)
  }
  const writable = serialized === null || serialized === undefined || typeof serialized === 'string' || isBinary(serialized)
  if (!writable && reply[kRoute].hooks.onSend === null) refuseUnwritable(reply, serialized)
  runOnSend(reply, serialized)
}

function serializeAndSend(reply: Reply, payload: unknown): void {
  let serialized: string
  try {
    serialized = serialize(reply, payload)
  } catch (error) {
    return reply[kReplyFail](error)
  }
  runOnSend(reply, serialized)
}

export function runOnSend(reply: Reply, payload: unknown): void {
  const hooks = reply[kRoute].hooks.onSend
  if (hooks === null) return writeResponse(reply, payload)
  runPayloadHooks(hooks, reply.request, reply, payload, writeResponse)
}
