/**
 * @module core/symbols
 * The private keys of instance, request and reply state, and the symbols the Node ecosystem uses
 * to mark plugins. Depends on nothing.
 */
// Symbols keep internal state off the public surface and out of the way of user decorators.

/** An instance's `RootState`: what the whole application shares. */
export const kRoot = Symbol('warren.root')
/** The application's declared routes and not-found slots (`RouteTable`), read from any context through the root. */
export const kRouteTable = Symbol('warren.routeTable')
/** The child contexts a context's plugins created (for start-up and shutdown hooks). */
export const kChildren = Symbol('warren.children')
/** A context's hook lists (`HookStore`). */
export const kHooks = Symbol('warren.hooks')
/** A context's request class, carrying its request decorators. */
export const kRequestClass = Symbol('warren.requestClass')
/** A context's reply class, carrying its reply decorators. */
export const kReplyClass = Symbol('warren.replyClass')
/** A context's content-type parsers (`ParserRegistry`). */
export const kParsers = Symbol('warren.parsers')
/** The `bodyLimit` a route was declared with (undefined when it took the factory's). */
export const kOwnBodyLimit = Symbol('warren.ownBodyLimit')
/** The list of methods a route was declared with, on each of its per-method options (`request.routeOptions.method`). */
export const kDeclaredMethod = Symbol('warren.declaredMethod')
/** A context's shared schemas, compilers, error formatter and reply serializer (`SchemaCompilers`). */
export const kSchemaCompilers = Symbol('warren.schemaCompilers')
/** A context's error handler, linked to its parent's (`ErrorHandlerEntry`). */
export const kErrorHandler = Symbol('warren.errorHandler')
/** A context's route prefix. */
export const kPrefix = Symbol('warren.prefix')
/** The `logLevel` a context was registered with; its routes log at that level. */
export const kLogLevel = Symbol('warren.logLevel')
/** The `logSerializers` of a context (its own merged over its parent's); its routes' request loggers use them. */
export const kLogSerializers = Symbol('warren.logSerializers')
/** Metadata names of the plugins registered in a context and its ancestors (`dependencies`, `hasPlugin`). */
export const kRegisteredPlugins = Symbol('warren.registeredPlugins')
/** Names of the plugins that built a context (`pluginName`). */
export const kPluginNames = Symbol('warren.pluginNames')
/** A context's request id generator (`genReqId` option, `setGenReqId`), the id header already applied. */
export const kGenReqId = Symbol('warren.genReqId')
/** A context's child logger factory (`childLoggerFactory` option, `setChildLoggerFactory`), or null. */
export const kChildLoggerFactory = Symbol('warren.childLoggerFactory')

/** The `RouteContext` a request or reply is served by. */
export const kRoute = Symbol('warren.route')
/** The Node response a request is answered on (for `request.signal`). */
export const kRequestResponse = Symbol('warren.requestResponse')
/** The AbortController behind `request.signal`, null until it is first read. */
export const kRequestAbort = Symbol('warren.requestAbort')
/** The headers set on a reply, written with the status when it is sent. */
export const kReplyHeaders = Symbol('warren.replyHeaders')
/** The serializer set with `reply.serializer()`, or null. */
export const kReplySerializer = Symbol('warren.replySerializer')
/** True from `send()` on: the payload is on its way through the hooks to the socket. */
export const kReplySending = Symbol('warren.replySending')
/** True after `reply.hijack()`: warren writes nothing more. */
export const kReplyHijacked = Symbol('warren.replyHijacked')
/** The error handler the next error goes to (undefined: the route's; null: none left). */
export const kReplyErrorHandler = Symbol('warren.replyErrorHandler')
/** True while an error body is sent: an error then is answered with the last-resort 500. */
export const kReplySendingError = Symbol('warren.replySendingError')
/** Where the reply is with its onError hooks (they run once per request): see `OnErrorPhase`. */
export const kReplyOnErrorPhase = Symbol('warren.replyOnErrorPhase')
/** When the request arrived (`performance.now()`), for `elapsedTime`. */
export const kReplyStartTime = Symbol('warren.replyStartTime')
/** True once a status was set on the reply, which the default 200 is not. */
export const kReplyHasStatus = Symbol('warren.replyHasStatus')

/** Reports a failure on the request path: the one way a stage hands an error to the error handler. */
export const kReplyFail = Symbol('warren.replyFail')

/** Symbols the Node ecosystem (fastify-plugin) uses to mark plugins; honoured as they are. */
export const kSkipOverride = Symbol.for('skip-override')
export const kPluginMeta = Symbol.for('plugin-meta')
export const kDisplayName = Symbol.for('fastify.display-name')

// avvio's methods, exposed under private keys; the instance's public ready/close wrap them
export const kAvvioReady = Symbol('warren.avvioReady')
export const kAvvioOnClose = Symbol('warren.avvioOnClose')
export const kAvvioClose = Symbol('warren.avvioClose')
export const kAvvio = Symbol('warren.avvio')
/** The reply's trailers by lower-cased name (null until `reply.trailer()` is called). */
export const kReplyTrailers = Symbol('warren.replyTrailers')
/**
 * Marks a validator generated by Ajv (also one loaded from the compile cache, which has no
 * `schemaEnv`): it accepts Ajv's data context, through which it writes a coerced root value.
 */
export const kAjvValidator = Symbol('warren.ajvValidator')
