/**
 * @module app/lifecycle
 * The application's start: `ready()` (plugins loaded, routes built, onReady hooks) and `inject()`.
 */
import type { Context } from '../model/context.js'
import { codes, toError } from '../core/errors.js'
import { kAvvio, kAvvioReady, kRoot } from '../core/symbols.js'
import { inject as injectInProcess, type InjectDispatch } from '../in-process/inject.js'
import type { RootState } from '../model/root-state.js'
import type { InjectChain, InjectOptions, InjectResponse } from '../types/index.js'
import { serveRequest } from '../serve/entry.js'
import { runApplicationHook, treeHooks, type TreeHook } from './application-hooks.js'

/** The root instance: start-up and shutdown concern the whole application. */
function rootOf(instance: Context): Context {
  return instance[kRoot].app
}

type ReadyCallback = (error: Error | null, instance?: Context) => void
type InjectCallback = (error: Error | undefined, response?: InjectResponse) => void

function pluginTimeoutError(error: Error & { code?: string }, timeout: number): Error {
  if (error.code !== 'AVV_ERR_PLUGIN_EXEC_TIMEOUT') return error
  const name = /'([^']*)'/.exec(error.message)?.[1] ?? 'anonymous plugin'
  return Object.assign(new codes.SVC_ERR_PLUGIN_TIMEOUT(name, timeout), { cause: error })
}

type AvvioDone = (error?: Error | null) => void
type ReadyStep = (error: Error | null | undefined, done: AvvioDone) => void

/** Queues `step` on avvio's ready queue, after every plugin and the steps queued before it. */
function queueReadyStep(app: Context, step: ReadyStep): void {
  app[kAvvioReady](step)
}

function onReadyError(error: Error & { code?: string }, hook: TreeHook | undefined): Error {
  if (error.code !== 'AVV_ERR_READY_TIMEOUT') return error
  const name = hook?.hook.name ? ` "${hook.hook.name}"` : ''
  return Object.assign(new codes.SVC_ERR_HOOK_TIMEOUT('onReady', name), { cause: error })
}

/** Queues each onReady hook as its own step, so each gets `pluginTimeout` as a plugin does, then a step that settles start-up. */
function queueOnReadyHooks(app: Context, resolve: (app: Context) => void, reject: (error: Error) => void): void {
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

function continueAfter(work: () => unknown, done: AvvioDone): void {
  try {
    Promise.resolve(work()).then(() => done(), (error: unknown) => done(toError(error)))
  } catch (error) {
    done(toError(error))
  }
}

function startUp(app: Context): Promise<Context> {
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

/** `ready()` of a plugin's context: resolves once the plugins registered so far loaded, before the onReady hooks. */
function contextReady(instance: Context, callback?: ReadyCallback): Promise<Context> | undefined {
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

export function ready(this: Context, callback?: ReadyCallback): Promise<Context> | undefined {
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
  process.nextTick(callback, error, null)
  return undefined
}

export function inject(this: Context, options?: InjectOptions | string, callback?: InjectCallback): InjectChain | Promise<never> | undefined {
  const app = rootOf(this)
  const root: RootState = app[kRoot]
  if (root.closePromise !== null && options !== undefined) return refuseClosed(callback)
  // the in-process pair stands in for node's request and response; a chain is refused when it sends
  const dispatch: InjectDispatch = (req, res) => {
    if (root.closePromise !== null && options === undefined) return void res.destroy(new codes.SVC_ERR_REOPENED_CLOSE_SERVER())
    serveRequest(root, req as never, res as never)
  }
  if (root.booted) return injectInProcess(dispatch, options, callback)
  if (callback) {
    app.ready().then(() => injectInProcess(dispatch, options, callback), (error: Error) => callback(error, null as never))
    return undefined
  }
  const dispatchWhenReady: InjectDispatch = (req, res) => {
    app.ready().then(() => dispatch(req, res), (error: Error) => res.destroy(error))
  }
  return injectInProcess(dispatchWhenReady, options)
}

export function printPlugins(this: Context): string {
  return rootOf(this)[kAvvio].prettyPrint()
}
