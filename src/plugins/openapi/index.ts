/**
 * @module `warren/openapi`: builds one OpenAPI 3.1 document of every route of the context it is
 * registered in, serves it as JSON, and an API reference page when swagger-ui-dist is installed.
 */
import { codes, declaredRoutes, isAutomaticHeadRoute, plugin, type ErrorFormat, type Warren } from '../../index.js'
import { buildDocument, type CollectedRoute } from './document.js'
import { docsFiles, docsPolicy, missingUiMessage, uiPackage, type DocsFile, type MissingUi } from './docs-page.js'
import type { OpenApiDocument, OpenApiOptions } from './types.js'

export type * from './types.js'

/**
 * Documents the application: `app.openapi()` returns the document, served at `path` with a
 * reference page at `docs`. Registered at the root it documents every route, declared before or after
 * it; `schema: { hide: true }` leaves a route out.
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
    checkOptions(options)
    // the routes declared before the plugin loaded, then each one as it is declared
    const collected: CollectedRoute[] = [...declaredRoutes(instance)]
    const errorFormat = instance.initialConfig.errorFormat as ErrorFormat | undefined
    let document: OpenApiDocument | null = null
    let json = ''
    instance.addHook('onRoute', function collect(this: CollectedRoute['instance'], view) {
      if (!isAutomaticHeadRoute(view)) collected.push({ routeOptions: view, instance: this })
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
      // the page fetches the JSON by its full URL, under the plugin's context prefix
      const jsonUrl = instance.prefix + jsonPath
      const files = await docsFiles(docsPath, jsonUrl, options.info.title, instance.prefix)
      const pages = pagePaths(docsPath, instance.initialConfig.ignoreTrailingSlash === true)
      if (typeof files === 'string') serveMissingUi(instance, pages, jsonUrl, files)
      else for (const file of withPageTwins(files, docsPath, pages)) serveFile(instance, file)
    }

    function getDocument(): OpenApiDocument {
      return document ?? buildDocument(options, collected, errorFormat)
    }
    return instance.decorate('openapi', getDocument)
  },
  { name: 'warren-openapi' },
)

/** What the document cannot do without, refused at registration rather than as a TypeError from deep inside (JavaScript callers). */
function checkOptions(options: OpenApiOptions): void {
  const info = (options as Partial<OpenApiOptions> | undefined)?.info
  if (info === null || typeof info !== 'object' || typeof info.title !== 'string' || typeof info.version !== 'string') {
    throw new codes.SVC_ERR_OPENAPI_OPTIONS("the options need `info: { title, version }` (strings), which every OpenAPI document has")
  }
  checkPath('path', options.path, true)
  checkPath('docs', options.docs, true)
  checkPath('basePath', options.basePath, false)
}

function checkPath(key: string, value: unknown, mayBeFalse: boolean): void {
  if (value === undefined || (mayBeFalse && value === false) || (typeof value === 'string' && value.startsWith('/'))) return
  throw new codes.SVC_ERR_OPENAPI_OPTIONS(`\`${key}\` is a path starting with '/'${mayBeFalse ? ' or false' : ''}, not ${JSON.stringify(value)}`)
}

/** `/docs` and `/docs/`, or one of them when the router treats them as one. */
function pagePaths(docsPath: string, ignoreTrailingSlash: boolean): string[] {
  const base = docsPath.endsWith('/') ? docsPath.slice(0, -1) : docsPath
  return base === '' || ignoreTrailingSlash ? [docsPath] : [base, `${base}/`]
}

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

/** Without swagger-ui-dist's files: a warning at start-up, and a 501 at the page's addresses that says why. */
function serveMissingUi(instance: Warren, pages: string[], jsonUrl: string, why: MissingUi): void {
  const message = missingUiMessage(jsonUrl, why)
  const cause = why === 'not-installed' ? `${uiPackage} is not installed` : `this runtime cannot read ${uiPackage}'s files`
  instance.log.warn(`warren/openapi: ${cause}, so ${instance.prefix}${pages[0]} serves no page (docs: false turns the page off)`)
  for (const path of pages) {
    instance.get(path, { schema: { hide: true } }, async (_request, reply) => reply.code(501).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(message))
  }
}

export default openapi
export { openapi }
