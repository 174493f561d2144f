/**
 * @module app/graceful-shutdown
 * `closeOnSignals(app)`: SIGINT/SIGTERM turned into one `app.close()` with a deadline, through the public API only.
 */
import type { WarrenLogger } from '../types/logger.js'

export interface ClosableApp {
  close(): Promise<void>
  readonly log: Pick<WarrenLogger, 'info' | 'error'>
}

export interface CloseOnSignalsOptions {
  /** Default `['SIGINT', 'SIGTERM']`. */
  signals?: NodeJS.Signals[]
  /** Milliseconds `close()` may take before the process exits with code 1. Default 10 000. */
  timeout?: number
}

const installed = new WeakMap<ClosableApp, () => void>()

/**
 * Closes `app` on a signal and exits 0, or 1 when closing fails or passes `timeout`; returns a
 * function that removes the handlers. In-flight requests finish, new ones get a 503.
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

async function closeWithin(app: ClosableApp, timeout: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.error(`close() did not finish within ${timeout} ms: exiting with code 1`)
      resolve(1)
    }, timeout)
    // not unref'd: a close() stuck on a handle-less promise would let the process exit 0 before the deadline
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
