/**
 * @module app/http-server
 * The server an application listens with (HTTP/1.1, HTTPS, HTTP/2 or `serverFactory`'s), with
 * warren's timeouts and limits on one it built, and its client-error listener.
 */
import http from 'node:http'
import type * as http2 from 'node:http2'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import { codes } from '../core/errors.js'
import { http2Module } from '../core/http2-module.js'
import type { NormalizedOptions } from '../model/options.js'
import { TurnResponse } from '../serve/turn-response.js'
import type { ClientErrorHandler, WarrenOptions } from '../types/index.js'

export interface BuiltServer {
  server: http.Server
  custom: boolean
}

/** The open sessions of each HTTP/2 server warren built: Node keeps no list. */
const openSessions = new WeakMap<object, Set<http2.ServerHttp2Session>>()

function trackSession(open: Set<http2.ServerHttp2Session>, session: http2.ServerHttp2Session): void {
  open.add(session)
  session.once('close', () => open.delete(session))
}

/** Closes each HTTP/2 session at close(): an idle one would hold the server open; GOAWAY waits one poll (docs/architecture.md). */
export function closeHttp2Sessions(server: object, force: boolean): void {
  const sessions = openSessions.get(server)
  if (sessions === undefined || sessions.size === 0) return
  if (force) {
    for (const session of sessions) session.destroy()
    return
  }
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

/**
 * The timeouts are set on the built server, not given to the constructor: given `requestTimeout: 0`
 * (the default), Node would derive `headersTimeout` from it as 0 too, and a client that never ends
 * its headers (slowloris) would hold its connection forever. Set afterwards, Node's 60-second
 * headers timeout stays unless `http.headersTimeout` says otherwise.
 */
function createHttp1Server(options: NormalizedOptions, handler: http.RequestListener): http.Server {
  const serverOptions: http.ServerOptions = {
    // a pipelined answer then waits for its turn without a listener (serve/turn-response)
    ServerResponse: TurnResponse as unknown as typeof http.ServerResponse,
    ...options.http,
  }
  const server = options.https !== null
    ? https.createServer({ ...options.https, ...serverOptions }, handler)
    : http.createServer(serverOptions, handler)
  server.keepAliveTimeout = options.keepAliveTimeout
  server.requestTimeout = options.requestTimeout
  server.maxRequestsPerSocket = options.maxRequestsPerSocket
  return server as http.Server
}

/** The user's server when `serverFactory` is given, else one of Node's with warren's timeouts and limits. */
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

export function listenForClientErrors(server: http.Server, handler: ClientErrorHandler, app: unknown): void {
  // a user's server may be an object that only looks like one
  if (typeof server.on !== 'function') return
  server.on('clientError', (error: Error, socket: Duplex) => handler.call(app, error, socket))
}
