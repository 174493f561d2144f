/**
 * @module core/disposable
 * Explicit resource management (`Symbol.asyncDispose` / `Symbol.dispose`): what counts as a
 * disposable resource, and disposing of one. An `onClose` hook may be such a resource.
 */

/** A resource with `Symbol.asyncDispose` or `Symbol.dispose` (a database pool, a file handle …). */
export type DisposableResource = AsyncDisposable | Disposable

/** Whether `value` is an object that can be disposed of (`Symbol.asyncDispose` or `Symbol.dispose`). */
export function isDisposable(value: unknown): value is DisposableResource {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false
  const candidate = value as Partial<AsyncDisposable & Disposable>
  return typeof candidate[Symbol.asyncDispose] === 'function' || typeof candidate[Symbol.dispose] === 'function'
}

/**
 * Disposes of `resource`: its `Symbol.asyncDispose` when it has one (awaited, its value ignored),
 * else its `Symbol.dispose`. A throw or a rejection rejects the returned promise.
 */
export async function dispose(resource: DisposableResource): Promise<void> {
  const asyncDispose = (resource as Partial<AsyncDisposable>)[Symbol.asyncDispose]
  if (typeof asyncDispose === 'function') await asyncDispose.call(resource)
  else (resource as Disposable)[Symbol.dispose]()
}
