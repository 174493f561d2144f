/**
 * @module hooks/names
 * The hooks warren knows, in lifecycle order, and the checks a hook passes before it is stored.
 */
import { isDisposable } from '../core/disposable.js'
import { codes } from '../core/errors.js'
import type { ApplicationHookName, ArgumentsBeforeDone, HookName, RequestHookName } from '../types/index.js'

export type { ApplicationHookName, HookName, RequestHookName }

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

export function isRequestHookName(name: string): name is RequestHookName {
  return (requestHookNames as readonly string[]).includes(name)
}

export const applicationHookNames: readonly ApplicationHookName[] = ['onRoute', 'onRegister', 'onReady', 'onListen', 'preClose', 'onClose']

/** Arguments before `done` per hook, typed by `ArgumentsBeforeDone` so runtime and `addHook`'s types agree. */
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

/** Checks a hook at registration, so mistakes surface there rather than per request. */
export function assertValidHook(name: unknown, fn: unknown): asserts name is HookName {
  if (typeof name !== 'string') throw new codes.SVC_ERR_HOOK_INVALID_TYPE()
  if (!Object.hasOwn(argumentsBeforeDone, name)) throw new codes.SVC_ERR_HOOK_NOT_SUPPORTED(name)
  if (name === 'onClose' && typeof fn === 'object' && isDisposable(fn)) return
  // to addHook, `null`/`undefined` are named as such, any other value by its tag
  if (typeof fn !== 'function') throw new codes.SVC_ERR_HOOK_INVALID_HANDLER(name, fn == null ? String(fn) : Object.prototype.toString.call(fn))
  const isAsync = fn.constructor.name === 'AsyncFunction'
  if (isAsync && fn.length > argumentsBeforeDone[name as HookName]) throw new codes.SVC_ERR_HOOK_INVALID_ASYNC_HANDLER()
}

export function assertValidRouteHooks(options: Record<string, unknown>): void {
  for (const name of requestHookNames) {
    const own = options[name]
    if (own === undefined) continue
    for (const fn of Array.isArray(own) ? own : [own]) {
      // in route options any non-function is named by its tag (`typeof null` would say object)
      if (typeof fn !== 'function') throw new codes.SVC_ERR_HOOK_INVALID_HANDLER(name, Object.prototype.toString.call(fn))
      assertValidHook(name, fn)
    }
  }
}
