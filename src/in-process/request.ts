/**
 * @module in-process/request
 * The request half of the in-process pair (`request.raw` for `app.fetch`, `inject()`, Lambda): an
 * `IncomingMessage` stand-in whose body is read from its source only when someone reads it.
 */
import { Readable } from 'node:stream'
import { InProcessSocket } from './socket.js'

export type InProcessHeaders = Record<string, string | string[] | undefined>

/** Adds a value to a header already received, joined as one line: `cookie` with `; `, any other with `, `. */
export function appendHeader(headers: InProcessHeaders, name: string, value: string): void {
  const previous = headers[name]
  headers[name] = previous === undefined ? value : `${previous as string}${name === 'cookie' ? '; ' : ', '}${value}`
}

/** A body read whole in one call when read (a web Request's `arrayBuffer()`); `discard` when nobody will. */
export class DeferredBody {
  readonly read: () => Promise<ArrayBuffer>
  readonly discard: () => void

  constructor(read: () => Promise<ArrayBuffer>, discard: () => void) {
    this.read = read
    this.discard = discard
  }
}

export type BodySource = string | Uint8Array | ReadableStream<Uint8Array> | NodeJS.ReadableStream | DeferredBody | Error | null

export interface InProcessRequestInit {
  method: string
  url: string
  headers: InProcessHeaders
  body: BodySource
  remoteAddress?: string | undefined
  encrypted?: boolean
}

// as Node's IncomingMessage: a body read to its end is not a destroyed request
const readableOptions = { autoDestroy: false }

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

  /** Made when first read: most requests never look. */
  get socket(): InProcessSocket {
    return (this.#socket ??= new InProcessSocket(this.#remoteAddress, this.#encrypted))
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
        this.destroy(error instanceof Error ? error : new Error(String(error)))
      },
    )
  }

  /** One chunk per `_read`: the stream is pulled as fast as the reader reads. */
  #readWeb(stream: ReadableStream<Uint8Array>): void {
    if (this.#reading) return
    this.#reading = true
    const reader = (this.#reader ??= stream.getReader())
    reader.read().then(
      (chunk) => {
        this.#reading = false
        if (this.destroyed) return
        if (chunk.done) return this.#end()
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
    else if (body instanceof DeferredBody) {
      if (!this.#reading) body.discard()
    } else if (body !== null && typeof body === 'object' && isWebStream(body)) body.cancel(error ?? undefined).catch(ignore)
    else if (body !== null && typeof (body as Partial<Readable>).destroy === 'function') (body as Readable).destroy()
    callback(error)
  }
}

function isWebStream(body: object): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function'
}

function ignore(): void {}
