/**
 * @module What token authentication tells the OpenAPI document about its context: the security
 * scheme (HTTP `bearer` for the Bearer scheme; for any other scheme, which OpenAPI's `http` type
 * cannot name, the `Authorization` header as an API key whose value starts with the scheme), the
 * requirement its operations carry (anonymous allowed too when authentication is optional), and
 * the 401 they may answer.
 */
import type { OpenApiContribution, OpenApiSecurityScheme } from '../../index.js'

/** How the scheme is named and described in the OpenAPI document. */
export interface AuthDocumentation {
  /** Its key in `components.securitySchemes` (default `bearerAuth` for Bearer, `<scheme>Auth` otherwise, e.g. `tokenAuth`). */
  name?: string
  /** Its description. */
  description?: string
  /** A hint of the token's format (`JWT`), for the Bearer scheme. */
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

/**
 * The contribution of a context where `scheme` authenticates requests. Its 401 is documented as the
 * application's error body unless `customBody` (an `errorResponse` builds another).
 */
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
