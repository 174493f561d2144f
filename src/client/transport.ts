/**
 * @module client/transport
 * How a call reaches the server over a socket: `fetch` to a base URL; the bodies sent as they are.
 * Nothing of the server is imported.
 */
import { WarrenClientError } from './errors.js'
import type { ResponseLike } from './response.js'

/** A body sent as it is, not as JSON: form data (files), bytes, a `Blob`, URL-encoded parameters, a stream. */
export type RawBody = FormData | Blob | ArrayBuffer | ArrayBufferView | URLSearchParams | ReadableStream<Uint8Array>

export function isRawBody(value: unknown): value is RawBody {
  return (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    (typeof FormData === 'function' && value instanceof FormData) ||
    (typeof Blob === 'function' && value instanceof Blob) ||
    value instanceof URLSearchParams ||
    isStream(value)
  )
}

/** A web stream, where the runtime has them. */
export function isStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof ReadableStream === 'function' && value instanceof ReadableStream
}

/** Whether `headers` hold `name` (lower case), under any spelling. */
export function namesHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name)
}

export interface OutgoingRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: string | RawBody | undefined
  signal?: AbortSignal
}

export type Transport = (request: OutgoingRequest) => Promise<ResponseLike>

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string | RawBody; signal?: AbortSignal; duplex?: 'half' }) => Promise<ResponseLike>

/** A failed fetch (refused, reset, aborted) is a `CLIENT_ERR_NETWORK`. */
export function fetchTransport(baseUrl: string, fetchFn: FetchLike): Transport {
  const base = baseUrl.replace(/\/+$/, '')
  return async (request) => {
    try {
      // a stream body is sent as it is read: fetch asks for half duplex then
      const duplex = isStream(request.body) ? { duplex: 'half' as const } : {}
      return await fetchFn(base + request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, ...duplex })
    } catch (error) {
      throw new WarrenClientError('CLIENT_ERR_NETWORK', `${request.method} ${base}${request.url} failed: ${(error as Error).message}`, { cause: error })
    }
  }
}
