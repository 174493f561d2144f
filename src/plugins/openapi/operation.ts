/**
 * @module One route as one OpenAPI operation: path, parameters, body and responses from its schemas,
 * documentation keywords, its context's contributions, and warren's error responses.
 */
import { STATUS_CODES } from 'node:http'
import { codes, isStandardSchema, openApiContributionsOf } from '../../index.js'
import { addErrorResponses, type ErrorComponents } from './error-responses.js'
import { convertRouteSchema, isPlainObject, resolvePointer, type SchemaSite, type SharedLookup } from './json-schema.js'
import type { LibraryComponents, SchemaSide } from './library-schemas.js'
import type { JsonSchema, OpenApiOperation, OpenApiParameter, OpenApiRequestBody, OpenApiResponse, ParameterLocation } from './types.js'

export interface RouteInput {
  method: string
  path: string
  pathParams: string[]
  schema: Record<string, unknown>
  instance: object
  label: string
}

type PartConverter = (schema: unknown, site: SchemaSite, side: SchemaSide) => JsonSchema

/** Converts a route part: a Standard Schema through its library's components, any other as a route schema. */
export interface SchemaConverters {
  shared: SharedLookup
  components: Record<string, JsonSchema>
  library: LibraryComponents
}

function partConverter({ shared, library }: SchemaConverters): PartConverter {
  return (schema, site, side) => (isStandardSchema(schema) ? library.convert(schema, side, site) : convertRouteSchema(schema, site, shared))
}

/**
 * The operation's request side: documentation keywords, parameters and body. The document builds
 * every route's request side before any response, so a library schema's input form takes its name
 * first and a different output form is the one suffixed, whatever the order of the routes.
 */
export function buildRequestSide(route: RouteInput, converters: SchemaConverters): OpenApiOperation {
  const convertPart = partConverter(converters)
  const { schema } = route
  const operation = {} as OpenApiOperation
  if (typeof schema.operationId === 'string') operation.operationId = schema.operationId
  if (typeof schema.summary === 'string') operation.summary = schema.summary
  if (typeof schema.description === 'string') operation.description = schema.description
  if (typeof schema.deprecated === 'boolean') operation.deprecated = schema.deprecated
  if (Array.isArray(schema.tags)) operation.tags = [...schema.tags]
  const parameters = buildParameters(route, convertPart, converters.components)
  if (parameters.length > 0) operation.parameters = parameters
  const body = buildRequestBody(route, convertPart)
  if (body !== undefined) operation.requestBody = body
  return operation
}

/** The operation's responses, its context's contributions (security) and warren's error responses. */
export function addResponseSide(operation: OpenApiOperation, route: RouteInput, converters: SchemaConverters, errors: ErrorComponents): void {
  operation.responses = buildResponses(route, partConverter(converters), errors.errorMediaType)
  addContributions(operation, route)
  addErrorResponses(operation, { schema: route.schema, contributed: contributedErrors(route) }, errors)
}


const partLocations: Array<[part: string, location: ParameterLocation]> = [
  ['params', 'path'],
  ['querystring', 'query'],
  ['query', 'query'],
  ['headers', 'header'],
]
// OpenAPI ignores these header parameters: requestBody and security describe them
const describedElsewhere = new Set(['accept', 'content-type', 'authorization'])

function buildParameters(route: RouteInput, convertPart: PartConverter, components: Record<string, JsonSchema>): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = []
  for (const [part, location] of partLocations) {
    if (route.schema[part] === undefined) continue
    // `query` is an alias: the route's schema may carry both once started, the same schema
    if (part === 'query' && route.schema.querystring === route.schema.query) continue
    const site = { part, route: route.label }
    const object = objectOf(convertPart(route.schema[part], site, 'input'), components, site)
    const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : [])
    for (const [name, property] of Object.entries(object.properties)) {
      if (location === 'header' && describedElsewhere.has(name.toLowerCase())) continue
      if (location === 'path' && !route.pathParams.includes(name)) continue
      const parameter: OpenApiParameter = { name, in: location, required: location === 'path' || (required.has(name) && !hasDefault(property)), schema: property as JsonSchema }
      if (isPlainObject(property) && typeof property.description === 'string') parameter.description = property.description
      if (isPlainObject(property) && property.deprecated === true) parameter.deprecated = true
      parameters.push(parameter)
    }
  }
  // a path parameter the params schema does not describe is still a (string) parameter
  for (const name of route.pathParams) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } })
  }
  return parameters
}

/** A property the validator fills in when it is missing: a client may leave it out. */
function hasDefault(property: unknown): boolean {
  return isPlainObject(property) && Object.hasOwn(property, 'default')
}

/**
 * A request body's schema as a client may send it: a property with a `default` is not required
 * (the validator fills it in). Written anew where it changes; a shared component (`$ref`), which
 * responses may use too, is left as it is.
 */
function sendable(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(sendable)
    return items.some((item, i) => item !== schema[i]) ? items : schema
  }
  if (!isPlainObject(schema)) return schema
  let changed = false
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    const next = key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : sendable(value)
    changed ||= next !== value
    result[key] = next
  }
  const properties = isPlainObject(result.properties) ? result.properties : null
  if (properties !== null && Array.isArray(result.required)) {
    const required = (result.required as unknown[]).filter((name) => typeof name !== 'string' || !hasDefault(properties[name]))
    if (required.length !== result.required.length) {
      changed = true
      if (required.length === 0) delete result.required
      else result.required = required
    }
  }
  return changed ? result : schema
}

/** The object schema (with `properties`) a parameters part is, following a `$ref` to a shared schema. */
function objectOf(schema: JsonSchema, components: Record<string, JsonSchema>, site: SchemaSite): { properties: Record<string, unknown>; required?: unknown } {
  let node: unknown = schema
  for (let hops = 0; isPlainObject(node) && typeof node.$ref === 'string' && hops < 16; hops++) {
    node = resolvePointer({ components: { schemas: components } }, node.$ref.slice(1))
  }
  if (!isPlainObject(node) || !isPlainObject(node.properties)) {
    throw new codes.SVC_ERR_OPENAPI_UNEXPRESSIBLE(site.part, site.route, '(root)', 'parameters are described by an object schema with properties')
  }
  return node as { properties: Record<string, unknown>; required?: unknown }
}


/** True for `{ content: { 'media/type': { schema } } }` (not a TypeBox schema that has a `content` property). */
function isContentMap(entry: unknown): entry is { description?: string; content: Record<string, { schema?: unknown }> } {
  return (
    isPlainObject(entry) &&
    (entry as Record<symbol, unknown>)[Symbol.for('TypeBox.Kind')] === undefined &&
    isPlainObject(entry.content) &&
    Object.values(entry.content).every(isPlainObject)
  )
}

function mediaTypes(entry: unknown, fallback: readonly string[], site: SchemaSite, side: SchemaSide, convertPart: PartConverter): Record<string, { schema?: JsonSchema }> {
  const content: Record<string, { schema?: JsonSchema }> = {}
  if (isContentMap(entry)) {
    for (const [type, media] of Object.entries(entry.content)) {
      content[type] = media.schema === undefined ? {} : { schema: convertPart(media.schema, { ...site, part: `${site.part} (${type})` }, side) }
    }
    return content
  }
  const schema = convertPart(entry, site, side)
  for (const type of fallback) content[type] = { schema }
  return content
}

function stringList(value: unknown, fallback: string[]): string[] {
  return Array.isArray(value) && value.length > 0 ? value.map(String) : fallback
}

function buildRequestBody(route: RouteInput, convertPart: PartConverter): OpenApiRequestBody | undefined {
  const body = route.schema.body
  if (body === undefined) return undefined
  const consumes = stringList(route.schema.consumes, ['application/json'])
  const content = mediaTypes(body, consumes, { part: 'body', route: route.label }, 'input', convertPart)
  for (const media of Object.values(content)) if (media.schema !== undefined) media.schema = sendable(media.schema) as JsonSchema
  const requestBody: OpenApiRequestBody = { required: true, content }
  if (isContentMap(body) && typeof body.description === 'string') requestBody.description = body.description
  return requestBody
}


const bodiless = new Set(['204', '205', '304'])

function statusKey(key: string): string {
  return /^[1-5]xx$/i.test(key) ? key.toUpperCase() : key
}

function defaultDescription(key: string): string {
  if (key === 'default') return 'Default response'
  if (key.endsWith('XX')) return `${key[0]}XX response`
  return STATUS_CODES[Number(key)] ?? `${key} response`
}

/**
 * A response's description: the schema's own (TypeBox's, JSON Schema's, a Zod schema's property),
 * else, for a Standard Schema whose library keeps it only in its JSON Schema (Valibot, ArkType),
 * the one its conversion carries.
 */
function describedBy(entry: unknown, content: Record<string, { schema?: JsonSchema }> | undefined, site: SchemaSite, convertPart: PartConverter): string | undefined {
  if (isPlainObject(entry) && typeof entry.description === 'string') return entry.description
  if (!isStandardSchema(entry)) return undefined
  const json = content === undefined ? convertPart(entry, site, 'output') : Object.values(content)[0]?.schema
  return isPlainObject(json) && typeof json.description === 'string' ? json.description : undefined
}

/** An error status, which a thrown error answers too: 4xx, 5xx, their classes and `default`. */
function isErrorKey(key: string): boolean {
  return key === 'default' || /^[45]/.test(key)
}

/**
 * The route's declared responses. Under an error format of its own media type, an error status's
 * schema is listed under that type too: a thrown error goes out as it, a body sent as JSON.
 */
function buildResponses(route: RouteInput, convertPart: PartConverter, errorMediaType: string | null): Record<string, OpenApiResponse> {
  const declared = isPlainObject(route.schema.response) ? route.schema.response : {}
  const produces = stringList(route.schema.produces, ['application/json'])
  const responses: Record<string, OpenApiResponse> = {}
  for (const [rawKey, entry] of Object.entries(declared)) {
    const key = statusKey(rawKey)
    const site = { part: `response ${rawKey}`, route: route.label }
    const types = errorMediaType !== null && isErrorKey(key) && route.schema.produces === undefined ? [...produces, errorMediaType] : produces
    const content = bodiless.has(key) ? undefined : mediaTypes(entry, types, site, 'output', convertPart)
    const response: OpenApiResponse = { description: describedBy(entry, content, site, convertPart) ?? defaultDescription(key) }
    if (content !== undefined) response.content = content
    responses[key] = response
  }
  // without response schemas, a plain return is sent with status 200
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK' }
  return responses
}


/** The error statuses the context's plugins answer, outermost first (an inner description wins). */
function contributedErrors(route: RouteInput): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const contribution of openApiContributionsOf(route.instance)) Object.assign(errors, contribution.errors)
  return errors
}

function addContributions(operation: OpenApiOperation, route: RouteInput): void {
  // every contribution's requirement applies (AND), so alternatives combine as a cross product
  let required: Array<Record<string, string[]>> = [{}]
  for (const contribution of openApiContributionsOf(route.instance)) {
    const alternatives = contribution.security ?? []
    if (alternatives.length > 0) required = required.flatMap((so) => alternatives.map((alt) => ({ ...so, ...structuredClone(alt) })))
    for (const [key, response] of Object.entries(contribution.responses ?? {})) {
      const status = statusKey(key)
      if (operation.responses[status] === undefined) operation.responses[status] = structuredClone(response)
    }
  }
  // a route's own `security` replaces its context's, as an operation's does in OpenAPI
  const own = route.schema.security
  if (Array.isArray(own)) operation.security = structuredClone(own)
  else if (Object.keys(required[0]).length > 0) operation.security = required
}
