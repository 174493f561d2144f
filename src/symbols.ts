// Internal keys of instance, request and reply state. Symbols keep them off the public surface
// and out of the way of user decorators.
export const kRoot = Symbol('warren.root')
export const kChildren = Symbol('warren.children')
export const kHooks = Symbol('warren.hooks')
export const kRequestClass = Symbol('warren.requestClass')
export const kReplyClass = Symbol('warren.replyClass')
export const kParsers = Symbol('warren.parsers')
/** The `bodyLimit` a route was declared with (undefined when it took the factory's). */
export const kOwnBodyLimit = Symbol('warren.ownBodyLimit')
export const kSchemaCompilers = Symbol('warren.schemaCompilers')
export const kErrorHandler = Symbol('warren.errorHandler')
export const kPrefix = Symbol('warren.prefix')
export const kLogLevel = Symbol('warren.logLevel')
export const kRegisteredPlugins = Symbol('warren.registeredPlugins')
export const kPluginNames = Symbol('warren.pluginNames')

export const kRoute = Symbol('warren.route')
export const kReplyHeaders = Symbol('warren.replyHeaders')
export const kReplySerializer = Symbol('warren.replySerializer')
export const kReplySending = Symbol('warren.replySending')
export const kReplyHijacked = Symbol('warren.replyHijacked')
export const kReplyErrorHandler = Symbol('warren.replyErrorHandler')
export const kReplySendingError = Symbol('warren.replySendingError')
export const kReplyOnErrorRan = Symbol('warren.replyOnErrorRan')
export const kReplyStartTime = Symbol('warren.replyStartTime')
export const kReplyHasStatus = Symbol('warren.replyHasStatus')

/** Symbols the Node ecosystem (fastify-plugin) uses to mark plugins; honoured as they are. */
export const kSkipOverride = Symbol.for('skip-override')
export const kPluginMeta = Symbol.for('plugin-meta')
export const kDisplayName = Symbol.for('fastify.display-name')

// avvio's methods, exposed under private keys; the instance's public ready/close wrap them
export const kAvvioReady = Symbol('warren.avvioReady')
export const kAvvioOnClose = Symbol('warren.avvioOnClose')
export const kAvvioClose = Symbol('warren.avvioClose')
export const kAvvio = Symbol('warren.avvio')
