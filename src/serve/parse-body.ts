/**
 * @module serve/parse-body
 * The body-parsing stage: whether a request has a body, which parser takes its content type, the
 * body read within its limit (unless the parser takes the stream), and `request.body` set.
 */
import { AsyncResource } from 'node:async_hooks'
import type { Readable } from 'node:stream'
import { codes } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kReplyFail, kRoute } from '../core/symbols.js'
import { aborted, readBody } from '../content-type/body-reader.js'
import type { ParserEntry } from '../content-type/registry.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import { continueAfter } from './continue-after.js'
import { closeConnectionAfter } from './write.js'

type Next = (request: Request, reply: Reply) => void

/**
 * Whether the request carries a body to parse, as Fastify documents it: never for a method
 * without a body (GET, HEAD, TRACE and those added with `hasBody: false`); whenever a content type
 * is given, even for an empty message (an empty `application/json` is a 400, for DELETE too); and
 * without one, for the methods with a body but DELETE and OPTIONS, when the message has a body.
 */
export function hasBody(request: Request): boolean {
  const method = request.raw.method as string
  if (!request[kRoute].root.methods.hasBody(method)) return false
  const headers = request.raw.headers
  if (headers['content-type'] !== undefined) return true
  if (method === 'DELETE' || method === 'OPTIONS') return false
  const framed = headers['transfer-encoding'] !== undefined || headers['content-length'] !== undefined
  return framed && headers['content-length'] !== '0'
}

/**
 * RFC 10008: a QUERY request names the media type of its content, even when it has none, so a
 * QUERY without `content-type` is a client error (a request no route matched stays a 404).
 */
export function missesContentType(request: Request): boolean {
  return request.raw.method === 'QUERY' && request.raw.headers['content-type'] === undefined && !request[kRoute].is404
}

/**
 * The body-parsing stage: finds the parser for the content type, reads the payload within the
 * body limit (unless the parser takes the stream), and sets `request.body`. A body sent to the
 * not-found handler is left unread when nothing parses it, so the answer stays a 404.
 */
export function parseBody(request: Request, reply: Reply, payload: NodeJS.ReadableStream, next: Next): void {
  const route = request[kRoute]
  const contentType = request.raw.headers['content-type'] ?? ''
  const parser = route.parsers.find(contentType)
  if (parser === null) {
    if (route.is404) return next(request, reply)
    // the message does not echo the client's header, as in Fastify
    return reply[kReplyFail](new codes.SVC_ERR_CTP_INVALID_MEDIA_TYPE())
  }

  const scope = requestScope(request)
  let settled = false
  const finish = (error: unknown, body?: unknown): void => {
    if (settled) return
    settled = true
    if (error !== null && error !== undefined) {
      // the client may still be sending the part of the body nobody read
      closeConnectionAfter(reply)
      return reply[kReplyFail](error)
    }
    request.body = body
    next(request, reply)
  }
  const done = scope === null ? finish : (error: unknown, body?: unknown): void => {
    if (settled) return
    scope.runInAsyncScope(finish, null, error, body)
    // the resource's work is over: async_hooks users see it destroyed now, not at garbage collection
    scope.emitDestroy()
  }
  const replaced = payload !== request.raw
  if (replaced) {
    if (typeof (payload as Partial<Readable> | null)?.on !== 'function') {
      return reply[kReplyFail](new TypeError(`A preParsing hook must give a readable stream as the payload, got ${payload === null ? 'null' : typeof payload}`))
    }
    failWithRequest(request, payload as Readable)
  }
  if (parser.parseAs === 'stream') return callParser(parser, request, reply, payload, done)

  const limit = route.bodyLimit ?? parser.bodyLimit ?? route.root.options.bodyLimit
  // a stream a preParsing hook put in place is checked against the header by what it read (see readBody)
  const declared = Number(request.raw.headers['content-length'] ?? Number.NaN)
  const onBody = (error: Error | null, body?: string | Buffer): void => {
    if (error === null) return callParser(parser, request, reply, body, done)
    // a replaced stream (a decompressor, say) is stopped rather than drained
    if (replaced) (payload as Readable).destroy?.()
    done(error)
  }
  readBody(payload, declared, limit, parser.parseAs === 'string', scope === null ? onBody : (error, body) => scope.runInAsyncScope(onBody, null, error, body), replaced)
}

/** The async resource's type, Fastify's own, so async_hooks tooling written for Fastify recognizes it. */
const bodyResourceType = 'content-type-parser:run'

/**
 * The body arrives in the socket's async context, not the request's: an AsyncLocalStorage store
 * an onRequest or preParsing hook entered would be lost to the parser and the stages after it.
 * On routes with such hooks, the request's context is kept in a resource and the body's callbacks
 * run in it; routes without them pay nothing (decided when the route is resolved).
 * (`runInAsyncScope`, not `bind`: on Node 20 binding costs some 14 µs a call, which is what halved
 * the validated POST's throughput once.)
 */
function requestScope(request: Request): AsyncResource | null {
  return request[kRoute].bodyKeepsContext ? new AsyncResource(bodyResourceType) : null
}

/**
 * A stream piped from the request does not learn that the client went away: destroy it then, so
 * whoever reads it (the body reader or a stream parser) fails instead of waiting forever.
 */
function failWithRequest(request: Request, payload: Readable): void {
  const raw = request.raw
  raw.once('close', () => {
    if (!raw.readableEnded && typeof payload.destroy === 'function') payload.destroy(aborted())
  })
}

function callParser(parser: ParserEntry, request: Request, reply: Reply, input: unknown, done: (error: unknown, body?: unknown) => void): void {
  let result: unknown
  try {
    result = parser.fn.call(request[kRoute].server, request, input, done)
  } catch (error) {
    return done(error)
  }
  if (isThenable(result)) continueAfter(result, reply, (body) => done(null, body), (error) => done(error ?? new Error('Parser rejected')))
}
