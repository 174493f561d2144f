/**
 * @module client/in-process-transport
 * Calls answered in the same process, through a fetch handler (`app.fetch`) or `inject()`: framed,
 * aborted and decoded as a call over a socket is, so a test sees what a remote client sees.
 */
import { WarrenClientError } from './errors.js'
import type { ResponseLike } from './response.js'
import { fetchTransport, isStream, namesHeader, type OutgoingRequest, type Transport } from './transport.js'

/** A web-standard fetch handler answering in-process: `app.fetch`, a Worker's `fetch`. */
export type FetchHandler = (request: Request) => Promise<Response>

interface InjectResponse {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
  rawPayload?: Uint8Array
}

export interface InjectTarget {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload?: string | Uint8Array; signal?: AbortSignal }): PromiseLike<InjectResponse>
}

type BodyInitValue = ConstructorParameters<typeof Response>[0]

/**
 * A body read whole, as the bytes and the content type fetch would send (a form's boundary, a
 * Blob's type), with its `content-length`: a server reads a body of known length at once. A stream
 * stays a stream.
 */
async function framed(request: OutgoingRequest): Promise<{ body: string | Uint8Array | ReadableStream<Uint8Array> | undefined; headers: Record<string, string> }> {
  const { body } = request
  if (body === undefined || isStream(body)) return { body, headers: request.headers }
  const encoded = new Response(body as BodyInitValue)
  const bytes = new Uint8Array(await encoded.arrayBuffer())
  const headers: Record<string, string> = { ...request.headers, 'content-length': String(bytes.byteLength) }
  const type = encoded.headers.get('content-type')
  if (type !== null && !namesHeader(headers, 'content-type')) headers['content-type'] = type
  return { body: typeof body === 'string' ? body : bytes, headers }
}

/** Settles as `work` does, or rejects as soon as the call's signal aborts, as a fetch does. */
function abortable<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
  if (signal === undefined) return work
  if (signal.aborted) {
    // the call is over; what the work answers (an abort of its own, often) is nobody's to handle
    work.catch(() => {})
    return Promise.reject(signal.reason)
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** The encodings a fetch over a socket decodes, which the runtime's `DecompressionStream` knows. */
const decodable = new Set(['gzip', 'x-gzip', 'deflate'])

/** The answer's bytes as fetch gives them: a compressed body decoded, a leading byte order mark dropped from text. */
function decodedResponse(status: number, headers: Headers, bytes: Uint8Array | ReadableStream<Uint8Array> | null): ResponseLike {
  const encoding = headers.get('content-encoding')?.trim().toLowerCase()
  let body = bytes as BodyInitValue
  if (bytes !== null && encoding !== undefined && decodable.has(encoding) && typeof DecompressionStream === 'function') {
    body = new Response(body).body?.pipeThrough(new DecompressionStream(encoding === 'x-gzip' ? 'gzip' : (encoding as 'gzip' | 'deflate'))) as BodyInitValue
  }
  // a Response's text() drops one leading byte order mark, as fetch's does
  const decoded = new Response(body)
  return { status, headers, text: () => decoded.text(), arrayBuffer: () => decoded.arrayBuffer() }
}

/** Each call as a web `Request` to `handler`, no socket in between; a throw is a `CLIENT_ERR_NETWORK` as a failed fetch is. */
export function handlerTransport(baseUrl: string, handler: FetchHandler): Transport {
  const send = fetchTransport(baseUrl, async (input, init) => {
    const response = await abortable(init.signal, handler(new Request(input, init as RequestInit)))
    return decodedResponse(response.status, response.headers, response.body)
  })
  return async (request) => send({ ...request, ...(await framed(request)) })
}

function toHeaders(raw: InjectResponse['headers']): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
  }
  return headers
}

/** `inject()` sends a Node `Buffer` as bytes and any other object as JSON; the client imports nothing of Node, so it finds `Buffer` where inject runs. */
function asBuffer(bytes: Uint8Array): Uint8Array {
  const NodeBuffer = (globalThis as { Buffer?: { from(bytes: Uint8Array): Uint8Array } }).Buffer
  return NodeBuffer === undefined ? bytes : NodeBuffer.from(bytes)
}

/** `inject()` takes a whole payload: a stream is read first. */
async function injectPayload(body: string | Uint8Array | ReadableStream<Uint8Array> | undefined): Promise<string | Uint8Array | undefined> {
  if (body === undefined || typeof body === 'string') return body
  return asBuffer(isStream(body) ? new Uint8Array(await new Response(body).arrayBuffer()) : body)
}

export function injectTransport(app: InjectTarget): Transport {
  return async (request) => {
    const { body, headers } = await framed(request)
    let response: InjectResponse
    try {
      response = await abortable(request.signal, Promise.resolve(app.inject({ method: request.method, url: request.url, headers, payload: await injectPayload(body), ...(request.signal === undefined ? {} : { signal: request.signal }) })))
    } catch (error) {
      throw new WarrenClientError('CLIENT_ERR_NETWORK', `${request.method} ${request.url} failed: ${(error as Error).message}`, { cause: error })
    }
    return decodedResponse(response.statusCode, toHeaders(response.headers), response.rawPayload ?? new TextEncoder().encode(response.body))
  }
}
