/**
 * @module in-process/unframed-body
 * A web Request's body stream that no header frames (no `content-length`, no `transfer-encoding`):
 * Deno hands one, empty, with every POST and DELETE. Read until its first bytes to tell a body from none.
 */

/**
 * Resolves with null when the stream ends before any byte (the request has no body, as HTTP/1.1
 * reads a request without framing headers), else with a stream giving every byte, the first ones
 * included. A source that fails first gives a stream failing the same way, as the body would have.
 */
export async function bodyUnlessEmpty(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array> | null> {
  const reader = stream.getReader()
  let first: Uint8Array
  try {
    const chunk = await firstBytes(reader)
    if (chunk === null) {
      reader.releaseLock()
      return null
    }
    first = chunk
  } catch (error) {
    return new ReadableStream({ start: (controller) => controller.error(error) })
  }
  return new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(first),
    pull: async (controller) => {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

async function firstBytes(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array | null> {
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return null
    if (value.byteLength > 0) return value
  }
}
