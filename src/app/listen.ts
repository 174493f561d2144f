/**
 * @module app/listen
 * `listen()`: its options checked, the server bound (a TCP port, or a Unix socket / Windows pipe
 * with `path`), an `AbortSignal` that closes the application, the "listening" log line and the
 * onListen hooks; and where the server is bound (`addresses()`, `listeningOrigin`).
 */
import type { AddressInfo, ListenOptions as NodeListenOptions } from 'node:net'
import { networkInterfaces } from 'node:os'
import { codes } from '../core/errors.js'
import { kAvvioOnClose, kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { runTreeHooks } from './application-hooks.js'

/** `listen()`'s options once checked: what `server.listen()` gets, and what warren itself uses. */
interface ListenSettings {
  bind: NodeListenOptions
  signal: AbortSignal | undefined
  listenText: (address: string) => string
}

/** The options `server.listen()` takes that warren passes through, with the type each must have. */
const nodeOptionTypes: Record<string, string> = {
  port: 'any', // node checks it (a number or a numeric string) and rejects with ERR_SOCKET_BAD_PORT
  backlog: 'number',
  exclusive: 'boolean',
  readableAll: 'boolean',
  writableAll: 'boolean',
  ipv6Only: 'boolean',
}

function invalid(name: string, reason: string): Error {
  return new codes.SVC_ERR_LISTEN_OPTIONS_INVALID(name, reason)
}

/** The address a TCP listen uses: `localhost` (the default, unless `path` is given) is 127.0.0.1. */
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

/**
 * Checks `listen()`'s options: a wrong type, or a key warren does not know, throws
 * SVC_ERR_LISTEN_OPTIONS_INVALID at once (a programming error, not a runtime failure).
 */
export function listenSettings(options: unknown): ListenSettings {
  if (options === undefined || options === null) options = {}
  if (typeof options !== 'object') throw invalid('options', `expected an object, got ${typeof options}`)
  const given = options as Record<string, unknown>
  const bind: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined || ['host', 'path', 'signal', 'listenTextResolver'].includes(key)) continue
    const type = nodeOptionTypes[key]
    if (type === undefined) throw invalid(key, 'unknown option')
    if (type !== 'any' && typeof value !== type) throw invalid(key, `expected a ${type}, got ${typeof value}`)
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

/**
 * The addresses a client reaches a server bound to `address` at: that address, or for the IPv4
 * wildcard (`0.0.0.0`, which is no address to connect to) each IPv4 address of the machine's
 * interfaces, the loopback ones first.
 */
function reachableAt(address: AddressInfo): string[] {
  if (address.address !== '0.0.0.0') return [address.address]
  const ipv4 = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []).filter((entry) => entry.family === 'IPv4')
  const ordered = [...ipv4.filter((entry) => entry.internal), ...ipv4.filter((entry) => !entry.internal)]
  return ordered.length > 0 ? ordered.map((entry) => entry.address) : [address.address]
}

function formatAddress(host: string, port: number, https: boolean): string {
  return `${https ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/**
 * The origins a bound server answers on (`http://127.0.0.1:3000`; one per interface when bound
 * to `0.0.0.0`, the loopback first), or the path of its socket.
 */
function originsOf(root: RootState): string[] {
  const address = root.httpServer.address() as AddressInfo | string
  if (typeof address === 'string') return [address]
  const https = root.options.https !== null
  return reachableAt(address).map((host) => formatAddress(host, address.port, https))
}

/**
 * Closes the application when `signal` aborts; the listener goes once the application closes.
 * Returns whether the signal had already aborted (the application is then closing already).
 */
function closeOnAbort(app: any, signal: AbortSignal): boolean {
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

/** Binds the HTTP server; `root.listening` is set while it binds, so a second `listen()` is refused at once. */
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

/** Throws when the application is listening or closed: a server is bound once. */
function assertCanListen(root: RootState): void {
  if (root.closePromise !== null) throw new codes.SVC_ERR_REOPENED_CLOSE_SERVER()
  if (root.listening) throw new codes.SVC_ERR_REOPENED_SERVER()
}

/**
 * Readies the application, binds the server, logs its origins, runs the onListen hooks; resolves
 * with the first origin, or `undefined` when `signal` aborted first.
 */
async function startListening(app: any, settings: ListenSettings): Promise<string | undefined> {
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

/**
 * `listen({ port, host, path, backlog, signal, listenTextResolver, … }, [callback])`: starts serving;
 * resolves with the address (or calls `callback(null, address)`; on failure `callback(error, null)`).
 * With a `signal`, aborting it closes the application; already aborted, nothing listens and the
 * promise resolves with `undefined` (the callback is not called).
 */
export function listen(this: any, options?: any, callback?: (error: Error | null, address?: string | null) => void): Promise<string | undefined> | undefined {
  if (typeof options === 'function') {
    callback = options
    options = {}
  }
  const settings = listenSettings(options)
  const app = (this[kRoot] as RootState).app
  if (settings.signal !== undefined && closeOnAbort(app, settings.signal)) {
    return callback === undefined ? (app.close() as Promise<void>).then(() => undefined) : undefined
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

/**
 * `listeningOrigin`: the origin the server listens on (`http://127.0.0.1:3000`; a loopback one
 * when bound to `0.0.0.0`), or the path of its Unix socket. Throws before `listen()` has
 * finished, as there is no origin yet.
 */
export function listeningOrigin(this: any): string {
  const root: RootState = this[kRoot]
  if (!root.listening || root.httpServer.address() === null) throw new codes.SVC_ERR_INSTANCE_NOT_LISTENING()
  return originsOf(root)[0]
}

/** The addresses the server listens on: `AddressInfo`s, or the path of its Unix socket. */
export function addresses(this: any): Array<AddressInfo | string> {
  const root: RootState = this[kRoot]
  // a server never built is bound nowhere (reading it would build one)
  if (!root.hasHttpServer) return []
  const address = root.httpServer.address()
  return address === null ? [] : [address]
}
