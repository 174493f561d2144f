/**
 * Graceful shutdown on process signals: `closeOnSignals(app)` turns SIGINT/SIGTERM into one
 * `app.close()` with a deadline. It uses only the instance's public API (`close()`, `log`), so it
 * works the same for any application built with warren.
 */
import type { WarrenLogger } from '../types/logger.js'

/** What `closeOnSignals` needs from an application: the public `close()` and `log`. */
export interface ClosableApp {
  close(): Promise<void>
  readonly log: Pick<WarrenLogger, 'info' | 'error'>
}

/** Options of {@link closeOnSignals}. */
export interface CloseOnSignalsOptions {
  /** The signals that start the shutdown. Default `['SIGINT', 'SIGTERM']`. */
  signals?: NodeJS.Signals[]
  /** Milliseconds `close()` may take before the process exits with code 1. Default 10 000. */
  timeout?: number
}

// one set of handlers per application, so calling closeOnSignals twice does not close twice
const installed = new WeakMap<ClosableApp, () => void>()

/**
 * Installs signal handlers (once per application) that close `app` and then exit with code 0; if
 * closing throws or takes longer than `timeout`, the error is logged and the exit code is 1.
 * A second signal while closing is ignored. Returns a function that removes the handlers.
 *
 * While closing, requests in flight finish, new requests get a 503 with `connection: close`
 * (`return503OnClosing`), and idle keep-alive connections are closed (`forceCloseConnections`).
 *
 * @example
 * ```ts
 * const app = warren({ logger: true })
 * closeOnSignals(app, { timeout: 10_000 })
 * await app.listen({ port: 3000 })
 * ```
 */
export function closeOnSignals(app: ClosableApp, options: CloseOnSignalsOptions = {}): () => void {
  const existing = installed.get(app)
  if (existing !== undefined) return existing
  const signals = options.signals ?? ['SIGINT', 'SIGTERM']
  const timeout = options.timeout ?? 10_000
  let closing = false
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) return
    closing = true
    app.log.info({ signal }, `${signal} received: closing (deadline ${timeout} ms)`)
    void closeWithin(app, timeout).then((code) => process.exit(code))
  }
  for (const signal of signals) process.on(signal, onSignal)
  const remove = (): void => {
    for (const signal of signals) process.removeListener(signal, onSignal)
    installed.delete(app)
  }
  installed.set(app, remove)
  return remove
}

/** Closes `app`, resolving with the exit code: 0 when closed in time, 1 on error or deadline. */
async function closeWithin(app: ClosableApp, timeout: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.error(`close() did not finish within ${timeout} ms: exiting with code 1`)
      resolve(1)
    }, timeout)
    // not unref'd: a close() stuck on a promise that holds no handle would otherwise let the
    // process drain and exit 0 before the deadline is reported
  })
  const closed = app.close().then(
    () => 0,
    (error: unknown) => {
      app.log.error({ err: error }, 'close() failed: exiting with code 1')
      return 1
    },
  )
  try {
    return await Promise.race([closed, deadline])
  } finally {
    clearTimeout(timer)
  }
}
