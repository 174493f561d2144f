/**
 * @module app/response-schemas
 * What `client({ app, validate: true })` (`warren/client`) checks answers against: every declared
 * route's response schemas, keyed `'<METHOD> <path>'` as the typed client names routes, and the
 * shared schemas (`$id`) their `Type.Ref`s point at, each entry in its full form (a short form
 * wrapped as the serializer compiles it), and the application's `validator` option (its formats
 * and keywords). The client finds the function under a
 * registry symbol (`Symbol.for`) on the application it injects into, so it imports nothing of the
 * server; the route table is read when the client first asks, after the routes exist.
 */
import { hasContentMap, toFullSchema } from '../schema/normalize.js'
import type { ValidatorOptions } from '../types/index.js'
import type { RouteTable } from './route-table.js'

/** The registry key of the function, on the root instance. `warren/client` spells the same key. */
export const kResponseSchemas: unique symbol = Symbol.for('warren.client.response-schemas')

/** Response schemas by route and status key, the shared schemas they may reference, the `validator` option. */
export interface ResponseSchemaExport {
  routes: Record<string, Record<string, unknown>>
  references: unknown[]
  validator: ValidatorOptions
}

/** A response entry in its full form: a schema, or a `content` map of full schemas. */
function fullEntry(entry: unknown): unknown {
  if (!hasContentMap(entry)) return toFullSchema(entry)
  const content = Object.fromEntries(Object.entries(entry.content).map(([mediaType, media]) => [mediaType, { ...media, schema: toFullSchema(media.schema) }]))
  return { ...entry, content }
}

/** Collects the response schemas of the routes in `table` (automatic HEAD routes left out). */
export function responseSchemasOf(table: RouteTable, validator: ValidatorOptions): ResponseSchemaExport {
  const routes: Record<string, Record<string, unknown>> = {}
  const references = new Map<string, unknown>()
  for (const route of table.routes) {
    if (table.automaticHeads.has(route)) continue
    const response = route.routeOptions.schema?.response as Record<string, unknown> | undefined
    if (response === undefined) continue
    const methods: string[] = Array.isArray(route.routeOptions.method) ? route.routeOptions.method : [route.routeOptions.method]
    const entries = Object.fromEntries(Object.entries(response).map(([status, entry]) => [status, fullEntry(entry)]))
    for (const method of methods) routes[`${method.toUpperCase()} ${route.routeOptions.url}`] = entries
    for (const [id, schema] of Object.entries(route.server.getSchemas() as Record<string, unknown>)) references.set(id, schema)
  }
  return { routes, references: [...references.values()], validator }
}
