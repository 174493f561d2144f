import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const project = fileURLToPath(new URL('../..', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'warren-cjs-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

// CommonJS code written for Fastify: `const fastify = require('fastify'); fastify()`
describe('require("warren") from CommonJS', () => {
  it('is the factory, with the named exports on it, and serves as the ES module does', () => {
    const script = join(scratch, 'app.cjs')
    writeFileSync(script, `
      const warren = require(${JSON.stringify(join(project, 'dist/bundle/index.cjs'))})
      const { Type, errorCodes, plugin } = warren
      const app = warren()
      app.register(plugin(async (instance) => instance.decorate('greeting', 'hello')))
      app.get('/:name', { schema: { params: Type.Object({ name: Type.String() }) } }, async function (request) {
        return { text: this.greeting + ' ' + request.params.name }
      })
      app.inject('/ada').then((answer) => {
        console.log(JSON.stringify({ body: answer.json(), sameFactory: warren.default === warren && warren.warren === warren && warren.fastify === warren, codes: typeof errorCodes.SVC_ERR_VALIDATION }))
      })
    `)
    const output = execFileSync(process.execPath, [script], { encoding: 'utf8' })
    expect(JSON.parse(output)).toEqual({ body: { text: 'hello ada' }, sameFactory: true, codes: 'function' })
  })

  it('imported as an ES module (a path found with require.resolve) has the ES entry\'s named exports, the same objects', () => {
    const script = join(scratch, 'resolved.mjs')
    writeFileSync(script, `
      import { createRequire } from 'node:module'
      import { pathToFileURL } from 'node:url'
      const resolved = createRequire(${JSON.stringify(join(project, 'package.json'))}).resolve('warren')
      const commonJs = await import(pathToFileURL(resolved).href)
      const esm = await import(${JSON.stringify(pathToFileURL(join(project, 'dist/bundle/index.js')).href)})
      const names = Object.keys(esm)
      console.log(JSON.stringify({ file: resolved.slice(-9), names: names.length, differing: names.filter((name) => commonJs[name] !== esm[name]) }))
    `)
    const output = JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' }))
    expect(output.file).toBe('index.cjs')
    expect(output.names).toBeGreaterThan(10)
    expect(output.differing).toEqual([])
  })

  it('is what the package exports to require()', () => {
    const script = join(project, 'test/packaging/.require-self.cjs')
    writeFileSync(script, "const warren = require('warren'); console.log(typeof warren, typeof warren.Type)")
    try {
      expect(execFileSync(process.execPath, [script], { encoding: 'utf8' }).trim()).toBe('function object')
    } finally {
      rmSync(script, { force: true })
    }
  })
})
