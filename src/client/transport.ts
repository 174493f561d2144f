/**
 * @module client/transport
 * How a call reaches the server: `fetch` to a base URL, or an application's `inject()` (no socket,
 * for tests). The client only calls `inject` on the object it is given: it imports nothing of the
 * server.
 */
import { WarrenClientError } from './errors.js'
import type { ResponseLike } from './response.js'

/** One request, ready to send. */
export interface OutgoingRequest {
  method: string
  /** Path and query. */
  url: string
  headers: Record<string, string>
  body: string | undefined
  signal?: AbortSignal
}

/** Sends a request and resolves with the answer. */
export type Transport = (request: OutgoingRequest) => Promise<ResponseLike>

/** A fetch-compatible function (the global `fetch`, or one given). */
export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<ResponseLike>

/** What `inject()` answers (light-my-request's response, as far as the client reads it). */
interface InjectResponse {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

/** An application the client can send requests to without a socket. */
export interface InjectTarget {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload?: string }): PromiseLike<InjectResponse>
}

/** Sends through `fetch` to `baseUrl`; a failed fetch (refused, reset, aborted) is a `CLIENT_ERR_NETWORK`. */
export function fetchTransport(baseUrl: string, fetchFn: FetchLike): Transport {
  const base = baseUrl.replace(/\/+$/, '')
  return async (request) => {
    try {
      return await fetchFn(base + request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal })
    } catch (error) {
      throw new WarrenClientError('CLIENT_ERR_NETWORK', `${request.method} ${base}${request.url} failed: ${(error as Error).message}`, { cause: error })
    }
  }
}

function toHeaders(raw: InjectResponse['headers']): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
  }
  return headers
}

/** Sends through `app.inject()`. */
export function injectTransport(app: InjectTarget): Transport {
  return async (request) => {
    const response = await app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.body })
    return { status: response.statusCode, headers: toHeaders(response.headers), text: async () => response.body }
  }
}
