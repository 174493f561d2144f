/**
 * @module core/is-thenable
 * The promise test used wherever user code may return a promise (or a promise-like).
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as PromiseLike<unknown>).then === 'function'
}
