/** Starts the TypeBox-compiler example on PORT (default 3000): `node dist/examples/typebox-compiler/server.js`. */
import { build } from './app.js'

const app = build()
const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' })
console.log(`typebox-compiler example listening at ${address}`)
