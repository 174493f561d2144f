/**
 * @module client/transport
 * How a call reaches the server: `fetch` to a base URL, or an application's `inject()`; nothing of
 * the server is imported.
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

export interface OutgoingRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: string | RawBody | undefined
  signal?: AbortSignal
}

export type Transport = (request: OutgoingRequest) => Promise<ResponseLike>

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string | RawBody; signal?: AbortSignal; duplex?: 'half' }) => Promise<ResponseLike>

interface InjectResponse {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
  rawPayload?: Uint8Array
}

export interface InjectTarget {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload?: string | Uint8Array }): PromiseLike<InjectResponse>
}

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

/** A web-standard fetch handler answering in-process: `app.fetch`, a Worker's `fetch`. */
export type FetchHandler = (request: Request) => Promise<ResponseLike>

/** Each call as a web `Request` to `handler`, no socket in between; a throw is a `CLIENT_ERR_NETWORK` as a failed fetch is. */
export function handlerTransport(baseUrl: string, handler: FetchHandler): Transport {
  return fetchTransport(baseUrl, (input, init) => handler(new Request(input, init as RequestInit)))
}

function toHeaders(raw: InjectResponse['headers']): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
  }
  return headers
}

/** A raw body as bytes and the content type fetch would give it (a form's boundary, a Blob's type), for `inject()`. */
async function injectable(request: OutgoingRequest): Promise<{ payload: string | Uint8Array | undefined; headers: Record<string, string> }> {
  if (request.body === undefined || typeof request.body === 'string') return { payload: request.body, headers: request.headers }
  const encoded = new Response(request.body as ConstructorParameters<typeof Response>[0])
  const type = encoded.headers.get('content-type')
  const named = Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-type')
  return { payload: asBuffer(new Uint8Array(await encoded.arrayBuffer())), headers: named || type === null ? request.headers : { ...request.headers, 'content-type': type } }
}

/** `inject()` sends a Node `Buffer` as bytes and any other object as JSON; the client imports nothing of Node, so it finds `Buffer` where inject runs. */
function asBuffer(bytes: Uint8Array): Uint8Array {
  const NodeBuffer = (globalThis as { Buffer?: { from(bytes: Uint8Array): Uint8Array } }).Buffer
  return NodeBuffer === undefined ? bytes : NodeBuffer.from(bytes)
}

export function injectTransport(app: InjectTarget): Transport {
  return async (request) => {
    const { payload, headers } = await injectable(request)
    const response = await app.inject({ method: request.method, url: request.url, headers, payload })
    const bytes = response.rawPayload ?? new TextEncoder().encode(response.body)
    return {
      status: response.statusCode,
      headers: toHeaders(response.headers),
      text: async () => response.body,
      arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    }
  }
}
