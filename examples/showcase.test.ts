import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// `npm start` runs the built showcase (npm test builds before vitest); this starts it on a free port and talks to it
describe('npm start showcase', () => {
  it('mounts every example under its prefix and prints what to try', async () => {
    const child = spawn(process.execPath, ['dist/examples/showcase.js'], { env: { ...process.env, PORT: '0' } })
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = ''
        child.stdout.on('data', (chunk) => {
          text += chunk
          if (text.includes('curl')) setTimeout(() => resolve(text), 100)
        })
        child.on('exit', (code) => reject(new Error(`showcase exited with ${code}: ${text}`)))
      })
      const base = /listening at (http:\/\/[^\s]+)/.exec(output)?.[1] as string
      expect(output).toContain('curl -i -X GET')
      const index = (await (await fetch(base + '/')).json()) as { examples: { name: string }[] }
      expect(index.examples.map((example: { name: string }) => example.name)).toContain('decorators-by-context')
      const root = await (await fetch(base + '/decorators-by-context/root')).json()
      expect(root).toEqual({ root: 'decorated at the root' })
      expect((await fetch(base + '/bearer-auth/secured/report')).status).toBe(401)
      // the reference page and its document
      expect(output).toContain(`API reference: ${base}/docs`)
      expect((await fetch(base + '/docs')).headers.get('content-type')).toBe('text/html; charset=utf-8')
      const document = (await (await fetch(base + '/openapi.json')).json()) as { paths: Record<string, unknown> }
      expect(Object.keys(document.paths)).toContain('/bearer-auth/secured/report')
    } finally {
      child.kill()
    }
  })
})
