import { codes } from '../errors.js'
import { handleError } from '../error-handler.js'
import { kRoute } from '../symbols.js'
import { readBody } from './body-reader.js'
import type { Reply } from '../reply.js'
import type { Request } from '../request.js'

type Next = (request: Request, reply: Reply) => void

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as PromiseLike<unknown>).then === 'function'
}

/** Whether the request carries a body to parse, as Fastify decides it. */
export function hasBody(request: Request): boolean {
  const method = request.raw.method
  if (method === 'GET' || method === 'HEAD') return false
  const headers = request.raw.headers
  const contentLength = headers['content-length']
  if (headers['transfer-encoding'] !== undefined) return true
  if (headers['content-type'] === undefined || method === 'OPTIONS' || method === 'DELETE') {
    return contentLength !== undefined && contentLength !== '0'
  }
  return true
}

/**
 * The body-parsing stage: finds the parser for the content type, reads the payload within the
 * body limit (unless the parser takes the stream), and sets `request.body`.
 */
export function parseBody(request: Request, reply: Reply, payload: NodeJS.ReadableStream, next: Next): void {
  const route = request[kRoute]
  const contentType = request.raw.headers['content-type'] ?? ''
  const parser = route.parsers.find(contentType)
  if (parser === null) return handleError(reply, new codes.SVC_ERR_CTP_INVALID_MEDIA_TYPE(contentType || 'undefined'))

  const server = route.server
  let settled = false
  const done = (error: unknown, body?: unknown): void => {
    if (settled) return
    settled = true
    if (error !== null && error !== undefined) return handleError(reply, error)
    request.body = body
    next(request, reply)
  }
  const call = (input: unknown): void => {
    let result: unknown
    try {
      result = parser.fn.call(server, request, input, done)
    } catch (error) {
      return done(error)
    }
    if (isThenable(result)) result.then((body) => done(null, body), (error) => done(error ?? new Error('Parser rejected')))
  }

  if (parser.parseAs === 'stream') return call(payload)
  const limit = parser.bodyLimit ?? route.bodyLimit
  // a preParsing hook that replaced the stream changes the byte count; only the raw request is checked against its header
  const declared = payload === request.raw ? Number(request.raw.headers['content-length'] ?? Number.NaN) : Number.NaN
  readBody(payload, declared, limit, parser.parseAs === 'string', (error, body) => {
    if (error !== null) {
      if ((error as { statusCode?: number }).statusCode === 413) reply.header('connection', 'close')
      return done(error)
    }
    call(body)
  })
}
