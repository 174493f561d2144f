/**
 * @module app/close
 * `close()` and `Symbol.asyncDispose`: preClose hooks, the server stops accepting connections,
 * in-flight requests finish (what their connections become depends on `forceCloseConnections`),
 * then the onClose hooks — children's before their parents', each context's last added first.
 */
import type { Context } from '../model/context.js'
import { closeHttp2Sessions } from './http-server.js'
import { kAvvioClose, kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { runTreeHooks } from './application-hooks.js'

/**
 * Stops the bound server and resolves once every connection has ended: `forceCloseConnections`
 * `true` destroys them all at once; `'idle'` (the default) ends the idle ones now, and the
 * in-flight ones after their response (see serve/write); `false` leaves them to end by themselves.
 */
async function stopServer(root: RootState): Promise<void> {
  const server = root.httpServer
  // node counts a connection idle once its current response has ended, even before that response
  // has finished and handed the connection to the next pipelined request: closing at once would
  // destroy that request. A response written at once finishes on the next tick, queued before this
  // one. (Not a full event-loop turn: requests read meanwhile would open the same gap again.)
  await new Promise<void>((resolve) => process.nextTick(resolve))
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  const force = root.options.forceCloseConnections
  // a server from elsewhere may lack these (node's own has both); node's own server.close() closes
  // idle connections itself, a server from serverFactory may not
  if (force === true && typeof server.closeAllConnections === 'function') server.closeAllConnections()
  else if (force === 'idle' && root.customServer && typeof server.closeIdleConnections === 'function') server.closeIdleConnections()
  // HTTP/2 sessions are not connections node's close() ends: an idle one would hold close() open
  closeHttp2Sessions(server, force === true)
  await closed
  root.listening = false
}

async function shutDown(app: Context): Promise<void> {
  const root: RootState = app[kRoot]
  // a start-up under way finishes first (avvio's close waits for it too); and a handler that calls
  // close() and then answers still sends its response before the server counts as closing
  await root.readyPromise?.catch(() => {})
  root.closing = true
  await runTreeHooks(app, 'preClose', (error) => app.log.error({ err: error }, 'a preClose hook failed'))
  if (root.listening) await stopServer(root)
  await app[kAvvioClose]()
}

/**
 * `close()`: stops accepting connections, lets in-flight requests finish (new ones get 503 when
 * `return503OnClosing`), then runs preClose and onClose hooks (children's onClose first). Given a
 * callback, calls it instead and returns nothing. Later calls share the first one's outcome.
 */
export function close(this: Context, callback?: (error?: Error) => void): Promise<void> | undefined {
  const root: RootState = this[kRoot]
  root.closePromise ??= shutDown(root.app)
  if (callback) {
    root.closePromise.then(() => callback(), callback)
    return undefined
  }
  return root.closePromise
}

/** `await using app = warren()`: disposing of the application closes it (`close()`). */
export function asyncDispose(this: Context): Promise<void> {
  return close.call(this) as Promise<void>
}
