/**
 * The matrix application as a Cloudflare Worker: `export default { fetch: app.fetch }`. The
 * application is readied while the module loads (Workers' start-up), so every schema is compiled
 * before the first request; with precompiled schemas (`warren compile --module`) no code is
 * generated at all.
 */
import { buildApp } from './app.js'

// no plugin timer: a Worker runs no timer while its module loads, and start-up must finish then
const app = buildApp({ pluginTimeout: 0 })
await app.ready()

export default { fetch: app.fetch }
