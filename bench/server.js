// One benchmark server in its own process: `node bench/server.js <warren|fastify|node-http>`.
// Reports its URL to the parent over IPC, answers `rss` requests with its memory figures and `cpu`
// requests with the CPU time it has used, and exits when the parent disconnects.
import process from 'node:process'

const framework = process.argv[2]
const { build } = await import(`./apps/${framework}.js`)
const app = await build()
const url = await app.listen()

process.on('message', (message) => {
  if (message === 'rss') {
    globalThis.gc?.()
    process.send({ rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 })
  } else if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send({ cpu: user + system })
  }
})
process.on('disconnect', () => {
  process.exit(0)
})
process.send({ url })
