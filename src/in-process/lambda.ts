/**
 * @module in-process/lambda
 * An AWS Lambda HTTP event served by the application, its response returned whole or streamed; an
 * event of no known format is answered 500 and logged once.
 */
import { Buffer } from 'node:buffer'
import { STATUS_CODES } from 'node:http'
import { codes } from '../core/errors.js'
import type { RootState } from '../model/root-state.js'
import { serveRequest } from '../serve/entry.js'
import { answerBytes, formatError } from '../serve/error-format.js'
import type { LambdaContext, LambdaHttpResult, LambdaResponseStream } from '../types/lambda.js'
import { clientErrorAnswer, refusedHeaders, type PlainAnswer } from './client-error.js'
import { requestOfEvent, resultOf, type LambdaRequest } from './lambda-event.js'
import { InProcessRequest } from './request.js'
import { InProcessResponse, type ResponseDelivery } from './response.js'

export interface LambdaPlatform {
  event: unknown
  context: LambdaContext | undefined
}

/** Describes an event for the log, without body or headers (they may hold secrets). */
function describe(event: unknown): string {
  if (typeof event !== 'object' || event === null) return `got ${event === null ? 'null' : typeof event}`
  return `got an object with the keys ${Object.keys(event).slice(0, 12).join(', ') || '(none)'}`
}

/** An event to serve, or the answer to one that cannot be served: with its request when the event's format is known, to answer in it. */
type EventRead = LambdaRequest | { answer: PlainAnswer; request: LambdaRequest | null }

function readEvent(root: RootState, event: unknown, basePath: string): EventRead {
  const request = requestOfEvent(event, basePath)
  if (request === null) {
    const error = new codes.SVC_ERR_LAMBDA_EVENT_UNSUPPORTED(describe(event))
    root.logger.error({ err: error }, error.message)
    return { answer: unsupportedEventAnswer(root, error), request: null }
  }
  const refused = refusedHeaders(request.init.headers)
  return refused === null ? request : { answer: clientErrorAnswer(root, refused), request }
}

/** An answer given without serving the event: in the event's result format when it is known, else the plain one every integration reads. */
function resultOfAnswer(read: { answer: PlainAnswer; request: LambdaRequest | null }): LambdaHttpResult {
  const { answer, request } = read
  if (request === null) return { ...answer, isBase64Encoded: false }
  return resultOf(request, answer.statusCode, STATUS_CODES[answer.statusCode] ?? 'unknown', answer.headers, Buffer.from(answer.body))
}

/** The 500 of an event no format matches, in the application's error format (its message names no secret). */
function unsupportedEventAnswer(root: RootState, error: Error): PlainAnswer {
  const site = { status: 500, url: undefined, exposeServerErrors: true, serverFault: true, request: null, reply: null, log: root.logger }
  const answer = formatError(root.options.errorFormat, error, site)
  const bytes = answerBytes(answer)
  return { statusCode: answer.status, headers: { 'content-type': answer.contentType }, body: typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString() }
}

function isRequest(value: object): value is LambdaRequest {
  return 'init' in value
}

function pairOf(request: LambdaRequest, event: unknown, context: LambdaContext | undefined, delivery: ResponseDelivery): InProcessResponse {
  const req = new InProcessRequest(request.init)
  req.platform = { event, context } satisfies LambdaPlatform
  return new InProcessResponse(req, delivery)
}

/** Applications told that their ALB target group drops cookies: once each, not per response. */
const toldOfDroppedCookies = new WeakSet<RootState>()

/**
 * A single-value ALB result holds one `set-cookie`: the last is sent. Joined, cookies would be one
 * malformed cookie (`Expires` holds a comma); the cure is the target group's multi-value headers.
 */
function warnOfDroppedCookies(root: RootState, request: LambdaRequest, headers: InProcessResponse['outgoingHeaders']): void {
  const cookies = headers['set-cookie']
  if (request.multiValue || request.format !== 'alb' || !Array.isArray(cookies) || cookies.length < 2 || toldOfDroppedCookies.has(root)) return
  toldOfDroppedCookies.add(root)
  root.logger.warn(`warren/lambda: this ALB target group has multi-value headers off, so a response carries one set-cookie header: ${cookies.length - 1} of ${cookies.length} cookies were dropped (turn on multi-value headers to send them all)`)
}

class BufferedDelivery implements ResponseDelivery {
  readonly streams = false
  constructor(
    private readonly root: RootState,
    private readonly request: LambdaRequest,
    private readonly resolve: (result: LambdaHttpResult) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  whole(res: InProcessResponse, body: Buffer | string | null): void {
    const bytes = body === null ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body
    warnOfDroppedCookies(this.root, this.request, res.outgoingHeaders)
    this.resolve(resultOf(this.request, res.statusCode, res.statusMessage, res.outgoingHeaders, bytes))
  }

  open(): void {}

  chunk(): boolean {
    return true
  }

  end(): void {}

  abort(error: Error | undefined): void {
    // the invocation fails: API Gateway answers 502, as for a reset connection
    this.reject(error ?? new Error('The response was destroyed before its end'))
  }
}

export function serveLambdaEvent(root: RootState, event: unknown, context: LambdaContext | undefined, basePath: string): Promise<LambdaHttpResult> {
  const read = readEvent(root, event, basePath)
  if (!isRequest(read)) return Promise.resolve(resultOfAnswer(read))
  return new Promise((resolve, reject) => {
    const res = pairOf(read, event, context, new BufferedDelivery(root, read, resolve, reject))
    serveRequest(root, res.req as never, res as never)
  })
}

interface HttpResponseStreamFactory {
  from(stream: LambdaResponseStream, prelude: { statusCode: number; headers?: Record<string, string>; cookies?: string[] }): LambdaResponseStream
}

function httpResponseStream(): HttpResponseStreamFactory {
  const factory = (globalThis as { awslambda?: { HttpResponseStream?: HttpResponseStreamFactory } }).awslambda?.HttpResponseStream
  if (factory === undefined) throw new Error('Response streaming needs the awslambda.HttpResponseStream of Lambda\'s Node.js runtime: wrap the handler with awslambda.streamifyResponse()')
  return factory
}

class StreamedDelivery implements ResponseDelivery {
  readonly streams = true
  #out: LambdaResponseStream | null = null
  constructor(
    private readonly request: LambdaRequest,
    private readonly target: LambdaResponseStream,
    private readonly done: (error?: Error) => void,
  ) {}

  whole(res: InProcessResponse, body: Buffer | string | null): void {
    this.open(res)
    const out = this.#out as LambdaResponseStream
    if (body !== null && body.length > 0) out.end(typeof body === 'string' ? Buffer.from(body) : body)
    else out.end()
    this.done()
  }

  open(res: InProcessResponse): void {
    // the head in the 2.0 format (what function URLs and streaming integrations read)
    const head = resultOf({ ...this.request, format: 'v2', multiValue: false }, res.statusCode, res.statusMessage, res.outgoingHeaders, Buffer.alloc(0))
    const out = (this.#out = httpResponseStream().from(this.target, { statusCode: head.statusCode, headers: head.headers, cookies: head.cookies }))
    out.on('drain', () => res.resumeWriting())
    out.once('close', () => res.destroy())
    out.once('error', (error: Error) => res.destroy(error))
  }

  chunk(piece: Uint8Array): boolean {
    return (this.#out as LambdaResponseStream).write(piece)
  }

  end(): void {
    ;(this.#out as LambdaResponseStream).end()
    this.done()
  }

  abort(error: Error | undefined): void {
    this.done(error ?? new Error('The response was destroyed before its end'))
  }
}

export function streamLambdaEvent(root: RootState, event: unknown, responseStream: LambdaResponseStream, context: LambdaContext | undefined, basePath: string): Promise<void> {
  const read = readEvent(root, event, basePath)
  if (!isRequest(read)) {
    const { statusCode, headers, body } = read.answer
    const out = httpResponseStream().from(responseStream, { statusCode, headers })
    out.end(body)
    return Promise.resolve()
  }
  return new Promise((resolve, reject) => {
    const res = pairOf(read, event, context, new StreamedDelivery(read, responseStream, (error) => (error === undefined ? resolve() : reject(error))))
    serveRequest(root, res.req as never, res as never)
  })
}
