/**
 * The reference page in a real browser: headless Chromium (from the @sparticuz/chromium npm
 * package, so a fresh clone needs nothing else) loads /docs of an application serving every
 * example, waits for swagger-ui to render, and checks each operation is on the page and that the
 * content-security-policy blocked nothing. A screenshot lands in test/.artifacts/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises'
import chromium from '@sparticuz/chromium'
import puppeteer, { type Browser } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examples } from '../../examples/catalogue.js'
import { documented, operationsOf } from './helpers.js'

const artifacts = new URL('../.artifacts/', import.meta.url)

describe('the reference page in headless Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await puppeteer.launch({ args: chromium.args, executablePath: await chromium.executablePath(), headless: true })
  })
  afterAll(() => browser?.close())

  it('renders every operation of the showcase, with no CSP violation', async () => {
    const app = await documented(async (root) => {
      for (const example of examples) root.register(example.routes, { prefix: `/${example.name}` })
    }, { info: { title: 'warren showcase', version: '1.0.0' } })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const page = await browser.newPage()
      await page.setViewport({ width: 1280, height: 900 })
      const problems: string[] = []
      page.on('console', (message) => {
        if (/content security policy|refused to/i.test(message.text())) problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(String(error)))
      // runs in the page (as source: this project type-checks for Node, without the DOM library)
      await page.evaluateOnNewDocument(`
        window.violations = []
        document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective + ' ' + event.blockedURI))
      `)
      await page.goto(`${base}/docs`, { waitUntil: 'networkidle0' })
      await page.waitForSelector('.opblock', { timeout: 10_000 })
      const shown = await page.$$eval('.opblock', (blocks) =>
        blocks.map((block) => {
          const method = block.querySelector('.opblock-summary-method')?.textContent ?? ''
          const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''
          return `${method.toUpperCase()} ${path}`
        }),
      )
      const expected = operationsOf(app.openapi())
      expect(expected.length).toBeGreaterThan(20)
      expect([...new Set(shown)].sort()).toEqual(expected)
      await mkdir(artifacts, { recursive: true })
      await page.screenshot({ path: new URL('openapi-page.png', artifacts).pathname as `${string}.png` })
      // open one operation (parameters, responses, schemas rendered) and the models section
      await page.click('.opblock .opblock-summary')
      await page.waitForSelector('.opblock-body .responses-wrapper', { timeout: 5_000 })
      const title = await page.$eval('.info .title', (element) => element.textContent ?? '')
      expect(title).toContain('warren showcase')
      const violations = await page.evaluate('window.violations')
      expect(violations).toEqual([])
      expect(problems).toEqual([])
    } finally {
      await app.close()
    }
  }, 30_000)
})
