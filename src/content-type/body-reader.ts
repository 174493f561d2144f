/**
 * @module content-type/body-reader
 * Reads a request body stream into memory within a byte limit (413 past it, 400 when the
 * content-length lies), and the error of a body that stopped before its end.
 */
import { codes } from '../core/errors.js'

type Done = (error: Error | null, body?: string | Buffer) => void

/**
 * The bytes a stream a preParsing hook put in the request's place read from the request, when it
 * says (`receivedEncodedLength`, as a decompressing stream does, so a Fastify plugin's works too).
 */
function encodedLengthOf(stream: NodeJS.ReadableStream): number | null {
  const reported = (stream as { receivedEncodedLength?: unknown }).receivedEncodedLength
  return typeof reported === 'number' && reported > 0 ? reported : null
}

/**
 * Reads a request body into memory, refusing it with 413 as soon as it crosses `limit` bytes
 * (declared, received, or read from the request by a replacing stream: a zip bomb stops early);
 * the rest of an oversized body is drained, never buffered. A `declaredLength` that disagrees with
 * the bytes of the request is a 400: the bytes received, or for a stream a preParsing hook put in
 * the request's place (`replaced`), the bytes it says it read (a stream that does not say is not
 * checked, since it may change the byte count).
 */
export function readBody(stream: NodeJS.ReadableStream, declaredLength: number, limit: number, asString: boolean, done: Done, replaced = false): void {
  if (declaredLength > limit) return refuse(stream, new codes.SVC_ERR_CTP_BODY_TOO_LARGE(), done)
  // a stream destroyed before we got to it will never emit again
  if ((stream as { destroyed?: boolean }).destroyed === true) return done(aborted())
  const chunks: Buffer[] = []
  let received = 0
  let settled = false

  const finish = (error: Error | null, body?: string | Buffer): void => {
    if (settled) return
    settled = true
    // an ended stream emits no more data: its listeners go with it (they ignore a late 'error' or
    // 'close'). One that failed may still emit, and is left to whoever handles it next.
    if (error !== null) {
      stream.removeListener('data', onData)
      stream.removeListener('end', onEnd)
      stream.removeListener('error', onError)
      stream.removeListener('close', onClose)
    }
    done(error, body)
  }
  const onData = (chunk: Buffer | string): void => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    received += buffer.length
    if (received > limit || (replaced && (encodedLengthOf(stream) ?? 0) > limit)) {
      chunks.length = 0
      return refuse(stream, new codes.SVC_ERR_CTP_BODY_TOO_LARGE(), finish)
    }
    chunks.push(buffer)
  }
  const onEnd = (): void => {
    const measured = replaced ? encodedLengthOf(stream) : received
    if (!Number.isNaN(declaredLength) && measured !== null && measured !== declaredLength) return finish(new codes.SVC_ERR_CTP_INVALID_CONTENT_LENGTH())
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)
    chunks.length = 0
    finish(null, asString ? body.toString('utf8') : body)
  }
  const onError = (error: Error): void => {
    if (settled) return
    const failed = error as Error & { statusCode?: unknown }
    // a stream error is the client's (400) unless it names a 4xx/5xx status of its own
    const own = failed.statusCode
    if (typeof own !== 'number' || own < 400 || own > 599) failed.statusCode = 400
    finish(failed)
  }
  // destroyed without an error: the body will never end
  const onClose = (): void => {
    if (!settled) onError(aborted())
  }
  stream.on('data', onData)
  stream.on('end', onEnd)
  stream.on('error', onError)
  stream.on('close', onClose)
  // a 'data' listener does not restart a stream paused explicitly (a preParsing hook's replacement may be)
  stream.resume()
}

/** The error of a body that stopped before its end, like the one Node gives an aborted request. */
export function aborted(): Error & { statusCode: number } {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 })
}

/** Answers with `error` and lets the rest of the body flow into nothing. */
function refuse(stream: NodeJS.ReadableStream, error: Error, done: Done): void {
  stream.on('error', () => {})
  stream.resume()
  done(error)
}
