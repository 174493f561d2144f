import { afterAll, beforeAll } from 'vitest'

/** What an example's end-to-end test talks to: the address of the app, once it listens. */
export interface ServedApp {
  /** `http://127.0.0.1:<port>`, set before the first test runs. */
  readonly base: string
}

/** Starts `app` on a free port before the file's tests and closes it after them. */
export function listenDuringTests(app: { listen(options: { port: number }): Promise<string>; close(): Promise<void> }): ServedApp {
  const served = { base: '' }
  beforeAll(async () => {
    served.base = await app.listen({ port: 0 })
  })
  afterAll(() => app.close())
  return served
}
