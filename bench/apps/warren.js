// The benchmark app written with warren, every scenario on one server (the shared route code,
// TypeBox schemas). warren is loaded from its package build, dist/bundle/index.js (what users load),
// or from the build WARREN_DIST names (to compare two builds).
import { pathToFileURL } from 'node:url'
import { declareRoutes } from './shared-routes.js'

/** Builds the app for scenarios 1–5, ready to listen. */
export async function build() {
  const entry = process.env.WARREN_DIST ? pathToFileURL(process.env.WARREN_DIST).href : '../../dist/bundle/index.js'
  const { default: warren } = await import(entry)
  const app = warren()
  declareRoutes(app)
  await app.ready()
  return {
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    close: () => app.close(),
    // the web-standard handler (bench/lib/runtimes.js: Bun.serve, and in-process)
    fetch: app.fetch,
  }
}
