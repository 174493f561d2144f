/**
 * @module serve/serialize
 * How a payload becomes bytes: serialization (the reply's serializer, the route's response schema,
 * the context default), the content type a text payload declares, and the bytes and length written.
 */
// imported, not the global: Node defines `Buffer` on globalThis as a getter, called at every use
import { Buffer } from 'node:buffer'
import { serializationFailed } from '../schema/serialization.js'
import { kReplyHeaders, kReplySerializer, kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { withJsonCharset } from '../core/media-type.js'

export function serialize(reply: Reply, payload: unknown): string {
  const custom = reply[kReplySerializer]
  if (custom !== null) return custom(payload)
  const route = reply[kRoute]
  const statusCode = reply.raw.statusCode
  const bySchema = route.serializerFor(statusCode, reply[kReplyHeaders]['content-type'] as string | undefined)
  if (bySchema === null) return route.replySerializer(payload, statusCode)
  try {
    return bySchema(payload)
  } catch (error) {
    throw serializationFailed(route.routeOptions, statusCode, error)
  }
}

/** The content type of a text payload; a JSON one without a charset is declared UTF-8, which warren writes. */
export function declareTextType(headers: Record<string, unknown>, contentType: string | undefined, fallback: string): void {
  if (contentType === undefined) headers['content-type'] = fallback
  else headers['content-type'] = withJsonCharset(contentType)
}

/** Text and Buffers as they are, other binary views as a Buffer over the same memory; null otherwise. */
export function bytesOf(payload: unknown): string | Buffer | null {
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return payload
  if (ArrayBuffer.isView(payload)) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
  if (payload instanceof ArrayBuffer) return Buffer.from(payload)
  return null
}

/** Sets `content-length` from the body; a HEAD response keeps a length that was set (the GET one's). */
export function declareLength(headers: Record<string, unknown>, body: string | Buffer, isHead: boolean): number {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length
  if (headers['content-length'] === undefined || (!isHead && Number(headers['content-length']) !== length)) {
    headers['content-length'] = String(length)
  }
  return length
}
