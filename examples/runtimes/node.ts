/** The matrix application on Node (or any runtime's `node:http`): `listen()`, then the origin on stdout. */
import { buildApp } from './app.js'

const app = buildApp()
const origin = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`listening ${origin}`)
