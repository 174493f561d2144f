/**
 * @module types/logger
 * The logger shape of `app.log`, `request.log` and `reply.log`: pino's, or the silent logger warren uses when
 * logging is off (same methods, doing nothing).
 */

/**
 * Serializers of a request logger, by the key of the logged object: `request.log.info({ user })` logs what
 * `serializers.user(user)` returns (the `logSerializers` route and register options).
 */
export type LogSerializers = Record<string, (value: any) => unknown>

/** One logging method: a message, or an object to merge into the line followed by a message and its format arguments. */
export type LogFn = (objOrMsg: unknown, ...args: unknown[]) => void

/** The logger interface: pino's levels plus `child`. A pino logger satisfies it. */
export interface WarrenLogger {
  /** The current level (`'info'`, `'debug'`…, or `'silent'`). */
  level: string
  /** Logs at level fatal. */
  fatal: LogFn
  /** Logs at level error. */
  error: LogFn
  /** Logs at level warn. */
  warn: LogFn
  /** Logs at level info. */
  info: LogFn
  /** Logs at level debug. */
  debug: LogFn
  /** Logs at level trace. */
  trace: LogFn
  /** A logger whose every line carries `bindings`. */
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): WarrenLogger
}
