// One benchmark server in its own process: `node bench/server.js <warren|fastify|node-http>`.
// Reports its URL to the parent over IPC, answers `rss` requests with its memory figures and `cpu`
// requests with the CPU time it has used, and exits when the parent disconnects.
import process from 'node:process'
import { getHeapSpaceStatistics } from 'node:v8'

const framework = process.argv[2]
const { build } = await import(`./apps/${framework}.js`)
const app = await build()
const url = await app.listen()

process.on('message', (message) => {
  if (message === 'rss') {
    globalThis.gc?.()
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
    // V8 grows the young generation under a high allocation rate: a step in RSS that is not growth per request
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
    process.send({ rss, heapUsed, external, arrayBuffers, newSpace, maxRss: process.resourceUsage().maxRSS * 1024 })
  } else if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send({ cpu: user + system })
  }
})
process.on('disconnect', () => {
  process.exit(0)
})
process.send({ url })
