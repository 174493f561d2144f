/**
 * @module client
 * `warren/client`: a fetch-based client for a warren server's routes, with nothing of the server
 * at run time (it works in browsers); it sends to a base URL, or through an application's `inject()`.
 */
import { WarrenClientError } from './errors.js'
import { readResponse, type ClientResponse } from './response.js'
import { handlerTransport, injectTransport, type FetchHandler, type InjectTarget } from './in-process-transport.js'
import { fetchTransport, isRawBody, isStream, namesHeader, type FetchLike, type RawBody, type Transport } from './transport.js'
import { buildUrl, type ParamValue } from './url.js'
import { ResponseValidator, schemasOfApp, type ResponseSchemaTable } from './validate.js'
import type { TypedClient } from '../types/client.js'
import type { ValidatorOptions } from '../types/options.js'

export { WarrenClientError }
export type { ClientErrorCode } from './errors.js'
/** The codes a warren server answers with, with status and meaning: switch on an error body's `code`. */
export { errorCatalogue } from '../types/error-catalogue.js'
export type { CatalogueCode, CodesWithStatus, ErrorCatalogue, ErrorCatalogueEntry } from '../types/error-catalogue.js'
export type { AppErrorCodes } from '../types/augment.js'
export type { FastifyErrorBody, ProblemDetails, ValidationProblemDetails, ValidationProblemItem } from '../types/error-format.js'
export type { BadRequestBody, ErrorBodyIn, ErrorFormatKind } from '../types/error-answers.js'
export type { ClientResponse, FetchHandler, FetchLike, InjectTarget, ParamValue, RawBody, ResponseSchemaTable }
export type {
  AnswerOf,
  AnyRouteTable,
  CallArgs,
  CallInput,
  PathsFor,
  RouteAt,
  StatusCode,
  StatusCodesByClass,
  TypedAnswer,
  TypedCall,
  TypedClient,
  TypedClientOf,
  UntypedCallInput,
  WireValue,
} from '../types/client.js'
export type { RouteTableOf } from '../types/route-table.js'

/** Headers sent with every call: fixed, or computed per call (a fresh token, say). */
export type ClientHeaders = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)

/** Options of {@link client}: a `baseUrl` (with an optional `fetch`), or an `app` to inject into. */
export interface ClientOptions {
  /** Where the server listens, e.g. `http://127.0.0.1:3000`. */
  baseUrl?: string
  /** The fetch to call `baseUrl` with (default: the global one). */
  fetch?: FetchLike
  /**
   * A web-standard fetch handler to call in-process, without a socket: `client<Api>({ handler: app.fetch })`.
   * Each call is a web `Request` to `baseUrl` (default `http://localhost`); it takes precedence over `app`,
   * which `validate: true` still reads the schemas from.
   */
  handler?: FetchHandler
  /** An application to call through `inject()`, without a socket (tests). */
  app?: InjectTarget
  /** Headers sent with every call (a call's own headers win). */
  headers?: ClientHeaders
  /** Check every answer against its route's response schema with Ajv, as the server does: `true` reads them from `app`, or give a table by route. Bodiless answers are not checked. */
  validate?: true | ResponseSchemaTable
  /** Shared schemas `Type.Ref` in `validate` points at. */
  references?: unknown[]
  /** The validator's settings, shaped as the server's `validator` option (default: the app's own); the client never changes an answer. */
  validator?: ValidatorOptions
}

/** What one call sends besides the method and path. */
export interface CallOptions {
  params?: Record<string, ParamValue>
  /** A key repeats for each item of an array. */
  query?: Record<string, ParamValue | readonly ParamValue[]>
  headers?: Record<string, string>
  /** Sent as JSON, except a string (text) and form data, bytes, a Blob, URLSearchParams or a stream (as they are). */
  body?: unknown
  signal?: AbortSignal
}

export type CallFn = (path: string, options?: CallOptions) => Promise<ClientResponse>

export interface WarrenClient {
  get: CallFn
  post: CallFn
  put: CallFn
  patch: CallFn
  delete: CallFn
  head: CallFn
  options: CallFn
  request(method: string, path: string, options?: CallOptions): Promise<ClientResponse>
}

function transportFor(options: ClientOptions): Transport {
  if (options.handler !== undefined) return handlerTransport(options.baseUrl ?? 'http://localhost', options.handler)
  if (options.app !== undefined) return injectTransport(options.app)
  if (options.baseUrl === undefined) throw new TypeError('client(): give a baseUrl, or an app to inject into')
  const fetchFn = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined)
  if (fetchFn === undefined) throw new TypeError('client(): no global fetch here; pass one as `fetch`')
  return fetchTransport(options.baseUrl, fetchFn)
}

export type ClientFor<App> = [App] extends [never] ? WarrenClient : TypedClient<App>

export interface ClientFactory {
  /**
   * Builds a client; `client<App>(options)` types its calls from the routes of the server's type,
   * the answer a union discriminated by `status`.
   *
   * @example
   * ```ts
   * import type { App } from './server.js'
   * const api = client<App>({ baseUrl: 'http://127.0.0.1:3000' })
   * const answer = await api.get('/users/:id', { params: { id: 7 } })
   * if (answer.status === 200) console.log(answer.body.name) // typed by the route's 200 schema
   * ```
   */
  <App = never>(options: ClientOptions): ClientFor<App>
}

function validatorFor(options: ClientOptions): ResponseValidator | null {
  if (options.validate === undefined) return null
  if (options.validate !== true) return new ResponseValidator(options.validate, options.references, options.validator)
  if (options.app === undefined) throw new TypeError('client(): validate: true reads the schemas from `app` (give it beside `handler` or `baseUrl`), or give `validate` a table of schemas')
  return new ResponseValidator(schemasOfApp(options.app), options.references, options.validator)
}

/** The client's headers under the call's: a call's header replaces the client's of that name, whatever the case of either. */
function mergeHeaders(common: Record<string, string>, own: Record<string, string> | undefined): Record<string, string> {
  if (own === undefined) return { ...common }
  const replaced = new Set(Object.keys(own).map((name) => name.toLowerCase()))
  const headers: Record<string, string> = {}
  for (const name of Object.keys(common)) if (!replaced.has(name.toLowerCase())) headers[name] = common[name] as string
  return Object.assign(headers, own)
}

/**
 * The body as sent: a string as text, form data, bytes, a Blob or a stream as they are (fetch
 * types a form and a Blob itself; bytes are `application/octet-stream` unless typed), anything
 * else as JSON. Sets the content type a call did not give.
 */
function encodeBody(body: unknown, headers: Record<string, string>): string | RawBody | undefined {
  if (body === undefined) return undefined
  const typed = namesHeader(headers, 'content-type')
  if (isRawBody(body)) {
    if (!typed && (ArrayBuffer.isView(body) || body instanceof ArrayBuffer || isStream(body))) headers['content-type'] = 'application/octet-stream'
    return body
  }
  if (!typed) headers['content-type'] = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json'
  return typeof body === 'string' ? body : JSON.stringify(body)
}

function createClient(options: ClientOptions): WarrenClient {
  const send = transportFor(options)
  const validator = validatorFor(options)
  const request = async (method: string, path: string, call: CallOptions = {}): Promise<ClientResponse> => {
    const upper = method.toUpperCase()
    const common = typeof options.headers === 'function' ? await options.headers() : (options.headers ?? {})
    const headers = mergeHeaders(common, call.headers)
    const body = encodeBody(call.body, headers)
    const url = buildUrl(path, call.params, call.query)
    const response = await readResponse(await send({ method: upper, url, headers, body, signal: call.signal }), upper)
    if (validator !== null) await validator.check(upper, path, response)
    return response
  }
  const method = (name: string): CallFn => (path, call) => request(name, path, call)
  return {
    get: method('GET'),
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
    head: method('HEAD'),
    options: method('OPTIONS'),
    request,
  }
}

/** The runtime client, typed at this boundary by the type layer. */
export const client = createClient as unknown as ClientFactory
