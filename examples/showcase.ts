/**
 * `npm start`: one warren application that mounts every example under its own prefix, then
 * prints the commands to try.
 */
import warren, { closeOnSignals } from 'warren'
import { examples } from './catalogue.js'

const app = warren()
// Ctrl-C (SIGINT) or SIGTERM: finish requests in flight, then exit
closeOnSignals(app)
for (const example of examples) app.register(example.routes, { prefix: `/${example.name}` })
app.get('/', async () => ({ examples: examples.map(({ name, description }) => ({ name, description, prefix: `/${name}` })) }))

const port = Number(process.env.PORT ?? 3000)
const address = await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' })
console.log(`warren showcase listening at ${address}\n`)
for (const example of examples) {
  console.log(`${example.name} — ${example.description}`)
  for (const request of example.tryIt) {
    const [method, path, ...rest] = request.split(' ')
    console.log(`  curl -i -X ${method} '${address}/${example.name}${path}'${rest.length ? ' ' + rest.join(' ') : ''}`)
  }
  console.log('')
}
