/**
 * @module serve/reply
 * The reply's request-path methods: `send`, `serialize`, `callNotFound`, and `[kReplyFail]`, the
 * only way into the error handlers.
 */
import { kReplyFail } from '../core/symbols.js'
import { Reply } from '../model/reply.js'
import { handleError } from './fail.js'
import { callNotFound } from './not-found.js'
import { send } from './send.js'
import { serialize } from './serialize.js'

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
