/**
 * @module test/client/served-twice
 * An application built twice for the typed client's tests: one to inject into, one listening on a
 * free port; both closed after the file's tests.
 */
import { afterAll, beforeAll } from 'vitest'

/** What the helper needs of an application. */
interface Servable {
  listen(options: { port: number }): Promise<string>
  close(): unknown
}

/** Builds `build()` twice; `baseUrl()` is the listening one's address once the file's tests run. */
export function servedTwice<App extends Servable>(build: () => App): { injected: App; baseUrl: () => string } {
  const injected = build()
  const served = build()
  let baseUrl = ''
  beforeAll(async () => {
    baseUrl = await served.listen({ port: 0 })
  })
  afterAll(async () => {
    await injected.close()
    await served.close()
  })
  return { injected, baseUrl: () => baseUrl }
}
