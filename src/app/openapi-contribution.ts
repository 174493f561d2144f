/**
 * @module What a plugin tells the OpenAPI document about the context it is registered in: a
 * security scheme, the requirement its operations carry, extra responses and error statuses. Stored on the instance
 * under a well-known symbol, so encapsulation makes a contribution visible to exactly that
 * context and its descendants; the `warren/openapi` plugin reads it per route through the
 * instance the route was declared on. Plain data, no dependency on the OpenAPI plugin: a plugin
 * can contribute whether or not the application documents itself.
 */

/** An OpenAPI 3.1 security scheme (`components.securitySchemes` entry). */
export type OpenApiSecurityScheme =
  | { type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { type: 'apiKey'; name: string; in: 'query' | 'header' | 'cookie'; description?: string }
  | { type: 'oauth2'; flows: Record<string, unknown>; description?: string }
  | { type: 'openIdConnect'; openIdConnectUrl: string; description?: string }
  | { type: 'mutualTLS'; description?: string }

/** One security requirement: scheme name to the scopes it needs (`[]` for schemes without scopes). */
export type OpenApiSecurityRequirement = Record<string, string[]>

/** An OpenAPI 3.1 response object. */
export interface OpenApiResponse {
  description: string
  content?: Record<string, { schema?: unknown }>
  headers?: Record<string, unknown>
}

/** What a plugin adds to the operations of its context. */
export interface OpenApiContribution {
  /** Schemes added to `components.securitySchemes`, by name. */
  securitySchemes?: Record<string, OpenApiSecurityScheme>
  /** Requirements every operation of the context carries (alternatives, as in OpenAPI's `security`). */
  security?: OpenApiSecurityRequirement[]
  /** Responses every operation of the context may give, by status key (the route's own win). */
  responses?: Record<string, OpenApiResponse>
  /**
   * Error statuses every operation of the context may answer through the error handler, with
   * their description: documented with the application's error body (`errorFormat`). The route's own win.
   */
  errors?: Record<string, string>
}

/** The well-known key contributions live under on an instance (global, so copies of warren agree). */
export const kOpenApiContributions: unique symbol = Symbol.for('warren.openapi.contributions')

type Contributable = { decorate(name: symbol, value: unknown): unknown }

/**
 * Declares, for the context `instance` is (the one a `plugin()`-wrapped plugin receives), what
 * its operations add to the OpenAPI document. Call it while the plugin loads, before `ready()`.
 *
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
  // a new array for this context, so the parent's list is left as it was (copy on write)
  holder.decorate(kOpenApiContributions, [...openApiContributionsOf(instance), contribution])
}

/** The contributions that apply to routes declared on `instance`, outermost context first. */
export function openApiContributionsOf(instance: object): readonly OpenApiContribution[] {
  return (instance as { [kOpenApiContributions]?: OpenApiContribution[] })[kOpenApiContributions] ?? []
}
