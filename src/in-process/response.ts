/**
 * @module in-process/response
 * The response half of the in-process pair: a `ServerResponse` stand-in (headers, writes, trailers,
 * events, `drain`) handing what is written to a {@link ResponseDelivery}, whole or streamed.
 */
// imported, not the global: Node defines `Buffer` on globalThis as a getter. `process` stays the global:
// importing node:process reads every export of it, which opens the stdio streams (a pipe turns non-blocking)
import { Buffer } from 'node:buffer'
import { STATUS_CODES } from 'node:http'
import { checkedHeader, checkHeaderValue, type OutgoingValue } from './headers.js'
import { LazyEventEmitter } from './lazy-emitter.js'
import type { InProcessRequest } from './request.js'

export type OutgoingHeaders = Record<string, OutgoingValue | undefined>

export interface ResponseDelivery {
  /** Pieces go out as written rather than kept for the end. */
  readonly streams: boolean
  whole(res: InProcessResponse, body: Buffer | string | null): void
  open(res: InProcessResponse): void
  chunk(piece: Uint8Array): boolean
  end(res: InProcessResponse): void
  /** The response was destroyed before its end; `clientLeft` when because its client went away. */
  abort(error: Error | undefined, clientLeft: boolean): void
  /** Someone listens for the exchange's end: from now on, a client going away must reach it. */
  followClient?(res: InProcessResponse): void
}

type Listener = (...args: any[]) => void

function headersSentError(action: string): Error {
  return Object.assign(new Error(`Cannot ${action} headers after they are sent to the client`), { code: 'ERR_HTTP_HEADERS_SENT' })
}

/** Bodies of these statuses and methods are dropped, as Node does. */
function allowsBody(statusCode: number, method: string): boolean {
  return method !== 'HEAD' && statusCode !== 204 && statusCode !== 304 && !(statusCode >= 100 && statusCode < 200)
}

function toBuffer(chunk: unknown, encoding: string | undefined): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  return Buffer.from(String(chunk), (encoding ?? 'utf8') as BufferEncoding)
}

type Callback = (error?: Error | null) => void

function callbackOf(encoding: unknown, callback: unknown): Callback | undefined {
  if (typeof encoding === 'function') return encoding as Callback
  return typeof callback === 'function' ? (callback as Callback) : undefined
}

export class InProcessResponse extends LazyEventEmitter {
  statusCode = 200
  statusMessage = ''
  writableEnded = false
  writableFinished = false
  destroyed = false
  sendDate = false
  readonly req: InProcessRequest
  trailers: Record<string, string> | null = null
  /** The head was fixed before the body's length was known: Node then sends the body chunked. */
  headBeforeEnd = false
  #headers: OutgoingHeaders = {}
  readonly #delivery: ResponseDelivery
  #chunks: Array<Buffer | string> | null = null
  #streaming = false
  #needDrain = false
  #closing = false
  #following = false
  #clientLeft = false
  #timer: NodeJS.Timeout | null = null
  /** Kept apart from `headersSent`, which a plugin may redefine on the response (express's adapter does), as Node keeps `_header`. */
  #headSent = false

  constructor(req: InProcessRequest, delivery: ResponseDelivery) {
    super()
    this.req = req
    this.#delivery = delivery
    req.response = this
  }

  /**
   * The client is followed only once someone listens for `close` on either half: most exchanges
   * end before the client could leave, and following it costs a listener on its signal.
   */
  followClient(): void {
    if (this.#following || this.writableEnded || this.destroyed) return
    this.#following = true
    this.#delivery.followClient?.(this)
  }

  override on(event: string | symbol, listener: Listener): this {
    if (event === 'close') this.followClient()
    return super.on(event, listener)
  }

  override addListener(event: string | symbol, listener: Listener): this {
    return this.on(event, listener)
  }

  override once(event: string | symbol, listener: Listener): this {
    if (event === 'close') this.followClient()
    return super.once(event, listener)
  }

  override prependListener(event: string | symbol, listener: Listener): this {
    if (event === 'close') this.followClient()
    return super.prependListener(event, listener)
  }

  get headersSent(): boolean {
    return this.#headSent
  }

  get socket(): InProcessRequest['socket'] {
    return this.req.socket
  }

  get connection(): InProcessRequest['socket'] {
    return this.req.socket
  }

  get writable(): boolean {
    return !this.writableEnded && !this.destroyed
  }

  get writableNeedDrain(): boolean {
    return this.#needDrain
  }

  get finished(): boolean {
    return this.writableEnded
  }

  declare readonly writableObjectMode: boolean
  declare readonly writableCorked: number
  declare readonly writableHighWaterMark: number

  static {
    // the same for every response: kept on the prototype rather than stored in each
    Object.assign(this.prototype, { writableObjectMode: false, writableCorked: 0, writableHighWaterMark: 16384 })
  }

  get writableLength(): number {
    return 0
  }


  setHeader(name: string, value: OutgoingValue): this {
    if (this.#headSent) throw headersSentError('set')
    this.#headers[checkedHeader(name, value)] = value
    return this
  }

  /** Sets several headers from a plain object, a `Map` or a web `Headers`. */
  setHeaders(headers: Iterable<[string, OutgoingValue]> | Record<string, OutgoingValue>): this {
    const entries = typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function' ? [...(headers as Iterable<[string, OutgoingValue]>)] : Object.entries(headers)
    for (const [name, value] of entries) this.setHeader(name, value)
    return this
  }

  appendHeader(name: string, value: OutgoingValue): this {
    const key = name.toLowerCase()
    const previous = this.#headers[key]
    if (previous === undefined) return this.setHeader(name, value)
    const list = (Array.isArray(previous) ? previous : [String(previous)]).concat(value as string | string[])
    return this.setHeader(name, list)
  }

  getHeader(name: string): OutgoingValue | undefined {
    return this.#headers[name.toLowerCase()]
  }

  /** The headers set and not removed (a removed one is kept as `undefined`: deleting keys slows the record). */
  getHeaders(): OutgoingHeaders {
    const headers = Object.create(null) as OutgoingHeaders
    for (const name of this.getHeaderNames()) headers[name] = this.#headers[name]
    return headers
  }

  getHeaderNames(): string[] {
    return Object.keys(this.#headers).filter((name) => this.#headers[name] !== undefined)
  }

  hasHeader(name: string): boolean {
    return this.#headers[name.toLowerCase()] !== undefined
  }

  removeHeader(name: string): void {
    if (this.#headSent) throw headersSentError('remove')
    this.#headers[name.toLowerCase()] = undefined
  }

  get outgoingHeaders(): OutgoingHeaders {
    return this.#headers
  }

  /** Sets the status and adds `headers`, both checked as Node does; the head is final from here on. */
  writeHead(statusCode: number, reason?: string | OutgoingHeaders | Array<string | string[]>, headers?: OutgoingHeaders | Array<string | string[]>): this {
    if (this.#headSent) throw headersSentError('write')
    const code = Math.trunc(Number(statusCode))
    if (!(code >= 100 && code <= 999)) throw Object.assign(new RangeError(`Invalid status code: ${String(statusCode)}`), { code: 'ERR_HTTP_INVALID_STATUS_CODE' })
    if (typeof reason === 'string') {
      checkHeaderValue('statusMessage', reason)
      this.statusMessage = reason
    } else {
      headers = reason
    }
    this.statusCode = code
    if (headers !== undefined && headers !== null) this.#addHeaders(headers)
    this.headBeforeEnd = true
    this.#fixHead()
    return this
  }

  /**
   * The head a first `write()` or `end()` fixes goes through `writeHead`, as Node's does, so code
   * that wraps it (`on-headers`, response-time loggers) sees it; it does not fix the framing.
   */
  #implicitHead(): void {
    if (this.#headSent) return
    const framed = this.headBeforeEnd
    this.writeHead(this.statusCode)
    this.headBeforeEnd = framed
  }

  /** The status message defaults to the status's phrase, as Node's does. */
  #fixHead(): void {
    if (this.#headSent) return
    this.#headSent = true
    if (this.statusMessage === '') this.statusMessage = STATUS_CODES[this.statusCode] ?? 'unknown'
  }

  #addHeaders(headers: OutgoingHeaders | Array<string | string[]>): void {
    if (Array.isArray(headers)) {
      const pairs = Array.isArray(headers[0]) ? (headers as string[][]) : chunkPairs(headers as string[])
      for (const [name, value] of pairs) this.appendHeader(name, value)
      return
    }
    for (const name of Object.keys(headers)) {
      const value = headers[name]
      if (value !== undefined) this.#headers[checkedHeader(name, value)] = value
    }
  }

  addTrailers(headers: Record<string, string> | Array<[string, string]>): void {
    const trailers = (this.trailers ??= {})
    const entries = Array.isArray(headers) ? headers : Object.entries(headers)
    for (const [name, value] of entries) trailers[checkedHeader(name, value)] = String(value)
  }

  flushHeaders(): void {
    this.headBeforeEnd = true
    this.#fixHead()
    if (this.#delivery.streams && !this.#streaming && !this.writableEnded) this.#open()
  }

  writeContinue(callback?: () => void): void {
    if (callback !== undefined) process.nextTick(callback)
  }

  writeProcessing(callback?: () => void): void {
    if (callback !== undefined) process.nextTick(callback)
  }

  /** 103 Early Hints have no place in a single web Response: dropped, the callback called. */
  writeEarlyHints(_hints: Record<string, unknown>, callback?: () => void): void {
    if (callback !== undefined) process.nextTick(callback)
  }

  /** A timer after which the response emits `timeout` unless it ended first, as light-my-request's does (Node arms its socket's idle timer). */
  setTimeout(ms: number, callback?: () => void): this {
    if (callback !== undefined) this.once('timeout', callback)
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = ms > 0 && !this.writableEnded && !this.destroyed ? setTimeout(emitTimeout, ms, this) : null
    return this
  }

  cork(): void {}

  uncork(): void {}


  write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    const done = callbackOf(encoding, callback)
    if (this.writableEnded || this.destroyed) {
      const error = Object.assign(new Error(this.destroyed ? 'Cannot call write after a stream was destroyed' : 'write after end'), {
        code: this.destroyed ? 'ERR_STREAM_DESTROYED' : 'ERR_STREAM_WRITE_AFTER_END',
      })
      if (done !== undefined) process.nextTick(done, error)
      return false
    }
    this.#implicitHead()
    this.headBeforeEnd = true
    const more = this.#take(chunk, typeof encoding === 'string' ? encoding : undefined, false)
    if (done !== undefined) process.nextTick(done)
    return more
  }

  end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    const done = typeof chunk === 'function' ? (chunk as Callback) : callbackOf(encoding, callback)
    if (this.writableEnded || this.destroyed) {
      if (done !== undefined) process.nextTick(done)
      return this
    }
    this.#implicitHead()
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') this.#take(chunk, typeof encoding === 'string' ? encoding : undefined, true)
    this.writableEnded = true
    if (this.#streaming) this.#delivery.end(this)
    else this.#delivery.whole(this, this.#wholeBody())
    this.writableFinished = true
    this.emit('finish')
    if (done !== undefined) process.nextTick(done)
    this.#close()
    return this
  }

  /** The client went away: the response ends where it stands, as {@link destroy}, and its delivery knows why. */
  clientLeft(): void {
    if (this.destroyed) return
    this.#clientLeft = true
    this.destroy()
  }

  /** Ends the response where it stands; `close` follows with `writableEnded` false, as when a client goes away. */
  destroy(error?: Error): this {
    if (this.destroyed) return this
    this.destroyed = true
    if (!this.writableEnded) this.#delivery.abort(error, this.#clientLeft)
    this.#close()
    return this
  }

  #close(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    if (this.#closing) return
    this.#closing = true
    process.nextTick(closeExchange, this)
  }

  resumeWriting(): void {
    if (!this.#needDrain) return
    this.#needDrain = false
    this.emit('drain')
  }

  /** Streams a written chunk, or keeps it for the end (always the one `end()` gets before anything streamed). */
  #take(chunk: unknown, encoding: string | undefined, ending: boolean): boolean {
    if (!allowsBody(this.statusCode, this.req.method)) return true
    if (this.#delivery.streams && (this.#streaming || !ending)) {
      if (!this.#streaming) this.#open()
      const more = this.#delivery.chunk(toBuffer(chunk, encoding))
      if (!more) this.#needDrain = true
      return more
    }
    const piece = typeof chunk === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') ? chunk : toBuffer(chunk, encoding)
    if (this.#chunks === null) this.#chunks = [piece]
    else this.#chunks.push(piece)
    return true
  }

  #open(): void {
    this.#streaming = true
    this.#delivery.open(this)
  }

  /** No copy for a body written in one piece. */
  #wholeBody(): Buffer | string | null {
    const chunks = this.#chunks
    this.#chunks = null
    if (chunks === null) return null
    if (chunks.length === 1) return chunks[0]
    return Buffer.concat(chunks.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)))
  }
}

function chunkPairs(flat: string[]): string[][] {
  const pairs: string[][] = []
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]])
  return pairs
}

function emitTimeout(res: InProcessResponse): void {
  res.emit('timeout')
}

/** `close` on the response, and the request closed with it (a body nobody read stops). */
function closeExchange(res: InProcessResponse): void {
  res.req.destroy()
  res.emit('close')
}
