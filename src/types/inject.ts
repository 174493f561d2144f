/**
 * @module types/inject
 * The types of `app.inject()`: its options, its response, and the chainable builder it returns without options.
 */

import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'

/** What an injected request may carry as its body: text, bytes, a stream, `FormData`, or an object sent as JSON. */
export type InjectPayload = string | object | Buffer | NodeJS.ReadableStream

/** A query string, as text or as an object (a list gives the key once per value). */
export type InjectQuery = string | { [key: string]: string | string[] }

/** A URL given in parts instead of a string (`pathname` is required). */
export interface InjectUrl {
  pathname: string
  protocol?: string
  hostname?: string
  port?: string | number
  query?: InjectQuery
}

/** The options of an injected request. */
export interface InjectOptions {
  /** The path (with a query string), a full URL, or its parts. */
  url?: string | InjectUrl
  /** Another name for {@link url}. */
  path?: string | InjectUrl
  /** The method; `GET` when not given. */
  method?: 'DELETE' | 'delete' | 'GET' | 'get' | 'HEAD' | 'head' | 'PATCH' | 'patch' | 'POST' | 'post' | 'PUT' | 'put' | 'OPTIONS' | 'options' | (string & {})
  headers?: IncomingHttpHeaders | OutgoingHttpHeaders
  /** Added to the URL's query string (a key given here replaces the URL's). */
  query?: InjectQuery
  /**
   * Cookies sent in the `cookie` header, after any the headers carry: `{ name: value }`, or
   * `{ name: { value, path } }`, or a list of cookies such as an earlier response's `cookies`.
   * A cookie with a `path` is sent only to URLs under it (as a browser does); one without, to all.
   */
  cookies?: InjectCookies
  /** The body: an object (not a Buffer, stream or `FormData`) is sent as JSON. */
  payload?: InjectPayload
  /** Another name for {@link payload}. */
  body?: InjectPayload
  /** The `host` header when the headers name none (else the URL's host, with its port). */
  authority?: string
  /** The client's address (`request.ip`); `127.0.0.1` when not given. */
  remoteAddress?: string
  /** Check the options first (the default): a wrong one throws. */
  validate?: boolean
  /** Ways for the request to misbehave: its body in two pieces, never ended, failing, or closed early. */
  simulate?: { end?: boolean; split?: boolean; error?: boolean; close?: boolean }
  /** Aborting it destroys the request: the injection rejects with the abort's reason. */
  signal?: AbortSignal
  /** The response's body as a stream (`response.stream()`), resolved once the head is written. */
  payloadAsStream?: boolean
  /** A class the request should also be an instance of (its prototype's methods are available on it). */
  Request?: object
  /** Accepted for compatibility; warren's dispatch does not use it. */
  server?: unknown
  /** For the chain only: `false` waits for `end()` or `then()` instead of sending on the next tick. */
  autoStart?: boolean
}

/** A cookie the response set, as its `set-cookie` header describes it. */
/** A cookie to send, and the path it belongs to (none: every path). */
export interface InjectRequestCookie {
  name?: string
  value: string
  path?: string
}

/** What `cookies` takes: values by name, cookies by name, or a list of cookies (a response's `cookies`). */
export type InjectCookies = { [name: string]: string | InjectRequestCookie } | ReadonlyArray<InjectRequestCookie & { name: string }>

export interface InjectCookie {
  name: string
  value: string
  path?: string
  domain?: string
  expires?: Date
  maxAge?: number
  secure?: boolean
  httpOnly?: boolean
  sameSite?: string
  [attribute: string]: unknown
}

/** The response of an injected request. */
export interface InjectResponse {
  raw: { res: ServerResponse; req: IncomingMessage }
  statusCode: number
  statusMessage: string
  /** The response headers as a client receives them (`date`, `connection` and the framing header included). */
  headers: OutgoingHttpHeaders
  trailers: { [name: string]: string }
  rawPayload: Buffer
  /** The body as UTF-8 text. */
  payload: string
  /** Another name for {@link payload}. */
  body: string
  json: <T = any>() => T
  stream: () => Readable
  cookies: InjectCookie[]
}

/** `app.inject()` without options: a request built step by step, sent by `end()`, `then()` or on the next tick. */
export interface InjectChain extends Promise<InjectResponse> {
  delete: (url: string) => InjectChain
  get: (url: string) => InjectChain
  head: (url: string) => InjectChain
  options: (url: string) => InjectChain
  patch: (url: string) => InjectChain
  post: (url: string) => InjectChain
  put: (url: string) => InjectChain
  trace: (url: string) => InjectChain
  body: (body: InjectPayload) => InjectChain
  headers: (headers: IncomingHttpHeaders | OutgoingHttpHeaders) => InjectChain
  payload: (payload: InjectPayload) => InjectChain
  query: (query: InjectQuery) => InjectChain
  cookies: (cookies: InjectCookies) => InjectChain
  end(): Promise<InjectResponse>
  end(callback: (err: Error | undefined, response: InjectResponse | undefined) => void): void
}
