/**
 * `npm start`: one warren application that mounts every example under its own prefix, documents
 * them all (OpenAPI 3.1 at /openapi.json, the reference page at /docs), then prints the URL of
 * the page and the commands to try.
 */
import warren from 'warren'
import openapi from 'warren/openapi'
import { examples } from './catalogue.js'

// registered (and awaited) first, so it sees every route declared after it
const app = await warren().register(openapi, {
  info: { title: 'warren showcase', version: '1.0.0', description: 'Every example of the repository, mounted under its own prefix.' },
})
for (const example of examples) app.register(example.routes, { prefix: `/${example.name}` })
app.get('/', async () => ({ examples: examples.map(({ name, description }) => ({ name, description, prefix: `/${name}` })) }))

const port = Number(process.env.PORT ?? 3000)
const address = await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' })
console.log(`warren showcase listening at ${address}\n`)
console.log(`API reference: ${address}/docs   (OpenAPI 3.1 document: ${address}/openapi.json)\n`)
for (const example of examples) {
  console.log(`${example.name} — ${example.description}`)
  for (const request of example.tryIt) {
    const [method, path, ...rest] = request.split(' ')
    console.log(`  curl -i -X ${method} '${address}/${example.name}${path}'${rest.length ? ' ' + rest.join(' ') : ''}`)
  }
  console.log('')
}
