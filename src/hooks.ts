import { codes, toError } from './errors.js'
import { continueAfter } from './continue-after.js'
import { isThenable } from './is-thenable.js'
import { handleError } from './error-handler.js'
import { kReplyHijacked, kReplySending, kRoute } from './symbols.js'
import type { Reply } from './reply.js'
import type { Request } from './request.js'

/** Hooks that run for every request, in lifecycle order. */
export const requestHookNames = [
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
] as const

/** Hooks of the application's life: routes, plugins, start and shutdown. */
export const applicationHookNames = ['onRoute', 'onRegister', 'onReady', 'onListen', 'preClose', 'onClose'] as const

/** The name of a request hook. */
export type RequestHookName = (typeof requestHookNames)[number]
/** The name of an application hook. */
export type ApplicationHookName = (typeof applicationHookNames)[number]
/** The name of any hook `addHook` accepts. */
export type HookName = RequestHookName | ApplicationHookName
/** A hook function, as stored (its arguments depend on the hook). */
export type HookFn = (...args: any[]) => unknown

/** Number of arguments before `done` for each hook: a shorter function is sync or async, never callback-style. */
const argumentsBeforeDone: Record<HookName, number> = {
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

/** The hook lists of one context. onClose hooks are not stored here: avvio runs them. */
export type HookStore = Record<Exclude<HookName, 'onClose'>, HookFn[]>

/** A child context's hooks: request hooks, onRoute and onRegister are inherited; start/stop hooks belong to their context. */
export function deriveHooks(parent: HookStore | null): HookStore {
  const store = {} as HookStore
  for (const name of requestHookNames) store[name] = parent ? parent[name].slice() : []
  store.onRoute = parent ? parent.onRoute.slice() : []
  store.onRegister = parent ? parent.onRegister.slice() : []
  store.onReady = []
  store.onListen = []
  store.preClose = []
  return store
}

/** Checks a hook before it is stored, so mistakes surface at registration rather than per request. */
export function assertValidHook(name: unknown, fn: unknown): asserts name is HookName {
  if (typeof name !== 'string') throw new codes.SVC_ERR_HOOK_INVALID_TYPE()
  if (!(name in argumentsBeforeDone)) throw new codes.SVC_ERR_HOOK_NOT_SUPPORTED(name)
  if (typeof fn !== 'function') throw new codes.SVC_ERR_HOOK_INVALID_HANDLER(name, Object.prototype.toString.call(fn))
  const isAsync = fn.constructor.name === 'AsyncFunction'
  if (isAsync && fn.length > argumentsBeforeDone[name as HookName]) throw new codes.SVC_ERR_HOOK_INVALID_ASYNC_HANDLER(name)
}

type ErrorSink = (reply: Reply, error: unknown) => void

function stopped(reply: Reply): boolean {
  return reply[kReplySending] || reply[kReplyHijacked]
}

/**
 * Runs onRequest / preValidation / preHandler style hooks, then `next`. A hook that replies ends
 * the chain; one that throws, rejects or calls `done(err)` hands the error to the error handler.
 */
export function runRequestHooks(
  hooks: HookFn[],
  request: Request,
  reply: Reply,
  next: (request: Request, reply: Reply) => void,
): void {
  const server = request[kRoute].server
  let index = 0
  const onRejected = (error: unknown): void => handleError(reply, error ?? new Error('Hook rejected without a reason'))
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) return handleError(reply, error)
    if (stopped(reply)) return
    if (index === hooks.length) return next(request, reply)
    const hook = hooks[index++]
    let result
    try {
      result = hook.call(server, request, reply, step)
    } catch (thrown) {
      return handleError(reply, thrown)
    }
    if (isThenable(result)) continueAfter(result, reply, () => step(), onRejected)
    else if (hook.length < 3) step()
  }
  step()
}

/**
 * Runs preParsing / preSerialization / onSend style hooks, each of which may replace the payload
 * (`done(null, newPayload)` or an async return value), then `next` with the final payload.
 */
export function runPayloadHooks(
  hooks: HookFn[],
  request: Request,
  reply: Reply,
  payload: unknown,
  next: (reply: Reply, payload: unknown) => void,
  onError: ErrorSink = handleError,
): void {
  const server = request[kRoute].server
  // preParsing runs before anything is sent: a hook that replies there ends the chain
  const stopWhenSent = !reply[kReplySending]
  let index = 0
  let current = payload
  const onRejected = (error: unknown): void => onError(reply, error ?? new Error('Hook rejected without a reason'))
  const step = (error?: unknown, replacement?: unknown): void => {
    if (error !== undefined && error !== null) return onError(reply, error)
    if (reply[kReplyHijacked] || (stopWhenSent && reply[kReplySending])) return
    if (replacement !== undefined) current = replacement
    if (index === hooks.length) return next(reply, current)
    const hook = hooks[index++]
    let result
    try {
      result = hook.call(server, request, reply, current, step)
    } catch (thrown) {
      return onError(reply, thrown)
    }
    if (isThenable(result)) continueAfter(result, reply, (value) => step(null, value), onRejected)
    else if (hook.length < 4) step()
  }
  step()
}

/**
 * Runs hooks whose errors can no longer change the response (onResponse, onError, onTimeout,
 * onRequestAbort): each error is logged, every hook runs, then `next`.
 */
export function runObserverHooks(hooks: HookFn[], request: Request, args: unknown[], next?: () => void): void {
  const server = request[kRoute].server
  let index = 0
  const logAndContinue = (error: unknown): void => {
    request.log.error({ err: toError(error) }, 'a hook failed after the response was decided')
    step()
  }
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) return logAndContinue(error)
    if (index === hooks.length) return next?.()
    const hook = hooks[index++]
    let result
    try {
      result = hook.call(server, request, ...args, step)
    } catch (thrown) {
      return logAndContinue(thrown)
    }
    if (isThenable(result)) result.then(() => step(), logAndContinue)
    else if (hook.length <= args.length + 1) step()
  }
  step()
}

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
 * Runs an application hook list (onReady, onListen, preClose) in order. Without `onHookError`
 * the first error stops it; with it, each error is reported there and the next hook runs. With a
 * `timeout`, a hook that neither calls `done` nor settles in time fails with SVC_ERR_HOOK_TIMEOUT.
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
