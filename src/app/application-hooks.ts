/**
 * @module app/application-hooks
 * Runs the application hooks (onReady, onListen, preClose) of a context tree, and adapts onClose
 * hooks (functions or disposable resources) for avvio, which runs them.
 */
import type { Context } from '../model/context.js'
import { dispose, type DisposableResource } from '../core/disposable.js'
import { toError } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kChildren, kHooks } from '../core/symbols.js'
import type { HookFn } from '../hooks/store.js'

export function runApplicationHook(hook: HookFn, instance: object): Promise<void> | unknown {
  if (hook.length === 0) return hook.call(instance)
  return new Promise<void>((resolve, reject) => {
    const result = hook.call(instance, (err?: unknown) => (err ? reject(toError(err)) : resolve()))
    if (isThenable(result)) result.then(() => resolve(), reject)
  })
}

type ContextHookName = 'onReady' | 'onListen' | 'preClose'

export interface TreeHook {
  hook: HookFn
  context: object
}

/** The hooks `name` of a context tree in running order: each context's own, then its children's, depth first. */
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

/** Runs one application hook across the tree; without `onHookError` the first error stops the walk. */
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

async function runCloseHook(hook: HookFn | DisposableResource, instance: object): Promise<void> {
  if (typeof hook !== 'function') return dispose(hook)
  if (hook.length < 2) return void (await hook.call(instance, instance))
  await new Promise<void>((resolve, reject) => {
    hook.call(instance, instance, (err?: unknown) => (err ? reject(toError(err)) : resolve()))
  })
}

/** One onClose hook as avvio runs it: its error goes to avvio, which runs the other hooks and rejects `close()` with it. */
export function closeHook(hook: HookFn | DisposableResource, instance: object): (context: unknown, done: (error?: Error) => void) => void {
  return (_context, done) => {
    runCloseHook(hook, instance).then(() => done(), done)
  }
}
