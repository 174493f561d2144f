/**
 * @module serve/turn-response
 * The HTTP/1 response class of the servers warren builds: Node's, able to hold one write until
 * Node hands it its connection, so a pipelined answer waits without a listener made for it.
 */
import { ServerResponse, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

type HeldWrite = (holder: unknown, payload: unknown) => void

export class TurnResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #write: HeldWrite | null = null
  #holder: unknown = null
  #payload: unknown = undefined

  /** Runs `write(holder, payload)` once the response has its socket. */
  holdWrite<Holder>(write: (holder: Holder, payload: unknown) => void, holder: Holder, payload: unknown): void {
    this.#write = write as HeldWrite
    this.#holder = holder
    this.#payload = payload
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
    write(holder, payload)
  }
}
