/**
 * @module app/instance
 * The instance API every context shares (the end of every context's prototype chain): hooks,
 * schemas and compilers, error handlers, body parsers, and the instance's getters.
 */
import type { Context } from '../model/context.js'
import type { DisposableResource } from '../core/disposable.js'
import { codes, type WarrenErrorClass } from '../core/errors.js'
import { kAvvioOnClose, kChildren, kErrorHandler, kHooks, kParsers, kPluginNames, kPrefix, kRegisteredPlugins, kRoot, kSchemaCompilers } from '../core/symbols.js'
import { assertValidHook, isRequestHookName, type RequestHookName } from '../hooks/names.js'
import type { HookFn } from '../hooks/store.js'
import { createJsonParser, parseText } from '../content-type/json-parser.js'
import type { ParserEntry, ParserOptions } from '../content-type/registry.js'
import type { ErrorHandlerEntry, ErrorHandlerFn } from '../model/reply.js'
import type { RootState } from '../model/root-state.js'
import { checkSchemaController, checkSchemaErrorFormatter } from '../model/options.js'
import { givenRouterOptions, type RouterSettings } from '../model/router-options.js'
import { extendValidatorOptions, type SchemaCompilers } from '../schema/compilers.js'
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler, ValidatorOptions, WarrenInstance } from '../types/index.js'
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

type ParserFn = ParserEntry['fn']

function assertNotStarted(instance: Context, method: string, error?: WarrenErrorClass): void {
  instance[kRoot].assertNotStarted(method, error)
}

function addHook(this: Context, name: string, fn: HookFn | DisposableResource): Context {
  assertValidHook(name, fn)
  // in an onReady hook an application hook is taken; the plugin loader refuses a request hook
  this[kRoot].assertNotStartedOutsideOnReady('addHook')
  if (name === 'onClose') this[kAvvioOnClose](closeHook(fn, this))
  else if (isRequestHookName(name)) {
    // in plugin-loading order: a plugin registered before this call adds its hooks first
    this.after((error: Error | null, done: (error?: Error | null) => void) => {
      addRequestHook(this, name, fn as HookFn)
      done(error)
    })
  } else this[kHooks][name].push(fn as HookFn)
  return this
}

function onClose(this: Context, fn: HookFn | DisposableResource): Context {
  return addHook.call(this, 'onClose', fn)
}

/** A request hook reaches the context's routes and its descendants', those declared earlier too, after their own hooks. */
function addRequestHook(context: Context, name: RequestHookName, fn: HookFn): void {
  context[kHooks][name].push(fn)
  for (const child of context[kChildren]) addRequestHook(child, name, fn)
}

/** Whether a plugin of that name built this context, or was registered (with a metadata `name`) here or in an ancestor before it. */
function hasPlugin(this: Context, name: string): boolean {
  return (this[kPluginNames] as string[]).includes(name) || (this[kRegisteredPlugins] as string[]).includes(name)
}

function routerOptionsOf(settings: RouterSettings): { routerOptions?: Readonly<Record<string, unknown>> } {
  const given = givenRouterOptions(settings)
  return given === undefined ? {} : { routerOptions: given }
}

const initialConfigs = new WeakMap<RootState, Readonly<Record<string, unknown>>>()

/** The factory options a plugin may read back, frozen. */
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
      errorFormat: options.errorFormat,
      ...routerOptionsOf(options.routerOptions),
      // only when asked for: a plugin tells an HTTP/2 or TLS server by their presence
      ...(options.http2 ? { http2: true } : {}),
      ...(options.https !== null ? { https: true } : {}),
    })
    initialConfigs.set(root, config)
  }
  return config
}

function addSchema(this: Context, schema: unknown): Context {
  assertNotStarted(this, 'addSchema')
  this[kSchemaCompilers].store.add(schema)
  return this
}

function getSchema(this: Context, id: string): unknown {
  return this[kSchemaCompilers].store.get(id)
}

function getSchemas(this: Context): Record<string, unknown> {
  return this[kSchemaCompilers].store.list() as Record<string, unknown>
}

function setValidatorCompiler(this: Context, compiler: ValidatorCompiler): Context {
  assertNotStarted(this, 'setValidatorCompiler')
  this[kSchemaCompilers].customValidatorCompiler = compiler
  return this
}

function setValidatorOptions(this: Context, options: ValidatorOptions): Context {
  assertNotStarted(this, 'setValidatorOptions')
  if (options === null || typeof options !== 'object') throw new codes.SVC_ERR_INIT_OPTS_INVALID('setValidatorOptions', 'expected an object')
  if (options.customOptions !== undefined && (options.customOptions === null || typeof options.customOptions !== 'object')) {
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('setValidatorOptions.customOptions', 'expected an object')
  }
  if (options.plugins !== undefined && !Array.isArray(options.plugins)) throw new codes.SVC_ERR_INIT_OPTS_INVALID('setValidatorOptions.plugins', 'expected an array')
  const compilers: SchemaCompilers = this[kSchemaCompilers]
  compilers.validatorOptions = compilers.validatorOptions === null ? options : extendValidatorOptions(compilers.validatorOptions, options)
  return this
}

/** Returns the instance: warren reads TypeBox natively, so there is no type provider to choose. */
function withTypeProvider(this: Context): Context {
  return this
}

function setSchemaController(this: Context, controller: unknown): Context {
  assertNotStarted(this, 'setSchemaController')
  ;(this[kSchemaCompilers] as SchemaCompilers).setController(checkSchemaController(controller, 'setSchemaController'))
  return this
}

/** The compiler a context's routes use: the one set, or once started the default one if a route needed it. */
function compilerOf(instance: Context, kind: 'validatorCompiler'): ValidatorCompiler | undefined
function compilerOf(instance: Context, kind: 'serializerCompiler'): SerializerCompiler | undefined
function compilerOf(instance: Context, kind: 'validatorCompiler' | 'serializerCompiler'): ValidatorCompiler | SerializerCompiler | undefined {
  const compilers = instance[kSchemaCompilers]
  const custom = kind === 'validatorCompiler' ? compilers.customValidatorCompiler : compilers.customSerializerCompiler
  if (custom !== null) return custom
  return instance[kRoot].started ? compilers.builtCompiler(kind) : undefined
}

function setSerializerCompiler(this: Context, compiler: SerializerCompiler): Context {
  assertNotStarted(this, 'setSerializerCompiler')
  this[kSchemaCompilers].customSerializerCompiler = compiler
  return this
}

function setSchemaErrorFormatter(this: Context, formatter: SchemaErrorFormatter): Context {
  assertNotStarted(this, 'setSchemaErrorFormatter')
  // `this` is the instance it was set on, whichever descendant's route fails
  this[kSchemaCompilers].schemaErrorFormatter = checkSchemaErrorFormatter(formatter).bind(this)
  return this
}

function setReplySerializer(this: Context, serializer: (payload: unknown, statusCode: number) => string): Context {
  assertNotStarted(this, 'setReplySerializer')
  this[kSchemaCompilers].replySerializer = serializer
  return this
}

function setErrorHandler(this: Context, fn: ErrorHandlerFn): Context {
  assertNotStarted(this, 'setErrorHandler')
  if (typeof fn !== 'function') throw new codes.SVC_ERR_ERROR_HANDLER_NOT_FN()
  const ownSet = Object.hasOwn(this, kErrorHandler) && this[kErrorHandler].parent !== null
  if (ownSet && !this[kRoot].options.allowErrorHandlerOverride) throw new codes.SVC_ERR_ERROR_HANDLER_ALREADY_SET()
  const entry: ErrorHandlerEntry = { fn, instance: this, parent: this[kErrorHandler] }
  this[kErrorHandler] = entry
  return this
}

function addContentTypeParser(this: Context, type: string | string[] | RegExp, options: ParserOptions | ParserFn | null, parser?: ParserFn): Context {
  assertNotStarted(this, 'addContentTypeParser', codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
  if (typeof options === 'function') {
    parser = options
    options = {}
  }
  for (const one of Array.isArray(type) ? type : [type]) this[kParsers].add(one, options ?? {}, parser as ParserFn)
  return this
}

function hasContentTypeParser(this: Context, type: string | RegExp): boolean {
  return this[kParsers].has(type)
}

function removeContentTypeParser(this: Context, type: string | RegExp | Array<string | RegExp>): Context {
  assertNotStarted(this, 'removeContentTypeParser', codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
  for (const one of Array.isArray(type) ? type : [type]) this[kParsers].remove(one)
  return this
}

function removeAllContentTypeParsers(this: Context): Context {
  assertNotStarted(this, 'removeAllContentTypeParsers', codes.SVC_ERR_CTP_INSTANCE_ALREADY_STARTED)
  this[kParsers].removeAll()
  return this
}

/** Members checked by name only: type-level generics, overload sets, and `addresses` (its public type omits a socket path). */
type TypeLevelMembers =
  | 'decorate' | 'decorateRequest' | 'decorateReply' | 'route' | 'all' | 'addHttpMethod' | 'addSchema'
  | 'get' | 'head' | 'post' | 'put' | 'delete' | 'options' | 'patch' | 'trace' | 'query'
  | 'setErrorHandler' | 'setNotFoundHandler'
  | 'ready' | 'listen' | 'close' | 'inject' | 'addresses'

type InstanceProperties = { [K in keyof WarrenInstance]?: { get(this: Context): WarrenInstance[K] } | { value: WarrenInstance[K] } }

type InstancePrototypeShape = Omit<Partial<WarrenInstance>, TypeLevelMembers> & { [K in TypeLevelMembers]?: Function }

/** The methods every context shares: each context's prototype chain runs through its parents' to this. */
export const instancePrototype = {
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
} satisfies InstancePrototypeShape

Object.defineProperties(instancePrototype, {
  server: {
    get(this: Context) {
      return (this[kRoot] as RootState).httpServer
    },
  },
  supportedMethods: { get: supportedMethods },
  prefix: {
    get(this: Context) {
      return this[kPrefix]
    },
  },
  version: { value: VERSION },
  initialConfig: {
    get(this: Context) {
      return initialConfig(this[kRoot])
    },
  },
  listeningOrigin: { get: listeningOrigin },
  routing: {
    get(this: Context) {
      return (this[kRoot] as RootState).httpHandler
    },
  },
  errorHandler: {
    get(this: Context) {
      // the request and reply a caller hands it are the runtime's own objects, which the public types describe
      return this[kErrorHandler].fn as unknown as WarrenInstance['errorHandler']
    },
  },
  genReqId: { get: genReqIdOf },
  childLoggerFactory: { get: childLoggerFactoryOf },
  validatorCompiler: {
    get(this: Context) {
      return compilerOf(this, 'validatorCompiler')
    },
  },
  serializerCompiler: {
    get(this: Context) {
      return compilerOf(this, 'serializerCompiler')
    },
  },
  pluginName: {
    get(this: Context) {
      return this[kPluginNames].join(' -> ')
    },
  },
} satisfies InstanceProperties)
