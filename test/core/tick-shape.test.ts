import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// The child processes run the built package through its exports, as an application does (npm test
// builds before vitest). They serve keep-alive POSTs between forced major garbage collections, then
// print the state of the inline caches of Node's `nextTick` (V8's %DebugPrint of the function lists
// its feedback slots, each MONOMORPHIC, POLYMORPHIC or MEGAMORPHIC).
const entry = pathToFileURL(createRequire(resolve('package.json')).resolve('warren')).href
const work = mkdtempSync(join(tmpdir(), 'warren-tick-shape-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const servers = {
  warren: `const { default: warren } = await import('${entry}')
const app = warren()
app.post('/', async (request) => ({ got: request.body }))
const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }))
const port = Number(address.port)`,
  'bare node:http': `const server = http.createServer((req, res) => {
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => res.end(JSON.stringify({ got: JSON.parse(Buffer.concat(chunks).toString()) })))
})
await new Promise((listening) => server.listen(0, '127.0.0.1', listening))
const port = server.address().port`,
}

/** The slots of `nextTick` that build a queue entry, as the child's %DebugPrint shows them after the load. */
async function nextTickSlotsAfterLoad(server: keyof typeof servers): Promise<string[]> {
  const file = join(work, `${server.replace(/\W/g, '-')}.mjs`)
  writeFileSync(
    file,
    `import http from 'node:http'
${servers[server]}
const agent = new http.Agent({ keepAlive: true })
const post = () => new Promise((done, fail) => {
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
    res.resume()
    res.on('end', done)
  })
  request.on('error', fail)
  request.end('{"a":1}')
})
for (let round = 0; round < 40; round++) {
  await Promise.all(Array.from({ length: 10 }, async () => { for (let i = 0; i < 10; i++) await post() }))
  globalThis.gc()
}
eval('%DebugPrint(process.nextTick)')
process.exit(0)
`,
  )
  const child = spawn(process.execPath, ['--expose-gc', '--allow-natives-syntax', file], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  const code = await new Promise((exited) => child.on('exit', exited))
  expect(code).toBe(0)
  return output.split('\n').filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'))
}

describe("Node's nextTick stays on V8's fast path after major garbage collections", () => {
  it('in a warren process, the slots that build a tick entry stay monomorphic', async () => {
    const slots = await nextTickSlotsAfterLoad('warren')
    expect(slots.length).toBeGreaterThanOrEqual(4)
    expect(slots.every((slot) => slot.includes('MONOMORPHIC'))).toBe(true)
  })

  // the control: the same load and collections without warren reach the state warren prevents (if a
  // Node release stops building tick entries this way, this fails and core/tick-shape can go)
  it('in a bare node:http process, the same load makes them megamorphic', async () => {
    const slots = await nextTickSlotsAfterLoad('bare node:http')
    expect(slots.some((slot) => slot.includes('MEGAMORPHIC'))).toBe(true)
  })
})
