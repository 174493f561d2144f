/**
 * @module The OpenAPI 3.1 document as TypeScript types: what `app.openapi()` returns and what
 * the plugin's options accept. Written for warren from the OpenAPI 3.1.0 specification (only
 * the objects warren produces or lets users pass through; `x-` extensions are allowed where the
 * specification allows them).
 */
import type { OpenApiResponse, OpenApiSecurityRequirement, OpenApiSecurityScheme } from '../../index.js'

/** A JSON Schema (2020-12 dialect), as plain data. */
export type JsonSchema = { [keyword: string]: unknown } | boolean

/** Specification extensions: any `x-` key. */
export type Extensions = { [key: `x-${string}`]: unknown }

/** Contact information of the API. */
export interface OpenApiContact extends Extensions {
  name?: string
  url?: string
  email?: string
}

/** License of the API. */
export interface OpenApiLicense extends Extensions {
  name: string
  identifier?: string
  url?: string
}

/** The `info` object: title and version are required. */
export interface OpenApiInfo extends Extensions {
  title: string
  version: string
  summary?: string
  description?: string
  termsOfService?: string
  contact?: OpenApiContact
  license?: OpenApiLicense
}

/** A variable of a server URL template. */
export interface OpenApiServerVariable extends Extensions {
  default: string
  enum?: string[]
  description?: string
}

/** A server the API is reachable at. */
export interface OpenApiServer extends Extensions {
  url: string
  description?: string
  variables?: Record<string, OpenApiServerVariable>
}

/** A link to external documentation. */
export interface OpenApiExternalDocs extends Extensions {
  url: string
  description?: string
}

/** A tag with its description. */
export interface OpenApiTag extends Extensions {
  name: string
  description?: string
  externalDocs?: OpenApiExternalDocs
}

/** Where a parameter is read from. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

/** One parameter of an operation. */
export interface OpenApiParameter extends Extensions {
  name: string
  in: ParameterLocation
  required?: boolean
  description?: string
  deprecated?: boolean
  schema: JsonSchema
}

/** One media type of a body. */
export interface OpenApiMediaType extends Extensions {
  schema?: JsonSchema
}

/** The request body of an operation. */
export interface OpenApiRequestBody extends Extensions {
  required?: boolean
  description?: string
  content: Record<string, OpenApiMediaType>
}

/**
 * A reference to a shared part of the document (`#/components/responses/...`). It has no content
 * of its own (`content` is always absent), so a response map reads the same whichever it holds.
 */
export interface OpenApiReference {
  $ref: string
  summary?: string
  description?: string
  content?: never
}

/** One operation: a method on a path. */
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

/** The methods a path item can hold. */
export type OpenApiMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace'

/** The operations of one path. */
export type OpenApiPathItem = { [M in OpenApiMethod]?: OpenApiOperation }

/** Reusable parts of the document. */
export interface OpenApiComponents extends Extensions {
  schemas?: Record<string, JsonSchema>
  /** The error responses warren answers (`WarrenBadRequest`, `WarrenNotFound`…), referred to by the operations. */
  responses?: Record<string, OpenApiResponse>
  securitySchemes?: Record<string, OpenApiSecurityScheme>
}

/** An OpenAPI 3.1 document, as `app.openapi()` returns it. */
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
  /** The document's `info` (title and version required). */
  info: OpenApiInfo
  /** The servers the API is reachable at (default: `[{ url: basePath }]` when `basePath` is given). */
  servers?: OpenApiServer[]
  /**
   * The prefix the API's routes live under (`/api`): paths are written relative to it (`/api/users`
   * is `/users`), as OpenAPI reads them against a server URL that ends with it, and routes outside
   * it are left out of the document. Without `servers`, the document gets `servers: [{ url: basePath }]`.
   */
  basePath?: `/${string}`
  /**
   * Whether the error responses warren itself gives (400, 413, 415, 500, the not-found answer, a
   * plugin's 401) are documented with the body of the application's `errorFormat` (default `true`).
   * `false` for an application whose error handler answers a shape of its own: its routes declare
   * their error responses, and a plugin's status is documented by its description only.
   */
  errorResponses?: boolean
  /** Descriptions of the tags operations use. */
  tags?: OpenApiTag[]
  /** A link to external documentation. */
  externalDocs?: OpenApiExternalDocs
  /** Where the document is served as JSON (default `/openapi.json`); `false` serves nothing. */
  path?: `/${string}` | false
  /**
   * Where the reference page is served (default `/docs`; `/docs/` answers too); `false` serves no
   * page. The page needs the `swagger-ui-dist` package (an optional peer dependency): without it,
   * this address answers 501 with what to install, and a warning is logged at start-up.
   */
  docs?: `/${string}` | false
}

export type { OpenApiResponse, OpenApiSecurityRequirement, OpenApiSecurityScheme }
