import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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
        console.log(JSON.stringify({ body: answer.json(), sameFactory: warren.default === warren && warren.warren === warren, codes: typeof errorCodes.SVC_ERR_VALIDATION }))
      })
    `)
    const output = execFileSync(process.execPath, [script], { encoding: 'utf8' })
    expect(JSON.parse(output)).toEqual({ body: { text: 'hello ada' }, sameFactory: true, codes: 'function' })
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
