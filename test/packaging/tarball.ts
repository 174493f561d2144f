/**
 * @module test/packaging/tarball
 * The package as users get it: `npm pack` of this checkout (its `files`, its `exports`), unpacked
 * as node_modules/warren of a temporary project whose other node_modules entries link to this
 * checkout's dependencies (`npm install --offline` cannot fetch them here). `npm test` builds
 * first, so the tarball holds the current build.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'

export const run = promisify(execFile)
export const root = resolve('.')
export const modules = realpathSync(join(root, 'node_modules'))

/** Packs this checkout into `dir`; returns the tarball's path. */
export async function pack(dir: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--pack-destination', dir], { cwd: root })
  return join(dir, stdout.trim().split('\n').at(-1) as string)
}

/**
 * Unpacks the tarball as `dir`/node_modules/warren and links the dependencies it declares, plus
 * `extra` packages of this checkout (@types/node, test-only packages).
 */
export async function installTarball(tarball: string, dir: string, extra: readonly string[] = ['@types/node']): Promise<void> {
  const target = join(dir, 'node_modules', 'warren')
  mkdirSync(target, { recursive: true })
  await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'])
  const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  for (const name of [...Object.keys(manifest.dependencies), ...extra]) {
    const link = join(dir, 'node_modules', name)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(join(modules, name), link, 'dir')
  }
}

/**
 * A temporary folder (`work`) holding the packed tarball and a project (an ESM package.json named
 * `name`, and `files`) with the package installed in it; `extra` as for {@link installTarball}.
 */
export async function packedProject(name: string, files: Record<string, string>, extra: readonly string[] = []): Promise<{ work: string; project: string }> {
  const work = mkdtempSync(join(tmpdir(), `warren-${name}-`))
  const tarball = await pack(work)
  const project = join(work, 'project')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }))
  for (const [file, text] of Object.entries(files)) writeFileSync(join(project, file), text)
  await installTarball(tarball, project, extra)
  return { work, project }
}
