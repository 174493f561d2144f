/**
 * @module The OpenAPI 3.1 document as TypeScript types, for the objects warren produces or passes
 * through (with `x-` extensions where the specification allows them).
 */
import type { OpenApiResponse, OpenApiSecurityRequirement, OpenApiSecurityScheme } from '../../index.js'

/** A JSON Schema (2020-12 dialect), as plain data. */
export type JsonSchema = { [keyword: string]: unknown } | boolean

export type Extensions = { [key: `x-${string}`]: unknown }

export interface OpenApiContact extends Extensions {
  name?: string
  url?: string
  email?: string
}

export interface OpenApiLicense extends Extensions {
  name: string
  identifier?: string
  url?: string
}

export interface OpenApiInfo extends Extensions {
  title: string
  version: string
  summary?: string
  description?: string
  termsOfService?: string
  contact?: OpenApiContact
  license?: OpenApiLicense
}

export interface OpenApiServerVariable extends Extensions {
  default: string
  enum?: string[]
  description?: string
}

export interface OpenApiServer extends Extensions {
  url: string
  description?: string
  variables?: Record<string, OpenApiServerVariable>
}

export interface OpenApiExternalDocs extends Extensions {
  url: string
  description?: string
}

export interface OpenApiTag extends Extensions {
  name: string
  description?: string
  externalDocs?: OpenApiExternalDocs
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

export interface OpenApiParameter extends Extensions {
  name: string
  in: ParameterLocation
  required?: boolean
  description?: string
  deprecated?: boolean
  schema: JsonSchema
}

export interface OpenApiMediaType extends Extensions {
  schema?: JsonSchema
}

export interface OpenApiRequestBody extends Extensions {
  required?: boolean
  description?: string
  content: Record<string, OpenApiMediaType>
}

/** A reference to a shared part of the document; it has no `content`, so response maps read the same. */
export interface OpenApiReference {
  $ref: string
  summary?: string
  description?: string
  content?: never
}

export interface OpenApiOperation extends Extensions {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  deprecated?: boolean
  parameters?: OpenApiParameter[]
  requestBody?: OpenApiRequestBody
  /** By status key; warren's own error responses refer to `components.responses`. */
  responses: Record<string, OpenApiResponse | OpenApiReference>
  security?: OpenApiSecurityRequirement[]
}

export type OpenApiMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace'

export type OpenApiPathItem = { [M in OpenApiMethod]?: OpenApiOperation }

export interface OpenApiComponents extends Extensions {
  schemas?: Record<string, JsonSchema>
  /** The error responses warren answers (`WarrenBadRequest`, `WarrenNotFound`…), referred to by the operations. */
  responses?: Record<string, OpenApiResponse>
  securitySchemes?: Record<string, OpenApiSecurityScheme>
}

export interface OpenApiDocument extends Extensions {
  openapi: '3.1.0'
  info: OpenApiInfo
  servers?: OpenApiServer[]
  paths: Record<string, OpenApiPathItem>
  components: OpenApiComponents
  security?: OpenApiSecurityRequirement[]
  tags?: OpenApiTag[]
  externalDocs?: OpenApiExternalDocs
}

/** Options of the `warren/openapi` plugin. */
export interface OpenApiOptions {
  info: OpenApiInfo
  /** The servers the API is reachable at (default: `[{ url: basePath }]` when `basePath` is given). */
  servers?: OpenApiServer[]
  /** The prefix the API lives under (`/api`): paths are written relative to it, routes outside it left out. Default `servers`: `[{ url: basePath }]`. */
  basePath?: `/${string}`
  /** Document warren's own error responses with the application's `errorFormat` body (default `true`); `false` when an error handler answers its own shape. */
  errorResponses?: boolean
  tags?: OpenApiTag[]
  externalDocs?: OpenApiExternalDocs
  /** Where the document is served as JSON (default `/openapi.json`); `false` serves nothing. */
  path?: `/${string}` | false
  /** Where the reference page is served (default `/docs`, `/docs/` too); `false` serves none. Without `swagger-ui-dist` it answers 501. */
  docs?: `/${string}` | false
}

export type { OpenApiResponse, OpenApiSecurityRequirement, OpenApiSecurityScheme }
