/**
 * @module serve/turn-response
 * The HTTP/1 response class of the servers warren builds: Node's, able to hold one write until
 * Node hands it its connection, so a pipelined answer waits without a listener made for it, and
 * counted as Node counts the answers it queues, so a flood of pipelined requests is still paused.
 */
import { ServerResponse, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

type HeldWrite = (holder: unknown, payload: unknown) => void

/**
 * Node's count of what a connection's waiting answers hold, on each of its responses: past the
 * socket's high-water mark, Node stops reading the connection's pipelined requests until the
 * answers go out. A held write is counted there as the bytes Node would have queued.
 */
interface PendingOutput {
  _onPendingData?: (delta: number) => void
}

export class TurnResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #write: HeldWrite | null = null
  #holder: unknown = null
  #payload: unknown = undefined
  #heldBytes = 0

  /** Runs `write(holder, payload)` once the response has its socket; `bytes` is what it will write, counted as waiting output meanwhile. */
  holdWrite<Holder>(write: (holder: Holder, payload: unknown) => void, holder: Holder, payload: unknown, bytes: number): void {
    this.#write = write as HeldWrite
    this.#holder = holder
    this.#payload = payload
    this.#heldBytes = bytes
    ;(this as PendingOutput)._onPendingData?.(bytes)
  }

  override assignSocket(socket: Socket): void {
    super.assignSocket(socket)
    const write = this.#write
    if (write === null) return
    const holder = this.#holder
    const payload = this.#payload
    this.#write = null
    this.#holder = null
    this.#payload = undefined
    ;(this as PendingOutput)._onPendingData?.(-this.#heldBytes)
    this.#heldBytes = 0
    write(holder, payload)
  }
}
