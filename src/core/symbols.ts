/**
 * @module core/symbols
 * The private keys of instance, request and reply state (off the public surface, clear of user
 * decorators), and the symbols the Node ecosystem uses to mark plugins.
 */
export const kRoot = Symbol('warren.root')
/** The application's `RouteTable`, read from any context through the root. */
export const kRouteTable = Symbol('warren.routeTable')
export const kChildren = Symbol('warren.children')
export const kHooks = Symbol('warren.hooks')
export const kRequestClass = Symbol('warren.requestClass')
export const kReplyClass = Symbol('warren.replyClass')
export const kParsers = Symbol('warren.parsers')
/** The `bodyLimit` a route was declared with (undefined when it took the factory's). */
export const kOwnBodyLimit = Symbol('warren.ownBodyLimit')
/** The list of methods a route was declared with, on each of its per-method options (`request.routeOptions.method`). */
export const kDeclaredMethod = Symbol('warren.declaredMethod')
export const kSchemaCompilers = Symbol('warren.schemaCompilers')
export const kErrorHandler = Symbol('warren.errorHandler')
export const kPrefix = Symbol('warren.prefix')
export const kLogLevel = Symbol('warren.logLevel')
/** The `logSerializers` of a context (its own merged over its parent's); its routes' request loggers use them. */
export const kLogSerializers = Symbol('warren.logSerializers')
/** Metadata names of the plugins registered in a context and its ancestors; under Fastify's registered symbol, which plugins read (`@fastify/view`). */
export const kRegisteredPlugins = Symbol.for('registered-plugin')
export const kPluginNames = Symbol('warren.pluginNames')
/** A context's request id generator, the id header already applied. */
export const kGenReqId = Symbol('warren.genReqId')
export const kChildLoggerFactory = Symbol('warren.childLoggerFactory')

export const kRoute = Symbol('warren.route')
/** The Node response a request is answered on, for `request.signal`. */
export const kRequestResponse = Symbol('warren.requestResponse')
/** Null until `request.signal` is first read. */
export const kRequestAbort = Symbol('warren.requestAbort')
/** Undefined until `request.headers` is assigned: until then it reads the raw request's. */
export const kRequestHeaders = Symbol('warren.requestHeaders')
export const kReplyHeaders = Symbol('warren.replyHeaders')
export const kReplySerializer = Symbol('warren.replySerializer')
/** True from `send()` on: the payload is on its way through the hooks. */
export const kReplySending = Symbol('warren.replySending')
export const kReplyHijacked = Symbol('warren.replyHijacked')
/** True while a pipelined response waits for the ones before it to give it the socket (serve/write). */
export const kReplyAwaitingTurn = Symbol('warren.replyAwaitingTurn')
/** The run of preSerialization or onSend hooks under way (null: none): a `send()` meanwhile starts over and ends it (serve/run-hooks). */
export const kReplyPayloadRun = Symbol('warren.replyPayloadRun')
/** The runner of the request's answering hooks, made at its first hook stage (serve/run-hooks). */
export const kReplyHookRun = Symbol('warren.replyHookRun')
/** The error handler the next error goes to (undefined: the route's; null: none left). */
export const kReplyErrorHandler = Symbol('warren.replyErrorHandler')
/** True while an error body is sent: an error then is answered with the last-resort 500. */
export const kReplySendingError = Symbol('warren.replySendingError')
/** Where the reply is with its onError hooks (they run once per request): see `OnErrorPhase`. */
export const kReplyOnErrorPhase = Symbol('warren.replyOnErrorPhase')
export const kReplyStartTime = Symbol('warren.replyStartTime')
/** When the response finished, once observed (onResponse hooks, request logging): `elapsedTime` stops there. */
export const kReplyEndTime = Symbol('warren.replyEndTime')
/** True once a status was set, which the default 200 is not. */
export const kReplyHasStatus = Symbol('warren.replyHasStatus')

/** Reports a failure on the request path: the one way a stage hands an error to the error handler. */
export const kReplyFail = Symbol('warren.replyFail')

/** Symbols fastify-plugin uses to mark plugins, honoured as they are. */
export const kSkipOverride = Symbol.for('skip-override')
export const kPluginMeta = Symbol.for('plugin-meta')
export const kDisplayName = Symbol.for('fastify.display-name')

// avvio's methods under private keys; the public ready/close wrap them
export const kAvvioReady = Symbol('warren.avvioReady')
export const kAvvioOnClose = Symbol('warren.avvioOnClose')
export const kAvvioClose = Symbol('warren.avvioClose')
export const kAvvio = Symbol('warren.avvio')
/** Null until `reply.trailer()` is called. */
export const kReplyTrailers = Symbol('warren.replyTrailers')
/** Marks an Ajv validator (also a cached one, without `schemaEnv`): it takes Ajv's data context to write a coerced root. */
export const kAjvValidator = Symbol('warren.ajvValidator')
/** On a request whose transport holds the body whole: reads it in one call, without stream events (see content-type/body-reader). */
export const kReadWholeBody = Symbol('warren.readWholeBody')
