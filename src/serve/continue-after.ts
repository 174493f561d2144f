/**
 * @module serve/continue-after
 * Continues a request once a promise from user code settles. The continuation runs outside the
 * try/catch of the code that started it, so anything it throws is reported through the reply —
 * never an unhandled rejection, which Node turns into a crash.
 */
import { kReplyFail } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'

/**
 * Runs `onFulfilled` or `onRejected` when `promise` settles; a throw in either fails the request.
 * Both are given the reply too, so a function of the module can continue without a closure made per request.
 */
export function continueAfter<T>(
  promise: PromiseLike<T>,
  reply: Reply,
  onFulfilled: (value: T, reply: Reply) => void,
  onRejected: (reason: unknown, reply: Reply) => void,
): void {
  promise.then(
    (value) => guarded(reply, onFulfilled, value),
    (reason) => guarded(reply, onRejected, reason),
  )
}

function guarded<T>(reply: Reply, continuation: (value: T, reply: Reply) => void, value: T): void {
  try {
    continuation(value, reply)
  } catch (thrown) {
    failContinuation(reply, thrown)
  }
}

/** What a continuation threw fails its request; when that fails too, the connection is all that is left to end. */
export function failContinuation(reply: Reply, thrown: unknown): void {
  try {
    reply[kReplyFail](thrown)
  } catch (failed) {
    reply.log.error({ err: failed }, 'answering an error failed')
    reply.raw.destroy()
  }
}
