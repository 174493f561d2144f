/**
 * @module in-process/request
 * The request half of the in-process pair: what `request.raw` is for a request that did not come
 * from a socket (`app.fetch`, `inject()`, a Lambda event). A `Readable` with the fields of Node's
 * `IncomingMessage`; its body is read from its source — bytes, a web stream, a Node stream —
 * only when someone reads it, so a route without a body never touches it.
 */
import { Readable } from 'node:stream'
import { InProcessSocket } from './socket.js'

/** Request headers, names in lower case (as Node's `IncomingMessage` has them). */
export type InProcessHeaders = Record<string, string | string[] | undefined>

/** Where a body comes from: bytes, text, a web or Node stream, an error to fail its reader with, or nothing. */
export type BodySource = string | Uint8Array | ReadableStream<Uint8Array> | NodeJS.ReadableStream | Error | null

/** What an entry knows of a request. */
export interface InProcessRequestInit {
  method: string
  /** Path and query string, as a request line has them. */
  url: string
  headers: InProcessHeaders
  body: BodySource
  /** The client's address, when the runtime or the event names it. */
  remoteAddress?: string | undefined
  /** The request arrived over TLS. */
  encrypted?: boolean
}

// `autoDestroy: false`, as Node's IncomingMessage: a body read to its end is not a destroyed request
const readableOptions = { autoDestroy: false }

/** A request served in-process: an `IncomingMessage` stand-in whose body streams from its source on demand. */
export class InProcessRequest extends Readable {
  method: string
  url: string
  headers: InProcessHeaders
  readonly httpVersion = '1.1'
  readonly httpVersionMajor = 1
  readonly httpVersionMinor = 1
  complete = false
  aborted = false
  readonly upgrade = false
  trailers: Record<string, string> = {}
  rawTrailers: string[] = []
  /** What the runtime passed along with the request (see in-process/platform), or null. */
  platform: unknown = null
  #body: BodySource
  #socket: InProcessSocket | null = null
  readonly #remoteAddress: string | undefined
  readonly #encrypted: boolean
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null
  #reading = false

  constructor(init: InProcessRequestInit) {
    super(readableOptions)
    this.method = init.method
    this.url = init.url
    this.headers = init.headers
    this.#body = init.body
    this.#remoteAddress = init.remoteAddress
    this.#encrypted = init.encrypted === true
  }

  /** The connection stand-in (made when first read: most requests never look). */
  get socket(): InProcessSocket {
    return (this.#socket ??= new InProcessSocket(this.#remoteAddress, this.#encrypted))
  }

  /** Node's deprecated name of {@link socket}. */
  get connection(): InProcessSocket {
    return this.socket
  }

  /** The headers as a flat list of names and values, as a request line and its headers had them. */
  get rawHeaders(): string[] {
    const raw: string[] = []
    for (const name of Object.keys(this.headers)) {
      const value = this.headers[name]
      if (Array.isArray(value)) for (const item of value) raw.push(name, item)
      else if (value !== undefined) raw.push(name, value)
    }
    return raw
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
    if (isWebStream(body)) return this.#readWeb(body)
    this.#readNode(body)
  }

  #end(): void {
    this.complete = true
    this.push(null)
  }

  /** One chunk of a web stream per `_read`: the stream is pulled as fast as the body's reader reads. */
  #readWeb(stream: ReadableStream<Uint8Array>): void {
    if (this.#reading) return
    this.#reading = true
    const reader = (this.#reader ??= stream.getReader())
    reader.read().then(
      (chunk) => {
        this.#reading = false
        if (this.destroyed) return
        if (chunk.done) return this.#end()
        // a chunk that is no bytes (a string from a hand-made stream) is taken as text
        const value = chunk.value instanceof Uint8Array ? chunk.value : Buffer.from(String(chunk.value))
        if (this.push(value)) this.#readWeb(stream)
      },
      (error: unknown) => {
        this.#reading = false
        this.aborted = true
        this.destroy(error instanceof Error ? error : new Error(String(error)))
      },
    )
  }

  /** A Node stream is listened to once, paused while this request's buffer is full. */
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
    const body = this.#body
    this.#body = null
    // a body not read to its end stops here: nothing more of it is produced
    if (this.#reader !== null) this.#reader.cancel(error ?? undefined).catch(ignore)
    else if (body !== null && typeof body === 'object' && isWebStream(body)) body.cancel(error ?? undefined).catch(ignore)
    else if (body !== null && typeof (body as Partial<Readable>).destroy === 'function') (body as Readable).destroy()
    callback(error)
  }
}

function isWebStream(body: object): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function'
}

function ignore(): void {}
