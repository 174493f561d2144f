/**
 * @module types/logger
 * The logger shape of `app.log`, `request.log` and `reply.log`: pino's, or the silent logger used when logging is off.
 */

/** Serializers of a request logger by key of the logged object: `request.log.info({ user })` logs what `serializers.user(user)` returns. */
export type LogSerializers = Record<string, (value: any) => unknown>

/** One logging method: a message, or an object to merge into the line followed by a message and its format arguments. */
export type LogFn = (objOrMsg: unknown, ...args: unknown[]) => void

/** The logger interface: pino's levels plus `child`. A pino logger satisfies it. */
export interface WarrenLogger {
  /** The current level (`'info'`, `'debug'`…, or `'silent'`). */
  level: string
  fatal: LogFn
  error: LogFn
  warn: LogFn
  info: LogFn
  debug: LogFn
  trace: LogFn
  /** A logger whose every line carries `bindings`. */
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): WarrenLogger
}
