/**
 * @module app/http-server
 * The server an application listens with, built from the factory options: HTTP/1.1, HTTPS,
 * HTTP/2 (cleartext or over TLS), or the user's own (`serverFactory`). Applies the timeouts and
 * limits warren's options name to a server warren built, and listens for client errors.
 */
import http from 'node:http'
import type * as http2 from 'node:http2'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import { codes } from '../core/errors.js'
import { http2Module } from '../core/http2-module.js'
import type { NormalizedOptions } from '../model/options.js'
import type { ClientErrorHandler, WarrenOptions } from '../types/index.js'

/** The server and whether warren built it (a user's server keeps its own settings). */
export interface BuiltServer {
  server: http.Server
  custom: boolean
}

/** The open sessions of each HTTP/2 server warren built: Node's server keeps no list of them. */
const openSessions = new WeakMap<object, Set<http2.ServerHttp2Session>>()

function trackSession(open: Set<http2.ServerHttp2Session>, session: http2.ServerHttp2Session): void {
  open.add(session)
  session.once('close', () => open.delete(session))
}

/**
 * At close(): an HTTP/2 server stops only once its sessions are gone, and a client may keep an
 * idle one open for as long as it likes. Each is closed — gracefully (GOAWAY: its open streams
 * finish), or at once when `force`. Does nothing for other servers.
 *
 * The graceful close waits for the next poll of the sockets first: a GOAWAY refuses every stream
 * the server has not read yet, so a request already sent (its bytes waiting in the socket) would
 * be refused rather than answered (503 while closing, or served with `return503OnClosing: false`).
 */
export function closeHttp2Sessions(server: object, force: boolean): void {
  const sessions = openSessions.get(server)
  if (sessions === undefined || sessions.size === 0) return
  if (force) {
    for (const session of sessions) session.destroy()
    return
  }
  // the first immediate runs before the next poll, the second after it
  setImmediate(() => setImmediate(() => {
    for (const session of sessions) session.close()
  }))
}

function createHttp2Server(options: NormalizedOptions, handler: http.RequestListener): http.Server {
  const listener = handler as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void
  const { createSecureServer, createServer } = http2Module()
  const server = options.https !== null
    ? createSecureServer(options.https as http2.SecureServerOptions, listener)
    : createServer((options.http ?? {}) as http2.ServerOptions, listener)
  const open = new Set<http2.ServerHttp2Session>()
  openSessions.set(server, open)
  server.on('session', (session) => {
    trackSession(open, session)
    // an idle session (no stream open) would otherwise hold its socket forever
    session.setTimeout(options.http2SessionTimeout, () => session.close())
  })
  return server as unknown as http.Server
}

function createHttp1Server(options: NormalizedOptions, handler: http.RequestListener): http.Server {
  const serverOptions: http.ServerOptions = {
    ...options.http,
    keepAliveTimeout: options.keepAliveTimeout,
    requestTimeout: options.requestTimeout,
  }
  const server = options.https !== null
    ? https.createServer({ ...options.https, ...serverOptions }, handler)
    : http.createServer(serverOptions, handler)
  // 0 is Node's own default (no limit)
  server.maxRequestsPerSocket = options.maxRequestsPerSocket
  return server as http.Server
}

/**
 * Builds the application's server: the user's when `serverFactory` is given (called with the
 * handler and the options as given), else one of Node's with warren's timeouts and limits.
 */
export function buildHttpServer(options: NormalizedOptions, given: WarrenOptions, handler: http.RequestListener): BuiltServer {
  if (options.serverFactory !== undefined) {
    const server = options.serverFactory(handler, given) as http.Server
    if (options.forceCloseConnections === 'idle' && typeof server.closeIdleConnections !== 'function') {
      throw new codes.SVC_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE()
    }
    return { server, custom: true }
  }
  const server = options.http2 ? createHttp2Server(options, handler) : createHttp1Server(options, handler)
  server.setTimeout(options.connectionTimeout)
  return { server, custom: false }
}

/** Listens for the server's `clientError` events with `handler`, called with `this` bound to `app`. */
export function listenForClientErrors(server: http.Server, handler: ClientErrorHandler, app: unknown): void {
  // a user's server may be an object that only looks like one
  if (typeof server.on !== 'function') return
  server.on('clientError', (error: Error, socket: Duplex) => handler.call(app, error, socket))
}
