/**
 * Starts one example on PORT (default 3000): `node dist/examples/start.js <example>`, or
 * `npm run example -- <example>` (which builds first).
 */
import { examples } from './catalogue.js'

const name = process.argv[2]
const example = examples.find((candidate) => candidate.name === name)
if (example === undefined) {
  console.error(`usage: npm run example -- <name>\nexamples: ${examples.map((candidate) => candidate.name).join(', ')}`)
  process.exit(1)
}
const app = example.build()
const port = Number(process.env.PORT ?? 3000)
const address = await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' })
console.log(`${example.name} listening at ${address}\n\nTry:`)
for (const request of example.tryIt) {
  const [method, path, ...rest] = request.split(' ')
  console.log(`  curl -i -X ${method} '${address}${path}'${rest.length ? ' ' + rest.join(' ') : ''}`)
}
