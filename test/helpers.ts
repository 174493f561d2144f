import { Writable } from 'node:stream'
import typedWarren from 'warren'

/**
 * The factory, untyped. These tests exercise the runtime, wrong inputs included, which the type
 * layer rightly rejects at compile time (the types have their own tsd tests in type-tests/).
 */
export function warren(options?: unknown): any {
  return (typedWarren as (options?: unknown) => unknown)(options)
}

/** A pino destination that keeps every log line, parsed: `warren({ logger: { stream } })`. */
export function captureLogs(): { lines: any[]; stream: Writable } {
  const lines: any[] = []
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line))
      callback()
    },
  })
  return { lines, stream }
}
