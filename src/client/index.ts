/**
 * @module client
 * `warren/client`: a fetch-based client for a warren server's routes, with nothing of the server
 * at run time (it works in browsers); it sends to a base URL, or through an application's `inject()`.
 */
import { WarrenClientError } from './errors.js'
import { readResponse, type ClientResponse } from './response.js'
import { fetchTransport, injectTransport, type FetchLike, type InjectTarget, type Transport } from './transport.js'
import { buildUrl, type ParamValue } from './url.js'
import { ResponseValidator, schemasOfApp, type ResponseSchemaTable } from './validate.js'
import type { TypedClient } from '../types/client.js'
import type { ValidatorOptions } from '../types/options.js'

export { WarrenClientError }
export type { ClientErrorCode } from './errors.js'
/** The codes a warren server answers with, each with its status and meaning: switch on an error body's `code`. */
export { errorCatalogue } from '../types/error-catalogue.js'
export type { CatalogueCode, CodesWithStatus, ErrorCatalogue, ErrorCatalogueEntry } from '../types/error-catalogue.js'
export type { FastifyErrorBody, ProblemDetails, ValidationProblemDetails, ValidationProblemItem } from '../types/error-format.js'
export type { BadRequestBody, ErrorBodyIn, ErrorFormatKind } from '../types/error-answers.js'
export type { ClientResponse, FetchLike, InjectTarget, ParamValue, ResponseSchemaTable }
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
  /** The fetch to use (default: the global `fetch`). */
  fetch?: FetchLike
  /** An application to send requests to through `inject()`, without a socket (tests). */
  app?: InjectTarget
  /** Headers sent with every call (a call's own headers win). */
  headers?: ClientHeaders
  /**
   * Checks every answer against its route's response schema with Ajv and ajv-formats, as the
   * server validates: `true` reads the schemas from `app` (the one injected into), or a table of
   * them by route (`{ 'GET /users/:id': { 200: User } }`), for a client over a socket. Bodiless
   * answers (204, 205, 304, HEAD) are not checked.
   */
  validate?: true | ResponseSchemaTable
  /** Shared schemas `Type.Ref` in `validate` points at. */
  references?: unknown[]
  /**
   * The validator's settings, in the shape of the server's `validator` option: formats and
   * keywords of the application's own (`customOptions: { formats, keywords }`) and Ajv plugins, on
   * top of every ajv-formats format. Default: the application's own `validator` option when
   * `validate: true` reads the schemas from `app`. Whatever they say, the client never coerces,
   * fills in or removes anything in an answer.
   */
  validator?: ValidatorOptions
}

/** What one call sends besides the method and path. */
export interface CallOptions {
  /** Values for the path's `:name` segments. */
  params?: Record<string, ParamValue>
  /** The query: a key repeats for each item of an array. */
  query?: Record<string, ParamValue | readonly ParamValue[]>
  headers?: Record<string, string>
  /** Sent as JSON unless it is a string. */
  body?: unknown
  signal?: AbortSignal
}

/** One method of the client: `(path, options?)` resolves with the answer. */
export type CallFn = (path: string, options?: CallOptions) => Promise<ClientResponse>

/** The client: one function per HTTP method, and `request` for any method. */
export interface WarrenClient {
  get: CallFn
  post: CallFn
  put: CallFn
  patch: CallFn
  delete: CallFn
  head: CallFn
  options: CallFn
  /** A call with any method. */
  request(method: string, path: string, options?: CallOptions): Promise<ClientResponse>
}

function transportFor(options: ClientOptions): Transport {
  if (options.app !== undefined) return injectTransport(options.app)
  if (options.baseUrl === undefined) throw new TypeError('client(): give a baseUrl, or an app to inject into')
  const fetchFn = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined)
  if (fetchFn === undefined) throw new TypeError('client(): no global fetch here; pass one as `fetch`')
  return fetchTransport(options.baseUrl, fetchFn)
}

/** The client for app type `App`: typed from its route table, or untyped without a type argument. */
export type ClientFor<App> = [App] extends [never] ? WarrenClient : TypedClient<App>

/** The type of {@link client}: untyped, or typed by the server's type given as a type argument. */
export interface ClientFactory {
  /**
   * Builds a client (see the module comment). With the server's type as a type argument,
   * `client<App>(options)`, its calls are typed from the routes `App` carries: paths, params,
   * query, headers and body, and the answer as a union discriminated by `status`.
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
  if (options.app === undefined) throw new TypeError('client(): validate: true reads the schemas from `app`; over a socket, give `validate` a table of schemas')
  return new ResponseValidator(schemasOfApp(options.app), options.references, options.validator)
}

function createClient(options: ClientOptions): WarrenClient {
  const send = transportFor(options)
  const validator = validatorFor(options)
  const request = async (method: string, path: string, call: CallOptions = {}): Promise<ClientResponse> => {
    const upper = method.toUpperCase()
    const common = typeof options.headers === 'function' ? await options.headers() : (options.headers ?? {})
    const headers: Record<string, string> = { ...common, ...call.headers }
    let body: string | undefined
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['content-type'] = typeof call.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json'
      }
    }
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

/**
 * Builds a client: `client(options)` is untyped, `client<App>(options)` typed from the routes of
 * the server's type `App` (`export type App = typeof app`). The runtime is the same; the type layer
 * gives it its types here, at the boundary.
 */
export const client = createClient as unknown as ClientFactory
