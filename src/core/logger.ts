/**
 * @module core/logger
 * The server logger built from the `logger` option (pino, a given logger, or a silent one that
 * costs nothing) and the per-request child logger.
 */
import type { IncomingMessage } from 'node:http'
import { pino } from 'pino'
import type { ChildLoggerFactory, WarrenLogger as Logger } from '../types/index.js'
import { codes } from './errors.js'

/** The logger interface warren uses: pino's, or anything shaped like it (declared with the types). */
export type { Logger }

const noop = (): void => {}

/** The logger used when logging is off: every call does nothing and costs nothing. */
const silentLogger: Logger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  child() {
    return silentLogger
  },
}

const loggerMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child']

/** The logger methods `value` lacks (all of them for a value that is not an object). */
function missingLoggerMethods(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return loggerMethods
  return loggerMethods.filter((method) => typeof (value as Record<string, unknown>)[method] !== 'function')
}

function isLoggerInstance(value: object): value is Logger {
  return missingLoggerMethods(value).length === 0
}

/**
 * Refuses an object that has some logger methods but not all (`SVC_ERR_LOG_INVALID_LOGGER`,
 * naming the missing ones): half a logger is a mistake, not pino options.
 */
function assertNotPartialLogger(value: unknown): void {
  const missing = missingLoggerMethods(value)
  if (missing.length > 0 && missing.length < loggerMethods.length) throw new codes.SVC_ERR_LOG_INVALID_LOGGER(missing.join(','))
}

type Serializer = (value: any) => unknown

/** What a request, a reply and an error look like in a log line (the objects themselves are far too big). */
const defaultSerializers: Record<'req' | 'res' | 'err', Serializer> = {
  req: (request) => ({
    method: request.method,
    url: request.url,
    // the version a versioned route was asked for (`constraints: { version }`), if any
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.raw?.socket?.remotePort,
  }),
  res: (reply) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
}

/**
 * Builds the server logger from the `logger` option (false: off, true, pino options or a logger)
 * or the `loggerInstance` option (a logger, as Fastify 5 takes it); not both.
 */
export function createLogger(option: unknown, instance?: unknown): { logger: Logger; enabled: boolean } {
  if (instance !== undefined && instance !== null) {
    if (option !== undefined && option !== false && option !== null) throw new codes.SVC_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED()
    assertNotPartialLogger(instance)
    if (typeof instance !== 'object' || !isLoggerInstance(instance)) throw new codes.SVC_ERR_LOG_INVALID_LOGGER_INSTANCE()
    return { logger: withDefaultSerializers(instance), enabled: true }
  }
  if (option === undefined || option === false || option === null) return { logger: silentLogger, enabled: false }
  assertNotPartialLogger(option)
  if (option === true) return { logger: pino({ serializers: defaultSerializers }) as unknown as Logger, enabled: true }
  if (typeof option === 'object' && isLoggerInstance(option)) return { logger: withDefaultSerializers(option), enabled: true }
  const { stream, serializers, ...options } = option as { stream?: unknown; serializers?: Record<string, Serializer> }
  const withSerializers = { ...options, serializers: { ...defaultSerializers, ...serializers } }
  const logger = isDestination(stream) ? pino(withSerializers, stream) : pino(withSerializers)
  return { logger: logger as unknown as Logger, enabled: true }
}

/** A pino instance given by the user: its own serializers win, the defaults fill the rest. */
function withDefaultSerializers(logger: Logger): Logger {
  const own = (logger as unknown as Record<symbol, Record<string, Serializer> | undefined>)[pino.symbols.serializersSym]
  if (own === undefined) return logger
  return logger.child({}, { serializers: { ...defaultSerializers, ...own } })
}

/** `logger: { stream }` names the destination, as pino's second argument. */
function isDestination(stream: unknown): stream is NodeJS.WritableStream {
  return stream !== null && typeof stream === 'object' && typeof (stream as NodeJS.WritableStream).write === 'function'
}

/** The request's child logger; with logging off, the silent logger itself (no allocation). */
export function requestLogger(logger: Logger, enabled: boolean, label: string, id: string, level?: string): Logger {
  if (!enabled) return logger
  return level ? logger.child({ [label]: id }, { level }) : logger.child({ [label]: id })
}

/**
 * The request's logger from a user's child logger factory, called with `this` the route's
 * instance. The options hold a `level` only when the route sets one: an absent level inherits,
 * where an undefined one would reset it. Throws `SVC_ERR_LOG_INVALID_LOGGER` when the factory
 * returns something that is not a logger (a programming error, found on the first request).
 */
export function factoryLogger(
  factory: ChildLoggerFactory,
  instance: unknown,
  logger: Logger,
  label: string,
  id: string,
  level: string | undefined,
  req: IncomingMessage,
): Logger {
  const child = factory.call(instance, logger, { [label]: id }, level ? { level } : {}, req)
  if (child === null || typeof child !== 'object' || !isLoggerInstance(child)) {
    throw new codes.SVC_ERR_LOG_INVALID_LOGGER(missingLoggerMethods(child).join(','))
  }
  return child
}
