/**
 * @module app/close
 * `close()` and `Symbol.asyncDispose`: preClose hooks, the server stops, in-flight requests finish,
 * then onClose hooks (children's before their parents', each context's last added first); a failing
 * hook of either kind is reported by `close()` rejecting, once everything ran.
 */
import type { Context } from '../model/context.js'
import { closeHttp2Sessions } from './http-server.js'
import { kAvvioClose, kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import { runTreeHooks } from './application-hooks.js'
import { toError } from '../core/errors.js'

/** Stops the bound server and resolves once every connection ended, as `forceCloseConnections` says. */
async function stopServer(root: RootState): Promise<void> {
  const server = root.httpServer
  // node counts a pipelined connection idle before its response finished: closing now would destroy
  // the next request. One tick lets responses written at once finish (docs/architecture.md).
  await new Promise<void>((resolve) => process.nextTick(resolve))
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  const force = root.options.forceCloseConnections
  // a server from serverFactory may lack these, or not close idle connections itself
  if (force === true && typeof server.closeAllConnections === 'function') server.closeAllConnections()
  else if (force === 'idle' && root.customServer && typeof server.closeIdleConnections === 'function') server.closeIdleConnections()
  closeHttp2Sessions(server, force === true)
  await closed
  root.listening = false
}

async function shutDown(app: Context): Promise<void> {
  const root: RootState = app[kRoot]
  // a start-up under way finishes first, and a handler that calls close() still sends its response
  await root.readyPromise?.catch(() => {})
  root.closing = true
  // a failing preClose hook stops nothing: every hook runs and everything closes, then close() rejects with the first failure
  const failures: unknown[] = []
  await runTreeHooks(app, 'preClose', (error) => failures.push(error))
  if (root.listening) await stopServer(root)
  if (failures.length === 0) return app[kAvvioClose]()
  await app[kAvvioClose]().catch((error: unknown) => failures.push(error))
  for (const later of failures.slice(1)) app.log.error({ err: later }, 'close() failed again after its first failure')
  throw toError(failures[0])
}

/** A callback is called with `null` when the close succeeded, as Node-style callbacks (and Fastify's) are. */
export function close(this: Context, callback?: (error?: Error | null) => void): Promise<void> | undefined {
  const root: RootState = this[kRoot]
  root.closePromise ??= shutDown(root.app)
  if (callback) {
    root.closePromise.then(() => callback(null), callback)
    return undefined
  }
  return root.closePromise
}

export function asyncDispose(this: Context): Promise<void> {
  return close.call(this) as Promise<void>
}
