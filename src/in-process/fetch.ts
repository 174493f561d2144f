/**
 * @module in-process/fetch
 * A web `Request` served by the application, answered with a web `Response`: the request enters
 * the pipeline as an in-process pair (serve/entry), and the response is built from what the pair
 * received — at once from a body ended in one piece, or as a stream from the first byte written
 * (with back pressure; a consumer that cancels the body ends the response as a client that goes
 * away would). The request's `signal` aborting does the same.
 */
import { codes } from '../core/errors.js'
import type { RootState } from '../model/root-state.js'
import { serveRequest } from '../serve/entry.js'
import { answerBytes, formatError } from '../serve/error-format.js'
import { clientErrorAnswer, refusedFraming, type PlainAnswer } from './client-error.js'
import { headerPairs } from './headers.js'
import { InProcessRequest, type BodySource, type InProcessHeaders } from './request.js'
import { InProcessResponse, type ResponseDelivery } from './response.js'

/** What a runtime passes along with a web Request (`request.raw.platform` for a fetch). */
export interface FetchPlatform {
  /** The web Request being served. */
  request: Request
  /** The second argument of the call: Cloudflare's bindings (`env`), Bun's `Server`, Deno's `ServeHandlerInfo`. */
  env: unknown
  /** The third: Cloudflare's `ExecutionContext` (`waitUntil`, `passThroughOnException`). */
  ctx: unknown
}

/** The path and query of an absolute URL (`http://host/a?b` gives `/a?b`), without parsing the rest. */
export function pathOf(url: string): string {
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

/** The request headers as Node has them: lower-case names, repeated ones joined (cookies with `; `). */
function headersOf(request: Request): InProcessHeaders {
  const headers: InProcessHeaders = {}
  for (const [name, value] of request.headers) {
    const previous = headers[name]
    headers[name] = previous === undefined ? value : `${previous as string}${name === 'cookie' ? '; ' : ', '}${value}`
  }
  if (headers.host === undefined) {
    const host = hostOf(request.url)
    if (host !== '') headers.host = host
  }
  return headers
}

interface BunServer { requestIP(request: Request): { address: string } | null }
interface DenoInfo { remoteAddr?: { hostname?: string } }
interface WorkersContext { passThroughOnException?: unknown }

/**
 * The client's address as the runtime tells it: Bun's `server.requestIP()`, Deno's
 * `info.remoteAddr`, or on Cloudflare Workers the `cf-connecting-ip` header Cloudflare's edge sets
 * (and overwrites, so a client cannot forge it) — read only when the call has Workers' context.
 */
function remoteAddressOf(request: Request, env: unknown, ctx: unknown): string | undefined {
  if (env !== null && typeof env === 'object') {
    if (typeof (env as BunServer).requestIP === 'function') return (env as BunServer).requestIP(request)?.address ?? undefined
    const hostname = (env as DenoInfo).remoteAddr?.hostname
    if (typeof hostname === 'string') return hostname
  }
  if (ctx !== null && typeof ctx === 'object' && typeof (ctx as WorkersContext).passThroughOnException === 'function') {
    return request.headers.get('cf-connecting-ip') ?? undefined
  }
  return undefined
}

/** The body to read: the Request's stream, nothing, or — once consumed — an error for its reader. */
function bodyOf(request: Request, headers: InProcessHeaders): BodySource {
  if (request.bodyUsed) return new codes.SVC_ERR_REQ_BODY_CONSUMED()
  const body = request.body
  if (body === null) return null
  // a body of unknown length, as a chunked message has: the pipeline then knows there is one to read
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) headers['transfer-encoding'] = 'chunked'
  return body
}

/** Bytes queued in a streamed Response before a writer is asked to wait. */
const streamHighWaterMark = 64 * 1024
const byteSize = (chunk: Uint8Array): number => chunk.byteLength

/** Statuses a Response may not have a body with. */
function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 103 || status === 204 || status === 205 || status === 304
}

/** Builds the web Response of an in-process response; see the module comment. */
class FetchDelivery implements ResponseDelivery {
  readonly streams = true
  readonly #root: RootState
  readonly #resolve: (response: Response) => void
  readonly #reject: (error: Error) => void
  #controller: ReadableStreamDefaultController<Uint8Array> | null = null
  #open = false

  constructor(root: RootState, resolve: (response: Response) => void, reject: (error: Error) => void) {
    this.#root = root
    this.#resolve = resolve
    this.#reject = reject
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
          res.destroy()
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

  abort(error: Error | undefined): void {
    if (this.#open) {
      this.#open = false
      this.#controller?.error(error ?? new Error('The response was destroyed before its end'))
      return
    }
    // destroyed before anything was sent: the call fails, as a socket would be reset
    if (this.#controller === null) this.#reject(error ?? new Error('The response was destroyed before it was sent'))
  }

  #respond(res: InProcessResponse, body: Buffer | string | ReadableStream<Uint8Array> | null): void {
    const status = res.statusCode
    try {
      this.#resolve(new Response(isNullBodyStatus(status) ? null : body, {
        status,
        statusText: res.statusMessage,
        headers: headerPairs(res.outgoingHeaders),
      }))
    } catch (error) {
      // a status a Response cannot have (1xx, 600 and above): the client gets a 500 and the log says why
      const failure = status < 200 || status > 599 ? new codes.SVC_ERR_FETCH_RESPONSE_STATUS(status) : (error as Error)
      this.#root.logger.error({ err: failure }, 'the response could not be built as a web Response')
      this.#resolve(lastResortResponse(this.#root, failure, res.req.url))
    }
  }
}

/** The 500 of a response that could not be built, in the application's `errorFormat`. */
function lastResortResponse(root: RootState, failure: Error, url: string | undefined): Response {
  const options = root.options
  const site = { status: 500, url, exposeServerErrors: options.exposeServerErrors, serverFault: true, request: null, reply: null, log: root.logger }
  const answer = formatError(options.errorFormat, failure, site)
  return new Response(answerBytes(answer), { status: answer.status, headers: { 'content-type': answer.contentType } })
}

/** Serves a web Request; `env` and `ctx` are what the runtime passed after it (see {@link FetchPlatform}). */
export function serveFetch(root: RootState, request: Request, env?: unknown, ctx?: unknown): Promise<Response> {
  const headers = headersOf(request)
  const refused = refusedFraming(headers)
  if (refused !== null) return Promise.resolve(plainResponse(clientErrorAnswer(root, refused)))
  return new Promise((resolve, reject) => {
    const url = request.url
    const req = new InProcessRequest({
      method: request.method,
      url: pathOf(url),
      headers,
      body: bodyOf(request, headers),
      remoteAddress: remoteAddressOf(request, env, ctx),
      encrypted: url.startsWith('https:'),
    })
    req.platform = { request, env, ctx } satisfies FetchPlatform
    const res = new InProcessResponse(req, new FetchDelivery(root, resolve, reject))
    followClientSignal(request.signal, res)
    serveRequest(root, req as never, res as never)
  })
}

function plainResponse(answer: PlainAnswer): Response {
  return new Response(answer.body, { status: answer.statusCode, headers: answer.headers })
}

/** The client going away (the runtime aborts the Request's signal) ends the response as a closed socket would. */
function followClientSignal(signal: AbortSignal | undefined, res: InProcessResponse): void {
  if (signal === undefined || signal === null) return
  if (signal.aborted) return void process.nextTick(() => res.destroy())
  const onAbort = (): void => void res.destroy()
  signal.addEventListener('abort', onAbort, { once: true })
  res.once('close', () => signal.removeEventListener('abort', onAbort))
}
