/**
 * @module app/openapi-contribution
 * What a plugin adds to the OpenAPI document for its context, kept under a well-known symbol so
 * encapsulation scopes it; read by `warren/openapi`.
 */

/** An OpenAPI 3.1 security scheme (`components.securitySchemes` entry). */
export type OpenApiSecurityScheme =
  | { type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { type: 'apiKey'; name: string; in: 'query' | 'header' | 'cookie'; description?: string }
  | { type: 'oauth2'; flows: Record<string, unknown>; description?: string }
  | { type: 'openIdConnect'; openIdConnectUrl: string; description?: string }
  | { type: 'mutualTLS'; description?: string }

/** One security requirement: scheme name to the scopes it needs. */
export type OpenApiSecurityRequirement = Record<string, string[]>

export interface OpenApiResponse {
  description: string
  content?: Record<string, { schema?: unknown }>
  headers?: Record<string, unknown>
}

export interface OpenApiContribution {
  securitySchemes?: Record<string, OpenApiSecurityScheme>
  /** Requirements every operation of the context carries (alternatives). */
  security?: OpenApiSecurityRequirement[]
  /** Responses every operation of the context may give, by status (the route's own win). */
  responses?: Record<string, OpenApiResponse>
  /** Error statuses every operation may answer, with their description, documented with the error body (the route's own win). */
  errors?: Record<string, string>
}

/** The key contributions live under (global, so copies of warren agree). */
export const kOpenApiContributions: unique symbol = Symbol.for('warren.openapi.contributions')

type Contributable = { decorate(name: symbol, value: unknown): unknown }

/**
 * Declares what the operations of `instance`'s context add to the OpenAPI document; call it while the plugin loads.
 * @example
 * ```ts
 * const apiKey = plugin(async (instance) => {
 *   contributeOpenApi(instance, {
 *     securitySchemes: { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } },
 *     security: [{ apiKey: [] }],
 *     responses: { 401: { description: 'Missing or wrong API key' } },
 *   })
 *   instance.addHook('onRequest', checkKey)
 * })
 * ```
 */
export function contributeOpenApi(instance: object, contribution: OpenApiContribution): void {
  const holder = instance as Contributable & { [kOpenApiContributions]?: OpenApiContribution[] }
  if (Object.hasOwn(holder, kOpenApiContributions)) {
    holder[kOpenApiContributions]!.push(contribution)
    return
  }
  // copy on write: the parent's list stays as it was
  holder.decorate(kOpenApiContributions, [...openApiContributionsOf(instance), contribution])
}

/** The contributions that apply to routes declared on `instance`, outermost context first. */
export function openApiContributionsOf(instance: object): readonly OpenApiContribution[] {
  return (instance as { [kOpenApiContributions]?: OpenApiContribution[] })[kOpenApiContributions] ?? []
}
