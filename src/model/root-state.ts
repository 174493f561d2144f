/**
 * @module model/root-state
 * The state one application shares across all its contexts: settings, logger, request ids, default
 * schema compilers, the routers, and where the application is in its life (started, listening,
 * closing). Data only; the app layer changes it and the request path reads it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { parse as parseQueryString } from 'node:querystring'
import FindMyWay from 'find-my-way'
import { codes, type WarrenErrorClass } from '../core/errors.js'
import type { Logger } from '../core/logger.js'
import type { DefaultCompilers } from '../schema/compilers.js'
import { HttpMethods } from './http-methods.js'
import type { NormalizedOptions } from './options.js'
import type { Request } from './request.js'
import { routerConfig, type RouterHandlers } from './router-options.js'
import { withoutCodeGeneration } from './router-without-codegen.js'

/** The router type warren uses (HTTP/1 handlers). */
export type Router = FindMyWay.Instance<FindMyWay.HTTPVersion.V1>

/** The state one application shares across all its contexts. */
export class RootState {
  readonly options: NormalizedOptions
  readonly logger: Logger
  readonly loggerEnabled: boolean
  /** Each request is logged as it arrives and completes: logging is on and `disableRequestLogging` is not `true`. */
  readonly logRequests: boolean
  /** `disableRequestLogging` given as a function: a request it returns true for is not logged. */
  readonly skipRequestLog: ((request: Request) => boolean) | null
  readonly genReqId: (req: IncomingMessage) => string
  readonly compilers: DefaultCompilers
  readonly router: Router
  /** The HTTP methods routes may be declared for, and which of them carry a body (`addHttpMethod`). */
  readonly methods = new HttpMethods()
  /** Finds the not-found route of a URL's prefix; its stores are `NotFoundSlot`s (model/route-context). */
  readonly notFoundRouter: Router
  /** Builds the server on first use (see {@link httpServer}): set by the factory. */
  buildServer: (() => Server) | null = null
  #httpServer: Server | null = null
  /** The server came from the user's `serverFactory`: warren did not configure it. */
  customServer = false
  /** Serves one HTTP request (`rewriteUrl` first, when set): the listening server's handler (serve/entry's, set by the factory). */
  httpHandler!: (req: IncomingMessage, res: ServerResponse) => void
  /** Routes one request: the router's lookup, or its asynchronous form once routes use async constraints. */
  dispatch: (req: IncomingMessage, res: ServerResponse) => void
  /** `ready()`'s promise, once it was called: start-up happens once. */
  readyPromise: Promise<RootState['app']> | null = null
  /** `close()`'s promise, once it was called: shutting down happens once. */
  closePromise: Promise<void> | null = null
  /** Parses a query string (the `querystringParser` option, else node:querystring). */
  readonly parseQuery: (query: string) => Record<string, unknown>
  /** `ready()` was called: no more decorators, hooks or routes. */
  started = false
  /** Start-up finished. */
  booted = false
  /** The onReady hooks are running (see {@link assertNotStartedOutsideOnReady}). */
  runningOnReady = false
  listening = false
  closing = false

  constructor(options: NormalizedOptions, logger: Logger, loggerEnabled: boolean, compilers: DefaultCompilers, handlers: RouterHandlers) {
    this.options = options
    this.logger = logger
    this.loggerEnabled = loggerEnabled
    this.logRequests = loggerEnabled && options.disableRequestLogging !== true
    this.skipRequestLog = typeof options.disableRequestLogging === 'function' ? options.disableRequestLogging : null
    this.genReqId = requestIdGenerator(options.genReqId, options.requestIdHeader)
    this.compilers = compilers
    this.parseQuery = options.querystringParser ?? ((query) => parseQueryString(query))
    const settings = options.routerOptions
    this.router = withoutCodeGeneration(FindMyWay(routerConfig(settings, handlers)))
    this.dispatch = (req, res) => this.router.lookup(req, res)
    // matches prefixes only; a URL it cannot decode finds a store-less handle (see serve/not-found)
    this.notFoundRouter = withoutCodeGeneration(FindMyWay({
      ignoreTrailingSlash: settings.ignoreTrailingSlash,
      ignoreDuplicateSlashes: settings.ignoreDuplicateSlashes,
      caseSensitive: settings.caseSensitive,
      useSemicolonDelimiter: settings.useSemicolonDelimiter,
      onBadUrl: settings.onBadUrl ?? handlers.onBadUrl,
    } as FindMyWay.Config<FindMyWay.HTTPVersion.V1>))
  }

  /**
   * The HTTP server: built when first read (by `listen()`, or a user reading `app.server`), so an
   * application that never listens — one served through `app.fetch` on a platform without
   * `node:http` servers, or only injected into — never creates one.
   */
  get httpServer(): Server {
    if (this.#httpServer === null) {
      const build = this.buildServer as () => Server
      this.#httpServer = build()
    }
    return this.#httpServer
  }

  set httpServer(server: Server) {
    this.#httpServer = server
  }

  /** Whether the HTTP server was built (else there is nothing to close). */
  get hasHttpServer(): boolean {
    return this.#httpServer !== null
  }

  /**
   * At start-up, when routes use asynchronous constraints: routes through the router's
   * asynchronous lookup, and a failing constraint goes to `onError`. Otherwise nothing changes,
   * so applications without them keep the synchronous lookup.
   */
  routeAsyncConstraints(onError: (req: IncomingMessage, res: ServerResponse, error: Error) => void): void {
    const router = this.router as Router & { constrainer: { asyncStrategiesInUse: Set<string> } }
    if (router.constrainer.asyncStrategiesInUse.size === 0) return
    this.dispatch = (req, res) => router.lookup(req, res, undefined, (error: Error | null) => {
      if (error !== null) onError(req, res, error)
    })
  }

  /**
   * Throws once `ready()` was called, when the application is fixed: `error` names `what` was
   * attempted too late; by default SVC_ERR_INSTANCE_ALREADY_LISTENING, with Fastify's detail
   * ("Cannot add route!", `Cannot call "addHook"!`).
   */
  assertNotStarted(what: string, error?: WarrenErrorClass): void {
    if (!this.started) return
    if (error !== undefined) throw new error(what)
    throw new codes.SVC_ERR_INSTANCE_ALREADY_LISTENING(what === 'route' ? 'Cannot add route!' : `Cannot call "${what}"!`)
  }

  /**
   * {@link assertNotStarted}, except while the onReady hooks run, where Fastify still takes
   * instance decorators and hooks: a hook may decorate the instance with what it prepared.
   */
  assertNotStartedOutsideOnReady(what: string, error?: WarrenErrorClass): void {
    if (!this.runningOnReady) this.assertNotStarted(what, error)
  }
}

/**
 * A request id generator: `custom` (else a counter, `req-1`, `req-2`…), behind the value of the
 * `header` request header when there is one.
 */
export function requestIdGenerator(custom: ((req: IncomingMessage) => string) | undefined, header: string | false): (req: IncomingMessage) => string {
  const generate = custom ?? countingIds()
  if (!header) return generate
  const name = header.toLowerCase()
  return (req) => {
    // `instance.genReqId()` may be called without a request
    const value = req?.headers[name]
    return typeof value === 'string' && value.length > 0 ? value : generate(req)
  }
}

const base36Digits = '0123456789abcdefghijklmnopqrstuvwxyz'

/**
 * The default ids, `req-` and a counter in base 36. All but the last digit change once every 36
 * ids: that prefix is kept, so most ids cost one concatenation instead of a radix conversion.
 */
function countingIds(): () => string {
  let next = 0
  let high = 0
  let prefix = 'req-'
  return () => {
    next = (next + 1) % Number.MAX_SAFE_INTEGER
    const low = next % 36
    const above = (next - low) / 36
    if (above !== high) {
      high = above
      prefix = above === 0 ? 'req-' : `req-${above.toString(36)}`
    }
    return prefix + base36Digits[low]
  }
}
