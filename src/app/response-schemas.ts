/**
 * @module app/response-schemas
 * The response schemas of every declared route (keyed `'<METHOD> <path>'`) and the shared schemas
 * they reference, exposed under a `Symbol.for` key for `client({ app, validate: true })`.
 */
import { hasContentMap, toFullSchema } from '../schema/normalize.js'
import type { ValidatorOptions } from '../types/index.js'
import type { RouteTable } from './route-table.js'

/** The key of the export on the root instance; `warren/client` spells the same key. */
export const kResponseSchemas: unique symbol = Symbol.for('warren.client.response-schemas')

export interface ResponseSchemaExport {
  routes: Record<string, Record<string, unknown>>
  references: unknown[]
  validator: ValidatorOptions
}

function fullEntry(entry: unknown): unknown {
  if (!hasContentMap(entry)) return toFullSchema(entry)
  const content = Object.fromEntries(Object.entries(entry.content).map(([mediaType, media]) => [mediaType, { ...media, schema: toFullSchema(media.schema) }]))
  return { ...entry, content }
}

/** The response schemas of the routes in `table`, automatic HEAD routes left out. */
export function responseSchemasOf(table: RouteTable, validator: ValidatorOptions): ResponseSchemaExport {
  const routes: Record<string, Record<string, unknown>> = {}
  const references = new Map<string, unknown>()
  for (const route of table.routes) {
    if (route.headOfGet) continue
    const response = route.routeOptions.schema?.response as Record<string, unknown> | undefined
    if (response === undefined) continue
    const methods: string[] = Array.isArray(route.routeOptions.method) ? route.routeOptions.method : [route.routeOptions.method]
    const entries = Object.fromEntries(Object.entries(response).map(([status, entry]) => [status, fullEntry(entry)]))
    for (const method of methods) routes[`${method.toUpperCase()} ${route.routeOptions.url}`] = entries
    for (const [id, schema] of Object.entries(route.server.getSchemas() as Record<string, unknown>)) references.set(id, schema)
  }
  return { routes, references: [...references.values()], validator }
}

declare module '../model/context.js' {
  interface InstanceState {
    [kResponseSchemas]?: () => ResponseSchemaExport
  }
}
