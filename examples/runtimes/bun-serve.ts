/** The matrix application on Bun through `Bun.serve` and `app.fetch`; the origin on stdout. */
import { buildApp } from './app.js'

/** The part of Bun's global this entry uses (Bun's own types are not installed). */
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch: (request: Request, server: unknown) => Promise<Response> }): { port: number }
}

const app = buildApp()
await app.ready()
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch })
console.log(`listening http://127.0.0.1:${server.port}`)
