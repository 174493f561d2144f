#!/usr/bin/env node
// The `warren` command. One sub-command:
//   warren compile <entry>
//   warren compile <entry> --esm <out.js>
// imports <entry> (a module whose default export is a warren application, or a function that
// returns one, possibly through a Promise), starts it with ready() — which compiles every
// route's schemas — and closes it.
// - Without --esm it waits for the schema compile cache to be written; the application must turn
//   the cache on (`schemaCache: true` or `{ dir }`). Run it at build time (a container image, a
//   deployment artifact) so that production starts load instead of compile.
// - With --esm it writes every compiled validator and serializer as one ES module (<out.js>, and
//   its declarations beside it, <out.d.ts>) that a bundler includes and `warren({ precompiledSchemas })`
//   loads: an application that then compiles nothing, for platforms that refuse code generation.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import process from 'node:process'
import { pathToFileURL } from 'node:url'
// the bundle's internal entry, not the file tsc built: the application's `import 'warren'` loads the
// bundle, and only its copy of the core knows the application's state
import { recordSchemaModule, schemaCacheSettled, schemaCacheStats, schemaModuleFiles } from '../dist/bundle/internal-cli.js'

const usage = `usage: warren compile <entry> [--esm <out.js>]
  <entry>: a module whose default export is a warren app, or a function returning one (not started)
  --esm <out.js>: write the app's compiled schemas as one ES module (and <out.d.ts>) for precompiledSchemas`

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

/** The declaration file beside a module: `schemas.js` → `schemas.d.ts`. */
function declarationsPath(out) {
  return out.replace(/\.[cm]?js$/, '') + '.d.ts'
}

/**
 * Writes `text` unless the file holds it already: a file rewritten with the same bytes still looks
 * changed to a watcher (`wrangler dev`, `tsc --watch`), which would rebuild and run this again.
 */
function writeIfChanged(file, text) {
  try {
    if (readFileSync(file, 'utf8') === text) return false
  } catch {
    // not there yet
  }
  writeFileSync(file, text)
  return true
}

async function compileModule(entry, out) {
  const app = await appOf(entry)
  let files
  try {
    const recorder = recordSchemaModule(app)
    await app.ready()
    files = schemaModuleFiles(recorder)
  } catch (error) {
    await app.close().catch(() => {})
    fail(error.message)
  }
  await app.close()
  const file = resolve(out)
  mkdirSync(dirname(file), { recursive: true })
  const changed = [writeIfChanged(file, files.module), writeIfChanged(declarationsPath(file), files.declarations)].some(Boolean)
  process.stdout.write(`warren: ${files.count} schema(s) compiled into ${out}${changed ? '' : ' (unchanged, not rewritten)'}\n`)
}

const [command, entry, ...rest] = process.argv.slice(2)
if (command !== 'compile' || entry === undefined) fail(usage, 2)
if (rest.length === 0) await compile(entry)
else if (rest.length === 2 && rest[0] === '--esm' && /\.[cm]?js$/.test(rest[1])) await compileModule(entry, rest[1])
else fail(usage, 2)
