import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import warren from 'warren'
import { schemaCacheSettled, schemaCacheStats } from '../../src/schema/cache-stats.js'

const require = createRequire(import.meta.url)
const modules = join(process.cwd(), 'node_modules')

/**
 * An application folder with its own copies of ajv and of validator plugins, as a version
 * pinned apart from warren's, a linked package or a pnpm store leaves it: the plugins resolve
 * `ajv` to that copy, not to warren's. Its dependencies (fast-deep-equal...) resolve upwards.
 */
function appFolder(packages: string[]): string {
  mkdirSync(join(process.cwd(), 'test/.artifacts'), { recursive: true })
  const root = mkdtempSync(join(process.cwd(), 'test/.artifacts/ajv-copy-'))
  for (const name of packages) {
    for (const part of ['package.json', 'dist']) cpSync(join(modules, name, part), join(root, 'node_modules', name, part), { recursive: true })
  }
  return root
}

const schema = {
  body: {
    type: 'object',
    properties: { age: { type: 'number', errorMessage: { type: 'age must be a number' } }, email: { type: 'string', format: 'email' } },
    required: ['name'],
    errorMessage: { required: { name: 'name please' } },
  },
}

describe('validator plugins installed with another copy of ajv', () => {
  let withFormats: string
  let withoutFormats: string
  beforeAll(() => {
    withFormats = appFolder(['ajv', 'ajv-errors', 'ajv-formats'])
    withoutFormats = appFolder(['ajv', 'ajv-errors'])
  })
  afterAll(() => {
    rmSync(withFormats, { recursive: true, force: true })
    rmSync(withoutFormats, { recursive: true, force: true })
  })

  const pluginIn = (folder: string) => createRequire(join(folder, 'index.js'))('ajv-errors')

  it('the copies differ (the fixture is what it claims)', () => {
    const appRequire = createRequire(join(withFormats, 'index.js'))
    expect(appRequire.resolve('ajv')).not.toBe(require.resolve('ajv'))
    expect(appRequire('ajv')).not.toBe(require('ajv'))
  })

  for (const [label, folder] of [['beside ajv-formats', () => withFormats], ['without ajv-formats', () => withoutFormats]] as const) {
    it(`ajv-errors' messages work (its copy ${label}), with formats`, async () => {
      const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [pluginIn(folder())] } })
      app.post('/', { schema }, async (request: any) => request.body)
      const bad = await app.inject({ method: 'POST', url: '/', payload: { age: 'old' } })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('body/age age must be a number, body name please')
      const badEmail = await app.inject({ method: 'POST', url: '/', payload: { name: 'a', email: 'nope' } })
      expect(badEmail.statusCode).toBe(400)
      expect(badEmail.json().message).toBe('body/email must match format "email"')
      const ok = await app.inject({ method: 'POST', url: '/', payload: { name: 'a', age: 3, email: 'a@b.c' } })
      expect(ok.json()).toEqual({ name: 'a', age: 3, email: 'a@b.c' })
      await app.close()
    })
  }

  for (const [label, folder] of [['beside ajv-formats', () => withFormats], ['without ajv-formats', () => withoutFormats]] as const) {
    it(`with the compile cache on, a schema of such a plugin (its copy ${label}) is compiled each start (not written as standalone code), and works`, async () => {
      const dir = join(folder(), 'cache')
      for (let start = 0; start < 2; start++) {
        const app = warren({ schemaCache: { dir }, validator: { customOptions: { allErrors: true }, plugins: [pluginIn(folder())] } })
        app.post('/', { schema }, async (request: any) => request.body)
        const bad = await app.inject({ method: 'POST', url: '/', payload: { age: 'old' } })
        expect(bad.json().message).toBe('body/age age must be a number, body name please')
        await schemaCacheSettled(app)
        expect(schemaCacheStats(app)).toMatchObject({ hits: 0, writes: 0 })
        await app.close()
      }
    })
  }

  it('plugins of two different copies of ajv fail start-up with SVC_ERR_INIT_OPTS_INVALID naming them', async () => {
    const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [pluginIn(withFormats), pluginIn(withoutFormats)] } })
    app.post('/', { schema }, async () => 'ok')
    const error = await app.ready().then(() => null, (e: any) => e)
    expect(error).toMatchObject({ code: 'SVC_ERR_INIT_OPTS_INVALID' })
    expect(error.message).toMatch(/'ajvErrors', 'ajvErrors' were installed with different copies of ajv/)
  })

  /** A plugin module in the app's folder, handing out the Ajv instance it is applied to. */
  function capturingPlugin(folder: string) {
    writeFileSync(join(folder, 'capture.cjs'), 'module.exports = function capture (ajv) { module.exports.seen = ajv }\n')
    return createRequire(join(folder, 'index.js'))('./capture.cjs')
  }

  it('a plugin module of the app is applied to an Ajv of the copy the app resolves', async () => {
    const plugin = capturingPlugin(withFormats)
    const app = warren({ validator: { plugins: [plugin] } })
    app.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
    await app.ready()
    expect(plugin.seen).toBeInstanceOf(createRequire(join(withFormats, 'index.js'))('ajv').Ajv)
    expect(plugin.seen).not.toBeInstanceOf(require('ajv').Ajv)
  })

  it('a copy of another major version of ajv (an Ajv 6 hoisted for other tools) is not used', async () => {
    const folder = appFolder(['ajv'])
    try {
      const manifest = join(folder, 'node_modules/ajv/package.json')
      writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/"version": "8[^"]*"/, '"version": "6.12.6"'))
      const plugin = capturingPlugin(folder)
      const app = warren({ validator: { plugins: [plugin] } })
      app.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
      await app.ready()
      expect(plugin.seen).toBeInstanceOf(require('ajv').Ajv)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('a plugin of warren\'s own copy still uses warren\'s Ajv', async () => {
    let seen: any
    const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [require('ajv-errors'), (ajv: any) => (seen = ajv)] } })
    app.post('/', { schema }, async () => 'ok')
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).json().message).toBe('body name please')
    expect(seen).toBeInstanceOf(require('ajv').Ajv)
  })
})
