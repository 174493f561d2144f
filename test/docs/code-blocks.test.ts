/**
 * Every ```ts block of the README and of docs/ type-checks against warren's real types, in one
 * TypeScript program. Each block is a module of its own; blocks labelled with a file name
 * (```ts [app.ts]) are written under that name in their page's folder, so the blocks of one page
 * can import each other. A type error is reported at its line in the Markdown file.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
const out = join(root, 'test', '.doc-blocks')

/** A fenced TypeScript block: its page, the line its code starts on, its file name if labelled, its code. */
interface Block {
  page: string
  line: number
  label: string | undefined
  code: string
}

/** The Markdown pages whose blocks are checked: the README and every page under docs/ (not the site's build). */
function pages(): string[] {
  const found = ['README.md']
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) found.push(path)
    }
  }
  walk('docs')
  return found
}

/** The ```ts (or ```typescript) blocks of a page, with an optional `[file.ts]` label after the language. */
export function typescriptBlocks(page: string, markdown: string): Block[] {
  const fence = /^```(?:ts|typescript)(?:[ \t]+\[([^\]\n]+)\])?[^\n]*\n([\s\S]*?)^```[ \t]*$/gm
  return [...markdown.matchAll(fence)].map((match) => ({
    page,
    line: markdown.slice(0, match.index).split('\n').length + 1,
    label: match[1]?.trim(),
    code: match[2] as string,
  }))
}

/** Writes a page's blocks into its own folder; returns where each block went. */
function writeBlocks(page: string, blocks: Block[]): Map<string, Block> {
  const dir = join(out, page.replace(/\.md$/, '').replace(/[\\/]/g, '--'))
  mkdirSync(dir, { recursive: true })
  const written = new Map<string, Block>()
  blocks.forEach((block, index) => {
    const name = block.label ?? `block-${String(index + 1).padStart(2, '0')}.ts`
    if (!/^[\w.-]+\.ts$/.test(name)) throw new Error(`${page}:${block.line - 1}: a block's label must be a .ts file name, not '${name}'`)
    const file = join(dir, name)
    if (written.has(file)) throw new Error(`${page}:${block.line - 1}: two blocks are labelled ${name}`)
    // a block without import or export would be a script sharing its names with every other one
    const isModule = /^\s*(import|export)\s/m.test(block.code)
    writeFileSync(file, isModule ? block.code : `${block.code}\nexport {}\n`)
    written.set(file, block)
  })
  return written
}

/** Rewrites `test/.doc-blocks/…/file.ts(3,5): error …` as `docs/page.md:line: error …`. */
function toMarkdownLines(output: string, written: Map<string, Block>): string {
  return output.replace(/^(\S+\.ts)\((\d+),(\d+)\)/gm, (whole, file: string, line: string) => {
    const block = written.get(join(root, file))
    return block === undefined ? whole : `${block.page}:${block.line + Number(line) - 1}`
  })
}

describe('documentation code blocks', () => {
  it('every TypeScript block of the README and docs/ type-checks against the real types', async () => {
    rmSync(out, { recursive: true, force: true })
    const written = new Map<string, Block>()
    let readmeBlocks = 0
    for (const page of pages()) {
      const blocks = typescriptBlocks(page, readFileSync(join(root, page), 'utf8'))
      if (page === 'README.md') readmeBlocks = blocks.length
      for (const [file, block] of writeBlocks(page, blocks)) written.set(file, block)
    }
    expect(readmeBlocks).toBeGreaterThan(0)
    expect(written.size).toBeGreaterThan(50)
    writeFileSync(
      join(out, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { noEmit: true, rootDir: '../..' }, include: ['**/*.ts'] }),
    )
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const result = await run(process.execPath, [tsc, '-p', relative(root, join(out, 'tsconfig.json'))], { cwd: root }).then(
      () => '',
      (error: { stdout: string }) => error.stdout || 'tsc failed without output',
    )
    expect(toMarkdownLines(result, written)).toBe('')
  }, 120_000)
})

describe('typescriptBlocks', () => {
  it('finds labelled and unlabelled blocks, with the line their code starts on, and skips other languages', () => {
    const markdown = ['# t', '', '```ts', 'const a = 1', '```', '```json', '{}', '```', '```ts [app.ts]', 'export const b = 2', '```', ''].join('\n')
    expect(typescriptBlocks('x.md', markdown)).toEqual([
      { page: 'x.md', line: 4, label: undefined, code: 'const a = 1\n' },
      { page: 'x.md', line: 10, label: 'app.ts', code: 'export const b = 2\n' },
    ])
  })
})
