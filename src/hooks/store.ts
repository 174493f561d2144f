/**
 * @module hooks/store
 * The hook lists of one context and how a child context derives its own from its parent's.
 */
import { requestHookNames, type HookName } from './names.js'

export type HookFn = (...args: any[]) => unknown

/**
 * A route's hooks of one name, fixed when the route is resolved, with each hook's declared
 * parameter count (`length`, which decides whether it is given `done`): a function's `length` is
 * read through a V8 API getter, which cost about 90 instructions per hook call.
 */
export type HookList = readonly HookFn[] & { readonly lengths: readonly number[] }

export function hookList(hooks: readonly HookFn[]): HookList {
  return Object.assign(hooks.slice(), { lengths: hooks.map(declaredParameters) })
}

/** A parameter list ending in a rest parameter: `(...args)`, `(request, ...rest)`. */
const restParameter = /^[^(={]*\((?:[^()]*,)?\s*\.\.\.\s*[\w$]+\s*\)/

/**
 * How many parameters a hook declares; as many as it may be given when its list ends in a rest
 * parameter (`length` counts none there): a wrapper that forwards its arguments (a tracer's
 * `(...args) => hook.apply(this, args)`) takes `done` if the hook it wraps does.
 */
function declaredParameters(hook: HookFn): number {
  return restParameter.test(Function.prototype.toString.call(hook)) ? Number.POSITIVE_INFINITY : hook.length
}

/** onClose hooks are not stored here: avvio runs them. */
export type HookStore = Record<Exclude<HookName, 'onClose'>, HookFn[]>

/** Request hooks, onRoute and onRegister are inherited; start/stop hooks belong to their context. */
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
