/**
 * The README's "Using warren in a project" section, checked the way a user meets it: the built
 * package is packed, the tarball is installed into a temporary project made of the README's
 * tsconfig and an ESM package.json, the README's app is type-checked with `tsc`, run, and asked
 * one request. A `commonjs` tsconfig must fail on the `warren/bearer-auth` subpath, as the
 * README says. The package is installed by unpacking the tarball into node_modules/warren and
 * symlinking its dependencies from this checkout: `npm install --offline` cannot fetch them here.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installTarball, modules, pack, root, run } from './tarball.js'

const tsc = join(modules, 'typescript', 'bin', 'tsc')

/** The fenced blocks of one language inside the README's section. */
function sectionBlocks(language: string): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const section = /## Using warren in a project\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ''
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] as string)
}

/** `tsc -p .` in a directory: its output, empty when the project type-checks. */
async function typeCheck(dir: string): Promise<string> {
  return run(process.execPath, [tsc, '-p', '.'], { cwd: dir }).then(
    () => '',
    (error: { stdout: string }) => error.stdout || 'tsc failed without output',
  )
}

let work = ''
let project = ''

function writeProject(dir: string, tsconfig: unknown): void {
  mkdirSync(join(dir, 'src'), { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-service', version: '1.0.0', private: true, type: 'module' }))
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig))
  writeFileSync(join(dir, 'src', 'server.ts'), sectionBlocks('ts')[0] as string)
}

describe('README: using warren in a project', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'warren-pack-'))
    const tarball = await pack(work)
    project = join(work, 'project')
    writeProject(project, JSON.parse(sectionBlocks('json')[0] as string))
    await installTarball(tarball, project)
  }, 120_000)

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true })
  })

  it('the tarball ships the bundle, its source maps, the sources they name and the declarations, not the unbundled JS', () => {
    const installed = join(project, 'node_modules', 'warren')
    const bundle = join(installed, 'dist', 'bundle')
    const maps = readdirSync(bundle, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js.map'))
    // the core chunk, the client and both plugins (a facade entry that only re-exports has no map)
    expect(maps.length).toBeGreaterThanOrEqual(4)
    const bundled: string[] = []
    const sources = maps.flatMap((map) => {
      const parsed = JSON.parse(readFileSync(join(bundle, map), 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null>; ignoreList?: number[] }
      // the TypeBox builder bundled in: its code is in the map itself, ignore-listed (a debugger steps over it)
      const isBundledDependency = (source: string, index: number): boolean =>
        source.includes('/node_modules/@sinclair/typebox/') && typeof parsed.sourcesContent?.[index] === 'string' && parsed.ignoreList?.includes(index) === true
      bundled.push(...parsed.sources.filter(isBundledDependency))
      return parsed.sources.filter((source, index) => !isBundledDependency(source, index)).map((source) => resolve(dirname(join(bundle, map)), source))
    })
    expect(bundled.length).toBeGreaterThan(50)
    // warren's own code: the maps lead to the TypeScript sources, shipped in src/
    expect(sources.length).toBeGreaterThan(50)
    expect(sources.filter((source) => !source.startsWith(join(installed, 'src') + '/') || !source.endsWith('.ts'))).toEqual([])
    expect(sources.filter((source) => !existsSync(source))).toEqual([])
    const built = readdirSync(join(installed, 'dist', 'src'), { recursive: true, encoding: 'utf8' })
    expect(built.filter((file) => file.endsWith('.d.ts')).length).toBeGreaterThan(50)
    expect(built.filter((file) => file.endsWith('.js'))).toEqual([])
    expect(existsSync(join(installed, 'LICENSE'))).toBe(true)
  })

  it('the documented tsconfig type-checks the documented app, which runs and answers', async () => {
    expect(await typeCheck(project)).toBe('')
    const child = spawn(process.execPath, ['dist/server.js'], { cwd: project, env: { ...process.env, PORT: '0', API_KEY: 'k' } })
    try {
      const address = await new Promise<string>((resolveAddress, reject) => {
        let text = ''
        child.stdout.on('data', (chunk) => {
          text += chunk
          const match = /^listening at (http:\/\/\S+)$/m.exec(text)
          if (match) resolveAddress(match[1] as string)
        })
        child.on('exit', (code) => reject(new Error(`app exited with ${code}: ${text}`)))
      })
      const hello = await fetch(`${address}/hello/ada`)
      expect(hello.status).toBe(200)
      expect(await hello.json()).toEqual({ greeting: 'hello ada' })
      expect((await fetch(`${address}/admin/stats`)).status).toBe(401)
      expect((await fetch(`${address}/admin/stats`, { headers: { authorization: 'Bearer k' } })).status).toBe(200)
    } finally {
      child.kill()
    }
  }, 60_000)

  it('with module commonjs the subpath warren/bearer-auth does not resolve', async () => {
    const documented = JSON.parse(sectionBlocks('json')[0] as string) as { compilerOptions: Record<string, unknown> }
    const commonjs = join(work, 'commonjs')
    writeProject(commonjs, { ...documented, compilerOptions: { ...documented.compilerOptions, module: 'commonjs', moduleResolution: 'node10', noEmit: true } })
    symlinkSync(join(project, 'node_modules'), join(commonjs, 'node_modules'), 'dir')
    expect(await typeCheck(commonjs)).toMatch(/error TS2307: Cannot find module 'warren\/bearer-auth'/)
  }, 60_000)

  it('the declarations of every entry type-check themselves: a project that does not skip library checks compiles', async () => {
    const documented = JSON.parse(sectionBlocks('json')[0] as string) as { compilerOptions: Record<string, unknown> }
    const strict = join(work, 'lib-check')
    writeProject(strict, { ...documented, compilerOptions: { ...documented.compilerOptions, skipLibCheck: false, noEmit: true } })
    writeFileSync(
      join(strict, 'src', 'entries.ts'),
      [
        "import warren from 'warren'",
        "import bearerAuth from 'warren/bearer-auth'",
        "import { client } from 'warren/client'",
        "import { lambda } from 'warren/lambda'",
        "import openapi from 'warren/openapi'",
        'export const entries = [warren, bearerAuth, client, lambda, openapi]',
      ].join('\n'),
    )
    symlinkSync(join(project, 'node_modules'), join(strict, 'node_modules'), 'dir')
    expect(await typeCheck(strict)).toBe('')
  }, 60_000)
})
