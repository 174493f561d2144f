/**
 * @module in-process/inject-request
 * `inject()`'s options turned into an in-process request (URL, headers with a test client's
 * defaults, cookies, the payload as bytes); wrong options throw at the call.
 */
import { Buffer } from 'node:buffer'
import { METHODS } from 'node:http'
import { Readable } from 'node:stream'
import type { InjectCookies, InjectOptions, InjectPayload, InjectQuery, InjectRequestCookie, InjectUrl } from '../types/inject.js'
import { receivedHeader, type BodySource, type InProcessHeaders, type InProcessRequestInit } from './request.js'

const baseUrl = 'http://localhost'
const knownMethods = new Set(METHODS)

export interface PreparedInjection {
  init: InProcessRequestInit
  simulate: NonNullable<InjectOptions['simulate']> | null
  /** A pre-streams2 stream (no `_readableState`), read whole before dispatch. */
  legacyStream: NodeJS.ReadableStream | null
}

function invalid(message: string): Error {
  return new Error(`Invalid inject() options: ${message}`)
}

function checkUrl(url: unknown, name: string): void {
  if (typeof url === 'string') return
  if (url === null || typeof url !== 'object' || typeof (url as InjectUrl).pathname !== 'string') throw invalid(`${name} must be a string or an object with a string pathname`)
}

export function checkInjectOptions(options: InjectOptions): void {
  if (options === null || typeof options !== 'object') throw invalid('expected an object or a URL string')
  const hasUrl = options.url !== undefined
  if (hasUrl === (options.path !== undefined)) throw invalid('give exactly one of url and path')
  checkUrl(hasUrl ? options.url : options.path, hasUrl ? 'url' : 'path')
  for (const key of ['cookies', 'headers', 'simulate'] as const) {
    const value = options[key]
    if (value !== undefined && (value === null || typeof value !== 'object')) throw invalid(`${key} must be an object`)
  }
  if (options.query !== undefined && typeof options.query !== 'string' && (options.query === null || typeof options.query !== 'object')) throw invalid('query must be a string or an object')
  for (const key of ['authority', 'remoteAddress'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'string') throw invalid(`${key} must be a string`)
  }
  if (options.method !== undefined && (typeof options.method !== 'string' || !knownMethods.has(options.method.toUpperCase()))) throw invalid(`method must be an HTTP method, got ${String(options.method)}`)
}

function mergeQuery(url: URL, query: InjectQuery | undefined): void {
  if (query === undefined) return
  if (typeof query === 'string') {
    const given = new URLSearchParams(query)
    for (const key of new Set(given.keys())) {
      url.searchParams.delete(key)
      for (const value of given.getAll(key)) url.searchParams.append(key, value)
    }
    return
  }
  for (const key of Object.keys(query)) {
    const value = query[key]
    if (!Array.isArray(value)) {
      url.searchParams.set(key, String(value))
      continue
    }
    url.searchParams.delete(key)
    for (const item of value) url.searchParams.append(key, String(item))
  }
}

/** The URL resolved against `http://localhost`, then `query` merged in. */
function resolveUrl(given: string | InjectUrl, query: InjectQuery | undefined): URL {
  const url = typeof given === 'string'
    ? new URL(given.startsWith('//') ? baseUrl + given : given, baseUrl)
    : Object.assign(new URL(baseUrl), given)
  const own = typeof given === 'object' && typeof given.query === 'object' ? given.query : undefined
  mergeQuery(url, typeof query === 'string' || own === undefined ? query : { ...own, ...query })
  return url
}

function hostHeaderOf(url: URL): string {
  return url.port !== '' ? url.host : `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`
}

function requestHeaders(given: InjectOptions['headers']): InProcessHeaders {
  const headers: InProcessHeaders = {}
  for (const name of Object.keys(given ?? {})) {
    const key = name.toLowerCase()
    const value = (given as Record<string, unknown>)[name]
    if (value === undefined) {
      if (key === 'user-agent' || key === 'content-type') {
        headers[key] = undefined
        continue
      }
      throw new Error(`invalid value "undefined" for header ${name}`)
    }
    headers[key] = Array.isArray(value) ? receivedHeader(key, value.map(String)) : String(value)
  }
  return headers
}

const cookieName = /^[\u0021-\u003A\u003C\u003E-\u007E]+$/

/** The `cookie` header: what the headers carried, then each cookie whose path the request's is under. */
function cookieHeader(previous: string | string[] | undefined, cookies: InjectCookies, requestPath: string): string {
  const pairs = listCookies(cookies)
    .filter((cookie) => isUnderCookiePath(requestPath, cookie.path))
    .map(({ name, value }) => {
      if (!cookieName.test(name)) throw new TypeError(`argument name is invalid: ${name}`)
      return `${name}=${encodeURIComponent(String(value))}`
    })
  if (typeof previous === 'string') pairs.unshift(previous)
  return pairs.join('; ')
}

function listCookies(cookies: InjectCookies): Array<{ name: string; value: unknown; path: string | undefined }> {
  if (Array.isArray(cookies)) return cookies.map((cookie) => ({ name: cookie.name, value: cookie.value, path: cookie.path }))
  const byName = cookies as Record<string, string | InjectRequestCookie>
  return Object.keys(byName).map((name) => {
    const given = byName[name]
    if (given === null || typeof given !== 'object') return { name, value: given, path: undefined }
    return { name: given.name ?? name, value: given.value, path: given.path }
  })
}

/** RFC 6265's path match: the cookie's path is the request's, or a directory of it. */
function isUnderCookiePath(requestPath: string, cookiePath: string | undefined): boolean {
  const path = cookiePath === undefined || cookiePath === '' ? '/' : cookiePath
  if (requestPath === path) return true
  return requestPath.startsWith(path) && (path.endsWith('/') || requestPath[path.length] === '/')
}

function isFormData(payload: unknown): payload is FormData {
  return typeof payload === 'object' && payload !== null && (payload as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'FormData' && typeof (payload as FormData).getAll === 'function'
}

function isStream(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof (payload as { resume?: unknown } | null)?.resume === 'function'
}

function bodyOf(payload: InjectPayload | null, headers: InProcessHeaders): { body: BodySource; legacyStream: NodeJS.ReadableStream | null } {
  if (payload === null) return { body: null, legacyStream: null }
  if (isFormData(payload)) {
    const encoded = new Response(payload)
    headers['content-type'] = encoded.headers.get('content-type') as string
    headers['transfer-encoding'] = 'chunked'
    return { body: encoded.body as ReadableStream<Uint8Array>, legacyStream: null }
  }
  if (isStream(payload)) {
    const modern = (payload as { _readableState?: unknown })._readableState !== undefined
    return modern ? { body: payload, legacyStream: null } : { body: null, legacyStream: payload }
  }
  let bytes: string | Buffer
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) bytes = payload
  else {
    bytes = JSON.stringify(payload)
    if (!('content-type' in headers)) headers['content-type'] = 'application/json'
  }
  if (!Object.hasOwn(headers, 'content-length')) headers['content-length'] = String(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length)
  return { body: bytes, legacyStream: null }
}

export function prepareInjection(options: InjectOptions): PreparedInjection {
  const url = resolveUrl((options.url ?? options.path) as string | InjectUrl, options.query)
  const headers = requestHeaders(options.headers)
  if (!('user-agent' in headers)) headers['user-agent'] = 'lightMyRequest'
  headers.host = (headers.host as string | undefined) || options.authority || hostHeaderOf(url)
  if (options.cookies !== undefined) headers.cookie = cookieHeader(headers.cookie, options.cookies, url.pathname)
  // a falsy payload ('' or 0) sends nothing, as light-my-request does
  const { body, legacyStream } = bodyOf((options.payload || options.body || null) as InjectPayload | null, headers)
  return {
    init: {
      method: options.method ? options.method.toUpperCase() : 'GET',
      url: url.pathname + url.search,
      headers,
      body,
      remoteAddress: options.remoteAddress || '127.0.0.1',
      encrypted: false,
    },
    simulate: options.simulate ?? null,
    legacyStream,
  }
}

export function readLegacyStream(prepared: PreparedInjection, then: () => void): void {
  const stream = prepared.legacyStream as NodeJS.ReadableStream
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)))
  stream.on('end', () => {
    const bytes = Buffer.concat(chunks)
    const headers = prepared.init.headers
    headers['content-length'] ??= String(bytes.length)
    delete headers['transfer-encoding']
    prepared.init.body = bytes
    then()
  })
  stream.resume()
}

/** A body that misbehaves as `simulate` asks, a moment later as a socket's would: split, failing, closed early or never ended. */
export function simulatedBody(body: BodySource, simulate: NonNullable<InjectOptions['simulate']>, request: () => NodeJS.EventEmitter): Readable {
  const bytes = typeof body === 'string' || body instanceof Uint8Array ? Buffer.from(body) : null
  let given = false
  return new Readable({
    read() {
      if (given) return
      given = true
      setImmediate(() => {
        if (bytes !== null && bytes.length > 0) {
          if (simulate.split) {
            this.push(bytes.subarray(0, 1))
            this.push(bytes.subarray(1))
          } else {
            this.push(bytes)
          }
        }
        if (simulate.error) request().emit('error', new Error('Simulated'))
        const ends = simulate.end !== false
        // a body given whole and ended is complete: `close` after it is the end of the exchange, not an abort
        if (simulate.close && !ends) request().emit('close')
        if (ends) this.push(null)
        if (simulate.close && ends) setImmediate(() => request().emit('close'))
      })
    },
  })
}
