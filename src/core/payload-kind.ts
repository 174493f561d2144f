/**
 * @module core/payload-kind
 * What kind of value a payload is — a Node stream, a web stream, bytes — so sending and writing
 * agree on it.
 */
// imported, not the global: Node defines `Buffer` on globalThis as a getter, called at every use
import { Buffer } from 'node:buffer'

/**
 * A plain object or an array: data, sent as JSON whatever its properties (one with a `pipe`
 * method is not a stream). Checked first, as the other checks read properties of user objects
 * of every shape, which V8 can only look up in its global cache.
 */
export function isPlainData(payload: object): boolean {
  if (Array.isArray(payload)) return true
  const prototype = Object.getPrototypeOf(payload) as object | null
  return prototype === Object.prototype || prototype === null
}

/** A Node.js readable stream (anything that pipes). */
export function isStream(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof (payload as NodeJS.ReadableStream).pipe === 'function'
}

/** A web `ReadableStream`. */
export function isWebStream(payload: unknown): payload is ReadableStream {
  return typeof (payload as ReadableStream).getReader === 'function' && typeof (payload as ReadableStream).tee === 'function'
}

/** Bytes: a Buffer, a typed array or view, or an ArrayBuffer. */
export function isBinary(payload: unknown): payload is Buffer | ArrayBufferView | ArrayBuffer {
  return Buffer.isBuffer(payload) || ArrayBuffer.isView(payload) || payload instanceof ArrayBuffer
}

/**
 * A web `Response`, Node's own or another fetch implementation's (undici's `fetch` from its npm
 * package has its own class): recognised by its tag, not by `instanceof`.
 */
export function isWebResponse(payload: unknown): payload is Response {
  return Object.prototype.toString.call(payload) === '[object Response]'
}
