/**
 * @module `warren/openapi`: the plugin that documents an application. Registered at the root, it
 * watches every route declared after it (an `onRoute` hook, inherited by every context), builds
 * one OpenAPI 3.1 document when the application is ready, serves it as JSON, and serves an API
 * reference page (swagger-ui) that reads it.
 */
import { isAutomaticHeadRoute, plugin, type ErrorFormat } from '../../index.js'
import { buildDocument, type CollectedRoute } from './document.js'
import { docsFiles, docsPolicy } from './docs-page.js'
import type { OpenApiDocument, OpenApiOptions } from './types.js'

export type * from './types.js'

/**
 * Documents the application: `app.openapi()` returns the OpenAPI 3.1 document of every route
 * declared after the plugin, in every context; the document is served at `path`
 * (`/openapi.json`) and a reference page at `docs` (`/docs`). Register it first, at the root,
 * and `await` it when routes are declared on the root itself.
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
      for (const file of await docsFiles(docsPath, instance.prefix + jsonPath, options.info.title, instance.prefix)) {
        instance.get(file.path, { schema: { hide: true } }, async (_request, reply) => {
          reply.header('cache-control', file.cacheControl).header('x-content-type-options', 'nosniff')
          if (file.contentType.startsWith('text/html')) reply.header('content-security-policy', docsPolicy)
          return reply.type(file.contentType).send(file.body)
        })
      }
    }

    /** The document: built once at `ready()`; before that, from the routes declared so far. */
    function getDocument(): OpenApiDocument {
      return document ?? buildDocument(options, collected, errorFormat)
    }
    return instance.decorate('openapi', getDocument)
  },
  { name: 'warren-openapi' },
)

export default openapi
export { openapi }
