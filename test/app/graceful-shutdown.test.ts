import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import warren, { closeOnSignals } from 'warren'

// the child processes run the built package through its exports, as an application does (npm test builds before vitest)
const entry = pathToFileURL(createRequire(resolve('package.json')).resolve('warren')).href
const work = mkdtempSync(join(tmpdir(), 'warren-shutdown-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Starts a tiny app in a child process; resolves once it listens, with its address and exit code. */
async function startChild(body: string) {
  const file = join(work, `app-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(
    file,
    `import warren, { closeOnSignals } from '${entry}'
const app = warren({ logger: true })
${body}
closeOnSignals(app, { timeout: 500 })
const address = await app.listen({ port: 0 })
console.log('listening at ' + address)
`,
  )
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)))
  const address = await new Promise<string>((resolveAddress, reject) => {
    child.stdout.on('data', () => {
      const match = /^listening at (\S+)$/m.exec(output)
      if (match) resolveAddress(match[1] as string)
    })
    void exited.then((code) => reject(new Error(`child exited with ${code}: ${output}`)))
  })
  return { child, address, exited, output: () => output }
}

describe('closeOnSignals', () => {
  it('SIGTERM during a slow request: the request completes with 200 and the process exits 0', async () => {
    const { child, address, exited } = await startChild(
      `app.get('/slow', async () => { await new Promise((r) => setTimeout(r, 300)); return { done: true } })`,
    )
    const inFlight = fetch(`${address}/slow`)
    await new Promise((r) => setTimeout(r, 100))
    child.kill('SIGTERM')
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ done: true })
    expect(await exited).toBe(0)
  })

  it('an onClose hook that never finishes hits the deadline: logged, exit code 1', async () => {
    const { child, exited, output } = await startChild(`app.addHook('onClose', () => new Promise(() => {}))`)
    child.kill('SIGTERM')
    expect(await exited).toBe(1)
    expect(output()).toContain('did not finish within 500 ms')
  })

  it('installs its handlers once per app, and the returned function removes them', () => {
    const before = process.listenerCount('SIGTERM')
    const app = warren()
    const remove = closeOnSignals(app, { signals: ['SIGTERM'] })
    expect(closeOnSignals(app, { signals: ['SIGTERM'] })).toBe(remove)
    expect(process.listenerCount('SIGTERM')).toBe(before + 1)
    remove()
    expect(process.listenerCount('SIGTERM')).toBe(before)
  })
})
