/**
 * @module in-process/request
 * The request half of the in-process pair (`request.raw` for `app.fetch`, `inject()`, Lambda): an
 * `IncomingMessage` stand-in whose body is read from its source only when someone reads it.
 */
import { Buffer } from 'node:buffer'
import { Readable } from 'node:stream'
import { aborted, type BodyForm, type WholeBodyTarget } from '../content-type/body-reader.js'
import { kReadWholeBody } from '../core/symbols.js'
import { LazyEventEmitter } from './lazy-emitter.js'
import { InProcessSocket } from './socket.js'

export type InProcessHeaders = Record<string, string | string[] | undefined>

/** The headers of which Node keeps the first value when one is received several times. */
const singleValued = new Set(['age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since', 'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after', 'server', 'user-agent'])

/** A header received with several values, as Node's record holds it: `set-cookie` a list, a single-valued header its first, `cookie` joined with `; `, any other with `, `. */
export function receivedHeader(name: string, values: readonly string[]): string | string[] {
  if (name === 'set-cookie') return [...values]
  if (singleValued.has(name)) return values[0] as string
  return values.join(separatorOf(name))
}

/** How Node joins the values of a repeated header into one line. */
function separatorOf(name: string): string {
  return name === 'cookie' ? '; ' : ', '
}

/** Adds a value to a header already received, as Node's record does: `set-cookie` a list, a single-valued header keeps its first, `cookie` joined with `; `, any other with `, `. */
export function appendHeader(headers: InProcessHeaders, name: string, value: string): void {
  const previous = headers[name]
  if (previous === undefined) headers[name] = name === 'set-cookie' ? [value] : value
  else if (Array.isArray(previous)) previous.push(value)
  else if (!singleValued.has(name)) headers[name] = `${previous}${separatorOf(name)}${value}`
}

/**
 * A web Request's body read whole in one call when read (`arrayBuffer()`); cancelled when nobody
 * will. `text()` (which drops a leading byte order mark) serves a text parser when the runtime holds
 * the body to its declared length, which is then not empty (`textIsWhole`).
 */
export class DeferredBody {
  readonly #request: Request
  readonly textIsWhole: boolean

  constructor(request: Request, textIsWhole: boolean) {
    this.#request = request
    this.textIsWhole = textIsWhole
  }

  read(): Promise<ArrayBuffer> {
    return this.#request.arrayBuffer()
  }

  readText(): Promise<string> {
    return this.#request.text()
  }

  discard(): void {
    if (!this.#request.bodyUsed) this.#request.body?.cancel().catch(ignore)
  }
}

export type BodySource = string | Uint8Array | ReadableStream<Uint8Array> | NodeJS.ReadableStream | DeferredBody | Error | null

/** The headers, or how to make them when first read (a web Request's, which many requests never read). */
export type HeaderSource = InProcessHeaders | (() => InProcessHeaders)

export interface InProcessRequestInit<Headers extends HeaderSource = InProcessHeaders> {
  method: string
  url: string
  headers: Headers
  body: BodySource
  /** The client's address, or how to find it when first asked (a runtime call most requests never need). */
  remoteAddress?: string | (() => string | undefined) | undefined
  encrypted?: boolean
  /**
   * A body the runtime failed to deliver means its client went away (a web Request's stream breaks
   * when the connection does): the exchange ends as an aborted socket's, not with a 400.
   */
  failedBodyIsClientLeaving?: boolean
}

// as Node's IncomingMessage: a body read to its end is not a destroyed request
const readableOptions = { autoDestroy: false }

type StreamState = object
const ReadableState = (Readable as unknown as { ReadableState: new (options: object, stream: Readable, isDuplex: boolean) => StreamState }).ReadableState

/**
 * A `Readable` whose stream state is built when first used: most requests are read whole or not at
 * all, and never touch it. Constructed as a {@link LazyEventEmitter} (what `Readable`'s constructor
 * adds is the state), with `Readable`'s prototype set below.
 */
export class InProcessRequest extends (LazyEventEmitter as unknown as typeof Readable) {
  method: string
  url: string
  declare readonly httpVersion: string
  declare readonly httpVersionMajor: number
  declare readonly httpVersionMinor: number
  declare readonly upgrade: boolean
  complete = false
  aborted = false
  platform: unknown = null
  /** The response half, told when someone listens for this half's `close` (see `followClient`), and when the client left. */
  response: { followClient(): void; clientLeft(): void } | null = null
  #headers: HeaderSource
  #trailers: Record<string, string> | null = null
  #rawTrailers: string[] | null = null
  #body: BodySource
  #socket: InProcessSocket | null = null
  readonly #remoteAddress: string | (() => string | undefined) | undefined
  readonly #encrypted: boolean
  readonly #failedBodyIsClientLeaving: boolean
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null
  /** The web stream's read under way, if any: a cancel waits for it (see {@link #releaseBody}). */
  #pendingRead: Promise<unknown> | null = null
  #reading = false
  /** Destroyed before its stream state was built: the state, if ever built, starts destroyed. */
  #destroyedEarly = false

  constructor(init: InProcessRequestInit<HeaderSource>) {
    super(readableOptions)
    this.method = init.method
    this.url = init.url
    this.#headers = init.headers
    this.#body = init.body
    this.#remoteAddress = init.remoteAddress
    this.#encrypted = init.encrypted === true
    this.#failedBodyIsClientLeaving = init.failedBodyIsClientLeaving === true
  }

  get _readableState(): StreamState {
    const state = new ReadableState(readableOptions, this, false)
    Object.defineProperty(this, '_readableState', { value: state, writable: true, configurable: true })
    if (this.#destroyedEarly) Readable.prototype.destroy.call(this)
    return state
  }

  #hasState(): boolean {
    return Object.hasOwn(this, '_readableState')
  }

  static {
    // the same for every request: kept on the prototype rather than stored in each
    Object.assign(this.prototype, { httpVersion: '1.1', httpVersionMajor: 1, httpVersionMinor: 1, upgrade: false })
  }

  static {
    // `Readable`'s own accessor reads the state: asked before the state is built, the early mark answers
    const readableDestroyed = Object.getOwnPropertyDescriptor(Readable.prototype, 'destroyed') as PropertyDescriptor
    Object.defineProperty(this.prototype, 'destroyed', {
      get(this: InProcessRequest): boolean {
        return this.#hasState() ? (readableDestroyed.get as () => boolean).call(this) : this.#destroyedEarly
      },
      set: readableDestroyed.set,
      configurable: true,
    })
  }

  /** Without a stream state nobody listens or reads: the body's source is released, and no events are due. */
  override destroy(error?: Error): this {
    if (this.#hasState() || error !== undefined) return super.destroy(error)
    if (this.#destroyedEarly) return this
    this.#destroyedEarly = true
    this.#releaseBody(null)
    return this
  }

  /** Node's header record, made from its source when first read. */
  get headers(): InProcessHeaders {
    const headers = this.#headers
    return typeof headers === 'function' ? (this.#headers = headers()) : headers
  }

  set headers(headers: InProcessHeaders) {
    this.#headers = headers
  }

  /** Made when first read, as the trailers below: a request's trailers are seldom asked for. */
  get trailers(): Record<string, string> {
    return (this.#trailers ??= {})
  }

  set trailers(trailers: Record<string, string>) {
    this.#trailers = trailers
  }

  get rawTrailers(): string[] {
    return (this.#rawTrailers ??= [])
  }

  set rawTrailers(trailers: string[]) {
    this.#rawTrailers = trailers
  }

  /** Made when first read: most requests never look. */
  get socket(): InProcessSocket {
    if (this.#socket !== null) return this.#socket
    const address = this.#remoteAddress
    return (this.#socket = new InProcessSocket(typeof address === 'function' ? address() : address, this.#encrypted))
  }

  get connection(): InProcessSocket {
    return this.socket
  }

  get rawHeaders(): string[] {
    const raw: string[] = []
    for (const name of Object.keys(this.headers)) {
      const value = this.headers[name]
      if (Array.isArray(value)) for (const item of value) raw.push(name, item)
      else if (value !== undefined) raw.push(name, value)
    }
    return raw
  }

  override on(event: string | symbol, listener: (...args: any[]) => void): this {
    if (signalsLeaving(event)) this.response?.followClient()
    return super.on(event, listener)
  }

  override addListener(event: string | symbol, listener: (...args: any[]) => void): this {
    return this.on(event, listener)
  }

  override once(event: string | symbol, listener: (...args: any[]) => void): this {
    if (signalsLeaving(event)) this.response?.followClient()
    return super.once(event, listener)
  }

  setTimeout(ms: number, callback?: () => void): this {
    this.socket.setTimeout(ms, callback)
    return this
  }

  override _read(): void {
    const body = this.#body
    if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
      this.#body = null
      if (body !== null && body.length > 0) this.push(body)
      return this.#end()
    }
    if (body instanceof Error) return void this.destroy(body)
    if (body instanceof DeferredBody) return this.#readDeferred(body)
    if (isWebStream(body)) return this.#readWeb(body)
    this.#readNode(body)
  }

  /** The body in one call, to `target`, when the transport holds it whole and nobody started reading the stream. */
  [kReadWholeBody](form: BodyForm, target: WholeBodyTarget): boolean {
    const body = this.#body
    if (typeof body === 'string' || body instanceof Uint8Array) {
      this.#body = null
      this.complete = true
      const whole = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength)
      // through a promise, as before: a throw from the reader's side stays an unhandled rejection
      void Promise.resolve(whole).then((read) => target.succeed(read))
      return true
    }
    if (!(body instanceof DeferredBody) || this.#reading) return false
    this.#reading = true
    const onFailure = (error: unknown): void => {
      this.#body = null
      this.aborted = true
      const failure = this.#bodyFailure(error)
      // after the exchange's `close`, which a client leaving has just scheduled: the abort is told first, as a socket tells it
      process.nextTick(() => target.fail(failure))
    }
    // one turn from the read to the target: the runtime's promise, no other in between
    if (form === 'text' && body.textIsWhole) body.readText().then((text) => target.succeed(this.#readToEnd(withLeadingMarks(text))), onFailure)
    else body.read().then((bytes) => target.succeed(this.#readToEnd(Buffer.from(bytes))), onFailure)
    return true
  }

  /** Read to its end: the stream, if read later, ends at once. */
  #readToEnd<Body>(body: Body): Body {
    this.#body = null
    this.complete = true
    return body
  }

  #end(): void {
    this.complete = true
    this.push(null)
  }

  #readDeferred(body: DeferredBody): void {
    if (this.#reading) return
    this.#reading = true
    body.read().then(
      (bytes) => {
        this.#body = null
        if (this.destroyed) return
        if (bytes.byteLength > 0) this.push(Buffer.from(bytes))
        this.#end()
      },
      (error: unknown) => {
        this.#body = null
        this.aborted = true
        this.destroy(this.#bodyFailure(error))
      },
    )
  }

  /** One chunk per `_read`: the stream is pulled as fast as the reader reads. */
  #readWeb(stream: ReadableStream<Uint8Array>): void {
    if (this.#reading) return
    this.#reading = true
    const reader = (this.#reader ??= stream.getReader())
    const read = reader.read()
    this.#pendingRead = read
    read.then(
      (chunk) => {
        this.#pendingRead = null
        this.#reading = false
        if (this.destroyed) return
        if (chunk.done) return this.#end()
        const value = chunk.value instanceof Uint8Array ? chunk.value : Buffer.from(String(chunk.value))
        if (this.push(value)) this.#readWeb(stream)
      },
      (error: unknown) => {
        this.#pendingRead = null
        this.#reading = false
        this.aborted = true
        this.destroy(this.#bodyFailure(error))
      },
    )
  }

  /** The error a failed read of the body ends the request with: Node's `aborted` when it means the client left (told to the response half). */
  #bodyFailure(error: unknown): Error {
    const failure = error instanceof Error ? error : new Error(String(error))
    if (!this.#failedBodyIsClientLeaving) return failure
    this.response?.clientLeft()
    return Object.assign(aborted(), { cause: failure })
  }

  #readNode(stream: NodeJS.ReadableStream): void {
    if (this.#reading) return void stream.resume()
    this.#reading = true
    stream.on('data', (chunk: Buffer | string) => {
      if (!this.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) stream.pause()
    })
    stream.once('end', () => this.#end())
    stream.once('error', (error: Error) => this.destroy(error))
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#releaseBody(error)
    callback(error)
  }

  /** A body not read to its end stops here: nothing more of it is produced. */
  #releaseBody(error: Error | null): void {
    const body = this.#body
    this.#body = null
    if (this.#reader !== null) cancelAfter(this.#pendingRead, this.#reader, error)
    else if (body instanceof DeferredBody) {
      if (!this.#reading) body.discard()
    } else if (body !== null && typeof body === 'object' && isWebStream(body)) body.cancel(error ?? undefined).catch(ignore)
    else if (body !== null && typeof (body as Partial<Readable>).destroy === 'function') (body as Readable).destroy()
  }
}

Object.setPrototypeOf(InProcessRequest.prototype, Readable.prototype)

/** Events a listener waits on to learn that the client went away. */
function signalsLeaving(event: string | symbol): boolean {
  return event === 'close' || event === 'aborted'
}

function isWebStream(body: object): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function'
}

function ignore(): void {}

/**
 * Cancels a web stream's reader once the read under way, if any, has settled: cancelling under a
 * pending read is allowed, but wrangler's local workerd then restarts the Worker, failing the next
 * request with a 503.
 */
function cancelAfter(pending: Promise<unknown> | null, reader: ReadableStreamDefaultReader<Uint8Array>, error: Error | null): void {
  const cancel = (): void => void reader.cancel(error ?? undefined).catch(ignore)
  if (pending === null) cancel()
  else pending.then(cancel, ignore)
}

const byteOrderMark = '\uFEFF'

/**
 * `text()` drops one leading byte order mark; it is put back where a parser that drops one too (see
 * `BodyForm`) would see the difference: a body of only a mark (the text is empty, the body is not),
 * or one starting with two.
 */
function withLeadingMarks(text: string): string {
  if (text === '') return byteOrderMark
  return text.charCodeAt(0) === 0xfeff ? byteOrderMark + text : text
}
