/**
 * @module model/trailers
 * What `reply.trailer()` records: the trailer functions by lower-cased name, checked when added.
 */
import { codes } from '../core/errors.js'
import { kReplyTrailers } from '../core/symbols.js'

export type TrailerFn = (reply: object, payload: unknown, done: (error: Error | null, value?: string) => void) => unknown

/** Headers a trailer must not carry (RFC 9110 §6.5.1), and `Trailer` itself. */
const FORBIDDEN = new Set([
  'transfer-encoding', 'content-length', 'host', 'cache-control', 'max-forwards', 'te',
  'authorization', 'set-cookie', 'content-encoding', 'content-type', 'content-range', 'trailer',
])

interface WithTrailers { [kReplyTrailers]: Map<string, TrailerFn> | null }

export function addTrailer(reply: WithTrailers, name: string, fn: TrailerFn): void {
  const key = typeof name === 'string' ? name.toLowerCase() : ''
  if (key === '' || FORBIDDEN.has(key)) throw new codes.SVC_ERR_BAD_TRAILER_NAME(name)
  if (typeof fn !== 'function') throw new codes.SVC_ERR_BAD_TRAILER_VALUE(name, typeof fn)
  const trailers = reply[kReplyTrailers] ?? (reply[kReplyTrailers] = new Map())
  trailers.set(key, fn)
}
