/**
 * The documentation site, as a reader meets it: built with VitePress from docs/, served on
 * 127.0.0.1 by a warren app (with @fastify/static), and visited page by page in headless Chromium
 * (from the @sparticuz/chromium npm package, so a fresh clone needs nothing else). Every page
 * renders its heading without a console error, every link between pages leads to a page that
 * exists (and to the heading its #anchor names), and the search box finds a term of the guides.
 * A screenshot of one guide lands in test/.artifacts/docs-site.png (git-ignored).
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import fastifyStatic from '@fastify/static'
import chromium from '@sparticuz/chromium'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import warren from 'warren'

const run = promisify(execFile)
const root = join(import.meta.dirname, '..', '..')
const artifacts = join(root, 'test', '.artifacts')

/** The HTML pages of a built site, as URL paths (`/guide/hooks.html`), the 404 page left out. */
async function builtPages(dir: string): Promise<string[]> {
  const files = await readdir(dir, { recursive: true })
  return files
    .filter((file) => file.endsWith('.html') && file !== '404.html')
    .map((file) => '/' + file.split('\\').join('/'))
    .sort()
}

/** What a visit found on one page. */
interface Visit {
  heading: string
  links: string[]
  problems: string[]
}

async function visit(page: Page, url: string): Promise<Visit> {
  const problems: string[] = []
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  }
  const onPageError = (error: unknown) => problems.push(`page error: ${String(error)}`)
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) =>
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`)
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  page.on('requestfailed', onFailed)
  try {
    const response = await page.goto(url, { waitUntil: 'load' })
    if (response?.status() !== 200) problems.push(`status ${response?.status()}`)
    await page.waitForSelector('.vp-doc h1', { timeout: 10_000 })
    const heading = await page.$eval('.vp-doc h1', (element) => element.textContent?.trim() ?? '')
    // every link of the page that stays on the site (the sidebar, the navigation and the prose)
    const links = await page.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as unknown as { href: string }).href))
    return { heading, links, problems }
  } finally {
    page.off('console', onConsole)
    page.off('pageerror', onPageError)
    page.off('requestfailed', onFailed)
  }
}

describe('the documentation site in headless Chromium', () => {
  let site = ''
  let base = ''
  let browser: Browser
  const app = warren()

  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'warren-docs-'))
    const vitepress = join(root, 'node_modules', 'vitepress', 'bin', 'vitepress.js')
    await run(process.execPath, [vitepress, 'build', 'docs', '--outDir', site], { cwd: root })
    app.register(fastifyStatic, { root: site })
    base = await app.listen({ port: 0, host: '127.0.0.1' })
    browser = await puppeteer.launch({ args: chromium.args, executablePath: await chromium.executablePath(), headless: true })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await app.close()
    if (site !== '') await rm(site, { recursive: true, force: true })
  })

  it('renders every page with its heading and no console error, and every link between pages resolves', async () => {
    const pages = await builtPages(site)
    expect(pages).toEqual(expect.arrayContaining(['/index.html', '/guide/getting-started.html', '/reference/index.html', '/deployment/kubernetes.html']))
    const page = await browser.newPage()
    const problems: string[] = []
    const linked = new Map<string, string>() // target URL → a page that links to it
    for (const path of pages) {
      const found = await visit(page, base + path)
      if (found.heading === '') problems.push(`${path}: no heading`)
      problems.push(...found.problems.map((problem) => `${path}: ${problem}`))
      for (const link of found.links) if (link.startsWith(base) && !linked.has(link)) linked.set(link, path)
    }
    expect(linked.size).toBeGreaterThan(pages.length)

    // each target page answers 200, and an #anchor names an element of that page
    const html = new Map<string, string>()
    for (const [link, from] of linked) {
      const url = new URL(link)
      let text = html.get(url.pathname)
      if (text === undefined) {
        const response = await fetch(base + url.pathname)
        text = response.status === 200 ? await response.text() : ''
        if (response.status !== 200) problems.push(`${from}: link to ${url.pathname} answers ${response.status}`)
        html.set(url.pathname, text)
      }
      const anchor = decodeURIComponent(url.hash.slice(1))
      if (anchor !== '' && text !== '' && !text.includes(`id="${anchor}"`)) problems.push(`${from}: link to ${url.pathname}#${anchor}: no such anchor`)
    }
    expect(problems).toEqual([])
    await page.close()
  }, 180_000)

  it('finds a term of the guides with the search box', async () => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1280, height: 900 })
    await page.goto(`${base}/guide/plugins-and-encapsulation.html`, { waitUntil: 'load' })
    await page.waitForSelector('.vp-doc h1')
    await mkdir(artifacts, { recursive: true })
    await page.screenshot({ path: join(artifacts, 'docs-site.png') as `${string}.png` })

    await page.click('.DocSearch-Button')
    await page.waitForSelector('#localsearch-input')
    await page.type('#localsearch-input', 'decorateRequest')
    await page.waitForSelector('#localsearch-list a.result', { timeout: 10_000 })
    const results = await page.$$eval('#localsearch-list a.result', (anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))
    expect(results.some((href) => href.startsWith('/guide/plugins-and-encapsulation'))).toBe(true)
    await page.close()
  }, 60_000)

  it('serves no page outside docs/ and answers an unknown page with the 404 page', async () => {
    const missing = await fetch(`${base}/guide/no-such-page.html`)
    expect(missing.status).toBe(404)
    const built = (await builtPages(site)).map((path) => relative('/', path))
    const sources = (await readdir(join(root, 'docs'), { recursive: true }))
      .filter((file) => file.endsWith('.md') && !file.startsWith('.vitepress'))
      .map((file) => file.replace(/\.md$/, '.html').split('\\').join('/'))
    expect(built.sort()).toEqual(sources.sort())
    expect(await readFile(join(site, 'index.html'), 'utf8')).toContain('warren documentation')
  })
})
