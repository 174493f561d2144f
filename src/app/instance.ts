/**
 * @module app/instance
 * The instance API every context shares (on the prototype at the end of every context chain):
 * hooks, schemas and compilers, error handlers, body parsers, and the getters of an instance.
 */
import type { DisposableResource } from '../core/disposable.js'
import { codes, type WarrenErrorClass } from '../core/errors.js'
import { kAvvioOnClose, kChildren, kErrorHandler, kHooks, kParsers, kPluginNames, kPrefix, kRegisteredPlugins, kRoot, kSchemaCompilers } from '../core/symbols.js'
import { assertValidHook, isRequestHookName, type RequestHookName } from '../hooks/names.js'
import type { HookFn } from '../hooks/store.js'
import { createJsonParser, parseText } from '../content-type/json-parser.js'
import type { ParserOptions } from '../content-type/registry.js'
import type { ErrorHandlerEntry, ErrorHandlerFn } from '../model/reply.js'
import type { RootState } from '../model/root-state.js'
import { checkSchemaController, checkSchemaErrorFormatter } from '../model/options.js'
import { givenRouterOptions, type RouterSettings } from '../model/router-options.js'
import { extendValidatorOptions, type SchemaCompilers } from '../schema/compilers.js'
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler, ValidatorOptions } from '../types/index.js'
import { decorate, decorateReply, decorateRequest, getDecorator, hasDecorator, hasReplyDecorator, hasRequestDecorator } from './decorate.js'
import { all, findRoute, hasRoute, printRoutes, route, shorthand } from './route.js'
import { addHttpMethod, supportedMethods } from './http-methods.js'
import { addConstraintStrategy, hasConstraintStrategy } from './constraints.js'
import { setNotFoundHandler } from './not-found.js'
import { closeHook } from './application-hooks.js'
import { asyncDispose, close } from './close.js'
import { inject, ready, printPlugins } from './lifecycle.js'
import { addresses, listen, listeningOrigin } from './listen.js'
import { childLoggerFactoryOf, genReqIdOf, setChildLoggerFactory, setGenReqId } from './request-identity.js'

import { VERSION } from '../core/version.js'

export { VERSION }

function assertNotStarted(instance: any, method: string, error?: WarrenErrorClass): void {
  instance[kRoot].assertNotStarted(method, error)
}

/** `addHook(name, fn)`: `fn` is a function, or for `onClose` also a disposable resource (disposed of at close). */
function addHook(this: any, name: string, fn: ((...args: any[]) => unknown) | DisposableResource): any {
  assertValidHook(name, fn)
  // inside an onReady hook, as in Fastify: an application hook is taken (an onReady one no longer
  // runs), a request hook is refused by the plugin loader (AVV_ERR_ROOT_PLG_BOOTED)
  this[kRoot].assertNotStartedOutsideOnReady('addHook')
  if (name === 'onClose') this[kAvvioOnClose](closeHook(fn, this))
  else if (isRequestHookName(name)) {
    // in plugin-loading order, as Fastify does: a plugin registered before this call adds its hooks first
    this.after((error: unknown, done: (error?: unknown) => void) => {
      addRequestHook(this, name, fn as HookFn)
      done(error)
    })
  } else this[kHooks][name].push(fn)
  return this
}

/** `onClose(fn)`: the plugin loader's name for `addHook('onClose', fn)`, which Fastify exposes too. */
function onClose(this: any, fn: ((...args: any[]) => unknown) | DisposableResource): any {
  return addHook.call(this, 'onClose', fn)
}

/**
 * A request hook reaches the routes of the context and of its descendants, including those created
 * before it was added (a plugin registered earlier): there it runs after their own.
 */
function addRequestHook(context: any, name: RequestHookName, fn: HookFn): void {
  context[kHooks][name].push(fn)
  for (const child of context[kChildren]) addRequestHook(child, name, fn)
}

/**
 * Whether a plugin of that name is here: one that built this context (the encapsulated plugin
 * that created it, or a `plugin()`-wrapped one registered into it, named as `pluginName` shows
 * them), or one with a metadata `name` registered in this context or its ancestors before it.
 * As in Fastify, a child does not see the unnamed plugins that built its ancestors.
 */
function hasPlugin(this: any, name: string): boolean {
  return (this[kPluginNames] as string[]).includes(name) || (this[kRegisteredPlugins] as string[]).includes(name)
}

function routerOptionsOf(settings: RouterSettings): { routerOptions?: Readonly<Record<string, unknown>> } {
  const given = givenRouterOptions(settings)
  return given === undefined ? {} : { routerOptions: given }
}

const initialConfigs = new WeakMap<RootState, Readonly<Record<string, unknown>>>()

/**
 * The factory options a plugin may read back through `initialConfig` (the subset Fastify
 * documents that warren has), as the application was created with them, frozen.
 */
function initialConfig(root: RootState): Readonly<Record<string, unknown>> {
  let config = initialConfigs.get(root)
  if (config === undefined) {
    const options = root.options
    config = Object.freeze({
      connectionTimeout: options.connectionTimeout,
      keepAliveTimeout: options.keepAliveTimeout,
      requestTimeout: options.requestTimeout,
      bodyLimit: options.bodyLimit,
      caseSensitive: options.caseSensitive,
      http2SessionTimeout: options.http2SessionTimeout,
      maxRequestsPerSocket: options.maxRequestsPerSocket,
      handlerTimeout: options.handlerTimeout,
      ignoreTrailingSlash: options.ignoreTrailingSlash,
      ignoreDuplicateSlashes: options.ignoreDuplicateSlashes,
      disableRequestLogging: options.disableRequestLogging,
      maxParamLength: options.maxParamLength,
      onProtoPoisoning: options.onProtoPoisoning,
      onConstructorPoisoning: options.onConstructorPoisoning,
      pluginTimeout: options.pluginTimeout,
      requestIdHeader: options.requestIdHeader,
      requestIdLogLabel: options.requestIdLogLabel,
      allowUnsafeRegex: options.allowUnsafeRegex,
      useSemicolonDelimiter: options.useSemicolonDelimiter,
      exposeHeadRoutes: options.exposeHeadRoutes,
      // warren's own: the shape of its error bodies, which warren/openapi documents
      errorFormat: options.errorFormat,
      // as in Fastify, only when given, and as given
      ...routerOptionsOf(options.routerOptions),
      // as in Fastify, only when asked for: a plugin tells an HTTP/2 or TLS server by their presence
      ...(options.http2 ? { http2: true } : {}),
      ...(options.https !== null ? { https: true } : {}),
    })
    initialConfigs.set(root, config)
  }
  return config
}

function addSchema(this: any, schema: unknown): any {
  assertNotStarted(this, 'addSchema')
  this[kSchemaCompilers].store.add(schema)
  return this
}

function getSchema(this: any, id: string): unknown {
  return this[kSchemaCompilers].store.get(id)
}

function getSchemas(this: any): Record<string, unknown> {
  return this[kSchemaCompilers].store.list()
}

function setValidatorCompiler(this: any, compiler: ValidatorCompiler): any {
  assertNotStarted(this, 'setValidatorCompiler')
  this[kSchemaCompilers].customValidatorCompiler = compiler
  return this
}

/**
 * `setValidatorOptions({ customOptions?, plugins? })`: the default validator of this context and
 * its descendants uses these over the application's `validator` options — say `allErrors` and
 * ajv-errors for a few routes, without opening the whole application to `allErrors`.
 */
function setValidatorOptions(this: any, options: ValidatorOptions): any {
  assertNotStarted(this, 'setValidatorOptions')
  if (options === null || typeof options !== 'object') throw new codes.SVC_ERR_INIT_OPTS_INVALID('setValidatorOptions', 'expected an object')
  if (options.customOptions !== undefined && (options.customOptions === null || typeof options.customOptions !== 'object')) {
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('setValidatorOptions.customOptions', 'expected an object')
  }
  if (options.plugins !== undefined && !Array.isArray(options.plugins)) throw new codes.SVC_ERR_INIT_OPTS_INVALID('setValidatorOptions.plugins', 'expected an array')
  const compilers: SchemaCompilers = this[kSchemaCompilers]
  // the options this context inherited stay under its own
  compilers.validatorOptions = compilers.validatorOptions === null ? options : extendValidatorOptions(compilers.validatorOptions, options)
  return this
}

/**
 * `withTypeProvider()`: Fastify's way of choosing a type provider. warren reads TypeBox natively,
 * so it returns the instance itself; code written for Fastify runs unchanged.
 */
function withTypeProvider(this: any): any {
  return this
}

/** `setSchemaController(controller)`: this context's schema storage and compiler builders (see `SchemaController`). */
function setSchemaController(this: any, controller: unknown): any {
  assertNotStarted(this, 'setSchemaController')
  ;(this[kSchemaCompilers] as SchemaCompilers).setController(checkSchemaController(controller, 'setSchemaController'))
  return this
}

/**
 * The compiler this context's routes use, as `instance.validatorCompiler` reads: the one set with
 * `setValidatorCompiler`, or, once the application started, the default one if a route needed it.
 */
function compilerOf(instance: any, kind: 'validatorCompiler' | 'serializerCompiler'): unknown {
  const compilers: SchemaCompilers = instance[kSchemaCompilers]
  const custom = kind === 'validatorCompiler' ? compilers.customValidatorCompiler : compilers.customSerializerCompiler
  if (custom !== null) return custom
  return (instance[kRoot] as RootState).started ? compilers.builtCompiler(kind) : undefined
}

function setSerializerCompiler(this: any, compiler: SerializerCompiler): any {
  assertNotStarted(this, 'setSerializerCompiler')
  this[kSchemaCompilers].customSerializerCompiler = compiler
  return this
}

function setSchemaErrorFormatter(this: any, formatter: SchemaErrorFormatter): any {
  assertNotStarted(this, 'setSchemaErrorFormatter')
  // `this` is the instance it was set on, whichever descendant's route fails
  this[kSchemaCompilers].schemaErrorFormatter = checkSchemaErrorFormatter(formatter).bind(this)
  return this
}

function setReplySerializer(this: any, serializer: (payload: unknown) => string): any {
  assertNotStarted(this, 'setReplySerializer')
  this[kSchemaCompilers].replySerializer = serializer
  return this
}

function setErrorHandler(this: any, fn: ErrorHandlerFn): any {
  assertNotStarted(this, 'setErrorHandler')
  if (typeof fn !== 'function') throw new codes.SVC_ERR_ERROR_HANDLER_NOT_FN()
  // a context's own entry (a child's inherits its parent's); the root's default one has no parent
  const ownSet = Object.hasOwn(this, kErrorHandler) && this[kErrorHandler].parent !== null
  if (ownSet && !this[kRoot].options.allowErrorHandlerOverride) throw new codes.SVC_ERR_ERROR_HANDLER_ALREADY_SET()
  const entry: ErrorHandlerEntry = { fn, instance: this, parent: this[kErrorHandler] }
  this[kErrorHandler] = entry
  return this
}

function addContentTypeParser(this: any, type: string | string[] | RegExp, options: any, parser?: any): any {
  assertNotStarted(this, 'addContentTypeParser', codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
  if (typeof options === 'function') {
    parser = options
    options = {}
  }
  for (const one of Array.isArray(type) ? type : [type]) this[kParsers].add(one, (options ?? {}) as ParserOptions, parser)
  return this
}

function hasContentTypeParser(this: any, type: string | RegExp): boolean {
  return this[kParsers].has(type)
}

function removeContentTypeParser(this: any, type: string | RegExp | Array<string | RegExp>): any {
  assertNotStarted(this, 'removeContentTypeParser', codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
  for (const one of Array.isArray(type) ? type : [type]) this[kParsers].remove(one)
  return this
}

function removeAllContentTypeParsers(this: any): any {
  assertNotStarted(this, 'removeAllContentTypeParsers', codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
  this[kParsers].removeAll()
  return this
}

/**
 * The methods every instance (root and child contexts) shares. Contexts are objects whose
 * prototype chain runs through their parents' up to the root, which inherits from this.
 */
export const instancePrototype: Record<string | symbol, unknown> = {
  decorate,
  decorateRequest,
  decorateReply,
  hasDecorator,
  hasRequestDecorator,
  hasReplyDecorator,
  getDecorator,
  addHook,
  hasPlugin,
  route,
  get: shorthand('GET'),
  head: shorthand('HEAD'),
  post: shorthand('POST'),
  put: shorthand('PUT'),
  delete: shorthand('DELETE'),
  options: shorthand('OPTIONS'),
  patch: shorthand('PATCH'),
  trace: shorthand('TRACE'),
  query: shorthand('QUERY'),
  all,
  addHttpMethod,
  addConstraintStrategy,
  hasConstraintStrategy,
  hasRoute,
  findRoute,
  printRoutes,
  addSchema,
  getSchema,
  getSchemas,
  setValidatorCompiler,
  setSerializerCompiler,
  setValidatorOptions,
  setSchemaController,
  withTypeProvider,
  setSchemaErrorFormatter,
  setReplySerializer,
  setErrorHandler,
  setNotFoundHandler,
  addContentTypeParser,
  hasContentTypeParser,
  removeContentTypeParser,
  removeAllContentTypeParsers,
  getDefaultJsonParser: createJsonParser,
  /** The built-in `text/plain` parser, to register for other media types: `addContentTypeParser('text/csv', { parseAs: 'string' }, app.defaultTextParser)`. */
  defaultTextParser: parseText,
  ready,
  listen,
  onClose,
  close,
  inject,
  addresses,
  printPlugins,
  setGenReqId,
  setChildLoggerFactory,
  [Symbol.asyncDispose]: asyncDispose,
}

Object.defineProperties(instancePrototype, {
  /** The Node.js HTTP server. */
  server: {
    get(this: any) {
      return (this[kRoot] as RootState).httpServer
    },
  },
  /** The methods routes may be declared for (see `addHttpMethod`). */
  supportedMethods: { get: supportedMethods },
  /** The route prefix of this context. */
  prefix: {
    get(this: any) {
      return this[kPrefix]
    },
  },
  /** warren's version. */
  version: { value: VERSION },
  /** The factory options the application was created with (Fastify's documented subset), frozen. */
  initialConfig: {
    get(this: any) {
      return initialConfig(this[kRoot])
    },
  },
  /** The origin the server listens on, e.g. `http://127.0.0.1:3000` (see {@link listeningOrigin}). */
  listeningOrigin: { get: listeningOrigin },
  /**
   * The router's entry point, `routing(req, res)`: what the server calls for each request (after
   * `rewriteUrl`); for a server of your own that hands some requests to warren.
   */
  routing: {
    get(this: any) {
      return (this[kRoot] as RootState).httpHandler
    },
  },
  /** The error handler of this context, callable as `instance.errorHandler(error, request, reply)`. */
  errorHandler: {
    get(this: any) {
      return (this[kErrorHandler] as ErrorHandlerEntry).fn
    },
  },
  /** The request id generator of this context (`genReqId` option, `setGenReqId`). */
  genReqId: { get: genReqIdOf },
  /** The child logger factory of this context, if one was set. */
  childLoggerFactory: { get: childLoggerFactoryOf },
  /** The validator compiler of this context: the one set, or (once started) the default built for it; else undefined. */
  validatorCompiler: {
    get(this: any) {
      return compilerOf(this, 'validatorCompiler')
    },
  },
  /** The serializer compiler of this context: the one set, or (once started) the default built for it; else undefined. */
  serializerCompiler: {
    get(this: any) {
      return compilerOf(this, 'serializerCompiler')
    },
  },
  /** The names of the plugins that built this context. */
  pluginName: {
    get(this: any) {
      return this[kPluginNames].join(' -> ')
    },
  },
})
