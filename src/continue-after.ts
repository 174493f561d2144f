import { handleError } from './error-handler.js'
import type { Reply } from './reply.js'

/**
 * Continues a request once a promise from user code settles. The continuation runs outside the
 * try/catch of the code that started it, so anything it throws takes the request's error path
 * here — never an unhandled rejection, which Node turns into a crash.
 */
export function continueAfter<T>(
  promise: PromiseLike<T>,
  reply: Reply,
  onFulfilled: (value: T) => void,
  onRejected: (reason: unknown) => void,
): void {
  promise.then(
    (value) => guarded(reply, onFulfilled, value),
    (reason) => guarded(reply, onRejected, reason),
  )
}

function guarded<T>(reply: Reply, continuation: (value: T) => void, value: T): void {
  try {
    continuation(value)
  } catch (thrown) {
    try {
      handleError(reply, thrown)
    } catch (failed) {
      // the error path itself failed: the connection is all that is left to end
      reply.log.error({ err: failed }, 'answering an error failed')
      reply.raw.destroy()
    }
  }
}
