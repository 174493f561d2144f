// The size of `warren/client` as a browser would load it: its ESM build bundled with rolldown
// (a dev dependency of the toolchain), minified, with gzip figures. The response validator's
// TypeBox compiler is imported dynamically, so it lands in a chunk of its own, loaded only by a
// client built with `validate`.
//
//   npm run build && node bench/client-size.js
import { gzipSync } from 'node:zlib'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bundle = await rolldown({ input: join(root, 'dist', 'src', 'client', 'index.js'), platform: 'browser', logLevel: 'silent' })
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
for (const minify of [false, true]) {
  const { output } = await bundle.generate({ format: 'esm', minify })
  for (const chunk of output.filter((o) => o.type === 'chunk')) {
    const what = chunk.isEntry ? 'warren/client' : `lazy chunk ${chunk.fileName}`
    console.log(`${minify ? 'minified' : 'bundled '}  ${what}: ${kb(chunk.code.length)}, gzip ${kb(gzipSync(chunk.code).length)}`)
  }
}
