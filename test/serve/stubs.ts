/**
 * Stand-ins for the few objects a request-path stage touches, so a stage can be tested alone: a
 * reply whose failures are recorded, a route context with only hooks and serializers, and a
 * response that records what would have gone to the socket.
 */
import type { ServerResponse } from 'node:http'
import { Writable } from 'node:stream'
import { vi } from 'vitest'
import { kReplyFail, kReplyHeaders, kReplyHijacked, kReplyPayloadRun, kReplySending, kReplySerializer, kRoute } from '../../src/core/symbols.js'
import type { Reply } from '../../src/model/reply.js'
import type { Request } from '../../src/model/request.js'
import { hookList, type HookFn } from '../../src/hooks/store.js'

/** What a stub response recorded: the status and headers written, and the body bytes (undefined when none). */
export interface Written {
  statusCode?: number
  headers?: Record<string, unknown>
  readonly body: Buffer | undefined
  readonly ended: boolean
}

/**
 * A writable response that sends nothing anywhere: it records `writeHead` and the bytes written,
 * and refuses a header value Node would refuse.
 */
class StubResponse extends Writable {
  statusCode = 200
  headersSent = false
  readonly chunks: Buffer[] = []
  readonly #set: Record<string, unknown> = {}
  written: Written

  constructor() {
    super()
    const chunks = this.chunks
    const ended = (): boolean => this.writableEnded
    this.written = {
      get body() {
        return chunks.length === 0 ? undefined : Buffer.concat(chunks)
      },
      get ended() {
        return ended()
      },
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.headersSent = true
    this.chunks.push(Buffer.from(chunk))
    callback()
  }

  writeHead(statusCode: number, headers: Record<string, unknown>): this {
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === 'string' && /[\r\n]/.test(value)) throw new TypeError(`Invalid character in header content ["${name}"]`)
    }
    this.written.statusCode = statusCode
    this.written.headers = { ...this.#set, ...headers }
    this.headersSent = true
    return this
  }

  setHeader(name: string, value: unknown): void {
    this.#set[name] = value
  }

  getHeader(name: string): unknown {
    return this.#set[name]
  }

  hasHeader(name: string): boolean {
    return name in this.#set
  }

  removeHeader(name: string): void {
    delete this.#set[name]
  }
}

/** A stub response and what it recorded. */
export function stubResponse(): { res: ServerResponse; written: Written } {
  const res = new StubResponse()
  return { res: res as unknown as ServerResponse, written: res.written }
}

/** The parts of a route context the stages under test read. */
export interface StubRoute {
  server: object
  hooks: Partial<Record<'preSerialization' | 'onSend', HookFn[] | null>>
  serializerFor: (statusCode: number, contentType: string | undefined) => ((payload: unknown) => string) | null
  replySerializer: (payload: unknown) => string
  routeOptions: { method: string; url: string }
  root: { closing: boolean; options: { forceCloseConnections: boolean | 'idle' } }
}

/** A reply (and its request) on a stub route; `failures` collects what the stages reported through `[kReplyFail]`. */
export function stubReply(route: Partial<StubRoute> = {}, method = 'GET') {
  const { res, written } = stubResponse()
  const fullRoute: StubRoute = {
    server: {},
    hooks: { preSerialization: null, onSend: null },
    serializerFor: () => null,
    replySerializer: JSON.stringify,
    routeOptions: { method, url: '/' },
    root: { closing: false, options: { forceCloseConnections: 'idle' } },
    ...route,
  }
  // a route holds each name's hooks as a list with their lengths
  const hooks = Object.entries(fullRoute.hooks).map(([name, list]) => [name, list === null || list === undefined ? null : hookList(list)])
  const routeWithLists = { ...fullRoute, hooks: Object.fromEntries(hooks) }
  const failures: unknown[] = []
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() }
  const request = { method, url: '/', raw: { destroyed: false }, log, [kRoute]: routeWithLists }
  const reply = {
    raw: res,
    request,
    log,
    [kRoute]: routeWithLists,
    [kReplyHeaders]: {} as Record<string, unknown>,
    [kReplySerializer]: null,
    [kReplySending]: false,
    [kReplyHijacked]: false,
    [kReplyPayloadRun]: null,
    [kReplyFail]: (error: unknown) => {
      failures.push(error)
    },
  }
  return { reply: reply as unknown as Reply, request: request as unknown as Request, written, failures, log }
}
