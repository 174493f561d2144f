import { pino } from 'pino'

type LogFn = (objOrMsg: unknown, ...args: unknown[]) => void

/** The logger interface warren uses: pino's, or anything shaped like it. */
export interface Logger {
  level: string
  fatal: LogFn
  error: LogFn
  warn: LogFn
  info: LogFn
  debug: LogFn
  trace: LogFn
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Logger
}

const noop = (): void => {}

/** The logger used when logging is off: every call does nothing and costs nothing. */
export const silentLogger: Logger = {
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

function isLoggerInstance(value: object): value is Logger {
  return ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'].every(
    (method) => typeof (value as Record<string, unknown>)[method] === 'function',
  )
}

/** Builds the server logger from the `logger` option: false (off), true, pino options or a logger. */
export function createLogger(option: unknown): { logger: Logger; enabled: boolean } {
  if (option === undefined || option === false || option === null) return { logger: silentLogger, enabled: false }
  if (option === true) return { logger: pino() as unknown as Logger, enabled: true }
  if (typeof option === 'object' && isLoggerInstance(option)) return { logger: option, enabled: true }
  const { stream, ...options } = option as { stream?: unknown }
  const logger = isDestination(stream) ? pino(options, stream) : pino(options)
  return { logger: logger as unknown as Logger, enabled: true }
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
