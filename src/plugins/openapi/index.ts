/**
 * @module `warren/openapi`: the plugin that documents an application. Registered at the root, it
 * watches every route declared after it (an `onRoute` hook, inherited by every context), builds
 * one OpenAPI 3.1 document when the application is ready, serves it as JSON, and serves an API
 * reference page (swagger-ui, when the optional swagger-ui-dist package is installed) that reads it.
 */
import { isAutomaticHeadRoute, plugin, type ErrorFormat, type Warren } from '../../index.js'
import { buildDocument, type CollectedRoute } from './document.js'
import { docsFiles, docsPolicy, missingUiMessage, uiPackage, type DocsFile } from './docs-page.js'
import type { OpenApiDocument, OpenApiOptions } from './types.js'

export type * from './types.js'

/**
 * Documents the application: `app.openapi()` returns the OpenAPI 3.1 document of every route
 * declared after the plugin, in every context; the document is served at `path`
 * (`/openapi.json`) and a reference page at `docs` (`/docs` and `/docs/`) when swagger-ui-dist
 * is installed (without it, the page's address answers 501 saying so). Register it first, at the
 * root, and `await` it when routes are declared on the root itself. `basePath: '/api'` writes the
 * paths of an API served under `/api` relative to it.
 *
 * Route schemas carry the documentation keywords (`summary`, `description`, `tags`,
 * `operationId`, `deprecated`, `security`); `schema: { hide: true }` leaves a route out.
 * Start-up fails with an `SVC_ERR_OPENAPI_*` error naming the route when a schema has no
 * OpenAPI form, a `$ref` names no visible shared schema, or two contexts give one `$id` two
 * different schemas.
 *
 * @example
 * ```ts
 * import warren from 'warren'
 * import openapi from 'warren/openapi'
 * const app = await warren().register(openapi, { info: { title: 'Shop', version: '1.0.0' } })
 * app.get('/items/:id', { schema: { summary: 'One item', params: Type.Object({ id: Type.Integer() }) } }, handler)
 * await app.ready()
 * app.openapi().paths['/items/{id}'].get?.summary // 'One item'
 * ```
 */
const openapi = plugin(
  async function openapi(instance, options: OpenApiOptions) {
    const collected: CollectedRoute[] = []
    // the application's error bodies are documented in its own format
    const errorFormat = instance.initialConfig.errorFormat as ErrorFormat | undefined
    let document: OpenApiDocument | null = null
    let json = ''
    instance.addHook('onRoute', function collect(this: CollectedRoute['instance'], view) {
      if (!isAutomaticHeadRoute(view)) collected.push({ view, instance: this })
    })
    instance.addHook('onReady', async function build() {
      document = buildDocument(options, collected, errorFormat)
      json = JSON.stringify(document)
    })

    const jsonPath = options.path ?? '/openapi.json'
    if (jsonPath !== false) {
      instance.get(jsonPath, { schema: { hide: true } }, async (_request, reply) =>
        reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json),
      )
    }
    const docsPath = options.docs ?? '/docs'
    if (docsPath !== false && jsonPath !== false) {
      // the page fetches the JSON by its full URL: the prefix of the context the plugin landed in, if any
      const jsonUrl = instance.prefix + jsonPath
      const files = await docsFiles(docsPath, jsonUrl, options.info.title, instance.prefix)
      const pages = pagePaths(docsPath, instance.initialConfig.ignoreTrailingSlash === true)
      if (files === null) serveMissingUi(instance, pages, jsonUrl)
      else for (const file of withPageTwins(files, docsPath, pages)) serveFile(instance, file)
    }

    /** The document: built once at `ready()`; before that, from the routes declared so far. */
    function getDocument(): OpenApiDocument {
      return document ?? buildDocument(options, collected, errorFormat)
    }
    return instance.decorate('openapi', getDocument)
  },
  { name: 'warren-openapi' },
)

/**
 * The page's addresses: `/docs` and `/docs/` (what a user types, and what a link ending in a slash
 * gives), one of them when the router already treats them as one.
 */
function pagePaths(docsPath: string, ignoreTrailingSlash: boolean): string[] {
  const base = docsPath.endsWith('/') ? docsPath.slice(0, -1) : docsPath
  return base === '' || ignoreTrailingSlash ? [docsPath] : [base, `${base}/`]
}

/** The files, with the page also served at its other address (its links are absolute, so both work). */
function withPageTwins(files: DocsFile[], docsPath: string, pages: string[]): DocsFile[] {
  const page = files.find((file) => file.path === docsPath) as DocsFile
  return [...files, ...pages.filter((path) => path !== docsPath).map((path) => ({ ...page, path }))]
}

function serveFile(instance: Warren, file: DocsFile): void {
  instance.get(file.path, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', file.cacheControl).header('x-content-type-options', 'nosniff')
    if (file.contentType.startsWith('text/html')) reply.header('content-security-policy', docsPolicy)
    return reply.type(file.contentType).send(file.body)
  })
}

/** Without swagger-ui-dist: a warning at start-up, and a 501 at the page's addresses that says what to install. */
function serveMissingUi(instance: Warren, pages: string[], jsonUrl: string): void {
  const message = missingUiMessage(jsonUrl)
  instance.log.warn(`warren/openapi: ${uiPackage} is not installed, so ${instance.prefix}${pages[0]} serves no page (docs: false turns the page off)`)
  for (const path of pages) {
    instance.get(path, { schema: { hide: true } }, async (_request, reply) => reply.code(501).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(message))
  }
}

export default openapi
export { openapi }
