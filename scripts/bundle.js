// @module scripts/bundle
// The second step of `npm run build`: bundles the package's entries from tsc's output
// (dist/src/**/*.js) into dist/bundle/, which package.json `exports` point at. Node's ES module
// loader pays per file (resolve, read, link); ~120 modules loaded one by one were most of an
// `import 'warren'`.
//   - One build for all entries, so modules used by several of them land in shared chunks: the
//     core (symbols, classes, module-level state such as schema/cache-stats) has one copy whichever
//     entry an application imports.
//   - Every bare import stays external: an application's own ajv and ajv-formats must be the
//     copies warren uses (schema/ajv-copy), and dependencies keep their own module identity. One
//     exception: TypeBox's `Type` builder is bundled into the server's core, since TypeBox ships it
//     as ~200 ES modules whose loading was a third of `import 'warren'`. The bundle's copy is used
//     unless another version of TypeBox is installed (schema/type-builder; the version is written
//     in here), so its behaviour is always that of the TypeBox the application's types come from.
//   - The source maps tsc wrote are read with each file and chained, so the bundle's maps (next to
//     it, not inlined) lead to src/**/*.ts, which the package ships.
//   - `internal-cli` is not a public entry: bin/warren.js imports it to reach the cache statistics
//     and the schema recording of the same module copy the application's `import 'warren'` uses.
//   node scripts/bundle.js   (after tsc; `npm run build` runs both)
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const built = join(root, 'dist', 'src')
export const bundleDir = join(root, 'dist', 'bundle')

/**
 * The builds, each bundle entry name → the tsc output it starts from (the names are the files
 * package.json `exports` lists). The server's entries are built together so that they share their
 * core; the client (which runs in browsers too, and imports nothing of the server) is built alone,
 * so that nothing of the server, nor an import of a Node built-in, reaches it.
 */
export const builds = [
  {
    platform: 'node',
    entries: {
      index: 'index.js',
      'bearer-auth': 'plugins/bearer-auth.js',
      openapi: 'plugins/openapi/index.js',
      lambda: 'lambda.js',
      'schema-runtime': 'schema/schema-runtime.js',
      'internal-cli': 'schema/internal-cli.js',
    },
  },
  { platform: 'neutral', entries: { client: 'client/index.js' } },
]

const builtins = new Set(builtinModules)

/** The one package bundled in rather than imported at run time (see the module comment). */
const bundledPackage = '@sinclair/typebox'

/** The version of the TypeBox bundled in, which schema/type-builder compares with the installed one. */
const typeboxVersion = JSON.parse(readFileSync(join(root, 'node_modules', bundledPackage, 'package.json'), 'utf8')).version

/** True for an import the bundle leaves to Node: a package (bare specifier) or a built-in module. */
function isExternal(id) {
  if (id.startsWith('node:') || builtins.has(id)) return true
  if (id === bundledPackage) return false
  return !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0')
}

/** Entries only their own importers load, kept out of the core: `warren/schema-runtime` imports files of Ajv that `import 'warren'` need not. */
const standalone = new Set([join('schema', 'schema-runtime.js')])

/** True for a module of the server's core: everything tsc built but the client, the first-party plugins and the standalone entries. */
function isCore(id) {
  if (id.includes('rolldown/runtime')) return true // the bundler's helpers (keepNames), else a chunk of their own
  if (id.includes(join('node_modules', bundledPackage))) return true // the bundled Type builder
  const path = relative(built, id)
  return !path.startsWith('..') && !isAbsolute(path) && !/^(client|plugins)[\\/]/.test(path) && !standalone.has(path)
}

/** Loads a file of tsc's output with the source map tsc wrote next to it, so that rolldown chains the two maps. */
const tscSourceMaps = {
  name: 'warren:tsc-source-maps',
  load(id) {
    if (!id.startsWith(built) || !id.endsWith('.js')) return null
    const code = readFileSync(id, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n')
    const mapFile = `${id}.map`
    return existsSync(mapFile) ? { code, map: readFileSync(mapFile, 'utf8') } : { code }
  },
}

/** One rolldown build of `entries` into dist/bundle/; returns the written files' names. */
async function buildOne({ platform, entries }) {
  const input = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(built, file)]))
  const result = await build({
    input,
    platform,
    external: isExternal,
    plugins: [tscSourceMaps],
    transform: { define: { __WARREN_BUNDLED_TYPEBOX_VERSION__: JSON.stringify(typeboxVersion) } },
    // the entries' exports are the package's API: keep them exactly, no more
    preserveEntrySignatures: 'strict',
    logLevel: 'warn',
    output: {
      dir: bundleDir,
      format: 'esm',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // the server's modules in one chunk (one file to load), apart from the plugins; the client
      // (one entry) keeps what it imports of src/types, the error catalogue, in its own file
      ...(platform === 'node' && { codeSplitting: { groups: [{ name: 'core', test: isCore }] } }),
      // no minification, and functions and classes keep their names where the bundle had to rename
      // them (two modules' `plugin`, `createServer` …): `.name`, stack traces read as written
      minify: false,
      keepNames: true,
    },
  })
  return result.output
}

/** Builds dist/bundle/ from dist/src/; returns the written files' names. */
export async function bundle() {
  if (!existsSync(join(built, 'index.js'))) throw new Error('dist/src/index.js is missing: run tsc first (npm run build)')
  rmSync(bundleDir, { recursive: true, force: true })
  const files = []
  for (const options of builds) files.push(...await buildOne(options))
  const main = files.find((file) => file.fileName === 'index.js')
  writeFileSync(join(bundleDir, 'index.cjs'), commonJsEntry(main.exports))
  return [...files.map((file) => file.fileName), 'index.cjs']
}

/**
 * `require('warren')`: the factory with the named exports on it, as Fastify's CommonJS export is
 * (Node 20.19 and later load the ES module synchronously; the bundle has no top-level await). Each
 * export is assigned by name so that an ES module importing this file (code that found the package
 * with `require.resolve`) sees the same named exports as the ES entry's.
 */
function commonJsEntry(names) {
  const clashing = names.filter((name) => ['name', 'length', 'prototype', 'caller', 'arguments'].includes(name))
  if (clashing.length > 0) throw new Error(`exports ${clashing.join(', ')} cannot be properties of the CommonJS factory`)
  const assignments = names.filter((name) => name !== 'default').map((name) => `module.exports.${name} = entry.${name}\n`)
  return `'use strict'\nconst entry = require('./index.js')\nmodule.exports = entry.default\nmodule.exports.default = entry.default\n${assignments.join('')}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await bundle()
  process.stdout.write(`bundled ${builds.flatMap((b) => Object.keys(b.entries)).length} entries into ${relative(root, bundleDir)}/: ${files.filter((f) => !f.endsWith('.map')).length} files\n`)
}
