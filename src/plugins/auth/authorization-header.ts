/**
 * @module Reading `authorization: <scheme> <token>` (RFC 7235: the scheme is matched in any case)
 * and the `www-authenticate` challenges a refusal sends (RFC 6750's `error="invalid_token"` for a
 * token that was read but not accepted).
 */

// an auth-scheme is an HTTP token (RFC 9110, section 5.6.2)
const schemeSyntax = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** How one scheme's header is read and refused. */
export interface SchemeReader {
  /** The scheme as configured (`Bearer`, `Token`…). */
  scheme: string
  /** The token of a well-formed header; `null` for another scheme or a malformed value. */
  tokenOf(header: string): string | null
  /** The challenge for a request without readable credentials. */
  missingChallenge: string
  /** The challenge for a token that was read and refused. */
  invalidChallenge: string
}

/** A reader for `scheme`; throws a `TypeError` when it is not a valid auth-scheme name. */
export function schemeReader(scheme: string): SchemeReader {
  if (typeof scheme !== 'string' || !schemeSyntax.test(scheme)) {
    throw new TypeError(`bearer-auth: 'scheme' must be an HTTP auth-scheme name such as 'Bearer' or 'Token' (got ${JSON.stringify(scheme)})`)
  }
  // the scheme's characters that mean something in a regular expression are escaped
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
