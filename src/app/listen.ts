/**
 * @module app/listen
 * `listen()`: options checked, the server bound (a port, or a socket `path`), an abort `signal`,
 * the "listening" log line and onListen hooks; where it is bound (`addresses()`, `listeningOrigin`).
 */
import type { ListenOptions } from '../types/index.js'
import type { Context } from '../model/context.js'
import type { AddressInfo, ListenOptions as NodeListenOptions } from 'node:net'
import { networkInterfaces } from 'node:os'
import { codes } from '../core/errors.js'
import { kAvvioOnClose, kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { runTreeHooks } from './application-hooks.js'

interface ListenSettings {
  bind: NodeListenOptions
  signal: AbortSignal | undefined
  listenText: (address: string) => string
}

const nodeOptionTypes: Record<string, string> = {
  port: 'number or string', // a value of the right type that is no port is node's to refuse (ERR_SOCKET_BAD_PORT)
  backlog: 'number',
  exclusive: 'boolean',
  readableAll: 'boolean',
  writableAll: 'boolean',
  ipv6Only: 'boolean',
}

function invalid(name: string, reason: string): Error {
  return new codes.SVC_ERR_LISTEN_OPTIONS_INVALID(name, reason)
}

/** `localhost`, the default unless `path` is given, is 127.0.0.1. */
function hostOf(host: unknown, path: string | undefined): string | undefined {
  if (host === undefined || host === null) return path === undefined ? '127.0.0.1' : undefined
  if (typeof host !== 'string') throw invalid('host', `expected a string, got ${typeof host}`)
  return host === 'localhost' ? '127.0.0.1' : host
}

function signalOf(signal: unknown): AbortSignal | undefined {
  if (signal === undefined || signal === null) return undefined
  if (typeof (signal as AbortSignal).addEventListener !== 'function' || typeof (signal as AbortSignal).aborted !== 'boolean') {
    throw invalid('signal', 'expected an AbortSignal')
  }
  return signal as AbortSignal
}

/** Checks `listen()`'s options at once: a wrong type or unknown key is a programming error. */
export function listenSettings(options: unknown): ListenSettings {
  if (options === undefined || options === null) options = {}
  if (typeof options !== 'object') throw invalid('options', `expected an object, got ${typeof options}`)
  const given = options as Record<string, unknown>
  const bind: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(given)) {
    // null is no value, as undefined: `{ port: null }` takes the default port
    if (value === undefined || value === null || ['host', 'path', 'signal', 'listenTextResolver'].includes(key)) continue
    const type = nodeOptionTypes[key]
    if (type === undefined) throw invalid(key, 'unknown option')
    if (!type.split(' or ').includes(typeof value)) throw invalid(key, `expected a ${type}, got ${typeof value}`)
    bind[key] = value
  }
  const path = given.path ?? undefined
  if (path !== undefined && (typeof path !== 'string' || path === '')) throw invalid('path', 'expected a non-empty string')
  if (path !== undefined) bind.path = path
  else bind.port ??= 0
  const host = hostOf(given.host, path)
  if (host !== undefined) bind.host = host
  const resolver = given.listenTextResolver ?? undefined
  if (resolver !== undefined && typeof resolver !== 'function') throw invalid('listenTextResolver', 'expected a function')
  return {
    bind: bind as NodeListenOptions,
    signal: signalOf(given.signal),
    listenText: (resolver as ((address: string) => string) | undefined) ?? ((address) => `Server listening at ${address}`),
  }
}

/** Where a client reaches `address`: itself, or for `0.0.0.0` (no address to connect to) each IPv4 interface, loopback first. */
function reachableAt(address: AddressInfo): string[] {
  if (address.address !== '0.0.0.0') return [address.address]
  const ipv4 = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []).filter((entry) => entry.family === 'IPv4')
  const ordered = [...ipv4.filter((entry) => entry.internal), ...ipv4.filter((entry) => !entry.internal)]
  return ordered.length > 0 ? ordered.map((entry) => entry.address) : [address.address]
}

function formatAddress(host: string, port: number, https: boolean): string {
  return `${https ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`
}

function originsOf(root: RootState): string[] {
  const address = root.httpServer.address() as AddressInfo | string
  if (typeof address === 'string') return [address]
  const https = root.options.https !== null
  return reachableAt(address).map((host) => formatAddress(host, address.port, https))
}

/** Closes the application when `signal` aborts; true when it had already aborted. */
function closeOnAbort(app: Context, signal: AbortSignal): boolean {
  const onAbort = (): void => void app.close().catch((error: Error) => app.log.error({ err: error }, 'close() after the listen signal aborted failed'))
  if (signal.aborted) {
    onAbort()
    return true
  }
  signal.addEventListener('abort', onAbort, { once: true })
  app[kAvvioOnClose]((_context: unknown, done: () => void) => {
    signal.removeEventListener('abort', onAbort)
    done()
  })
  return false
}

/** `root.listening` is set while binding, so a second `listen()` is refused at once. */
function bind(root: RootState, options: NodeListenOptions): Promise<void> {
  const server = root.httpServer
  root.listening = true
  return new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => {
      root.listening = false
      reject(error)
    }
    server.once('error', onError)
    try {
      server.listen(options, () => {
        server.removeListener('error', onError)
        resolve()
      })
    } catch (error) {
      // node refuses a bad port synchronously
      server.removeListener('error', onError)
      onError(error as Error)
    }
  })
}

function assertCanListen(root: RootState): void {
  if (root.closePromise !== null) throw new codes.SVC_ERR_REOPENED_CLOSE_SERVER()
  if (root.listening) throw new codes.SVC_ERR_REOPENED_SERVER()
}

async function startListening(app: Context, settings: ListenSettings): Promise<string | undefined> {
  const root: RootState = app[kRoot]
  assertCanListen(root)
  await app.ready()
  // the signal aborted while the application was getting ready: it is closing, and never listens
  if (settings.signal?.aborted) return undefined
  assertCanListen(root)
  await bind(root, settings.bind)
  const origins = originsOf(root)
  for (const origin of origins) app.log.info(settings.listenText(origin))
  await runTreeHooks(app, 'onListen', (error) => {
    app.log.error({ err: error }, `an onListen hook failed: ${(error as Error)?.message ?? String(error)}`)
  })
  return origins[0]
}

type ListenCallback = (error: Error | null, address?: string | null) => void

/** Starts serving; with an already aborted `signal` nothing listens, the promise resolves `undefined` and the callback is not called. */
export function listen(this: Context, options?: ListenOptions | ListenCallback, callback?: ListenCallback): Promise<string | undefined> | undefined {
  if (typeof options === 'function') {
    callback = options
    options = {}
  }
  const settings = listenSettings(options)
  const app = this[kRoot].app
  if (settings.signal !== undefined && closeOnAbort(app, settings.signal)) {
    return callback === undefined ? app.close().then(() => undefined) : undefined
  }
  const listening = startListening(app, settings)
  if (callback === undefined) return listening
  listening.then(
    (address) => {
      if (address !== undefined) callback(null, address)
    },
    (error: Error) => callback(error, null),
  )
  return undefined
}

/** The origin the server listens on (a loopback one for `0.0.0.0`) or its socket path; throws before `listen()` finished. */
export function listeningOrigin(this: Context): string {
  const root: RootState = this[kRoot]
  if (!root.listening || root.httpServer.address() === null) throw new codes.SVC_ERR_INSTANCE_NOT_LISTENING()
  return originsOf(root)[0]
}

export function addresses(this: Context): Array<AddressInfo | string> {
  const root: RootState = this[kRoot]
  // a server never built is bound nowhere (reading it would build one)
  if (!root.hasHttpServer) return []
  const address = root.httpServer.address()
  return address === null ? [] : [address]
}
