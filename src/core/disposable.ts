/**
 * @module core/disposable
 * Explicit resource management: what counts as a disposable resource (an `onClose` hook may be one), and disposing of it.
 */

/** A resource with `Symbol.asyncDispose` or `Symbol.dispose` (a database pool, a file handle …). */
export type DisposableResource = AsyncDisposable | Disposable

export function isDisposable(value: unknown): value is DisposableResource {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false
  const candidate = value as Partial<AsyncDisposable & Disposable>
  return typeof candidate[Symbol.asyncDispose] === 'function' || typeof candidate[Symbol.dispose] === 'function'
}

/** Disposes of `resource` by `Symbol.asyncDispose` (awaited) when it has one, else `Symbol.dispose`. */
export async function dispose(resource: DisposableResource): Promise<void> {
  const asyncDispose = (resource as Partial<AsyncDisposable>)[Symbol.asyncDispose]
  if (typeof asyncDispose === 'function') await asyncDispose.call(resource)
  else (resource as Disposable)[Symbol.dispose]()
}
