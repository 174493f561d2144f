/**
 * The documentation read on GitHub: every relative link of the README and of docs/ leads to a
 * file of the repository (or to a page listed as still being written), and every #anchor into a
 * Markdown file names one of its headings as GitHub spells heading anchors. The site's own
 * anchors are checked in a browser by site.test.ts; GitHub drops the punctuation VitePress turns
 * into dashes, so a heading linked to must read the same both ways.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pendingPages } from '../../docs/.vitepress/pages.js'

const root = join(import.meta.dirname, '..', '..')

function markdownFiles(): string[] {
  const found = [join(root, 'README.md')]
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else if (entry.name.endsWith('.md')) found.push(join(dir, entry.name))
    }
  }
  walk(join(root, 'docs'))
  return found
}

/** The Markdown without its fenced blocks and inline code, where `[a](b)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
export function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-')
}

function anchorsOf(file: string): Set<string> {
  const outsideBlocks = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '')
  return new Set([...outsideBlocks.matchAll(/^#{1,6} (.+)$/gm)].map((match) => githubAnchor(match[1] as string)))
}

describe('links of the README and docs/, as GitHub shows them', () => {
  it('lead to files that exist, and anchors to headings of those files', () => {
    const pending = new Set(pendingPages.map((page) => join(root, 'docs', page)))
    const problems: string[] = []
    let checked = 0
    for (const file of markdownFiles()) {
      for (const match of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = match[1] as string
        if (/^[a-z]+:/i.test(href)) continue
        const [path, anchor] = href.split('#') as [string, string | undefined]
        const target = path === '' ? file : join(dirname(file), decodeURIComponent(path))
        const where = `${relative(root, file)} → ${href}`
        checked++
        if (!existsSync(target)) {
          if (!pending.has(target)) problems.push(`${where}: no such file`)
        } else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor)) {
          problems.push(`${where}: no heading with that anchor`)
        }
      }
    }
    expect(checked).toBeGreaterThan(100)
    expect(problems).toEqual([])
  })

  it('spells heading anchors as GitHub does', () => {
    expect(githubAnchor('Why `interface Api extends RouteTableOf<typeof app>`')).toBe('why-interface-api-extends-routetableoftypeof-app')
    expect(githubAnchor("Published Fastify plugins' declarations")).toBe('published-fastify-plugins-declarations')
    expect(githubAnchor('Compiled once, at start-up; schemas are code')).toBe('compiled-once-at-start-up-schemas-are-code')
  })
})
