/**
 * @module serve/reply
 * The reply's request-path methods, on the class every context's reply class derives from:
 * `send`, `serialize`, `callNotFound`, and the one method every stage reports failures through
 * (`[kReplyFail]`), the only way into the error handlers.
 */
import { kReplyFail } from '../core/symbols.js'
import { Reply } from '../model/reply.js'
import { handleError } from './fail.js'
import { callNotFound } from './not-found.js'
import { send } from './send.js'
import { serialize } from './serialize.js'

/** The reply class the root context's reply class derives from (see the module comment). */
export class ServedReply extends Reply {
  override serialize(payload: unknown): string {
    return serialize(this, payload)
  }

  override send(payload?: unknown): this {
    send(this, payload)
    return this
  }

  override callNotFound(): this {
    callNotFound(this.request, this)
    return this
  }

  override [kReplyFail](error: unknown): void {
    handleError(this, error)
  }
}
