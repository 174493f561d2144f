#!/usr/bin/env node
// The `warren` command. One sub-command:
//   warren compile <entry>
// imports <entry> (a module whose default export is a warren application, or a function that
// returns one, possibly through a Promise), starts it with ready() — which compiles every
// route's schemas — waits for the schema compile cache to be written, and closes it. The
// application must turn the cache on (`schemaCache: true` or `{ dir }`). Run it at build time
// (a container image, a deployment artifact) so that production starts load instead of compile.
import { resolve } from 'node:path'
import process from 'node:process'
import { pathToFileURL } from 'node:url'
// the bundle's internal entry, not the file tsc built: the application's `import 'warren'` loads the
// bundle, and only its copy of the core knows the application's state
import { schemaCacheSettled, schemaCacheStats } from '../dist/bundle/internal-cli.js'

const usage = 'usage: warren compile <entry>\n  <entry>: a module whose default export is a warren app, or a function returning one (not listening)'

function fail(message, code = 1) {
  process.stderr.write(`warren: ${message}\n`)
  process.exit(code)
}

async function appOf(entry) {
  const module = await import(pathToFileURL(resolve(entry)).href)
  const exported = module.default
  const app = typeof exported === 'function' && typeof exported.ready !== 'function' ? await exported() : exported
  if (app === null || (typeof app !== 'object' && typeof app !== 'function') || typeof app.ready !== 'function') {
    fail(`${entry} must export a warren application (or a function returning one) as its default export`)
  }
  return app
}

async function compile(entry) {
  const app = await appOf(entry)
  await app.ready()
  const stats = schemaCacheStats(app)
  if (stats === null) {
    await app.close()
    fail('the application has no schema cache: create it with `schemaCache: true` or `schemaCache: { dir }`')
  }
  await schemaCacheSettled(app, { codeCache: true })
  const after = schemaCacheStats(app)
  await app.close()
  if (!after.writable) fail(`the schema cache directory ${after.dir} cannot be written`)
  process.stdout.write(`warren: ${after.writes} schema(s) compiled and written, ${after.hits} already cached, in ${after.dir}\n`)
}

const [command, entry, ...rest] = process.argv.slice(2)
if (command !== 'compile' || entry === undefined || rest.length > 0) fail(usage, 2)
await compile(entry)
