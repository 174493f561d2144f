/**
 * @module serve/trailers
 * A response with trailers: sent chunked with a `Trailer` header, each trailer computed once the
 * payload is written; a failing trailer function is logged and left out.
 */
import { finished, type Readable } from 'node:stream'
import { kReplyHeaders, kReplyTrailers } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import type { TrailerFn } from '../model/trailers.js'

export function writeWithTrailers(reply: Reply, body: string | Buffer | NodeJS.ReadableStream | undefined, writeHead: () => boolean): void {
  const trailers = reply[kReplyTrailers] as Map<string, TrailerFn>
  const headers = reply[kReplyHeaders]
  delete headers['content-length']
  reply.raw.removeHeader('content-length')
  headers.trailer = [...trailers.keys()].join(', ')
  if (!writeHead()) return
  if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    if (body !== undefined && body.length > 0) reply.raw.write(body)
    return endWithTrailers(reply, trailers, body)
  }
  const stream = body as Readable
  finished(stream, { writable: false }, (error) => {
    if (error) {
      reply.log.error({ err: error }, 'response stream failed after the headers were sent')
      reply.raw.destroy()
      return
    }
    endWithTrailers(reply, trailers, null)
  })
  stream.pipe(reply.raw, { end: false })
}

function endWithTrailers(reply: Reply, trailers: Map<string, TrailerFn>, payload: unknown): void {
  const values: Record<string, string> = {}
  let pending = trailers.size
  const settle = (): void => {
    if (--pending > 0) return
    if (reply.raw.destroyed) return
    reply.raw.addTrailers(values)
    reply.raw.end()
  }
  if (pending === 0) return void reply.raw.end()
  for (const [name, fn] of trailers) computeTrailer(reply, name, fn, payload, (value) => {
    if (value !== undefined) values[name] = value
    settle()
  })
}

function computeTrailer(reply: Reply, name: string, fn: TrailerFn, payload: unknown, then: (value: string | undefined) => void): void {
  let called = false
  const done = (error: Error | null, value?: string): void => {
    if (called) return
    called = true
    if (error) reply.log.warn({ err: error }, `trailer '${name}' failed`)
    then(error || value === undefined || value === null ? undefined : String(value))
  }
  try {
    const result = fn(reply, payload, done) as Promise<string> | undefined
    if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
      result.then((value) => done(null, value), (error: Error) => done(error))
    }
  } catch (error) {
    done(error as Error)
  }
}

