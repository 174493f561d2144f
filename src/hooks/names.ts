/**
 * @module hooks/names
 * The hooks warren knows, in lifecycle order, and the check a hook passes before it is stored
 * (its name, that it is a function — or, for `onClose`, a disposable resource — and that an async
 * hook does not also take `done`).
 */
import { isDisposable } from '../core/disposable.js'
import { codes } from '../core/errors.js'
import type { ApplicationHookName, ArgumentsBeforeDone, HookName, RequestHookName } from '../types/index.js'

export type { ApplicationHookName, HookName, RequestHookName }

/** Hooks that run for every request, in lifecycle order. */
export const requestHookNames: readonly RequestHookName[] = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
]

/** Whether `name` is one of the {@link requestHookNames}. */
export function isRequestHookName(name: string): name is RequestHookName {
  return (requestHookNames as readonly string[]).includes(name)
}

/** Hooks of the application's life: routes, plugins, start and shutdown. */
export const applicationHookNames: readonly ApplicationHookName[] = ['onRoute', 'onRegister', 'onReady', 'onListen', 'preClose', 'onClose']

/**
 * Number of arguments before `done` for each hook: a function declaring no more is sync or async,
 * never callback-style. Typed by the type layer's `ArgumentsBeforeDone`, which `addHook`'s types
 * check async hooks with, so the two agree.
 */
const argumentsBeforeDone: ArgumentsBeforeDone = {
  onRequest: 2,
  preParsing: 3,
  preValidation: 2,
  preHandler: 2,
  preSerialization: 3,
  onSend: 3,
  onResponse: 2,
  onError: 3,
  onTimeout: 2,
  onRequestAbort: 1,
  onRoute: 1,
  onRegister: 2,
  onReady: 0,
  onListen: 0,
  preClose: 0,
  onClose: 1,
}

/** Checks a hook before it is stored, so mistakes surface at registration rather than per request. */
export function assertValidHook(name: unknown, fn: unknown): asserts name is HookName {
  if (typeof name !== 'string') throw new codes.SVC_ERR_HOOK_INVALID_TYPE()
  if (!Object.hasOwn(argumentsBeforeDone, name)) throw new codes.SVC_ERR_HOOK_NOT_SUPPORTED(name)
  // a resource to dispose of when the application closes (explicit resource management)
  if (name === 'onClose' && typeof fn === 'object' && isDisposable(fn)) return
  // Fastify's detail: to addHook, `null`/`undefined` as such, any other value by its tag (`[object Object]`)
  if (typeof fn !== 'function') throw new codes.SVC_ERR_HOOK_INVALID_HANDLER(name, fn == null ? String(fn) : Object.prototype.toString.call(fn))
  const isAsync = fn.constructor.name === 'AsyncFunction'
  if (isAsync && fn.length > argumentsBeforeDone[name as HookName]) throw new codes.SVC_ERR_HOOK_INVALID_ASYNC_HANDLER()
}

/** Checks the hooks a route declares in its options (`preHandler: fn` or `[fn, ...]`), as `addHook` checks its own. */
export function assertValidRouteHooks(options: Record<string, unknown>): void {
  for (const name of requestHookNames) {
    const own = options[name]
    if (own === undefined) continue
    for (const fn of Array.isArray(own) ? own : [own]) {
      // in route options any non-function, null included, is named by its tag (`[object Null]`): `typeof null` would say object
      if (typeof fn !== 'function') throw new codes.SVC_ERR_HOOK_INVALID_HANDLER(name, Object.prototype.toString.call(fn))
      assertValidHook(name, fn)
    }
  }
}
