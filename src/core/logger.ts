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

function missingLoggerMethods(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return loggerMethods
  return loggerMethods.filter((method) => typeof (value as Record<string, unknown>)[method] !== 'function')
}

function isLoggerInstance(value: object): value is Logger {
  return missingLoggerMethods(value).length === 0
}

/** Refuses an object with some logger methods but not all: half a logger is a mistake, not pino options. */
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
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.raw?.socket?.remotePort,
  }),
  res: (reply) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
}

/** Builds the server logger from `logger` (false, true or pino options) or `loggerInstance`; not both. */
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
  // a ready logger goes in `loggerInstance`: `logger` takes options only, so each option has one type
  if (typeof option === 'object' && isLoggerInstance(option)) throw new codes.SVC_ERR_LOG_INVALID_LOGGER_CONFIG()
  const { stream, file, serializers, ...options } = option as { stream?: unknown; file?: unknown; serializers?: Record<string, Serializer> }
  const withSerializers = { ...options, serializers: { ...defaultSerializers, ...serializers } }
  const destination = destinationOf(stream, file)
  const logger = destination === null ? pino(withSerializers) : pino(withSerializers, destination)
  return { logger: logger as unknown as Logger, enabled: true }
}

/** Where `logger: { stream }` or `logger: { file }` writes (a stream wins); null: stdout. */
function destinationOf(stream: unknown, file: unknown): NodeJS.WritableStream | null {
  if (isDestination(stream)) return stream
  if (typeof file === 'string' && file !== '') return pino.destination(file) as unknown as NodeJS.WritableStream
  return null
}

/** A pino instance given by the user: its own serializers win, the defaults fill the rest. */
function withDefaultSerializers(logger: Logger): Logger {
  const own = (logger as unknown as Record<symbol, Record<string, Serializer> | undefined>)[pino.symbols.serializersSym]
  if (own === undefined) return logger
  return logger.child({}, { serializers: { ...defaultSerializers, ...own } })
}

function isDestination(stream: unknown): stream is NodeJS.WritableStream {
  return stream !== null && typeof stream === 'object' && typeof (stream as NodeJS.WritableStream).write === 'function'
}

/** Log serializers by the key of the logged object they turn into what the line shows. */
export type LogSerializers = Record<string, Serializer>

/** What a route's request loggers are made with besides the request id: its level and serializers. */
export interface ChildLoggerOptions {
  level?: string
  serializers?: LogSerializers
}

/** A context's or route's own `logSerializers` over those it inherits; null when neither has any. */
export function mergeLogSerializers(inherited: LogSerializers | null, own: unknown): LogSerializers | null {
  if (own === undefined || own === null) return inherited
  if (typeof own !== 'object' || Array.isArray(own)) throw new codes.SVC_ERR_LOG_SERIALIZERS_INVALID(`got ${Array.isArray(own) ? 'an array' : typeof own}`)
  for (const [key, serializer] of Object.entries(own)) {
    if (typeof serializer !== 'function') throw new codes.SVC_ERR_LOG_SERIALIZERS_INVALID(`'${key}' is ${typeof serializer}`)
  }
  return { ...inherited, ...(own as LogSerializers) }
}

/** A route's child logger options; null when it sets neither (an undefined level would make pino reset it). */
export function childLoggerOptions(level: string | undefined, serializers: LogSerializers | null | undefined): ChildLoggerOptions | null {
  if (!level && !serializers) return null
  const options: ChildLoggerOptions = {}
  if (level) options.level = level
  if (serializers) options.serializers = serializers
  return options
}

/** The request's child logger; with logging off, the silent logger itself (no allocation). */
export function requestLogger(logger: Logger, enabled: boolean, label: string, id: string, options: ChildLoggerOptions | null): Logger {
  if (!enabled) return logger
  return options === null ? logger.child({ [label]: id }) : logger.child({ [label]: id }, options as Record<string, unknown>)
}

/** The request's logger from a user's child logger factory, called with `this` the route's instance. */
export function factoryLogger(
  factory: ChildLoggerFactory,
  instance: unknown,
  logger: Logger,
  label: string,
  id: string,
  options: ChildLoggerOptions | null,
  req: IncomingMessage,
): Logger {
  // a copy: the factory may change the options it is given
  const child = factory.call(instance, logger, { [label]: id }, { ...options }, req)
  if (child === null || typeof child !== 'object' || !isLoggerInstance(child)) {
    throw new codes.SVC_ERR_LOG_INVALID_LOGGER(missingLoggerMethods(child).join(','))
  }
  return child
}
