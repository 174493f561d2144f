/**
 * The bundled package (dist/bundle/, what package.json `exports` point at) as users get it: the
 * packed tarball installed in a temporary project, whose modules import `warren`, `warren/client`,
 * `warren/openapi` and `warren/bearer-auth` by name, in child processes (vitest's aliases, which
 * map those names to src/, do not reach them).
 * - The entries share one copy of the core: the plugins work on an application made by `warren`,
 *   and their errors are the `WarrenError` that `warren` exports.
 * - What the bundle finds from its own location: swagger-ui-dist's files (the optional peer dependency, installed here), warren's version for the
 *   schema cache key (the walk up to package.json).
 * - `warren compile` (the packed bin/warren.js) reads the cache statistics of the application's copy.
 * - An application bundled into one file (rolldown, as serverless deployments do with esbuild)
 *   runs without node_modules: warren imports every package it loads (only node:http2, a
 *   built-in, is loaded when the `http2` option asks for it).
 * - `Type` is the bundle's copy of TypeBox's builder unless another version of TypeBox is
 *   installed (the installed one is then not loaded at all), and that version's otherwise.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from 'rolldown'
import { installTarball, modules, pack, packedProject } from './tarball.js'

const run = promisify(execFile)

let work = ''
let project = ''
let entriesResult: Promise<any> | undefined

/** Runs a module of the project with node; its stdout, parsed as JSON. */
async function runJson(file: string, ...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [file, ...args], { cwd: project })
  return JSON.parse(stdout)
}

// every public entry, by its package name; the plugins on an app from `warren`
const entriesCheck = `
import warren, { Type, WarrenError } from 'warren'
import openapi from 'warren/openapi'
import bearerAuth from 'warren/bearer-auth'
import { client } from 'warren/client'

const info = { title: 'packed', version: '1.0.0' }
const app = warren()
await app.register(openapi, { info })
app.get('/users/:id', { schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: Type.Object({ id: Type.Integer() }) } } }, async (request) => ({ id: request.params.id, password: 'x' }))
app.register(async (admin) => {
  await admin.register(bearerAuth, { keys: ['k'] })
  admin.get('/admin', async () => ({ ok: true }))
})
await app.ready()
const document = (await app.inject('/openapi.json')).json()
const api = client({ app, validate: true })

// an error raised inside warren/openapi, caught by the user with the class warren exports
const broken = warren()
await broken.register(openapi, { info })
broken.get('/broken/:id', { schema: { params: Type.String() } }, async () => 'x')
const error = await broken.ready().then(() => null, (error) => error)

process.stdout.write(JSON.stringify({
  user: (await api.get('/users/:id', { params: { id: 7 } })).body,
  paths: Object.keys(document.paths).sort(),
  adminSecurity: document.paths['/admin'].get.security,
  securitySchemes: document.components.securitySchemes,
  adminWithoutKey: (await app.inject('/admin')).statusCode,
  adminWithKey: (await app.inject({ url: '/admin', headers: { authorization: 'Bearer k' } })).statusCode,
  docsPage: (await app.inject('/docs')).statusCode,
  swaggerCss: [(await app.inject('/docs/swagger-ui.css')).statusCode, (await app.inject('/docs/swagger-ui.css')).headers['content-type']],
  brokenCode: error?.code,
  brokenIsWarrenError: error instanceof WarrenError,
}))
`

// an application with a schema cache, for \`warren compile\`
const cachedApp = `
import warren, { Type } from 'warren'
export default function build() {
  const app = warren({ schemaCache: { dir: process.env.CACHE_DIR } })
  app.post('/', { schema: { body: Type.Object({ a: Type.Integer() }), response: { 200: Type.Object({ a: Type.Integer() }) } } }, async (request) => request.body)
  return app
}
`

// an application as a serverless deployment bundles it: every package warren loads must be in the file
const singleFileApp = `
import warren, { Type } from 'warren'

const lines = []
const app = warren({ logger: { level: 'info', stream: { write: (line) => lines.push(JSON.parse(line)) } }, trustProxy: '127.0.0.1' })
const versioned = Object.assign(async () => {}, { [Symbol.for('skip-override')]: true, [Symbol.for('plugin-meta')]: { name: 'needs-5', fastify: '5.x' } })
await app.register(versioned)
app.post('/users', { schema: { body: Type.Object({ name: Type.String() }), response: { 201: Type.Object({ id: Type.Integer(), name: Type.String() }) } } }, async (request, reply) => reply.code(201).send({ id: 1, secret: 'x', ...request.body }))
app.get('/ip', async (request) => request.ip)
app.log.info('hello')
const created = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
const invalid = await app.inject({ method: 'POST', url: '/users', payload: {} })
const ip = await app.inject({ url: '/ip', headers: { 'x-forwarded-for': '203.0.113.9' } })
process.stdout.write(JSON.stringify({ created: [created.statusCode, created.body], invalid: invalid.statusCode, logLine: lines[0]?.msg, ip: ip.body }))
`

describe('the bundled package, installed from its tarball', () => {
  beforeAll(async () => {
    // swagger-ui-dist: the optional peer dependency the docs page needs, installed as a user who wants the page does
    ;({ work, project } = await packedProject('bundle-check', { 'entries.mjs': entriesCheck, 'app.mjs': cachedApp }, ['swagger-ui-dist']))
  }, 120_000)

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true })
  })

  it('the four entries, imported by name, share one core: the plugins work on an app from warren, their errors are its WarrenError', async () => {
    const result = await (entriesResult ??= runJson('entries.mjs'))
    expect(result.user).toEqual({ id: 7 })
    expect(result.paths).toEqual(['/admin', '/users/{id}'])
    expect(result.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } })
    expect(result.adminSecurity).toEqual([{ bearerAuth: [] }])
    expect([result.adminWithoutKey, result.adminWithKey]).toEqual([401, 200])
    expect(result.brokenCode).toBe('SVC_ERR_OPENAPI_UNEXPRESSIBLE')
    expect(result.brokenIsWarrenError).toBe(true)
  }, 30_000)

  it("import 'warren' leaves node:http2 unloaded until the http2 option asks for it", async () => {
    writeFileSync(join(project, 'loaded.mjs'), [
      "await import('warren')",
      "process.stdout.write(JSON.stringify({ http2: process.moduleLoadList.some((name) => name === 'NativeModule http2') }))",
    ].join('\n'))
    expect(await runJson('loaded.mjs')).toEqual({ http2: false })
  }, 30_000)

  it('an application bundled into one file runs without node_modules: schemas, a logger, trustProxy addresses, a versioned plugin, inject()', async () => {
    writeFileSync(join(project, 'single.mjs'), singleFileApp)
    const deploy = join(work, 'deploy')
    await build({ input: join(project, 'single.mjs'), platform: 'node', logLevel: 'silent', output: { file: join(deploy, 'app.mjs'), format: 'esm' } })
    const { stdout } = await run(process.execPath, ['app.mjs'], { cwd: deploy })
    expect(JSON.parse(stdout)).toEqual({ created: [201, '{"id":1,"name":"Ada"}'], invalid: 400, logLine: 'hello', ip: '203.0.113.9' })
  }, 60_000)

  it('warren/openapi finds swagger-ui-dist from the bundle and serves the docs page', async () => {
    const result = await (entriesResult ??= runJson('entries.mjs'))
    expect(result.docsPage).toBe(200)
    expect(result.swaggerCss).toEqual([200, expect.stringMatching(/^text\/css/)])
  }, 30_000)

  it('warren compile (the packed bin) reports the cache statistics of the application it started', async () => {
    const cache = join(work, 'cache-cli')
    const { stdout } = await run(process.execPath, ['node_modules/warren/bin/warren.js', 'compile', 'app.mjs'], { cwd: project, env: { ...process.env, CACHE_DIR: cache } })
    expect(stdout).toBe(`warren: 2 schema(s) compiled and written, 0 already cached, in ${cache}\n`)
    const again = await run(process.execPath, ['node_modules/warren/bin/warren.js', 'compile', 'app.mjs'], { cwd: project, env: { ...process.env, CACHE_DIR: cache } })
    expect(again.stdout).toBe(`warren: 0 schema(s) compiled and written, 2 already cached, in ${cache}\n`)
  }, 60_000)

  it("the schema cache keys hold warren's version, found from the bundle's location", async () => {
    const compileInto = async (dir: string) => {
      await run(process.execPath, ['node_modules/warren/bin/warren.js', 'compile', 'app.mjs'], { cwd: project, env: { ...process.env, CACHE_DIR: dir } })
      return readdirSync(dir).filter((name) => name.endsWith('.cjs')).sort()
    }
    const manifestFile = join(project, 'node_modules', 'warren', 'package.json')
    const manifest = readFileSync(manifestFile, 'utf8')
    const before = await compileInto(join(work, 'cache-version-a'))
    try {
      // another release of warren: every key changes (generated code may differ between releases)
      writeFileSync(manifestFile, manifest.replace(/"version": "[^"]+"/, '"version": "0.0.0-keytest"'))
      const after = await compileInto(join(work, 'cache-version-b'))
      expect(before).toHaveLength(2)
      expect(after).toHaveLength(2)
      expect(after.filter((name) => before.includes(name))).toEqual([])
    } finally {
      writeFileSync(manifestFile, manifest)
    }
  }, 60_000)
})

/** The version of TypeBox this checkout has, which the bundle carries. */
const typeboxVersion = (JSON.parse(readFileSync(join(modules, '@sinclair', 'typebox', 'package.json'), 'utf8')) as { version: string }).version

/**
 * A stand-in for the installed TypeBox: a package of that name and `version` whose CommonJS and
 * ES module entries are `cjs` and `esm`.
 */
function fakeTypebox(dir: string, version: string, cjs: string, esm: string): void {
  const target = join(dir, 'node_modules', '@sinclair', 'typebox')
  rmSync(target, { recursive: true, force: true })
  mkdirSync(join(target, 'build', 'cjs'), { recursive: true })
  mkdirSync(join(target, 'build', 'esm'), { recursive: true })
  writeFileSync(join(target, 'package.json'), JSON.stringify({
    name: '@sinclair/typebox',
    version,
    exports: { '.': { require: './build/cjs/index.js', import: './build/esm/index.mjs' } },
  }))
  writeFileSync(join(target, 'build', 'cjs', 'index.js'), cjs)
  writeFileSync(join(target, 'build', 'esm', 'index.mjs'), esm)
}

describe("the bundle's TypeBox builder", () => {
  let dir = ''
  let tarball = ''
  const typeCheck = [
    "import warren, { Type } from 'warren'",
    'const app = warren()',
    "app.post('/', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request) => request.body)",
    "const ok = await app.inject({ method: 'POST', url: '/', payload: { n: 1 } })",
    "const bad = await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })",
    'process.stdout.write(JSON.stringify({ marker: Type.marker ?? null, statuses: [ok.statusCode, bad.statusCode] }))',
  ].join('\n')

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warren-typebox-'))
    tarball = await pack(dir)
  }, 120_000)

  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true })
  })

  /** A project with the tarball installed and `installed` standing in for TypeBox; the check's result. */
  async function checkWith(name: string, installed: (project: string) => void): Promise<unknown> {
    const project = join(dir, name)
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }))
    writeFileSync(join(project, 'check.mjs'), typeCheck)
    await installTarball(tarball, project, [])
    installed(project)
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: project })
    return JSON.parse(stdout)
  }

  it('with the same version installed, the bundled copy builds the schemas and the installed TypeBox is never loaded', async () => {
    const result = await checkWith('same-version', (project) => {
      const loaded = "throw new Error('the installed TypeBox was loaded')\n"
      fakeTypebox(project, typeboxVersion, loaded, loaded)
    })
    expect(result).toEqual({ marker: null, statuses: [200, 400] })
  }, 60_000)

  it('with another version installed, Type is that version’s builder', async () => {
    const result = await checkWith('other-version', (project) => {
      // this checkout's TypeBox, marked: the builder of the "other version"
      const real = JSON.stringify(join(modules, '@sinclair', 'typebox'))
      const cjs = `const { Type } = require(${real})\nmodule.exports = { Type: Object.assign(Object.create(Type), { marker: 'installed 0.34.9999' }) }\n`
      fakeTypebox(project, '0.34.9999', cjs, "throw new Error('warren imported the ES module entry')\n")
    })
    expect(result).toEqual({ marker: 'installed 0.34.9999', statuses: [200, 400] })
  }, 60_000)
})
