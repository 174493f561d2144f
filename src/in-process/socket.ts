/**
 * @module in-process/socket
 * The socket an in-process request shows as `request.raw.socket`: the client's address (from the
 * runtime or the event that carried the request), whether the connection was encrypted, and the
 * events and methods code written for Node's sockets calls. It carries no bytes.
 */
import { EventEmitter } from 'node:events'

/** The connection of an in-process request, as far as a request's readers look at it. */
export class InProcessSocket extends EventEmitter {
  /** The client's address, when the runtime or the event names it. */
  readonly remoteAddress: string | undefined
  readonly remotePort: number | undefined
  readonly remoteFamily: string | undefined
  /** True for a request that arrived over TLS (`request.protocol` is then `https`). */
  readonly encrypted: boolean
  readonly localAddress = '127.0.0.1'
  readonly localPort = 0
  destroyed = false
  readable = true
  writable = true
  bytesRead = 0
  bytesWritten = 0

  constructor(remoteAddress: string | undefined, encrypted: boolean) {
    super()
    this.remoteAddress = remoteAddress
    this.remotePort = undefined
    this.remoteFamily = remoteAddress === undefined ? undefined : remoteAddress.includes(':') ? 'IPv6' : 'IPv4'
    this.encrypted = encrypted
  }

  /** No idle timer runs in-process: a callback is kept for a `timeout` event nothing emits. */
  setTimeout(_ms: number, callback?: () => void): this {
    if (callback !== undefined) this.once('timeout', callback)
    return this
  }

  setNoDelay(): this {
    return this
  }

  setKeepAlive(): this {
    return this
  }

  ref(): this {
    return this
  }

  unref(): this {
    return this
  }

  address(): { address: string; family: string; port: number } {
    return { address: this.localAddress, family: 'IPv4', port: this.localPort }
  }

  /** Bytes written to the socket itself (after `reply.hijack()`) go nowhere: there is no connection under it. */
  write(_chunk: unknown, ...rest: unknown[]): boolean {
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    if (callback !== undefined) process.nextTick(callback)
    return true
  }

  end(): this {
    return this.destroy()
  }

  destroy(error?: Error): this {
    if (this.destroyed) return this
    this.destroyed = true
    this.readable = false
    this.writable = false
    if (error !== undefined) process.nextTick(() => this.emit('error', error))
    process.nextTick(() => this.emit('close', error !== undefined))
    return this
  }
}
