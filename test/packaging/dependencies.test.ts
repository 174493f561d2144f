/**
 * What `npm install warren` brings, checked on the packed package: its production dependency tree
 * runs no install script (so `npm install --ignore-scripts` installs the same thing) and holds no
 * UI package; without swagger-ui-dist (an optional peer dependency) warren/openapi still serves
 * the document, and the page's address says what to install.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packedProject } from './tarball.js'

const run = promisify(execFile)

let work = ''
let project = ''

interface Manifest {
  name: string
  version: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  scripts?: Record<string, string>
}

/** Every package the production tree of the package at `dir` holds, by `name@version`, with its folder. */
function productionTree(dir: string, found = new Map<string, string>()): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
  const required = createRequire(join(dir, 'package.json'))
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    let folder: string
    try {
      folder = realpathSync(dirname(required.resolve(`${name}/package.json`)))
    } catch {
      // a package whose exports hide package.json: found through the resolution paths
      const base = required.resolve.paths(name)?.map((path) => join(path, name)).find((path) => existsSync(join(path, 'package.json')))
      if (base === undefined) throw new Error(`${manifest.name} depends on ${name}, which is not installed`)
      folder = realpathSync(base)
    }
    const child = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest
    const key = `${child.name}@${child.version}`
    if (!found.has(key)) {
      found.set(key, folder)
      productionTree(folder, found)
    }
  }
  return found
}

/** The install-time work npm would do for a package: its lifecycle scripts, or node-gyp for a binding.gyp. */
function installWork(folder: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest).scripts ?? {}
  const work = ['preinstall', 'install', 'postinstall'].filter((name) => scripts[name] !== undefined).map((name) => `${name}: ${scripts[name]}`)
  if (scripts.install === undefined && existsSync(join(folder, 'binding.gyp'))) work.push('node-gyp rebuild (binding.gyp)')
  return work
}

const app = `
import warren from 'warren'
import openapi from 'warren/openapi'
const warnings = []
const app = warren({ logger: { level: 'warn', stream: { write: (line) => warnings.push(JSON.parse(line).msg) } } })
await app.register(openapi, { info: { title: 'no ui', version: '1.0.0' } })
app.get('/items', async () => [])
await app.ready()
const answer = async (url) => {
  const response = await app.inject(url)
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body }
}
process.stdout.write(JSON.stringify({
  document: (await app.inject('/openapi.json')).json(),
  page: await answer('/docs'),
  slashed: (await answer('/docs/')).status,
  asset: (await answer('/docs/swagger-ui.css')).status,
  warnings,
}))
`

describe('npm install warren: the production dependency tree', () => {
  beforeAll(async () => {
    ;({ work, project } = await packedProject('deps-check', { 'app.mjs': app }))
  }, 120_000)

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true })
  })

  it('runs no install script and holds no UI package; swagger-ui-dist is an optional peer dependency', () => {
    const installed = join(project, 'node_modules', 'warren')
    const tree = productionTree(installed)
    expect(tree.size).toBeGreaterThan(10)
    const withScripts = [...tree].map(([key, folder]) => [key, installWork(folder)] as const).filter(([, scripts]) => scripts.length > 0)
    expect(withScripts).toEqual([])
    expect([...tree.keys()].filter((key) => /swagger|scarf|scalar|redoc/.test(key))).toEqual([])
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Manifest
    expect(manifest.peerDependencies).toEqual({ 'swagger-ui-dist': expect.any(String) })
    expect(manifest.peerDependenciesMeta).toEqual({ 'swagger-ui-dist': { optional: true } })
  })

  it('without swagger-ui-dist, warren/openapi serves the document; /docs answers 501 saying what to install, and a warning is logged', async () => {
    const { stdout } = await run(process.execPath, ['app.mjs'], { cwd: project })
    const result = JSON.parse(stdout)
    expect(Object.keys(result.document.paths)).toEqual(['/items'])
    expect(result.page.status).toBe(501)
    expect(result.page.type).toBe('text/plain; charset=utf-8')
    expect(result.page.body).toContain('npm install swagger-ui-dist')
    expect(result.page.body).toContain('/openapi.json')
    expect(result.slashed).toBe(501)
    expect(result.asset).toBe(404)
    expect(result.warnings).toEqual(['warren/openapi: swagger-ui-dist is not installed, so /docs serves no page (docs: false turns the page off)'])
  }, 30_000)
})
