// @module scripts/bundle-worker
// Bundles a Worker entry (an ES module exporting `{ fetch }`) with everything it imports into one
// ES module for workerd, as a Workers bundler (wrangler) does with `nodejs_compat`: packages are
// bundled in (their `workerd`/`worker`/`browser` builds where they have one), Node's built-ins stay
// imports, and the CommonJS `require` of a built-in inside a bundled package is answered from those
// imports (a Worker has no `require`). `warren` resolves to this checkout's dist/bundle.
// The runtime matrix (test/runtimes) runs the result; applications deploy with wrangler instead.
//   node scripts/bundle-worker.js <entry.js> <out.js>
import { readFileSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const builtins = new Set(builtinModules)

function isBuiltin(id) {
  return id.startsWith('node:') || builtins.has(id)
}

/** Imports of the built-ins the bundle `require`s, and a `require` that answers from them. */
function requireShim(code) {
  const required = [...new Set([...code.matchAll(/__require\("([a-z:_/]+)"\)/g)].map((match) => match[1]))]
  const imports = required.map((id, index) => `import * as __builtin${index} from ${JSON.stringify(id.startsWith('node:') ? id : `node:${id}`)};`)
  const table = required.map((id, index) => `${JSON.stringify(id)}: __builtin${index}`).join(', ')
  return `${imports.join('\n')}
const __builtins = { ${table} };
function require(id) {
  const loaded = __builtins[id];
  if (loaded === undefined) throw new Error('Cannot require ' + id + ' in a Worker');
  return loaded.default ?? loaded;
}
`
}

/** Bundles `entry` into `out`; returns the built-ins the bundle requires. */
export async function bundleWorker(entry, out) {
  await build({
    input: resolve(entry),
    platform: 'browser',
    resolve: {
      alias: {
        'warren/lambda': join(root, 'dist', 'bundle', 'lambda.js'),
        warren: join(root, 'dist', 'bundle', 'index.js'),
      },
      conditionNames: ['workerd', 'worker', 'browser', 'import', 'default'],
    },
    external: isBuiltin,
    logLevel: 'warn',
    output: { file: resolve(out), format: 'esm', codeSplitting: false },
  })
  const code = readFileSync(out, 'utf8')
  writeFileSync(out, requireShim(code) + code)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [entry, out] = process.argv.slice(2)
  if (entry === undefined || out === undefined) {
    process.stderr.write('usage: node scripts/bundle-worker.js <entry.js> <out.js>\n')
    process.exit(2)
  }
  await bundleWorker(entry, out)
  process.stdout.write(`bundled ${entry} into ${out}\n`)
}
