/**
 * The matrix application as a Cloudflare Worker that compiles nothing: its validators and
 * serializers come from the module `warren compile app.js --esm schemas.js` wrote, and its router
 * is built without generated code, so it runs with `disallow_eval_during_startup`.
 */
import { buildApp } from './app.js'
import * as schemas from './schemas.js'

const app = buildApp({ pluginTimeout: 0, precompiledSchemas: schemas })
await app.ready()

export default { fetch: app.fetch }
