/**
 * @module server
 * The factory: checks the options, builds the root state and the root context (default parsers,
 * error and not-found handlers, HTTP server), and hands plugin loading to avvio.
 */
import type { Server } from 'node:http'
import avvio from 'avvio'
import { codes } from './core/errors.js'
import { publishInitialization } from './core/diagnostics.js'
import { createLogger } from './core/logger.js'
import { keepTickShapeAlive } from './core/tick-shape.js'
import { kAvvio, kAvvioClose, kAvvioOnClose, kAvvioReady, kErrorHandler, kLogLevel, kRoot, kRouteTable } from './core/symbols.js'
import { createJsonParser, parseText } from './content-type/json-parser.js'
import { ParserRegistry } from './content-type/registry.js'
import { DefaultCompilers, SchemaCompilers } from './schema/compilers.js'
import { normalizeOptions, type NormalizedOptions } from './model/options.js'
import { RootState } from './model/root-state.js'
import type { RouterHandlers } from './model/router-options.js'
import { answerClientError } from './serve/client-error.js'
import { defaultErrorHandler } from './serve/fail.js'
import { answerRouterError, defaultNotFoundHandler, handleUnrouted } from './serve/not-found.js'
import { requestListener } from './serve/entry.js'
import { buildHttpServer, listenForClientErrors } from './app/http-server.js'
import { instancePrototype } from './app/instance.js'
import { fetchHandler } from './app/fetch.js'
import { initRequestIdentity } from './app/request-identity.js'
import { registerNotFoundHandler } from './app/not-found.js'
import { initContext, overrideContext } from './app/plugin.js'
import { RouteTable } from './app/route-table.js'
import { kResponseSchemas, responseSchemasOf } from './app/response-schemas.js'
import type { WarrenOptions } from './types/index.js'
import { codeGenerationAllowed } from './model/router-without-codegen.js'
import type { Context } from './model/context.js'

function defaultParsers(options: NormalizedOptions): ParserRegistry {
  const parsers = new ParserRegistry()
  parsers.add('application/json', { parseAs: 'string' }, createJsonParser(options.onProtoPoisoning, options.onConstructorPoisoning), true)
  parsers.add('text/plain', { parseAs: 'string' }, parseText, true)
  return parsers
}

/** Resolves every route and compiles its schemas at start-up, then settles the router's lookup. */
function buildRoutes(root: RootState, table: RouteTable): void {
  for (const route of table.routes) {
    route.resolve()
    route.compileSchemas()
  }
  root.routeAsyncConstraints((req, res) => answerRouterError(root, req, res, new codes.SVC_ERR_ASYNC_CONSTRAINT()))
  // compiled lookups are generated code: where it is refused, the tree is walked as without the option
  if (root.options.routerOptions.compile && codeGenerationAllowed()) {
    root.router.compile()
    root.notFoundRouter.compile()
  }
}

function routerHandlers(root: () => RootState): RouterHandlers {
  return {
    defaultRoute: (req, res) => handleUnrouted(root(), req, res),
    onBadUrl: (path, req, res) => answerRouterError(root(), req, res, new codes.SVC_ERR_BAD_URL(path)),
    onMaxParamLength: (path, req, res) => answerRouterError(root(), req, res, new codes.SVC_ERR_MAX_PARAM_LENGTH(path)),
  }
}

/** A `serverFactory` server is built now; warren's own lazily, so an app served only by `fetch` or `inject()` never creates one. */
function prepareHttpServer(root: RootState, given: WarrenOptions): void {
  const options = root.options
  const onClientError = options.clientErrorHandler ?? ((error, socket) => answerClientError(root, error, socket))
  const build = (): Server => {
    const { server, custom } = buildHttpServer(options, given, root.httpHandler)
    root.customServer = custom
    listenForClientErrors(server, onClientError, root.app)
    return server
  }
  if (options.serverFactory !== undefined) root.httpServer = build()
  else root.buildServer = build
}

/** Creates the root instance of an application (typed and documented as `warren` in the package entry). */
export function createServer(input?: WarrenOptions): Context {
  const options = normalizeOptions(input)
  keepTickShapeAlive()
  const { logger, enabled } = createLogger(options.logger, options.loggerInstance)
  const compilers = new DefaultCompilers(options.validator, options.schemaCache, options.serializerOpts, options.precompiledSchemas)
  const root: RootState = new RootState(options, logger, enabled, compilers, routerHandlers(() => root))

  // the private state is set below, and avvio adds register and after before anyone reads them
  const app = Object.create(instancePrototype) as Context
  app[kRoot] = root
  const table = new RouteTable()
  app[kRouteTable] = table
  app[kResponseSchemas] = () => responseSchemasOf(table, options.validator)
  root.app = app
  initContext(app, null, {
    parsers: defaultParsers(options),
    schemaCompilers: new SchemaCompilers(compilers, null, options.schemaErrorFormatter?.bind(app), options.schemaController),
    prefix: '',
    pluginName: 'warren',
  })
  app[kErrorHandler] = { fn: defaultErrorHandler, instance: app, parent: null }
  app[kLogLevel] = undefined
  initRequestIdentity(app, root)
  app.log = logger

  root.httpHandler = requestListener(root)
  prepareHttpServer(root, input ?? {})
  // bound to the application: `export default { fetch: app.fetch }` and `Bun.serve({ fetch: app.fetch })` call it detached
  Object.defineProperty(app, 'fetch', { value: fetchHandler(app) })
  registerNotFoundHandler(app, defaultNotFoundHandler, {}, false)

  const boot = avvio(app, {
    autostart: false,
    timeout: options.pluginTimeout,
    // avvio's types want string names; it uses them as property keys, so symbols work and stay private
    expose: { use: 'register', ready: kAvvioReady, onClose: kAvvioOnClose, close: kAvvioClose } as unknown as avvio.Options['expose'],
  })
  // avvio types the instances it passes as its own mixin; here they are contexts
  boot.override = overrideContext as unknown as typeof boot.override
  boot.once('preReady', () => buildRoutes(root, table))
  app[kAvvio] = boot
  publishInitialization(app)
  return app
}
