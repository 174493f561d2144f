/**
 * @module The API reference page: swagger-ui served by the application itself (no CDN: it works
 * offline), under a content-security-policy that allows its own origin only.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface DocsFile {
  path: string
  contentType: string
  body: string | Buffer
  cacheControl: string
}

/** 'self' plus data: images (swagger-ui's icons); no 'unsafe-inline', since the boot script is a served file. */
export const docsPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

export const uiPackage = 'swagger-ui-dist'

/** Why the page cannot be served: the package is not installed, or this runtime cannot read packages' files (Workers). */
export type MissingUi = 'not-installed' | 'unreadable'

function swaggerUiDist(): string | MissingUi {
  // a bundled Worker has no module URL to resolve from, nor files to read
  if (typeof import.meta.url !== 'string') return 'unreadable'
  try {
    return dirname(createRequire(import.meta.url).resolve(`${uiPackage}/package.json`))
  } catch (error) {
    if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') return 'not-installed'
    return 'unreadable'
  }
}

export function missingUiMessage(jsonUrl: string, why: MissingUi): string {
  const cause = why === 'not-installed'
    ? `needs the ${uiPackage} package, which is not installed: run \`npm install ${uiPackage}\` and restart.`
    : `serves the ${uiPackage} package's files, which this runtime cannot read (a bundled Worker has no file system).`
  return `The API reference page ${cause} The OpenAPI document is served at ${jsonUrl}.`
}

// the assets rarely change, but their URLs carry no version: cache for a day, then revalidate
const assetCache = 'public, max-age=86400'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The page and its assets, at `docsPath` under the context's `prefix`, reading the document at `jsonUrl`. */
export async function docsFiles(docsPath: string, jsonUrl: string, title: string, prefix = ''): Promise<DocsFile[] | MissingUi> {
  const dist = swaggerUiDist()
  if (dist === 'not-installed' || dist === 'unreadable') return dist
  const base = docsPath.endsWith('/') ? docsPath.slice(0, -1) : docsPath
  const href = prefix + base
  const assets = await Promise.all([
    readFile(join(dist, 'swagger-ui.css')),
    readFile(join(dist, 'swagger-ui-bundle.js')),
    readFile(join(dist, 'favicon-32x32.png')),
  ]).catch(() => null)
  if (assets === null) return 'unreadable'
  const [css, bundle, favicon] = assets
  const init = [
    '// boots swagger-ui on the document this application serves',
    `window.addEventListener('load', function () {`,
    `  window.ui = SwaggerUIBundle({ url: ${JSON.stringify(jsonUrl)}, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null })`,
    '})',
    '',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${href}/swagger-ui.css">
<link rel="icon" type="image/png" href="${href}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${href}/swagger-ui-bundle.js"></script>
<script src="${href}/init.js"></script>
</body>
</html>
`
  return [
    { path: docsPath, contentType: 'text/html; charset=utf-8', body: html, cacheControl: 'no-cache' },
    { path: `${base}/swagger-ui.css`, contentType: 'text/css; charset=utf-8', body: css, cacheControl: assetCache },
    { path: `${base}/swagger-ui-bundle.js`, contentType: 'text/javascript; charset=utf-8', body: bundle, cacheControl: assetCache },
    { path: `${base}/init.js`, contentType: 'text/javascript; charset=utf-8', body: init, cacheControl: 'no-cache' },
    { path: `${base}/favicon-32x32.png`, contentType: 'image/png', body: favicon, cacheControl: assetCache },
  ]
}
