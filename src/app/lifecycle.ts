/**
 * @module app/lifecycle
 * The application's start: `ready()` (plugins loaded, routes built, onReady hooks), and
 * `inject()`, which readies it first. `listen()` is in app/listen, `close()` in app/close.
 */
import { codes, toError } from '../core/errors.js'
import { kAvvio, kAvvioReady, kRoot } from '../core/symbols.js'
import { inject as injectInProcess, type InjectDispatch } from '../in-process/inject.js'
import type { RootState } from '../model/root-state.js'
import { serveRequest } from '../serve/entry.js'
import { runApplicationHook, treeHooks, type TreeHook } from './application-hooks.js'

/** The root instance, whichever context `instance` is: start-up and shutdown concern the whole application. */
function rootOf(instance: any): any {
  return (instance[kRoot] as RootState).app
}

function pluginTimeoutError(error: Error & { code?: string }, timeout: number): Error {
  if (error.code !== 'AVV_ERR_PLUGIN_EXEC_TIMEOUT') return error
  const name = /'([^']*)'/.exec(error.message)?.[1] ?? 'anonymous plugin'
  return Object.assign(new codes.SVC_ERR_PLUGIN_TIMEOUT(name, timeout), { cause: error })
}

type AvvioDone = (error?: Error | null) => void
/** A step of avvio's ready queue: `error` is the first failure so far (avvio passes `undefined` or `null` for none). */
type ReadyStep = (error: Error | null | undefined, done: AvvioDone) => void

/** Queues `step` on avvio's ready queue: it runs once every plugin is loaded, after the steps queued before it. */
function queueReadyStep(app: any, step: ReadyStep): void {
  app[kAvvioReady](step)
}

/** The error an onReady hook failed with: avvio's time-out of its step becomes SVC_ERR_HOOK_TIMEOUT naming the hook. */
function onReadyError(error: Error & { code?: string }, hook: TreeHook | undefined): Error {
  if (error.code !== 'AVV_ERR_READY_TIMEOUT') return error
  const name = hook?.hook.name ? ` "${hook.hook.name}"` : ''
  return Object.assign(new codes.SVC_ERR_HOOK_TIMEOUT('onReady', name), { cause: error })
}

/**
 * Queues the onReady hooks, each as its own step of avvio's ready queue (so each must finish
 * within `pluginTimeout`, as a plugin must), then a last step that settles start-up. Steps that
 * contexts queued with their own `ready()` while loading run before them.
 */
function queueOnReadyHooks(app: any, resolve: (app: any) => void, reject: (error: Error) => void): void {
  const root: RootState = app[kRoot]
  let failure: Error | null = null
  let running: TreeHook | undefined
  const fail = (error: Error | null | undefined): void => {
    if (error && failure === null) failure = onReadyError(error, running)
  }
  root.runningOnReady = true
  for (const entry of treeHooks(app, 'onReady')) {
    queueReadyStep(app, (error, done) => {
      fail(error)
      if (failure !== null) return done()
      running = entry
      continueAfter(() => runApplicationHook(entry.hook, entry.context), done)
    })
  }
  queueReadyStep(app, (error, done) => {
    root.runningOnReady = false
    fail(error)
    if (failure !== null) reject(failure)
    else {
      root.booted = true
      resolve(app)
    }
    done()
  })
}

/** Calls `done` once `work` (a value, or a promise) has settled, with its error if it failed or threw. */
function continueAfter(work: () => unknown, done: AvvioDone): void {
  try {
    Promise.resolve(work()).then(() => done(), (error: unknown) => done(toError(error)))
  } catch (error) {
    done(toError(error))
  }
}

function startUp(app: any): Promise<any> {
  const root: RootState = app[kRoot]
  return new Promise((resolve, reject) => {
    queueReadyStep(app, (error, done) => {
      if (error) {
        reject(pluginTimeoutError(error, root.options.pluginTimeout))
        return done()
      }
      root.started = true
      queueOnReadyHooks(app, resolve, reject)
      done()
    })
  })
}

/**
 * `ready()` of a plugin's context: once every plugin registered so far is loaded, and before the
 * onReady hooks (which the application's own `ready()` runs), calls back with that context (or
 * resolves with it). A loading error goes on to the application's `ready()` too.
 */
function contextReady(instance: any, callback?: (error: Error | null, instance?: any) => void): Promise<any> | undefined {
  const app = rootOf(instance)
  if (callback !== undefined) {
    queueReadyStep(app, (error, done) => {
      callback(error ?? null, instance)
      done(error)
    })
    return undefined
  }
  return new Promise((resolve, reject) => {
    queueReadyStep(app, (error, done) => {
      if (error) reject(error)
      else resolve(instance)
      done(error)
    })
  })
}

/**
 * `ready()`: loads every plugin, builds every route (compiling its schemas), runs the onReady
 * hooks. Resolves with the instance; rejects with the first plugin or hook error. Given a
 * callback, calls it instead (`callback(error, instance)`) and returns nothing. Called on a
 * plugin's context, it concerns the plugins only (see {@link contextReady}).
 */
export function ready(this: any, callback?: (error: Error | null, instance?: any) => void): Promise<any> | undefined {
  const root: RootState = this[kRoot]
  if (this !== root.app) return contextReady(this, callback)
  root.readyPromise ??= startUp(root.app)
  if (callback) {
    root.readyPromise.then((app) => callback(null, app), callback)
    return undefined
  }
  return root.readyPromise
}

function refuseClosed(callback?: (error: Error) => void): Promise<never> | undefined {
  const error = new codes.SVC_ERR_REOPENED_CLOSE_SERVER()
  if (callback === undefined) return Promise.reject(error)
  process.nextTick(callback, error)
  return undefined
}

/**
 * `inject(options)`: a simulated request on the in-process pair (no socket), answered with
 * light-my-request's response object; readies the application first. Without options, returns a
 * chainable request builder. Once `close()` was called, fails with SVC_ERR_REOPENED_CLOSE_SERVER.
 */
export function inject(this: any, options?: any, callback?: any): any {
  const app = rootOf(this)
  const root: RootState = app[kRoot]
  // a closed application is closed to simulated requests too
  if (root.closePromise !== null && options !== undefined) return refuseClosed(callback)
  const dispatch: InjectDispatch = (req, res) => serveRequest(root, req as never, res as never)
  if (root.booted) return injectInProcess(dispatch, options, callback)
  if (callback) {
    app.ready().then(() => injectInProcess(dispatch, options, callback), (error: Error) => callback(error))
    return undefined
  }
  const dispatchWhenReady: InjectDispatch = (req, res) => {
    app.ready().then(() => dispatch(req, res), (error: Error) => res.destroy(error))
  }
  return injectInProcess(dispatchWhenReady, options)
}

/** The plugin tree with load times, as text. */
export function printPlugins(this: any): string {
  return rootOf(this)[kAvvio].prettyPrint()
}
