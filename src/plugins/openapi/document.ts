/**
 * @module The OpenAPI document built from the collected routes: shared schemas, operations, security
 * schemes and warren's error responses as components.
 */
import { isDeepStrictEqual } from 'node:util'
import { codes, openApiContributionsOf, type ErrorFormat, type RouteOptionsView } from '../../index.js'
import { componentKey, convertSharedSchema, isPlainObject, stableJson, type SharedLookup, type SharedTarget } from './json-schema.js'
import { errorComponents, ownErrorComponents } from './error-responses.js'
import { LibraryComponents } from './library-schemas.js'
import { addResponseSide, buildRequestSide, type RouteInput, type SchemaConverters } from './operation.js'
import { openApiPaths } from './path.js'
import type { JsonSchema, OpenApiDocument, OpenApiMethod, OpenApiOperation, OpenApiOptions, OpenApiSecurityScheme } from './types.js'

export interface CollectedRoute {
  routeOptions: RouteOptionsView
  instance: { getSchemas(): Record<string, unknown> }
}

const documentedMethods = new Set<string>(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

interface SharedEntry extends SharedTarget {
  /** The shared schemas of the context it was first seen in, where its `$ref`s resolve. */
  schemas: Record<string, unknown>
  label: string
}

/** Builds the document; throws a coded error naming the route for anything OpenAPI cannot say. */
export function buildDocument(options: OpenApiOptions, collected: readonly CollectedRoute[], errorFormat?: ErrorFormat): OpenApiDocument {
  const base = basePathOf(options)
  const routes = collected.filter((route) => isDocumented(route) && relativeUrl(route.routeOptions.url, base) !== null)
  const shared = collectShared(routes)
  const components: Record<string, JsonSchema> = {}
  for (const [, entry] of shared) {
    components[entry.name] = convertSharedSchema(entry.raw, entry.name, { part: `shared schema '${entry.name}'`, route: entry.label }, lookupIn(entry.schemas, shared))
  }
  const taken = new Set(Object.keys(components))
  const errors = options.errorResponses === false ? ownErrorComponents : errorComponents(errorFormat, (name) => {
    const free = componentName(name, taken)
    taken.add(free)
    return free
  })
  Object.assign(components, errors.schemas)
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: structuredClone(options.info),
    ...(options.servers ? { servers: structuredClone(options.servers) } : base !== '' && { servers: [{ url: base }] }),
    paths: {},
    components: {},
    ...(options.tags && { tags: structuredClone(options.tags) }),
    ...(options.externalDocs && { externalDocs: structuredClone(options.externalDocs) }),
  }
  const securitySchemes = new Map<string, { scheme: OpenApiSecurityScheme; label: string }>()
  const library = new LibraryComponents(components, (name) => {
    const entry = [...shared.values()].find((known) => known.name === name)
    if (entry !== undefined) return `the shared schema '${name}' (addSchema, in the context of route ${entry.label})`
    return Object.hasOwn(errors.schemas, name) ? "warren's error body" : undefined
  })
  const operationIds = new Map<string, string>()
  const built: Array<{ operation: OpenApiOperation; input: RouteInput; converters: SchemaConverters }> = []
  for (const { routeOptions: view, instance } of routes) {
    const converters = { shared: lookupIn(schemasOf(instance), shared), components, library }
    openApiPaths(relativeUrl(view.url, base) as string).forEach(({ path, params }, variant) => {
      methodsOf(view).forEach((method, methodIndex) => {
        const item = (document.paths[path] ??= {})
        if (item[method] !== undefined) return // '/prefix' and '/prefix/' are one operation
        const label = `${method.toUpperCase()} ${view.url}`
        const input = { method, path, pathParams: params, schema: schemaOf(view), instance, label }
        const operation = buildRequestSide(input, converters)
        // an operationId is unique in a document: a route's first method on its longest path keeps it
        if (variant > 0 || methodIndex > 0) delete operation.operationId
        else if (operation.operationId !== undefined) claimOperationId(operationIds, operation.operationId, label)
        item[method] = operation
        built.push({ operation, input, converters })
      })
    })
    for (const contribution of openApiContributionsOf(instance)) addSecuritySchemes(securitySchemes, contribution.securitySchemes ?? {}, `${String(methodsOf(view)[0]).toUpperCase()} ${view.url}`)
  }
  for (const { operation, input, converters } of built) addResponseSide(operation, input, converters, errors)
  if (Object.keys(components).length > 0) document.components.schemas = components
  if (Object.keys(errors.responses).length > 0) document.components.responses = errors.responses
  if (securitySchemes.size > 0) document.components.securitySchemes = Object.fromEntries([...securitySchemes].map(([name, { scheme }]) => [name, scheme]))
  return document
}

/** One name, one scheme: two contexts guarded differently under one name would each be documented as the other. */
function addSecuritySchemes(known: Map<string, { scheme: OpenApiSecurityScheme; label: string }>, given: Record<string, OpenApiSecurityScheme>, label: string): void {
  for (const [name, scheme] of Object.entries(given)) {
    const first = known.get(name)
    if (first === undefined) known.set(name, { scheme: structuredClone(scheme), label })
    else if (!isDeepStrictEqual(first.scheme, scheme)) throw new codes.SVC_ERR_OPENAPI_SECURITY_SCHEME_CONFLICT(name, first.label, label)
  }
}

/** Clients generated from the document name their functions by operationId: two routes with one would collide. */
function claimOperationId(claimed: Map<string, string>, id: string, label: string): void {
  const first = claimed.get(id)
  if (first !== undefined) throw new codes.SVC_ERR_OPENAPI_OPERATION_ID_TAKEN(first, label, id)
  claimed.set(id, label)
}

function basePathOf(options: OpenApiOptions): string {
  const base = options.basePath ?? ''
  if (base !== '' && !base.startsWith('/')) throw new TypeError(`warren/openapi: basePath must start with '/' (got ${JSON.stringify(base)})`)
  return base.replace(/\/+$/, '')
}

function relativeUrl(url: string, base: string): string | null {
  if (base === '') return url
  if (url === base) return '/'
  return url.startsWith(`${base}/`) ? url.slice(base.length) : null
}

function schemaOf(view: RouteOptionsView): Record<string, unknown> {
  return isPlainObject(view.schema) ? (view.schema as Record<string, unknown>) : {}
}

/** Hidden with `schema: { hide: true }`, the keyword other OpenAPI plugins read too, so one route works with both. */
function isDocumented(route: CollectedRoute): boolean {
  return schemaOf(route.routeOptions).hide !== true && methodsOf(route.routeOptions).length > 0
}

function methodsOf(view: RouteOptionsView): OpenApiMethod[] {
  const methods = Array.isArray(view.method) ? view.method : [view.method]
  return methods.map((m) => String(m).toLowerCase()).filter((m): m is OpenApiMethod => documentedMethods.has(m))
}

// getSchemas() builds a fresh record: read it once per context
const schemasCache = new WeakMap<object, Record<string, unknown>>()
function schemasOf(instance: CollectedRoute['instance']): Record<string, unknown> {
  let schemas = schemasCache.get(instance)
  if (schemas === undefined) {
    schemas = instance.getSchemas()
    schemasCache.set(instance, schemas)
  }
  return schemas
}

function collectShared(routes: readonly CollectedRoute[]): Map<string, SharedEntry> {
  const byId = new Map<string, SharedEntry>()
  const names = new Set<string>()
  for (const { routeOptions: view, instance } of routes) {
    const schemas = schemasOf(instance)
    for (const [id, raw] of Object.entries(schemas)) {
      const known = byId.get(id)
      if (known === undefined) {
        const name = componentName(id, names)
        names.add(name)
        byId.set(id, { name, raw, schemas, label: `${String(view.method)} ${view.url}` })
      } else if (known.raw !== raw && stableJson(known.raw) !== stableJson(raw)) {
        throw new codes.SVC_ERR_OPENAPI_SCHEMA_CONFLICT(id, known.label, `${String(view.method)} ${view.url}`)
      }
    }
  }
  return byId
}

function lookupIn(schemas: Record<string, unknown>, shared: Map<string, SharedEntry>): SharedLookup {
  return (id) => (Object.hasOwn(schemas, id) ? shared.get(id) : undefined)
}

function componentName(id: string, taken: Set<string>): string {
  const base = componentKey(id)
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`
  return name
}
