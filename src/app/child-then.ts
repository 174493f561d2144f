/**
 * @module app/child-then
 * `await context.register(plugin)` inside a plugin resolves with that context, as its type says.
 * avvio resolves every `await` with the root (a child inherits the root's `then`), so routes
 * declared on the awaited value would leave the plugin's prefix, hooks and guards behind.
 */
import type { Context } from '../model/context.js'

type Executor = (resolve: (value: unknown) => void, reject: (error: unknown) => void) => void

/** Set while a context is the value its own promise resolves with: that read of `then` must find none. */
const settling = new WeakSet<object>()

/**
 * Gives `child` a `then` that waits as its parent's does (the plugins registered so far load) and
 * resolves with `child`. The parent is adopted as a promise would adopt it, so avvio's own guard
 * against re-reading the root's `then` is consumed as it expects.
 */
export function resolveWithItself(child: Context, parent: Context): void {
  Object.defineProperty(child, 'then', {
    configurable: true,
    get(this: Context): Executor | undefined {
      if (settling.delete(this)) return undefined
      // a booted application has nothing to wait for: the context is its own value, as the root is
      if (typeof Reflect.get(parent, 'then', parent) !== 'function') return undefined
      return (resolve, reject) => {
        Promise.resolve(parent).then(() => {
          settling.add(this)
          resolve(this)
        }, reject)
      }
    },
  })
}
