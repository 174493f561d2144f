/**
 * @module What token authentication adds to the OpenAPI document: the security scheme (HTTP
 * `bearer`, or an API-key header for other schemes), the requirement, and the 401.
 */
import type { OpenApiContribution, OpenApiSecurityScheme } from '../../index.js'

export interface AuthDocumentation {
  /** Its key in `components.securitySchemes` (default `bearerAuth`, or `<scheme>Auth`). */
  name?: string
  description?: string
  bearerFormat?: string
}

function schemeObject(scheme: string, documentation: AuthDocumentation): OpenApiSecurityScheme {
  const { description, bearerFormat } = documentation
  if (scheme.toLowerCase() === 'bearer') {
    return { type: 'http', scheme: 'bearer', ...(bearerFormat !== undefined && { bearerFormat }), ...(description !== undefined && { description }) }
  }
  return { type: 'apiKey', in: 'header', name: 'Authorization', description: description ?? `The header \`Authorization: ${scheme} <token>\`.` }
}

function unauthorizedDescription(scheme: string, optional: boolean): string {
  const what = scheme.toLowerCase() === 'bearer' ? 'bearer token' : `credentials (\`Authorization: ${scheme} <token>\`)`
  return `${optional ? 'Malformed' : 'Missing, malformed'} or invalid ${what}`
}

/** The contribution of a context `scheme` authenticates; its 401 is the application's error body unless `customBody`. */
export function securityContribution(scheme: string, optional: boolean, documentation: AuthDocumentation = {}, customBody = false): OpenApiContribution {
  const name = documentation.name ?? (scheme.toLowerCase() === 'bearer' ? 'bearerAuth' : `${scheme.toLowerCase()}Auth`)
  return {
    securitySchemes: { [name]: schemeObject(scheme, documentation) },
    // `{}` is the alternative without credentials: the operation also answers anonymous requests
    security: optional ? [{ [name]: [] }, {}] : [{ [name]: [] }],
    ...(customBody
      ? { responses: { 401: { description: unauthorizedDescription(scheme, optional) } } }
      : { errors: { 401: unauthorizedDescription(scheme, optional) } }),
  }
}
