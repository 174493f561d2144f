// One server of the runtime comparison on Bun: `bun bench/apps/bun-server.js <warren|hono|elysia>`.
// warren and Hono serve through Bun.serve with their fetch handlers, Elysia through its own
// listen (Bun.serve underneath). Prints `listening <url>`; stops when killed.
/* global Bun */
const framework = process.argv[2]

async function serve() {
  if (framework === 'elysia') {
    const { build } = await import('./elysia.js')
    const app = build().listen({ port: 0, hostname: '127.0.0.1' })
    return app.server.port
  }
  const fetch = framework === 'warren'
    ? (await (await import('./warren.js')).build()).fetch
    : (await import('./hono.js')).build().fetch
  return Bun.serve({ port: 0, hostname: '127.0.0.1', fetch }).port
}

const port = await serve()
console.log(`listening http://127.0.0.1:${port}`)
