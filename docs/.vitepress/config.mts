/**
 * @module docs/.vitepress/config
 * The documentation site: VitePress over the Markdown pages of `docs/`, which stay readable on
 * GitHub. The sidebar lists the pages present (in the order below, then any others found in a
 * section's folder); links to pages other branches are still writing, and to repository files
 * outside `docs/`, become plain text in the site instead of links that would 404.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type DefaultTheme } from 'vitepress'
import { pendingPages as pending, sections, type Section } from './pages.js'

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const repoDir = resolve(docsDir, '..')
const pendingPages = new Set(pending.map((page) => join(docsDir, page)))

/** Where a repository file outside `docs/` can be read online, when the package names its repository. */
const repositoryUrl = ((): string | undefined => {
  const pkg = JSON.parse(readFileSync(join(repoDir, 'package.json'), 'utf8')) as { repository?: string | { url?: string } }
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url
  return url?.replace(/^git\+/, '').replace(/\.git$/, '')
})()

/** The text of a page's first `# ` heading (the sidebar's label for it). */
function titleOf(file: string): string {
  const heading = /^# (.+)$/m.exec(readFileSync(file, 'utf8'))
  return (heading?.[1] ?? file).replace(/`/g, '')
}

/** The pages of a section that exist: the listed ones in order, then the folder's other pages by name. */
function sectionPages(section: Section): string[] {
  const folder = join(docsDir, section.folder)
  const present = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -3)) : []
  const listed = section.pages.filter((page) => present.includes(page))
  const others = section.folder === '' ? [] : present.filter((page) => !section.pages.includes(page)).sort()
  return [...listed, ...others]
}

function sidebar(): DefaultTheme.SidebarItem[] {
  return sections
    .map((section) => ({
      text: section.text,
      items: sectionPages(section).map((page) => ({
        text: titleOf(join(docsDir, section.folder, `${page}.md`)),
        link: `/${section.folder === '' ? '' : section.folder + '/'}${page === 'index' ? '' : page}`,
      })),
    }))
    .filter((section) => section.items.length > 0)
}

interface LinkToken {
  type: string
  tag: string
  attrGet(name: string): string | null
  attrSet(name: string, value: string): void
  attrs: [string, string][] | null
}

/** The token stream's links: each `link_open` with the index of its `link_close`. */
function* links(tokens: LinkToken[]): Generator<[number, number]> {
  for (let open = 0; open < tokens.length; open++) {
    if (tokens[open].type !== 'link_open') continue
    let depth = 0
    for (let close = open + 1; close < tokens.length; close++) {
      if (tokens[close].type === 'link_open') depth++
      if (tokens[close].type === 'link_close' && depth-- === 0) {
        yield [open, close]
        break
      }
    }
  }
}

/** Turns a link into a `<span>` with a title, keeping its text. */
function unlink(tokens: LinkToken[], open: number, close: number, className: string, title: string): void {
  tokens[open].tag = 'span'
  tokens[open].attrs = [
    ['class', className],
    ['title', title],
  ]
  tokens[close].tag = 'span'
}

/**
 * Rewrites the relative links of a page for the site: a repository file outside `docs/` links to
 * the repository online when the package names one (else it stays as text), and a link to an
 * expected page that is not written yet stays as text.
 */
function siteLinks(tokens: LinkToken[], pagePath: string): void {
  for (const [open, close] of links(tokens)) {
    const href = tokens[open].attrGet('href') ?? ''
    if (/^[a-z]+:|^#|^\//i.test(href)) continue
    const target = resolve(dirname(pagePath), decodeURIComponent(href.split('#')[0]))
    const inRepo = relative(repoDir, target)
    if (!target.startsWith(docsDir + '/')) {
      if (repositoryUrl !== undefined) tokens[open].attrSet('href', `${repositoryUrl}/blob/main/${inRepo}`)
      else unlink(tokens, open, close, 'repository-path', `${inRepo} in the repository`)
    } else if (!existsSync(target) && pendingPages.has(target)) {
      unlink(tokens, open, close, 'pending-link', 'This page is not written yet')
    }
  }
}

export default defineConfig({
  title: 'warren',
  description: 'A typed web framework for Node.js: one TypeBox schema validates, serializes, types and documents each route.',
  lang: 'en-GB',
  srcExclude: ['**/README.md'],
  // the generated favicon-less head stays quiet: no request the static build cannot answer
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  markdown: {
    config(md) {
      md.core.ruler.push('warren-site-links', (state) => {
        const page = (state.env as { path?: string }).path
        if (page === undefined) return
        for (const token of state.tokens) {
          if (token.type === 'inline' && token.children) siteLinks(token.children as unknown as LinkToken[], page)
        }
      })
    },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Deployment', link: '/deployment/' },
      { text: 'Reference', link: '/reference/' },
    ],
    sidebar: sidebar(),
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
})
