/** The matrix application on Deno through `Deno.serve` and `app.fetch`; the origin on stdout. */
import { buildApp } from './app.js'

/** The part of Deno's global this entry uses (Deno's own types are not installed). */
declare const Deno: {
  serve(options: { port: number; hostname: string; onListen: (address: { port: number }) => void }, handler: (request: Request, info: unknown) => Promise<Response>): unknown
}

const app = buildApp()
await app.ready()
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}`) }, app.fetch)
