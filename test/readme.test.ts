import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

/** The ```ts blocks of the README, in order. */
function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1])
}

describe('README', () => {
  it('every TypeScript block type-checks against the real types', async () => {
    const blocks = typescriptBlocks(readFileSync('README.md', 'utf8'))
    expect(blocks.length).toBeGreaterThan(5)
    const dir = join('test', '.readme-blocks')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = blocks.map((block, index) => {
      const file = `block-${String(index + 1).padStart(2, '0')}.ts`
      // each block is its own module, so top-level await and names don't clash
      writeFileSync(join(dir, file), block.includes('import ') || block.includes('export ') ? block : `${block}\nexport {}\n`)
      return file
    })
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { noEmit: true, rootDir: '../..' }, include: files }),
    )
    const result = await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', join(dir, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    )
    expect(result).toBe('')
  }, 60_000)
})
