/**
 * @module app/application-hooks
 * Runs the application hooks (onReady, onListen, preClose) of a context tree: each hook async or
 * with `done`, in order, optionally within a time limit, stopping at the first error or logging
 * each and going on.
 */
import { codes, toError } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kChildren, kHooks } from '../core/symbols.js'
import type { HookFn } from '../hooks/store.js'

function runApplicationHook(hook: HookFn, instance: object): Promise<void> | unknown {
  if (hook.length === 0) return hook.call(instance)
  return new Promise<void>((resolve, reject) => {
    const result = hook.call(instance, (err?: unknown) => (err ? reject(toError(err)) : resolve()))
    if (isThenable(result)) result.then(() => resolve(), reject)
  })
}

/** Rejects with SVC_ERR_HOOK_TIMEOUT when `work` has not settled within `timeout` ms (0: no limit). */
async function withinTimeout(work: Promise<void> | unknown, timeout: number, name: string): Promise<void> {
  if (timeout <= 0) return void (await work)
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new codes.SVC_ERR_HOOK_TIMEOUT(name)), timeout)
  })
  try {
    await Promise.race([work, expired])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Runs an application hook list in order. Without `onHookError` the first error stops it; with
 * it, each error is reported there and the next hook runs. With a `timeout`, a hook that neither
 * calls `done` nor settles in time fails with SVC_ERR_HOOK_TIMEOUT.
 */
export async function runApplicationHooks(
  hooks: HookFn[],
  instance: object,
  onHookError?: (error: unknown) => void,
  timeout = 0,
  name = 'application',
): Promise<void> {
  for (const hook of hooks) {
    try {
      await withinTimeout(runApplicationHook(hook, instance), timeout, name)
    } catch (error) {
      if (onHookError === undefined) throw error
      onHookError(error)
    }
  }
}

type ContextHookName = 'onReady' | 'onListen' | 'preClose'

/**
 * Runs one application hook across the context tree: each context's own hooks, then its
 * children's. Without `onHookError` the first error stops the walk; with it, every hook runs.
 */
export async function runTreeHooks(
  context: any,
  name: ContextHookName,
  onHookError?: (error: unknown) => void,
  timeout = 0,
  seen = new Set<HookFn[]>(),
): Promise<void> {
  const hooks: HookFn[] = context[kHooks][name]
  // a shared (plugin()-wrapped) context is its parent: its hooks must run once
  if (!seen.has(hooks)) {
    seen.add(hooks)
    await runApplicationHooks(hooks, context, onHookError, timeout, name)
  }
  for (const child of context[kChildren] as unknown[]) await runTreeHooks(child, name, onHookError, timeout, seen)
}

