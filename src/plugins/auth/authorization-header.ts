/**
 * @module Reading `authorization: <scheme> <token>` (scheme in any case) and the `www-authenticate`
 * challenges of a refusal.
 */

// an auth-scheme is an HTTP token (RFC 9110, section 5.6.2)
const schemeSyntax = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export interface SchemeReader {
  scheme: string
  tokenOf(header: string): string | null
  missingChallenge: string
  invalidChallenge: string
}

/** A reader for `scheme`; throws a `TypeError` when it is not a valid auth-scheme name. */
export function schemeReader(scheme: string): SchemeReader {
  if (typeof scheme !== 'string' || !schemeSyntax.test(scheme)) {
    throw new TypeError(`bearer-auth: 'scheme' must be an HTTP auth-scheme name such as 'Bearer' or 'Token' (got ${JSON.stringify(scheme)})`)
  }
  const pattern = new RegExp(`^${scheme.replace(/[$^.*+|\\]/g, '\\$&')} +(\\S+) *$`, 'i')
  return {
    scheme,
    tokenOf(header) {
      const match = pattern.exec(header)
      return match === null ? null : (match[1] as string)
    },
    missingChallenge: scheme,
    invalidChallenge: `${scheme} error="invalid_token"`,
  }
}
