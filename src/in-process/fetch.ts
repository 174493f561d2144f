/**
 * @module in-process/fetch
 * A web `Request` served as an in-process pair and answered with a web `Response`, built at once
 * from a whole body or streamed with back pressure; a cancelled body or aborted signal ends it.
 */
import { codes } from '../core/errors.js'
import type { RootState } from '../model/root-state.js'
import { serveRequest } from '../serve/entry.js'
import { answerBytes, formatError } from '../serve/error-format.js'
import { clientErrorAnswer, refusedLength, type PlainAnswer } from './client-error.js'
import { responseHeaders } from './headers.js'
import { appendHeader, DeferredBody, InProcessRequest, type BodySource, type InProcessHeaders } from './request.js'
import { InProcessResponse, type ResponseDelivery } from './response.js'
import { bodyUnlessEmpty } from './unframed-body.js'

export interface FetchPlatform {
  request: Request
  /** Cloudflare's bindings (`env`), Bun's `Server`, Deno's `ServeHandlerInfo`. */
  env: unknown
  /** Cloudflare's `ExecutionContext`. */
  ctx: unknown
}

function pathOf(url: string): string {
  const scheme = url.indexOf('://')
  if (scheme === -1) return url.startsWith('/') ? url : '/' + url
  const slash = url.indexOf('/', scheme + 3)
  if (slash !== -1) return url.slice(slash)
  const query = url.indexOf('?', scheme + 3)
  return query === -1 ? '/' : '/' + url.slice(query)
}

function hostOf(url: string): string {
  const scheme = url.indexOf('://')
  if (scheme === -1) return ''
  const start = scheme + 3
  let end = start
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++
  return url.slice(start, end)
}

/** Bun's `Headers` copy themselves into a record in one native call. */
interface RecordingHeaders extends Headers {
  toJSON(): Record<string, string | string[]>
}

/** Node's record of the request's headers, made only when someone reads `req.headers`; a body of unknown length marked chunked, as Node's parser does. */
function headersOf(request: Request, unsized: boolean): InProcessHeaders {
  const source = request.headers
  const headers = typeof (source as Partial<RecordingHeaders>).toJSON === 'function' ? recordOf(source as RecordingHeaders) : pairsOf(source)
  if (headers.host === undefined) {
    const host = hostOf(request.url)
    if (host !== '') headers.host = host
  }
  if (unsized && headers['transfer-encoding'] === undefined) headers['transfer-encoding'] = 'chunked'
  return headers
}

function pairsOf(source: Headers): InProcessHeaders {
  const headers: InProcessHeaders = {}
  for (const [name, value] of source) appendHeader(headers, name, value)
  return headers
}

/**
 * Bun's record joins repeated values as iterating does (`cookie` with `; `, others with `, `) and
 * keeps `set-cookie` a list, as Node's does. Given the prototype Node's record has; a `__proto__`
 * header, which Node's record cannot hold, is dropped as it is there.
 */
function recordOf(source: RecordingHeaders): InProcessHeaders {
  const headers = Object.setPrototypeOf(source.toJSON(), Object.prototype) as Record<string, string | string[] | undefined>
  const cookies = headers['set-cookie']
  if (typeof cookies === 'string') headers['set-cookie'] = [cookies]
  if (Object.hasOwn(headers, '__proto__')) delete headers['__proto__']
  return headers as InProcessHeaders
}

interface BunServer { requestIP(request: Request): { address: string } | null }
interface DenoInfo { remoteAddr?: { hostname?: string } }
interface WorkersContext { passThroughOnException?: unknown }

/** The client's address from Bun's `requestIP()`, Deno's `remoteAddr`, or Workers' `cf-connecting-ip` (set by the edge, unforgeable). */
function remoteAddressOf(request: Request, env: unknown, ctx: unknown): string | undefined {
  if (env !== null && typeof env === 'object') {
    if (isBunServer(env)) return env.requestIP(request)?.address ?? undefined
    const hostname = (env as DenoInfo).remoteAddr?.hostname
    if (typeof hostname === 'string') return hostname
  }
  if (ctx !== null && typeof ctx === 'object' && typeof (ctx as WorkersContext).passThroughOnException === 'function') {
    return request.headers.get('cf-connecting-ip') ?? undefined
  }
  return undefined
}

/** Bun's `text()` drops one leading byte order mark, as the Encoding standard decodes (Node's undici drops every one). */
const onBun = typeof (globalThis as { Bun?: unknown }).Bun === 'object'

function isBunServer(env: unknown): env is BunServer {
  return env !== null && typeof env === 'object' && typeof (env as BunServer).requestIP === 'function'
}

/**
 * The `content-length` to frame the body by. Bun's parser refuses a malformed one before the request
 * reaches us, so one it made without a body needs no header read (Bun copies them all on first read).
 * Asked of GET and HEAD only: for a request with a body, `request.body` would make a stream.
 */
function declaredLength(request: Request, method: string, fromBunServer: boolean): string | null {
  if ((method === 'GET' || method === 'HEAD') && fromBunServer && request.body === null) return null
  return request.headers.get('content-length')
}

/** The longest declared body read in one call; a longer one streams, so a stream parser gets it as it arrives. */
const wholeBodyMax = 64 * 1024

/** The declared length, or -1 for none; a repeated one `refusedLength` let through (`5, 5`) is NaN, and the body streams. */
function lengthOf(declared: string | null): number {
  return declared === null ? -1 : Number(declared)
}

/**
 * A short body of declared length is read in one call, and `bodyLimit` is checked first. On Bun's
 * server, whose parser holds a body to its declared length, a parser that drops a byte order mark
 * may have it as `text()`, which needs no measuring (what the JSON parser takes on Bun.serve).
 */
function bodyOf(request: Request, declared: string | null, framed: boolean): BodySource {
  if (request.bodyUsed) return new codes.SVC_ERR_REQ_BODY_CONSUMED()
  const length = lengthOf(declared)
  if (length > 0 && length <= wholeBodyMax) return new DeferredBody(request, framed)
  return request.body
}

/** A streamed body (the request's own stream) whose request does not name its length. */
function isUnsized(declared: string | null, body: BodySource): boolean {
  return declared === null && body !== null && !(body instanceof DeferredBody) && !(body instanceof Error)
}

const streamHighWaterMark = 64 * 1024
const clientClosedRequest = 499
const byteSize = (chunk: Uint8Array): number => chunk.byteLength

function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 103 || status === 204 || status === 205 || status === 304
}

class FetchDelivery implements ResponseDelivery {
  readonly streams = true
  readonly #root: RootState
  readonly #resolve: (response: Response) => void
  readonly #reject: (error: Error) => void
  readonly #request: Request
  #controller: ReadableStreamDefaultController<Uint8Array> | null = null
  #open = false

  constructor(root: RootState, request: Request, resolve: (response: Response) => void, reject: (error: Error) => void) {
    this.#root = root
    this.#request = request
    this.#resolve = resolve
    this.#reject = reject
  }

  /** The client's signal ends the response when it aborts. */
  followClient(res: InProcessResponse): void {
    const signal = this.#request.signal as AbortSignal | undefined | null
    if (signal === undefined || signal === null) return
    if (signal.aborted) return res.clientLeft()
    const onAbort = (): void => res.clientLeft()
    signal.addEventListener('abort', onAbort, { once: true })
    res.once('close', () => signal.removeEventListener('abort', onAbort))
  }

  whole(res: InProcessResponse, body: Buffer | string | null): void {
    this.#respond(res, body)
  }

  open(res: InProcessResponse): void {
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller
        },
        pull: () => res.resumeWriting(),
        cancel: () => {
          this.#open = false
          res.clientLeft()
        },
      },
      { highWaterMark: streamHighWaterMark, size: byteSize },
    )
    this.#open = true
    this.#respond(res, stream)
  }

  chunk(piece: Uint8Array): boolean {
    if (!this.#open) return false
    const controller = this.#controller as ReadableStreamDefaultController<Uint8Array>
    controller.enqueue(piece)
    return (controller.desiredSize ?? 0) > 0
  }

  end(): void {
    if (!this.#open) return
    this.#open = false
    this.#controller?.close()
  }

  /**
   * Destroyed by the application, the answer fails: a streamed body errors (the runtime cuts the
   * connection, so the client sees it truncated) and an answer not yet given rejects. Ended because
   * the client left, it ends quietly, since nobody reads it and runtimes log failed handlers: the
   * body closes, and the answer is an empty 499 (nginx's "client closed request").
   */
  abort(error: Error | undefined, clientLeft: boolean): void {
    if (this.#open) {
      this.#open = false
      if (clientLeft) closeQuietly(this.#controller)
      else this.#controller?.error(error ?? new Error('The response was destroyed before its end'))
      return
    }
    if (this.#controller !== null) return
    if (clientLeft) this.#resolve(new Response(null, { status: clientClosedRequest }))
    else this.#reject(error ?? new Error('The response was destroyed before it was sent'))
  }

  #respond(res: InProcessResponse, body: Buffer | string | ReadableStream<Uint8Array> | null): void {
    const status = res.statusCode
    try {
      this.#resolve(new Response(isNullBodyStatus(status) ? null : body, {
        status,
        statusText: res.statusMessage,
        headers: responseHeaders(res.outgoingHeaders),
      }))
    } catch (error) {
      const failure = status < 200 || status > 599 ? new codes.SVC_ERR_FETCH_RESPONSE_STATUS(status) : (error as Error)
      this.#root.logger.error({ err: failure }, 'the response could not be built as a web Response')
      this.#resolve(lastResortResponse(this.#root, failure, res.req.url))
    }
  }
}

/** A stream the runtime already cancelled refuses `close()`: it is closed either way. */
function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array> | null): void {
  try {
    controller?.close()
  } catch {
    // closed already
  }
}

function lastResortResponse(root: RootState, failure: Error, url: string | undefined): Response {
  const options = root.options
  const site = { status: 500, url, exposeServerErrors: options.exposeServerErrors, serverFault: true, request: null, reply: null, log: root.logger }
  const answer = formatError(options.errorFormat, failure, site)
  return new Response(answerBytes(answer), { status: answer.status, headers: { 'content-type': answer.contentType } })
}

export function serveFetch(root: RootState, request: Request, env?: unknown, ctx?: unknown): Promise<Response> {
  // the framing is read from the web Request: Node's header record is made only if someone reads it
  const method = request.method
  const fromBunServer = isBunServer(env)
  const declared = declaredLength(request, method, fromBunServer)
  const refused = refusedLength(declared)
  if (refused !== null) return Promise.resolve(plainResponse(clientErrorAnswer(root, refused)))
  if (root.methods.hasBody(method) && isUnframed(request, declared)) {
    return bodyUnlessEmpty(request.body as ReadableStream<Uint8Array>).then((body) => exchange(root, request, method, env, ctx, declared, body))
  }
  return exchange(root, request, method, env, ctx, declared, bodyOf(request, declared, onBun && fromBunServer))
}

/** A body stream no header frames, of a method that takes a body: it may hold nothing (see {@link bodyUnlessEmpty}). */
function isUnframed(request: Request, declared: string | null): boolean {
  return declared === null && request.body !== null && !request.bodyUsed && request.headers.get('transfer-encoding') === null
}

function exchange(root: RootState, request: Request, method: string, env: unknown, ctx: unknown, declared: string | null, body: BodySource): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = request.url
    const unsized = isUnsized(declared, body)
    const req = new InProcessRequest({
      method,
      url: pathOf(url),
      headers: () => headersOf(request, unsized),
      body,
      remoteAddress: () => remoteAddressOf(request, env, ctx),
      encrypted: url.startsWith('https:'),
      failedBodyIsClientLeaving: true,
    })
    req.platform = { request, env, ctx } satisfies FetchPlatform
    const res = new InProcessResponse(req, new FetchDelivery(root, request, resolve, reject))
    serveRequest(root, req as never, res as never)
  })
}

function plainResponse(answer: PlainAnswer): Response {
  return new Response(answer.body, { status: answer.statusCode, headers: answer.headers })
}
