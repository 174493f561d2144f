/**
 * @module app/application-hooks
 * Runs the application hooks (onReady, onListen, preClose) of a context tree: each hook async or
 * with `done`, in order, stopping at the first error or logging each and going on. Adapts an
 * onClose hook (a function or a disposable resource) for avvio, which runs them.
 */
import type { Context } from '../model/context.js'
import { dispose, type DisposableResource } from '../core/disposable.js'
import { toError } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kChildren, kHooks } from '../core/symbols.js'
import type { HookFn } from '../hooks/store.js'

/** Runs one application hook with `instance` as `this`: async, sync, or calling `done`. */
export function runApplicationHook(hook: HookFn, instance: object): Promise<void> | unknown {
  if (hook.length === 0) return hook.call(instance)
  return new Promise<void>((resolve, reject) => {
    const result = hook.call(instance, (err?: unknown) => (err ? reject(toError(err)) : resolve()))
    if (isThenable(result)) result.then(() => resolve(), reject)
  })
}

type ContextHookName = 'onReady' | 'onListen' | 'preClose'

/** One hook of a context tree, with the context it runs for. */
export interface TreeHook {
  hook: HookFn
  context: object
}

/**
 * The hooks `name` of a context tree in the order they run: each context's own hooks, then its
 * children's, depth first.
 */
export function treeHooks(context: Context, name: ContextHookName, into: TreeHook[] = [], seen = new Set<HookFn[]>()): TreeHook[] {
  const hooks: HookFn[] = context[kHooks][name]
  // a shared (plugin()-wrapped) context is its parent: its hooks must run once
  if (!seen.has(hooks)) {
    seen.add(hooks)
    for (const hook of hooks) into.push({ hook, context })
  }
  for (const child of context[kChildren]) treeHooks(child, name, into, seen)
  return into
}

/**
 * Runs one application hook across the context tree, in order. Without `onHookError` the first
 * error stops the walk; with it, each error is reported there and the next hook runs.
 */
export async function runTreeHooks(context: Context, name: ContextHookName, onHookError?: (error: unknown) => void): Promise<void> {
  for (const { hook, context: instance } of treeHooks(context, name)) {
    try {
      await runApplicationHook(hook, instance)
    } catch (error) {
      if (onHookError === undefined) throw error
      onHookError(error)
    }
  }
}

/** Runs one onClose hook of `instance`: `(instance, done)`, `(instance)` sync or async, or a resource to dispose of. */
async function runCloseHook(hook: HookFn | DisposableResource, instance: object): Promise<void> {
  if (typeof hook !== 'function') return dispose(hook)
  if (hook.length < 2) return void (await hook.call(instance, instance))
  await new Promise<void>((resolve, reject) => {
    hook.call(instance, instance, (err?: unknown) => (err ? reject(toError(err)) : resolve()))
  })
}

/**
 * The callback-style function avvio runs at `close()` for one onClose hook of `instance`: the
 * hook sees `instance` as `this` and as its argument, and its error (thrown, rejected or passed
 * to `done`) reaches avvio, which goes on with the other hooks and rejects `close()` with it.
 */
export function closeHook(hook: HookFn | DisposableResource, instance: object): (context: unknown, done: (error?: Error) => void) => void {
  return (_context, done) => {
    runCloseHook(hook, instance).then(() => done(), done)
  }
}
