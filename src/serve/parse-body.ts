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
import { aborted, declaredLengthOf, readBody, type BodyReceiver } from '../content-type/body-reader.js'
import type { ParserEntry } from '../content-type/registry.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import { continueAfter } from './continue-after.js'
import { closeConnectionAfter } from './write.js'

type Next = (request: Request, reply: Reply) => void

/**
 * Whether the request carries a body to parse: never for a method without a body (GET, HEAD,
 * TRACE and those added with `hasBody: false`); whenever a content type is given, even for an
 * empty message (an empty `application/json` is a 400); and without one, when the message has a
 * body (parsed as content type `''`: a catch-all parser takes it, else 415), DELETE and OPTIONS
 * included, as Fastify 5 does: a body is never dropped unread.
 */
export function hasBody(request: Request): boolean {
  const method = request.raw.method as string
  if (!request[kRoute].root.methods.hasBody(method)) return false
  const headers = request.raw.headers
  if (headers['content-type'] !== undefined) return true
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
  const parser = route.parsers.find(request.raw.headers['content-type'] ?? '')
  if (parser === null) {
    if (route.is404) return next(request, reply)
    // the message does not echo the client's header: a log or page showing it could carry an injection
    return reply[kReplyFail](new codes.SVC_ERR_CTP_INVALID_MEDIA_TYPE())
  }
  const replaced = payload !== request.raw
  if (replaced) {
    if (typeof (payload as Partial<Readable> | null)?.on !== 'function') {
      return reply[kReplyFail](new TypeError(`A preParsing hook must give a readable stream as the payload, got ${payload === null ? 'null' : typeof payload}`))
    }
    failWithRequest(request, payload as Readable)
  }
  const parsing = new BodyParsing(request, reply, parser, next, replaced ? (payload as Readable) : null)
  if (parser.parseAs === 'stream') return parsing.parse(payload)

  const limit = route.bodyLimit ?? parser.bodyLimit ?? route.root.options.bodyLimit
  // a stream a preParsing hook put in place is checked against the header by what it read (see readBody)
  readBody(payload, declaredLengthOf(request.raw.headers['content-length']), limit, parser.bodyForm, parsing, replaced)
}

/**
 * One request's body on its way from the reader through the parser to `request.body` and the
 * next stage; settled once, by the first outcome. One object per request, instead of a closure
 * per step.
 */
class BodyParsing implements BodyReceiver {
  readonly request: Request
  readonly reply: Reply
  readonly parser: ParserEntry
  readonly next: Next
  /** The stream a preParsing hook put in the request's place, if any. */
  readonly replacement: Readable | null
  readonly scope: AsyncResource | null
  settled = false

  constructor(request: Request, reply: Reply, parser: ParserEntry, next: Next, replacement: Readable | null) {
    this.request = request
    this.reply = reply
    this.parser = parser
    this.next = next
    this.replacement = replacement
    this.scope = requestScope(request)
  }

  /** The body is read (see content-type/body-reader): parsed in the request's async context. */
  bodyRead(error: Error | null, body?: string | Buffer): void {
    if (this.scope === null) this.afterRead(error, body)
    else this.scope.runInAsyncScope(this.afterRead, this, error, body)
  }

  afterRead(error: Error | null, body?: string | Buffer): void {
    if (error === null) return this.parse(body)
    // a replaced stream (a decompressor, say) is stopped rather than drained
    this.replacement?.destroy?.()
    this.settle(error)
  }

  /** Hands the body (or the stream) to the parser: a built-in one directly, any other with a callback. */
  parse(input: unknown): void {
    const sync = this.parser.sync
    if (sync === null) return this.callParser(input)
    // a throw after the body was set (a later stage's) finds the parsing settled and is dropped, as for any parser
    try {
      this.settle(null, sync(input as string | Buffer))
    } catch (error) {
      this.settle(error)
    }
  }

  callParser(input: unknown): void {
    const done = (error: unknown, body?: unknown): void => this.settle(error, body)
    let result: unknown
    try {
      result = this.parser.fn.call(this.request[kRoute].server, this.request, input, done)
    } catch (error) {
      return done(error)
    }
    if (isThenable(result)) continueAfter(result, this.reply, (body) => done(null, body), (error) => done(error ?? new Error('Parser rejected')))
  }

  /** The parser's outcome, in the request's async context (whose resource then ends). */
  settle(error: unknown, body?: unknown): void {
    if (this.settled) return
    if (this.scope === null) return this.finish(error, body)
    this.scope.runInAsyncScope(this.finish, this, error, body)
    // the resource's work is over: async_hooks users see it destroyed now, not at garbage collection
    this.scope.emitDestroy()
  }

  finish(error: unknown, body?: unknown): void {
    if (this.settled) return
    this.settled = true
    if (error !== null && error !== undefined) {
      // the client may still be sending the part of the body nobody read
      closeConnectionAfter(this.reply)
      return this.reply[kReplyFail](error)
    }
    this.request.body = body
    this.next(this.request, this.reply)
  }
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
