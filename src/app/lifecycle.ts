/**
 * @module app/lifecycle
 * The application's life: `ready()` (plugins loaded, routes built, onReady hooks), `listen()`,
 * `close()` (preClose, stop accepting, in-flight requests finish, onClose), `inject()`, addresses.
 */
import type { AddressInfo } from 'node:net'
import lightMyRequest from 'light-my-request'
import { codes } from '../core/errors.js'
import { kAvvio, kAvvioClose, kAvvioReady, kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { runTreeHooks } from './application-hooks.js'
import { closeHttp2Sessions } from './http-server.js'

/** The root instance, whichever context `instance` is: start-up and shutdown concern the whole application. */
function rootOf(instance: any): any {
  return (instance[kRoot] as RootState).app
}

function pluginTimeoutError(error: Error & { code?: string }, timeout: number): Error {
  if (error.code !== 'AVV_ERR_PLUGIN_EXEC_TIMEOUT') return error
  const name = /'([^']*)'/.exec(error.message)?.[1] ?? 'anonymous plugin'
  return Object.assign(new codes.SVC_ERR_PLUGIN_TIMEOUT(name, timeout), { cause: error })
}

/**
 * `ready()`: loads every plugin, builds every route (compiling its schemas), runs the onReady
 * hooks. Resolves with the instance; rejects with the first plugin or hook error. Given a
 * callback, calls it instead and returns nothing.
 */
export function ready(this: any, callback?: (error: Error | null) => void): Promise<any> | undefined {
  const root: RootState = this[kRoot]
  const app = rootOf(this)
  root.readyPromise ??= new Promise((resolve, reject) => {
    app[kAvvioReady]((error: Error | null, done: () => void) => {
      if (error) {
        reject(pluginTimeoutError(error, root.options.pluginTimeout))
        return done()
      }
      root.started = true
      // as plugins, onReady hooks must finish within pluginTimeout
      runTreeHooks(app, 'onReady', undefined, root.options.pluginTimeout).then(
        () => {
          root.booted = true
          resolve(app)
          done()
        },
        (hookError: Error) => {
          reject(hookError)
          done()
        },
      )
    })
  })
  if (callback) {
    root.readyPromise.then(() => callback(null), callback)
    return undefined
  }
  return root.readyPromise
}

function formatAddress(address: AddressInfo, https: boolean): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `${https ? 'https' : 'http'}://${host}:${address.port}`
}

async function startListening(app: any, options: { port?: number; host?: string; backlog?: number }): Promise<string> {
  await app.ready()
  const root: RootState = app[kRoot]
  if (root.listening) throw new codes.SVC_ERR_INSTANCE_ALREADY_LISTENING()
  if (root.closing) throw new codes.SVC_ERR_INSTANCE_CLOSED()
  const server = root.httpServer
  const host = options.host === undefined || options.host === 'localhost' ? '127.0.0.1' : options.host
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(error)
    server.once('error', onError)
    server.listen({ port: options.port ?? 0, host, backlog: options.backlog }, () => {
      server.removeListener('error', onError)
      resolve()
    })
  })
  root.listening = true
  const url = formatAddress(server.address() as AddressInfo, root.options.https !== null)
  app.log.info(`Server listening at ${url}`)
  await runTreeHooks(app, 'onListen', (error) => app.log.error({ err: error }, 'an onListen hook failed'))
  return url
}

/** `listen({ port, host, backlog }, [callback])`: starts serving; resolves with the address (or calls the callback with it). */
export function listen(this: any, options?: any, callback?: (error: Error | null, address?: string) => void): Promise<string> | undefined {
  if (typeof options === 'function') {
    callback = options
    options = {}
  }
  const listening = startListening(rootOf(this), options ?? {})
  if (callback) {
    listening.then((address) => callback(null, address), (error) => callback(error))
    return undefined
  }
  return listening
}

/**
 * `listeningOrigin`: the origin the server listens on (`http://127.0.0.1:3000`), or the path of
 * its Unix socket. Throws before `listen()` has finished, as there is no origin yet.
 */
export function listeningOrigin(this: any): string {
  const root: RootState = this[kRoot]
  const address = root.httpServer.address()
  if (!root.listening || address === null) throw new codes.SVC_ERR_INSTANCE_NOT_LISTENING()
  return typeof address === 'string' ? address : formatAddress(address, root.options.https !== null)
}

/** The addresses the server listens on. */
export function addresses(this: any): AddressInfo[] {
  const address = (this[kRoot] as RootState).httpServer.address()
  return address !== null && typeof address === 'object' ? [address] : []
}

async function shutDown(app: any): Promise<void> {
  const root: RootState = app[kRoot]
  root.closing = true
  await runTreeHooks(app, 'preClose', (error) => app.log.error({ err: error }, 'a preClose hook failed'))
  if (root.listening) {
    const server = root.httpServer
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // an HTTP/2 server has neither method (its sessions time out); Node's HTTP/1 server.close()
    // closes idle connections itself, a server from serverFactory may not
    if (root.options.forceCloseConnections === true) server.closeAllConnections?.()
    else if (root.options.forceCloseConnections === 'idle' && root.customServer) server.closeIdleConnections?.()
    closeHttp2Sessions(server, root.options.forceCloseConnections === true)
    await closed
    root.listening = false
  }
  await app[kAvvioClose]()
}

/**
 * `close()`: stops accepting connections, lets in-flight requests finish (new ones get 503 when
 * `return503OnClosing`), then runs preClose and onClose hooks (children's onClose first). Given a
 * callback, calls it instead and returns nothing.
 */
export function close(this: any, callback?: (error?: Error) => void): Promise<void> | undefined {
  const app = rootOf(this)
  const root: RootState = app[kRoot]
  root.closePromise ??= shutDown(app)
  if (callback) {
    root.closePromise.then(() => callback(), callback)
    return undefined
  }
  return root.closePromise
}

/**
 * `inject(options)`: a simulated request (light-my-request), no socket needed; readies the
 * application first. Without options, returns a chainable request builder.
 */
export function inject(this: any, options?: any, callback?: any): any {
  const app = rootOf(this)
  const root: RootState = app[kRoot]
  const dispatch = root.httpHandler
  if (root.booted) return lightMyRequest(dispatch, options, callback)
  if (callback) {
    app.ready().then(() => lightMyRequest(dispatch, options, callback), (error: Error) => callback(error))
    return undefined
  }
  const dispatchWhenReady = (req: any, res: any): void => {
    app.ready().then(() => dispatch(req, res), (error: Error) => res.emit('error', error))
  }
  return lightMyRequest(dispatchWhenReady, options)
}

/** The plugin tree with load times, as text. */
export function printPlugins(this: any): string {
  return rootOf(this)[kAvvio].prettyPrint()
}
