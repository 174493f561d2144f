/**
 * @module serve/run-hooks
 * The runners of request hooks: those that may answer, those that may replace the payload, and
 * those that only observe; async or with `done`, failures reported through the reply.
 */
import { codes } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kReplyFail, kReplyHijacked, kReplyHookRun, kReplyPayloadRun, kReplySending, kRoute } from '../core/symbols.js'
import { hookList, type HookList } from '../hooks/store.js'
import type { Reply } from '../model/reply.js'
import type { Request } from '../model/request.js'
import { continueAfter, failContinuation } from './continue-after.js'

function stopped(reply: Reply): boolean {
  return reply[kReplySending] || reply[kReplyHijacked]
}

export type HookFailure = (reply: Reply, failure: unknown) => void

function failRequest(reply: Reply, failure: unknown): void {
  reply[kReplyFail](failure)
}

/** Fails the request with what a hook threw; after `reply.hijack()` the failure is the user's, neither answered nor logged. */
function fail(reply: Reply, error: unknown, failWith: HookFailure = failRequest): void {
  if (reply[kReplyHijacked]) return
  failWith(reply, error ?? new codes.SVC_ERR_SEND_UNDEFINED_ERR())
}

/** Runs answering hooks, then `next`; a reply ends the chain, a failure goes to `onFailure` when given. */
export function runRequestHooks(
  hooks: HookList,
  request: Request,
  reply: Reply,
  next: (request: Request, reply: Reply) => void,
  onFailure: HookFailure = failRequest,
): void {
  const run = (reply[kReplyHookRun] ??= new RequestHookRun(request, reply)) as RequestHookRun
  run.start(hooks, next, onFailure)
}

const noHooks = hookList([])

/** What a hook that takes no `done` is given for it: it is not waited for, so a call cannot advance the chain twice. */
function ignoredDone(): void {}

/**
 * The answering hooks of a request, stage after stage (onRequest, preValidation, preHandler): one
 * per request, so an async hook's continuations are made once, not per stage and hook.
 */
class RequestHookRun {
  #hooks: HookList = noHooks
  #index = 0
  #next: (request: Request, reply: Reply) => void = ignoredDone
  #onFailure: HookFailure = failRequest
  #stage = 0
  #done: ((error?: unknown) => void) | null = null

  constructor(
    readonly request: Request,
    readonly reply: Reply,
  ) {}

  readonly #resume = (): void => {
    try {
      this.step()
    } catch (thrown) {
      failContinuation(this.reply, thrown)
    }
  }

  readonly #reject = (reason: unknown): void => {
    try {
      fail(this.reply, reason, this.#onFailure)
    } catch (thrown) {
      failContinuation(this.reply, thrown)
    }
  }

  start(hooks: HookList, next: (request: Request, reply: Reply) => void, onFailure: HookFailure): void {
    this.#hooks = hooks
    this.#index = 0
    this.#next = next
    this.#onFailure = onFailure
    this.#stage++
    this.#done = null
    this.step()
  }

  step(error?: unknown): void {
    const reply = this.reply
    // the stage's own: a hook's done() may have started the next stage before it threw
    const onFailure = this.#onFailure
    if (error !== undefined && error !== null) return fail(reply, error, onFailure)
    if (stopped(reply)) return
    const hooks = this.#hooks
    if (this.#index === hooks.length) return this.#next(this.request, reply)
    const index = this.#index++
    const hook = hooks[index]
    const takesDone = hooks.lengths[index] >= 3
    let result
    try {
      result = hook.call(this.request[kRoute].server, this.request, reply, takesDone ? this.#doneOfStage() : ignoredDone)
    } catch (thrown) {
      return fail(reply, thrown, onFailure)
    }
    if (isThenable(result)) result.then(this.#resume, this.#reject)
    else if (!takesDone) this.step()
  }

  /** A `done` that only advances the stage it was given in. */
  #doneOfStage(): (error?: unknown) => void {
    if (this.#done !== null) return this.#done
    const stage = this.#stage
    return (this.#done = (error?: unknown): void => {
      if (stage === this.#stage) this.step(error)
    })
  }
}

/** Runs payload hooks, each of which may replace the payload, then `next` with the final one. */
/** A preSerialization or onSend run: whether one of its hooks is being called, and the turn it first waited for one in (-1 before). */
interface PayloadRun {
  calling: boolean
  turn: number
}

let turn = 0
let turnEnding = false

/** The turn of the event loop's microtask queue: the number changes once the code that read it is over. */
function currentTurn(): number {
  if (!turnEnding) {
    turnEnding = true
    queueMicrotask(nextTurn)
  }
  return turn
}

function nextTurn(): void {
  turn++
  turnEnding = false
}

/**
 * Whether a send() while a payload run is on comes from one of its hooks, and starts the send over:
 * made while a hook is called, or after the turn the run began waiting for an async hook in (the
 * hook awaited, then sent). One made in that turn, outside the hooks, is the caller sending twice:
 * that one is ignored.
 */
export function isSendFromPayloadHook(reply: Reply): boolean {
  const run = reply[kReplyPayloadRun] as PayloadRun | null
  return run !== null && (run.calling || run.turn === -1 || run.turn !== currentTurn())
}

export function runPayloadHooks(
  hooks: HookList,
  request: Request,
  reply: Reply,
  payload: unknown,
  next: (reply: Reply, payload: unknown) => void,
): void {
  const server = request[kRoute].server
  // preParsing runs before anything is sent: a hook that replies there ends the chain
  const stopWhenSent = !reply[kReplySending]
  // preSerialization and onSend: a send() from a hook starts over, and this run is left behind
  const run: PayloadRun | null = stopWhenSent ? null : (reply[kReplyPayloadRun] = { calling: false, turn: -1 })
  let index = 0
  let current = payload
  const onRejected = (error: unknown): void => {
    if (run === null || reply[kReplyPayloadRun] === run) fail(reply, error)
  }
  const step = (error?: unknown, replacement?: unknown): void => {
    if (run !== null && reply[kReplyPayloadRun] !== run) return
    if (error !== undefined && error !== null) return fail(reply, error)
    if (reply[kReplyHijacked] || (stopWhenSent && reply[kReplySending])) return
    if (replacement !== undefined) current = replacement
    if (index === hooks.length) {
      if (run !== null) reply[kReplyPayloadRun] = null
      return next(reply, current)
    }
    const takesDone = hooks.lengths[index] >= 4
    const hook = hooks[index++]
    let result
    if (run !== null) run.calling = true
    try {
      result = hook.call(server, request, reply, current, takesDone ? step : ignoredDone)
    } catch (thrown) {
      return fail(reply, thrown)
    } finally {
      if (run !== null) run.calling = false
    }
    if (isThenable(result)) {
      // the turn matters only while an async hook is awaited: read it then, not for every run
      if (run !== null && run.turn === -1) run.turn = currentTurn()
      continueAfter(result, reply, (value) => step(null, value), onRejected)
    }
    else if (!takesDone) step()
  }
  step()
}

/** Runs hooks that can no longer change the response: each error is logged (or given to `onHookError`), every hook runs. */
export function runObserverHooks(
  hooks: HookList,
  request: Request,
  reply: Reply,
  args: unknown[],
  next?: () => void,
  onHookError?: (error: unknown) => void,
): void {
  const server = request[kRoute].server
  let index = 0
  const logAndContinue = (error: unknown): void => {
    if (onHookError === undefined) request.log.error({ err: error }, 'a hook failed after the response was decided')
    else onHookError(error)
    step()
  }
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) return logAndContinue(error)
    if (index === hooks.length) return next?.()
    const takesDone = hooks.lengths[index] > args.length + 1
    const hook = hooks[index++]
    let result
    try {
      result = hook.call(server, request, ...args, takesDone ? step : ignoredDone)
    } catch (thrown) {
      return logAndContinue(thrown)
    }
    if (isThenable(result)) continueAfter(result, reply, () => step(), logAndContinue)
    else if (!takesDone) step()
  }
  step()
}
