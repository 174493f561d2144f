/**
 * @module core/errors
 * The catalogue of `SVC_ERR_*` codes, the `WarrenError` class they share, `createError` for an
 * application's own coded errors, and `toError`.
 */
import { format } from 'node:util'

/** Base class of every error warren creates; `statusCode` is what the default error handler answers with. */
export class WarrenError extends Error {
  code: string
  statusCode: number

  constructor(code: string, message: string, statusCode: number, options?: ErrorOptions) {
    super(message, options)
    this.name = 'WarrenError'
    this.code = code
    this.statusCode = statusCode
  }

  /** Also true for coded errors on another base (see {@link codedOn}): every coded error is a WarrenError. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true
    return this === WarrenError && typeof value === 'object' && value !== null && kCodedOnOtherBase in value
  }
}

const kCodedOnOtherBase = Symbol('warren.coded-on-other-base')

type CodedErrorClass = new (code: string, message: string, statusCode: number, options?: ErrorOptions) => WarrenError

/** A coded error class on another base than `Error` (`TypeError`, a `createError` base), still `instanceof WarrenError`. */
function codedOn(Base: ErrorConstructor): CodedErrorClass {
  return class extends Base {
    readonly [kCodedOnOtherBase] = true

    constructor(code: string, message: string, statusCode: number, options?: ErrorOptions) {
      super(message, options)
      // a WarrenError's name and fields, set in its order: this class cannot extend it
      this.name = 'WarrenError'
      Object.assign(this, { code, statusCode })
    }
  } as unknown as CodedErrorClass
}

/** A coded `TypeError` for a wrong argument. */
const WarrenTypeError = codedOn(TypeError)

/** A constructor of one coded error: `new codes.SVC_ERR_X(...formatArgs)`, or without `new`, as Fastify's are. */
export interface WarrenErrorClass {
  new (...args: unknown[]): WarrenError
  (...args: unknown[]): WarrenError
  readonly code: string
  readonly statusCode: number
}

function defineError(code: string, template: string, statusCode = 500, base: CodedErrorClass = WarrenError): WarrenErrorClass {
  const Coded = class extends base {
    static readonly code = code
    static readonly statusCode = statusCode
    constructor(...args: unknown[]) {
      const options = optionsIn(args)
      super(code, args.length > 0 ? format(template, ...args) : template.replace(/ ?'?%s'?/g, ''), statusCode, options)
    }
  }
  Object.defineProperty(Coded, 'name', { value: code })
  // callable without `new` too: existing plugins call error constructors that way
  return new Proxy(Coded, { apply: (Target, _this, args: unknown[]) => new Target(...args) }) as unknown as WarrenErrorClass
}

/** A last argument with a `cause` is the error's options (`new NotFound(id, { cause })`), taken off the message's arguments. */
function optionsIn(args: unknown[]): ErrorOptions | undefined {
  const last = args[args.length - 1]
  if (last === null || typeof last !== 'object' || !('cause' in last)) return undefined
  args.pop()
  return { cause: (last as ErrorOptions).cause }
}

/** warren's error codes; `SVC_ERR_X` is `FST_ERR_X` wherever the same error exists, so Fastify's documentation applies. */
export const codes = {
  // factory and instance
  SVC_ERR_INIT_OPTS_INVALID: defineError('SVC_ERR_INIT_OPTS_INVALID', "Invalid initialization option '%s': %s"),
  SVC_ERR_OPTIONS_NOT_OBJ: defineError('SVC_ERR_OPTIONS_NOT_OBJ', 'Options must be an object', 500, WarrenTypeError),
  SVC_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN: defineError('SVC_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', "schemaErrorFormatter option should be a non async function. Instead got '%s'.", 500, WarrenTypeError),
  SVC_ERR_QSP_NOT_FN: defineError('SVC_ERR_QSP_NOT_FN', "querystringParser option should be a function, instead got '%s'", 500, WarrenTypeError),
  SVC_ERR_INSTANCE_ALREADY_LISTENING: defineError('SVC_ERR_INSTANCE_ALREADY_LISTENING', 'The instance has already started (ready or listening). %s'),
  SVC_ERR_REOPENED_SERVER: defineError('SVC_ERR_REOPENED_SERVER', 'The instance is already listening'),
  SVC_ERR_REOPENED_CLOSE_SERVER: defineError('SVC_ERR_REOPENED_CLOSE_SERVER', 'The instance has been closed and cannot be reopened'),
  SVC_ERR_LISTEN_OPTIONS_INVALID: defineError('SVC_ERR_LISTEN_OPTIONS_INVALID', "Invalid listen option '%s': %s", 500, WarrenTypeError),
  SVC_ERR_INSTANCE_NOT_LISTENING: defineError('SVC_ERR_INSTANCE_NOT_LISTENING', 'The instance is not listening yet: call listen() first'),

  // decorators
  SVC_ERR_DEC_ALREADY_PRESENT: defineError('SVC_ERR_DEC_ALREADY_PRESENT', "The decorator '%s' has already been added!"),
  SVC_ERR_DEC_MISSING_DEPENDENCY: defineError('SVC_ERR_DEC_MISSING_DEPENDENCY', "The decorator is missing dependency '%s'."),
  SVC_ERR_DEC_AFTER_START: defineError('SVC_ERR_DEC_AFTER_START', "The decorator '%s' has been added after start!"),
  SVC_ERR_DEC_DEPENDENCY_INVALID_TYPE: defineError('SVC_ERR_DEC_DEPENDENCY_INVALID_TYPE', "The dependencies of decorator '%s' must be of type Array.", 500, WarrenTypeError),
  SVC_ERR_DEC_UNDECLARED: defineError('SVC_ERR_DEC_UNDECLARED', "No decorator '%s' has been declared on %s."),
  SVC_ERR_DEC_REFERENCE_TYPE: defineError('SVC_ERR_DEC_REFERENCE_TYPE', "The decorator '%s' of type '%s' is a reference type. Use the { getter, setter } interface instead."),

  // hooks
  SVC_ERR_HOOK_INVALID_TYPE: defineError('SVC_ERR_HOOK_INVALID_TYPE', 'The hook name must be a string', 500, WarrenTypeError),
  SVC_ERR_HOOK_INVALID_HANDLER: defineError('SVC_ERR_HOOK_INVALID_HANDLER', '%s hook should be a function, instead got %s', 500, WarrenTypeError),
  SVC_ERR_HOOK_INVALID_ASYNC_HANDLER: defineError('SVC_ERR_HOOK_INVALID_ASYNC_HANDLER', "Async function has too many arguments. Async hooks should not use the 'done' argument.", 500, WarrenTypeError),
  SVC_ERR_HOOK_NOT_SUPPORTED: defineError('SVC_ERR_HOOK_NOT_SUPPORTED', '%s hook not supported!', 500, WarrenTypeError),
  SVC_ERR_HOOK_TIMEOUT: defineError('SVC_ERR_HOOK_TIMEOUT', "A callback for '%s' hook%s timed out. You may have forgotten to call 'done' function or to resolve a Promise"),

  // plugins
  SVC_ERR_PLUGIN_TIMEOUT: defineError('SVC_ERR_PLUGIN_TIMEOUT', "Plugin '%s' did not start in time: %s ms. You may have forgotten to call 'done' or to resolve a Promise"),
  SVC_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED: defineError('SVC_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', "The dependency '%s' of plugin '%s' is not registered"),
  SVC_ERR_PLUGIN_INVALID_ASYNC_HANDLER: defineError('SVC_ERR_PLUGIN_INVALID_ASYNC_HANDLER', 'The %s plugin being registered mixes async and callback styles. Async plugin should not mix async and callback style.', 500, WarrenTypeError),
  SVC_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE: defineError('SVC_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE', "The decorator '%s'%s is not present in %s"),
  SVC_ERR_PLUGIN_VERSION_MISMATCH: defineError('SVC_ERR_PLUGIN_VERSION_MISMATCH', "Plugin '%s' expects Fastify API '%s', but warren implements Fastify API %s"),
  SVC_ERR_PLUGIN_INVALID: defineError('SVC_ERR_PLUGIN_INVALID', 'A plugin must be a function or a Promise of one, got %s'),

  // routes
  SVC_ERR_DUPLICATED_ROUTE: defineError('SVC_ERR_DUPLICATED_ROUTE', "Method '%s' already declared for route '%s'"),
  SVC_ERR_ROUTE_DUPLICATED_HANDLER: defineError('SVC_ERR_ROUTE_DUPLICATED_HANDLER', 'Duplicate handler for "%s:%s" route is not allowed!'),
  SVC_ERR_ROUTE_OPTIONS_NOT_OBJ: defineError('SVC_ERR_ROUTE_OPTIONS_NOT_OBJ', 'Options for "%s:%s" route must be an object', 500, WarrenTypeError),
  SVC_ERR_ROUTE_LOG_LEVEL_INVALID: defineError('SVC_ERR_ROUTE_LOG_LEVEL_INVALID', "Log level for '%s:%s' route must be a valid logger level. Received: '%s'", 500, WarrenTypeError),
  SVC_ERR_ROUTE_METHOD_INVALID: defineError('SVC_ERR_ROUTE_METHOD_INVALID', 'Provided method is invalid!', 500, WarrenTypeError),
  SVC_ERR_ROUTE_MISSING_HANDLER: defineError('SVC_ERR_ROUTE_MISSING_HANDLER', 'Missing handler function for "%s:%s" route.'),
  SVC_ERR_ROUTE_HANDLER_NOT_FN: defineError('SVC_ERR_ROUTE_HANDLER_NOT_FN', "The handler of '%s:%s' route must be a function", 500, WarrenTypeError),
  SVC_ERR_INVALID_URL: defineError('SVC_ERR_INVALID_URL', "The url of a route must be a string, got '%s'", 500, WarrenTypeError),
  SVC_ERR_ROUTE_REWRITE_NOT_STR: defineError('SVC_ERR_ROUTE_REWRITE_NOT_STR', 'Rewrite url for "%s" needs to be of type "string" but received "%s"', 500, WarrenTypeError),
  SVC_ERR_ROUTE_PREFIX_TRAILING_SLASH_INVALID: defineError('SVC_ERR_ROUTE_PREFIX_TRAILING_SLASH_INVALID', "'prefixTrailingSlash' option must be 'both', 'slash' or 'no-slash', got '%s'"),
  SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT: defineError('SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT', "'bodyLimit' option must be an integer > 0. Got '%s'", 500, WarrenTypeError),
  SVC_ERR_NOT_FOUND_HANDLER_ALREADY_SET: defineError('SVC_ERR_NOT_FOUND_HANDLER_ALREADY_SET', "Not found handler already set for the context with prefix '%s'"),
  SVC_ERR_ERROR_HANDLER_ALREADY_SET: defineError('SVC_ERR_ERROR_HANDLER_ALREADY_SET', 'This context already set its error handler, and allowErrorHandlerOverride is false', 500, WarrenTypeError),
  SVC_ERR_ERROR_HANDLER_NOT_FN: defineError('SVC_ERR_ERROR_HANDLER_NOT_FN', 'Error Handler must be a function', 500, WarrenTypeError),

  // requests and replies
  SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION: defineError('SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION', 'Invalid validation invocation. Missing validation function for HTTP part "%s" nor schema provided.'),
  SVC_ERR_MISSING_SERIALIZATION_FN: defineError('SVC_ERR_MISSING_SERIALIZATION_FN', 'Missing serialization function. Key "%s"'),
  SVC_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN: defineError('SVC_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN', 'Missing serialization function. Key "%s:%s"'),
  SVC_ERR_NOT_FOUND: defineError('SVC_ERR_NOT_FOUND', 'Route %s:%s not found', 404),
  SVC_ERR_BAD_URL: defineError('SVC_ERR_BAD_URL', "'%s' is not a valid url component", 400),
  SVC_ERR_MAX_PARAM_LENGTH: defineError('SVC_ERR_MAX_PARAM_LENGTH', "'%s' is exceeding the max param length", 414),
  SVC_ERR_ASYNC_CONSTRAINT: defineError('SVC_ERR_ASYNC_CONSTRAINT', 'Unexpected error from async constraint', 500),
  SVC_ERR_SERVICE_UNAVAILABLE: defineError('SVC_ERR_SERVICE_UNAVAILABLE', 'Service Unavailable', 503),
  SVC_ERR_NON_ERROR_THROWN: defineError('SVC_ERR_NON_ERROR_THROWN', 'A non-error value was thrown: %s', 500),
  SVC_ERR_SEND_UNDEFINED_ERR: defineError('SVC_ERR_SEND_UNDEFINED_ERR', 'Undefined error has occurred', 500),
  SVC_ERR_REP_ALREADY_SENT: defineError('SVC_ERR_REP_ALREADY_SENT', 'Reply was already sent, did you forget to "return reply" in "%s" (%s)?', 500),
  SVC_ERR_SEND_INSIDE_ONERR: defineError('SVC_ERR_SEND_INSIDE_ONERR', 'reply.send() cannot be called inside an onError hook: the error handler answers', 500),
  SVC_ERR_REP_INVALID_PAYLOAD_TYPE: defineError('SVC_ERR_REP_INVALID_PAYLOAD_TYPE', "Attempted to send payload of invalid type '%s'. Expected a string or Buffer.", 500, WarrenTypeError),
  SVC_ERR_BAD_STATUS_CODE: defineError('SVC_ERR_BAD_STATUS_CODE', 'Called reply with an invalid status code: %s'),
  SVC_ERR_RESPONSE_SERIALIZATION: defineError('SVC_ERR_RESPONSE_SERIALIZATION', 'Failed to serialize the response of %s:%s with status %s: %s', 500),
  SVC_ERR_FAILED_ERROR_SERIALIZATION: defineError('SVC_ERR_FAILED_ERROR_SERIALIZATION', 'Failed to serialize an error. Error: %s. Original error: %s'),

  // content-type parsing
  SVC_ERR_CTP_ALREADY_PRESENT: defineError('SVC_ERR_CTP_ALREADY_PRESENT', "Content type parser '%s' already present."),
  SVC_ERR_CTP_INVALID_TYPE: defineError('SVC_ERR_CTP_INVALID_TYPE', 'The content type should be a string or a RegExp', 500, WarrenTypeError),
  SVC_ERR_CTP_EMPTY_TYPE: defineError('SVC_ERR_CTP_EMPTY_TYPE', 'The content type cannot be an empty string', 500, WarrenTypeError),
  SVC_ERR_CTP_INVALID_HANDLER: defineError('SVC_ERR_CTP_INVALID_HANDLER', 'The content type handler should be a function', 500, WarrenTypeError),
  SVC_ERR_CTP_INVALID_PARSE_TYPE: defineError('SVC_ERR_CTP_INVALID_PARSE_TYPE', "The body parser can only parse your data as 'string' or 'buffer', you asked '%s' which is not supported.", 500, WarrenTypeError),
  SVC_ERR_CTP_BODY_TOO_LARGE: defineError('SVC_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large', 413),
  SVC_ERR_CTP_INVALID_MEDIA_TYPE: defineError('SVC_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type', 415),
  SVC_ERR_CTP_INVALID_CONTENT_LENGTH: defineError('SVC_ERR_CTP_INVALID_CONTENT_LENGTH', 'Request body size did not match Content-Length', 400),
  SVC_ERR_CTP_EMPTY_JSON_BODY: defineError('SVC_ERR_CTP_EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'", 400),
  SVC_ERR_CTP_FORBIDDEN_PROPERTY: defineError('SVC_ERR_CTP_FORBIDDEN_PROPERTY', 'Body contains a forbidden property (__proto__ or constructor.prototype), refused as a prototype-poisoning attempt: see the onProtoPoisoning and onConstructorPoisoning options', 400),
  SVC_ERR_CTP_INVALID_JSON_BODY: defineError('SVC_ERR_CTP_INVALID_JSON_BODY', "Body is not valid JSON but content-type is set to 'application/json': %s", 400),
  SVC_ERR_CTP_INSTANCE_ALREADY_STARTED: defineError('SVC_ERR_CTP_INSTANCE_ALREADY_STARTED', 'Cannot call "%s" when the instance has already started', 500),

  // schemas
  SVC_ERR_VALIDATION: defineError('SVC_ERR_VALIDATION', '%s', 400),
  SVC_ERR_SCH_MISSING_ID: defineError('SVC_ERR_SCH_MISSING_ID', 'Missing schema $id property'),
  SVC_ERR_SCH_ALREADY_PRESENT: defineError('SVC_ERR_SCH_ALREADY_PRESENT', "Schema with id '%s' already declared!"),
  SVC_ERR_SCH_DUPLICATE: defineError('SVC_ERR_SCH_DUPLICATE', "Schema with '%s' already present!"),
  SVC_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN: defineError('SVC_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN', "schemaController.bucket option should be a function, instead got '%s'", 500, WarrenTypeError),
  SVC_ERR_SCH_VALIDATION_BUILD: defineError('SVC_ERR_SCH_VALIDATION_BUILD', 'Failed building the validation schema for %s: %s, due to error %s'),
  SVC_ERR_SCH_SERIALIZATION_BUILD: defineError('SVC_ERR_SCH_SERIALIZATION_BUILD', 'Failed building the serialization schema for %s: %s, due to error %s'),
  SVC_ERR_SCH_CONTENT_MISSING_SCHEMA: defineError('SVC_ERR_SCH_CONTENT_MISSING_SCHEMA', "Schema is missing for the content type '%s'"),
  SVC_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX: defineError('SVC_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX', 'response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }'),
  SVC_ERR_SCH_NOT_PRECOMPILED: defineError('SVC_ERR_SCH_NOT_PRECOMPILED', '%s is not in the precompiled schemas module (it was written for another application, or before this schema or its options changed): run `warren compile --esm` again'),
  SVC_ERR_SCH_MISSING_COMPILER: defineError('SVC_ERR_SCH_MISSING_COMPILER', "The validator compiler has no compiler for the '%s' part of %s: %s"),
  SVC_ERR_SCH_STANDARD_NO_JSON_SCHEMA: defineError('SVC_ERR_SCH_STANDARD_NO_JSON_SCHEMA', 'The %s schema of %s:%s gives no JSON Schema to compile: %s. Give it one (docs/guide/schema-libraries.md), or have its library validate it alone: libraryOnly(schema)'),
  SVC_ERR_SCH_STANDARD_NOT_JSON: defineError('SVC_ERR_SCH_STANDARD_NOT_JSON', 'The %s schema of %s:%s answers with a value JSON does not carry as its type says: %s'),
  SVC_ERR_SCH_STANDARD_VALIDATE: defineError('SVC_ERR_SCH_STANDARD_VALIDATE', "The %s schema of %s:%s: its library's validate %s", 500),

  // OpenAPI document (warren/openapi), thrown at start-up
  SVC_ERR_OPENAPI_OPTIONS: defineError('SVC_ERR_OPENAPI_OPTIONS', 'warren/openapi: %s'),
  SVC_ERR_OPENAPI_UNEXPRESSIBLE: defineError('SVC_ERR_OPENAPI_UNEXPRESSIBLE', 'The %s schema of route %s has no OpenAPI form at %s: %s'),
  SVC_ERR_OPENAPI_SCHEMA_CONFLICT: defineError('SVC_ERR_OPENAPI_SCHEMA_CONFLICT', "Two different shared schemas have the $id '%s' (in contexts of routes %s and %s): OpenAPI has one components.schemas entry per id"),
  SVC_ERR_OPENAPI_SECURITY_SCHEME_CONFLICT: defineError('SVC_ERR_OPENAPI_SECURITY_SCHEME_CONFLICT', "Two different security schemes are named '%s' (in contexts of routes %s and %s): give one of them another name (bearerAuth's and tokenAuth's 'openapi: { name }')"),
  SVC_ERR_OPENAPI_ID_CONFLICT: defineError('SVC_ERR_OPENAPI_ID_CONFLICT', "Two different schemas are named '%s': %s, and %s. An id names one components.schemas entry: give one of them another id"),
  SVC_ERR_OPENAPI_OPERATION_ID_TAKEN: defineError('SVC_ERR_OPENAPI_OPERATION_ID_TAKEN', "Routes %s and %s have the operationId '%s': an OpenAPI document names each operation once"),
  SVC_ERR_OPENAPI_REF_MISSING: defineError('SVC_ERR_OPENAPI_REF_MISSING', "The %s schema of route %s refers to '%s', which no shared schema visible to that route defines"),

  SVC_ERR_BAD_TRAILER_NAME: defineError('SVC_ERR_BAD_TRAILER_NAME', 'Called reply.trailer with an invalid header name: %s', 500),
  SVC_ERR_BAD_TRAILER_VALUE: defineError('SVC_ERR_BAD_TRAILER_VALUE', "Called reply.trailer('%s', fn) with an invalid type: %s. Expected a function.", 500),
  SVC_ERR_REP_RESPONSE_BODY_CONSUMED: defineError('SVC_ERR_REP_RESPONSE_BODY_CONSUMED', 'Response.body is already consumed.', 500),
  SVC_ERR_REP_READABLE_STREAM_LOCKED: defineError('SVC_ERR_REP_READABLE_STREAM_LOCKED', 'ReadableStream was locked. You should call releaseLock() method on reader before sending.', 500),

  // server options, request ids, request loggers, handler timeouts
  SVC_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE: defineError('SVC_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE', "Cannot set forceCloseConnections to 'idle': the server from serverFactory has no closeIdleConnections method"),
  SVC_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT: defineError('SVC_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT', "'handlerTimeout' option must be a positive integer, got '%s'", 500, WarrenTypeError),
  SVC_ERR_HANDLER_TIMEOUT: defineError('SVC_ERR_HANDLER_TIMEOUT', 'The request was not answered within %s ms (handlerTimeout)', 503),
  SVC_ERR_LOG_INVALID_LOGGER: defineError('SVC_ERR_LOG_INVALID_LOGGER', "Invalid logger object provided. The logger instance should have these functions(s): '%s'.", 500, WarrenTypeError),
  SVC_ERR_LOG_INVALID_LOGGER_INSTANCE: defineError('SVC_ERR_LOG_INVALID_LOGGER_INSTANCE', 'loggerInstance only accepts a logger instance.', 500, WarrenTypeError),
  SVC_ERR_LOG_INVALID_LOGGER_CONFIG: defineError('SVC_ERR_LOG_INVALID_LOGGER_CONFIG', 'The logger option takes pino options (or true); pass a ready logger as loggerInstance instead.', 500, WarrenTypeError),
  SVC_ERR_LOG_SERIALIZERS_INVALID: defineError('SVC_ERR_LOG_SERIALIZERS_INVALID', 'logSerializers must be an object of functions: %s', 500, WarrenTypeError),
  SVC_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED: defineError('SVC_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED', 'You cannot provide both logger and loggerInstance. Please provide only one.', 500, WarrenTypeError),
  SVC_ERR_GEN_REQ_ID_NOT_FN: defineError('SVC_ERR_GEN_REQ_ID_NOT_FN', 'The request id generator must be a function, got %s'),
  SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN: defineError('SVC_ERR_CHILD_LOGGER_FACTORY_NOT_FN', 'The child logger factory must be a function, got %s'),

  // HTTP methods, route declaration and constraints
  SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED: defineError('SVC_ERR_ROUTE_METHOD_NOT_SUPPORTED', "%s method is not supported. Add it with addHttpMethod('%s') first"),
  SVC_ERR_ROUTE_METHOD_EXISTS: defineError('SVC_ERR_ROUTE_METHOD_EXISTS', 'The %s method is already accepted %s a body: pass { overrideExisting: true } to change that'),
  SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID: defineError('SVC_ERR_ROUTE_METHOD_OPTIONS_INVALID', "Invalid addHttpMethod option '%s': %s"),
  SVC_ERR_ROUTE_MISSING_CONTENT_TYPE: defineError('SVC_ERR_ROUTE_MISSING_CONTENT_TYPE', "A %s request must have a 'Content-Type' header", 400),
  SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED: defineError('SVC_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED', 'Body validation schema for %s:%s route is not supported!'),
  SVC_ERR_ROUTE_PATH_EMPTY: defineError('SVC_ERR_ROUTE_PATH_EMPTY', 'The path could not be empty'),
  SVC_ERR_ROUTE_CONSTRAINTS_INVALID: defineError('SVC_ERR_ROUTE_CONSTRAINTS_INVALID', "The constraints of route '%s:%s' must be an object, got %s"),
  SVC_ERR_CONSTRAINT_STRATEGY_INVALID: defineError('SVC_ERR_CONSTRAINT_STRATEGY_INVALID', 'Invalid constraint strategy: %s'),

  // requests served in-process: app.fetch(Request), Lambda events
  SVC_ERR_REQ_BODY_CONSUMED: defineError('SVC_ERR_REQ_BODY_CONSUMED', 'Request.body is already consumed: a Request whose body was read cannot be served', 500),
  SVC_ERR_FETCH_RESPONSE_STATUS: defineError('SVC_ERR_FETCH_RESPONSE_STATUS', 'Status %s cannot be sent as a web Response (it takes 200 to 599)', 500),
  SVC_ERR_LAMBDA_EVENT_UNSUPPORTED: defineError('SVC_ERR_LAMBDA_EVENT_UNSUPPORTED', 'The Lambda event is not an API Gateway (HTTP API or REST API), function URL or ALB request: %s'),
} as const

/**
 * Defines a coded error of your own, callable with or without `new`: instances carry `code`,
 * `statusCode` (the default error handler's answer) and `message` with `%s` filled by the arguments;
 * a last argument `{ cause }` is the error's `cause`, not part of the message. `Base` (an `Error`
 * class, e.g. `TypeError`) is what instances also are.
 *
 * @example
 * ```ts
 * const OutOfStock = createError('APP_ERR_OUT_OF_STOCK', "Item '%s' is out of stock", 409)
 * app.post('/orders', async () => {
 *   throw new OutOfStock('sku-1') // 409 { statusCode, code: 'APP_ERR_OUT_OF_STOCK', error, message }
 * })
 * ```
 */
export function createError(code: string, message: string, statusCode = 500, Base: ErrorConstructor = Error): WarrenErrorClass {
  if (typeof code !== 'string' || code === '') throw new TypeError('createError: the code must be a non-empty string')
  if (typeof message !== 'string') throw new TypeError('createError: the message must be a string')
  if (!Number.isInteger(statusCode) || statusCode < 400 || statusCode > 599) throw new TypeError(`createError: the status must be a 4xx or 5xx code, got ${String(statusCode)}`)
  if (typeof Base !== 'function' || !(Base === Error || Base.prototype instanceof Error)) throw new TypeError('createError: the base must be Error or a class extending it')
  return defineError(code, message, statusCode, Base === Error ? WarrenError : codedOn(Base))
}

export type ErrorCode = keyof typeof codes

/** Turns a non-Error value into an Error where one is required; not on the request path, where a thrown value reaches error handlers as thrown. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value
  if (value !== null && typeof value === 'object' && typeof (value as Error).message === 'string') {
    return Object.assign(new Error((value as Error).message), value)
  }
  return new codes.SVC_ERR_NON_ERROR_THROWN(typeof value === 'string' ? value : String(value))
}
