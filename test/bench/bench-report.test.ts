import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { replaceBlock } from '../../bench/lib/report.js'
import { verify } from '../../bench/lib/load.js'
import { scenarios } from '../../bench/scenarios.js'

describe('bench results file', () => {
  const text = '# results\n\n## Type-check cost\n\nhand-written\n\n<!-- bench:load -->\nold table\n<!-- /bench:load -->\n\n## After\n'

  it('replaces only its own block, keeping the sections around it', () => {
    const next = replaceBlock(text, 'load', 'new table')
    expect(next).toBe('# results\n\n## Type-check cost\n\nhand-written\n\n<!-- bench:load -->\nnew table\n<!-- /bench:load -->\n\n## After\n')
  })

  it('appends a block the file does not have yet', () => {
    const next = replaceBlock(text, 'memory', 'rss')
    expect(next.startsWith(text.trimEnd())).toBe(true)
    expect(next.endsWith('<!-- bench:memory -->\nrss\n<!-- /bench:memory -->\n')).toBe(true)
  })
})

describe('bench answer check', () => {
  async function serve(status: number, body: string): Promise<{ url: string; close: () => Promise<void> }> {
    const server = http.createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { url, close: () => new Promise((resolve) => server.close(() => resolve())) }
  }

  it('accepts the expected answer', async () => {
    const server = await serve(200, '{"hello":"world"}')
    await expect(verify(server.url, scenarios[0], 'test')).resolves.toBeUndefined()
    await server.close()
  })

  it('refuses a server that answers with another status', async () => {
    const server = await serve(500, '{}')
    await expect(verify(server.url, scenarios[0], 'test')).rejects.toThrow('test, scenario 1: status 500 (expected 200)')
    await server.close()
  })

  it('refuses a server that answers with another body', async () => {
    const server = await serve(200, '{"hello":"world","extra":1}')
    await expect(verify(server.url, scenarios[0], 'test')).rejects.toThrow('unexpected body')
    await server.close()
  })
})
