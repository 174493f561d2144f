import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { examples } from './catalogue.js'

const run = promisify(execFile)

// the printed commands are meant to be pasted into a shell: each one, run by /bin/sh as printed,
// must send its whole URL (an unquoted `&` would background the command and cut the query)
describe('npm start showcase: the printed curl commands', () => {
  it('each runs in a shell as printed and gets an HTTP answer for its whole URL', async () => {
    const child = spawn(process.execPath, ['dist/examples/showcase.js'], { env: { ...process.env, PORT: '0' } })
    const expected = examples.reduce((count, example) => count + example.tryIt.length, 0)
    try {
      const lines = await new Promise<string[]>((resolve, reject) => {
        let text = ''
        child.stdout.on('data', (chunk) => {
          text += chunk
          const curls = text.split('\n').filter((line) => line.trimStart().startsWith('curl '))
          if (curls.length === expected) resolve(curls.map((line) => line.trim()))
        })
        child.on('exit', (code) => reject(new Error(`showcase exited with ${code}: ${text}`)))
      })
      expect(lines.length).toBeGreaterThan(20)
      expect(lines.some((line) => line.includes('&'))).toBe(true)
      for (const line of lines) {
        const url = /^curl -i -X [A-Z]+ '(http:\/\/[^']+)'/.exec(line)?.[1]
        expect(url, line).toBeDefined()
        // -s keeps curl's progress meter out of stderr; -w reports the URL curl actually requested
        const { stdout, stderr } = await run('/bin/sh', ['-c', `${line} -s -w '\\nrequested=%{url_effective}\\n'`])
        expect(stderr, line).toBe('')
        expect(stdout, line).toMatch(/^HTTP\/1\.1 [1-5]\d\d /)
        expect(stdout, line).toContain(`\nrequested=${url}\n`)
      }
    } finally {
      child.kill()
    }
  }, 60_000)
})
