/**
 * @module client/transport
 * How a call reaches the server: `fetch` to a base URL, or an application's `inject()`; nothing of
 * the server is imported.
 */
import { WarrenClientError } from './errors.js'
import type { ResponseLike } from './response.js'

export interface OutgoingRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: string | undefined
  signal?: AbortSignal
}

export type Transport = (request: OutgoingRequest) => Promise<ResponseLike>

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<ResponseLike>

interface InjectResponse {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

export interface InjectTarget {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload?: string }): PromiseLike<InjectResponse>
}

/** A failed fetch (refused, reset, aborted) is a `CLIENT_ERR_NETWORK`. */
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

/** A web-standard fetch handler answering in-process: `app.fetch`, a Worker's `fetch`. */
export type FetchHandler = (request: Request) => Promise<ResponseLike>

/** Each call as a web `Request` to `handler`, no socket in between; a throw is a `CLIENT_ERR_NETWORK` as a failed fetch is. */
export function handlerTransport(baseUrl: string, handler: FetchHandler): Transport {
  return fetchTransport(baseUrl, (input, init) => handler(new Request(input, init)))
}

function toHeaders(raw: InjectResponse['headers']): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
  }
  return headers
}

export function injectTransport(app: InjectTarget): Transport {
  return async (request) => {
    const response = await app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.body })
    return { status: response.statusCode, headers: toHeaders(response.headers), text: async () => response.body }
  }
}
