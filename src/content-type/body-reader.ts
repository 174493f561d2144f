/**
 * @module content-type/body-reader
 * Reads a request body stream into memory within a byte limit (413 past it, 400 when the
 * content-length lies), and the error of a body that stopped before its end.
 */
// imported, not the global: Node defines `Buffer` on globalThis as a getter, called at every use
import { Buffer } from 'node:buffer'
import { IncomingMessage } from 'node:http'
import { codes } from '../core/errors.js'
import { kReadWholeBody } from '../core/symbols.js'

/** Who learns how reading a body ended: the body (a string or bytes), or why there is none. */
export interface BodyReceiver {
  bodyRead(error: Error | null, body?: string | Buffer): void
}

/**
 * The bytes a stream a preParsing hook put in the request's place read from the request, when it
 * says (`receivedEncodedLength`, as a decompressing stream does, so a Fastify plugin's works too).
 */
function encodedLengthOf(stream: NodeJS.ReadableStream): number | null {
  const reported = (stream as { receivedEncodedLength?: unknown }).receivedEncodedLength
  return typeof reported === 'number' && reported > 0 ? reported : null
}

/**
 * The length a `content-length` value declares, NaN without one. Digits are read directly (what
 * Node's HTTP parser lets through: `Number()` of a string made afresh takes V8's runtime);
 * anything else is converted as `Number()` converts it.
 */
export function declaredLengthOf(header: string | undefined): number {
  if (header === undefined) return Number.NaN
  const length = header.length
  if (length === 0 || length > 15) return Number(header)
  let value = 0
  for (let i = 0; i < length; i++) {
    const digit = header.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return Number(header)
    value = value * 10 + digit
  }
  return value
}

/**
 * Reads a request body into memory, refusing it with 413 as soon as it crosses `limit` bytes
 * (declared, received, or read from the request by a replacing stream: a zip bomb stops early);
 * the rest of an oversized body is drained, never buffered. A `declaredLength` that disagrees with
 * the bytes of the request is a 400: the bytes received, or for a stream a preParsing hook put in
 * the request's place (`replaced`), the bytes it says it read (a stream that does not say is not
 * checked, since it may change the byte count).
 */
export function readBody(stream: NodeJS.ReadableStream, declaredLength: number, limit: number, form: BodyForm, receiver: BodyReceiver, replaced = false): void {
  if (declaredLength > limit) return refuse(stream, new codes.SVC_ERR_CTP_BODY_TOO_LARGE(), receiver)
  // a stream destroyed before we got to it will never emit again
  if ((stream as { destroyed?: boolean }).destroyed === true) return receiver.bodyRead(aborted())
  const asString = form !== 'buffer'
  const whole = replaced ? undefined : (stream as Partial<WholeBodySource>)[kReadWholeBody]
  if (whole !== undefined && whole.call(stream, form, new WholeRead(stream, declaredLength, limit, asString, receiver))) return
  new BodyRead(stream, declaredLength, limit, asString, receiver, replaced).listen()
}

/**
 * How a parser takes the body: bytes, a string as `toString()` decodes them, or `text`, that string
 * or the same less a leading byte order mark (for a parser that drops one itself, the JSON parser).
 */
export type BodyForm = 'buffer' | 'string' | 'text'

/** Where a body read in one call goes: handed over whole, or why there is none. */
export interface WholeBodyTarget {
  succeed(body: Buffer | string): void
  fail(error: unknown): void
}

/**
 * A request whose transport holds the body whole (`app.fetch`): starts reading it, to `target`
 * (never before returning), or answers false when it must be read as a stream. Asked for `text`,
 * it may hand over a string, only when its runtime holds the body to the declared length (which
 * readBody checked against the limit), so the string needs no measuring.
 */
export interface WholeBodySource {
  [kReadWholeBody](form: BodyForm, target: WholeBodyTarget): boolean
}

/** The body in one piece: the same limit and length checks as {@link BodyRead}, without its events. */
class WholeRead implements WholeBodyTarget {
  readonly stream: NodeJS.ReadableStream
  readonly declaredLength: number
  readonly limit: number
  readonly asString: boolean
  readonly receiver: BodyReceiver

  constructor(stream: NodeJS.ReadableStream, declaredLength: number, limit: number, asString: boolean, receiver: BodyReceiver) {
    this.stream = stream
    this.declaredLength = declaredLength
    this.limit = limit
    this.asString = asString
    this.receiver = receiver
  }

  succeed(body: Buffer | string): void {
    const receiver = this.receiver
    if ((this.stream as { destroyed?: boolean }).destroyed === true) return receiver.bodyRead(aborted())
    if (typeof body === 'string') return receiver.bodyRead(null, body)
    if (body.length > this.limit) return receiver.bodyRead(new codes.SVC_ERR_CTP_BODY_TOO_LARGE())
    if (disagrees(this.declaredLength, body.length)) return receiver.bodyRead(new codes.SVC_ERR_CTP_INVALID_CONTENT_LENGTH())
    receiver.bodyRead(null, this.asString ? body.toString() : body)
  }

  fail(error: unknown): void {
    this.receiver.bodyRead(asClientError(error instanceof Error ? error : new Error(String(error))))
  }
}

/** A declared length (NaN when none was) that the bytes measured contradict: a 400. */
function disagrees(declaredLength: number, measured: number): boolean {
  return !Number.isNaN(declaredLength) && measured !== declaredLength
}

/** A stream error is the client's (400) unless it names a 4xx/5xx status of its own. */
function asClientError(error: Error): Error {
  const failed = error as Error & { statusCode?: unknown }
  const own = failed.statusCode
  if (typeof own !== 'number' || own < 400 || own > 599) failed.statusCode = 400
  return failed
}

/** What a finished read holds instead of its stream and receiver. */
const released = Object.freeze({})

/** One body being read: its bytes so far and the listeners it put on the stream. */
class BodyRead {
  /** Let go once the body is read whole (see {@link succeed}). */
  stream: NodeJS.ReadableStream
  readonly declaredLength: number
  readonly limit: number
  readonly asString: boolean
  receiver: BodyReceiver
  readonly replaced: boolean
  /** The first chunk: most bodies arrive in one. */
  first: Buffer | null = null
  /**
   * Every chunk, once there is more than one. (Not one buffer of the declared length: a client
   * that declares a large body and sends it slowly would make the server hold the whole size.)
   */
  chunks: Buffer[] | null = null
  received = 0
  settled = false
  readonly onData: (chunk: Buffer | string) => void
  readonly onEnd: () => void
  /** Null on Node's own request, which emits 'error' only to listeners (see {@link close}). */
  readonly onError: ((error: Error) => void) | null
  readonly onClose: () => void

  constructor(stream: NodeJS.ReadableStream, declaredLength: number, limit: number, asString: boolean, receiver: BodyReceiver, replaced: boolean) {
    this.stream = stream
    this.declaredLength = declaredLength
    this.limit = limit
    this.asString = asString
    this.receiver = receiver
    this.replaced = replaced
    this.onData = (chunk) => this.data(chunk)
    this.onEnd = () => this.end()
    this.onError = stream instanceof IncomingMessage ? null : (error) => this.error(error)
    this.onClose = () => this.close()
  }

  listen(): void {
    const stream = this.stream
    stream.on('data', this.onData)
    stream.on('end', this.onEnd)
    if (this.onError !== null) stream.on('error', this.onError)
    stream.on('close', this.onClose)
    // a 'data' listener does not restart a stream paused explicitly (a preParsing hook's replacement may be)
    stream.resume()
  }

  data(chunk: Buffer | string): void {
    if (this.settled) return
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    this.received += buffer.length
    if (this.received > this.limit || (this.replaced && (encodedLengthOf(this.stream) ?? 0) > this.limit)) {
      this.first = this.chunks = null
      return refuse(this.stream, new codes.SVC_ERR_CTP_BODY_TOO_LARGE(), this)
    }
    if (this.chunks !== null) this.chunks.push(buffer)
    else if (this.first === null) this.first = buffer
    else {
      this.chunks = [this.first, buffer]
      this.first = null
    }
  }

  end(): void {
    if (this.settled) return
    const measured = this.replaced ? encodedLengthOf(this.stream) : this.received
    if (measured !== null && disagrees(this.declaredLength, measured)) return this.fail(new codes.SVC_ERR_CTP_INVALID_CONTENT_LENGTH())
    const body = this.chunks !== null ? Buffer.concat(this.chunks, this.received) : (this.first ?? Buffer.alloc(0))
    this.first = this.chunks = null
    // toString() without an encoding is UTF-8, on Node's shortest path
    this.succeed(this.asString ? body.toString() : body)
  }

  /**
   * The body is read whole: the stream has ended and emits nothing but 'close' (which finds this
   * read settled), so the listeners stay and this read lets go of the stream and the receiver
   * instead. Removing four listeners costs more than the rest of the read; what the stream keeps
   * then holds nothing of the request's.
   */
  succeed(body: string | Buffer): void {
    if (this.settled) return
    this.settled = true
    const receiver = this.receiver
    this.stream = released as NodeJS.ReadableStream
    this.receiver = released as BodyReceiver
    receiver.bodyRead(null, body)
  }

  error(error: Error): void {
    if (this.settled) return
    this.fail(asClientError(error))
  }

  /**
   * Closed before the end: destroyed with an error, or without one. Node's request, which emits
   * 'error' only when someone listens, keeps the error it was destroyed with in `errored`.
   */
  close(): void {
    if (this.settled) return
    const errored = (this.stream as { errored?: unknown }).errored
    this.error(errored instanceof Error ? errored : aborted())
  }

  /**
   * The read failed. The stream may still emit (the rest of a refused body flows into nothing), so
   * the listeners go; left, they would also keep this read and the request's objects alive as long
   * as Node keeps the request, which V8 answers by allocating them in the old generation.
   */
  fail(error: Error | null): void {
    if (this.settled) return
    this.settled = true
    const stream = this.stream
    stream.removeListener('data', this.onData)
    stream.removeListener('end', this.onEnd)
    if (this.onError !== null) stream.removeListener('error', this.onError)
    stream.removeListener('close', this.onClose)
    this.receiver.bodyRead(error)
  }

  /** The limit was crossed: {@link refuse} reports it here. */
  bodyRead(error: Error | null): void {
    this.fail(error)
  }
}

/** The error of a body that stopped before its end, like the one Node gives an aborted request. */
export function aborted(): Error & { statusCode: number } {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 })
}

/** Answers with `error` and lets the rest of the body flow into nothing. */
function refuse(stream: NodeJS.ReadableStream, error: Error, receiver: BodyReceiver): void {
  stream.on('error', () => {})
  stream.resume()
  receiver.bodyRead(error)
}
