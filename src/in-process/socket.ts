/**
 * @module in-process/socket
 * The socket an in-process request shows as `request.raw.socket`: the client's address, TLS, and the
 * events and methods code written for Node's sockets calls; it carries no bytes.
 */
import { EventEmitter } from 'node:events'

export class InProcessSocket extends EventEmitter {
  readonly remoteAddress: string | undefined
  readonly remotePort: number | undefined
  readonly remoteFamily: string | undefined
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

  /** No idle timer runs in-process: the callback waits for a `timeout` nothing emits. */
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

  /** Bytes written after `reply.hijack()` go nowhere: there is no connection under it. */
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
