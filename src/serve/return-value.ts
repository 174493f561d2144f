/**
 * @module serve/return-value
 * What a handler or an error handler returned, sent: nothing for `undefined` or the reply itself
 * (they answer, or will, through the reply), else the value — or what a Promise resolves to, where
 * `undefined` with nothing sent is an empty answer rather than a request left hanging. A rejection
 * fails the request. For a traced request, the promise's settling is published on its trace.
 */
import { codes } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kReplyFail, kReplyHijacked, kReplySending } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { continueAfter, failContinuation } from './continue-after.js'
import { publishAsyncEnd, publishAsyncStart, publishError, type HandlerTrace } from './handler-trace.js'

/**
 * Sends what a handler or error handler returned (see the module comment). On a `trace`, a promise
 * (the reply included: it is a thenable) continues the trace.
 */
export function sendReturnValue(reply: Reply, result: unknown, trace: HandlerTrace | null = null): void {
  if (trace !== null && isThenable(result)) return continueTraced(reply, result, trace)
  if (result === undefined || result === reply) return
  if (isThenable(result)) return continueAfter(result, reply, sendResolvedValue, failRejected)
  sendReturned(result, reply)
}

/**
 * A value returned as it is that `send` refuses (an object under a type nothing serializes) fails the
 * request, as the same `send` in the handler would have: the throw would otherwise leave the pipeline.
 */
function sendReturned(value: unknown, reply: Reply): void {
  try {
    sendResolvedValue(value, reply)
  } catch (thrown) {
    failContinuation(reply, thrown)
  }
}

/**
 * A traced promise: it marks the trace async, and what follows its settling is published between
 * asyncStart and asyncEnd (a rejection's error event first), in Fastify's order.
 */
function continueTraced(reply: Reply, result: PromiseLike<unknown>, trace: HandlerTrace): void {
  trace.async = true
  continueAfter(
    result,
    reply,
    (value) => afterSettling(trace, () => sendResolvedValue(value, reply)),
    (thrown) => {
      publishError(trace, thrown)
      afterSettling(trace, () => failRejected(thrown, reply))
    },
  )
}

/** Runs what follows a traced promise's settling between its asyncStart and asyncEnd events. */
function afterSettling(trace: HandlerTrace, continuation: () => void): void {
  publishAsyncStart(trace)
  try {
    continuation()
  } finally {
    publishAsyncEnd(trace)
  }
}

/** A rejection fails the request, unless the response is already out (sent, or hijacked): then it is logged. */
function failRejected(thrown: unknown, reply: Reply): void {
  if (!reply.sent) return reply[kReplyFail](thrown)
  // nothing more can be answered; the message is the one log searches written for Fastify look for
  reply.log.error({ err: thrown }, 'Promise errored, but reply.sent = true was set')
}

function sendResolvedValue(value: unknown, reply: Reply): void {
  if (value === reply || reply[kReplyHijacked]) return
  if (value === undefined) {
    if (!reply[kReplySending]) reply.send()
    return
  }
  if (reply[kReplySending]) {
    // the value is ignored; Fastify's warning (its message is the log line's msg)
    reply.log.warn({ err: new codes.SVC_ERR_REP_ALREADY_SENT(reply.request.url, reply.request.method) })
    return
  }
  reply.send(value)
}
