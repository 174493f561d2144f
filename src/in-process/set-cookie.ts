/**
 * @module in-process/set-cookie
 * The cookies a response sets, read from its `set-cookie` values as `inject()` reports them: each
 * an object with its name, its value (URL-decoded), and its attributes — `expires` as a Date,
 * `maxAge` as a number, `secure`, `httpOnly` and `partitioned` as flags, `sameSite` and any other
 * attribute as text under its lower-case name.
 */
import type { InjectCookie } from '../types/inject.js'

/** Names that would reach an object's prototype if used as keys: such a cookie or attribute is skipped. */
function isUnsafeKey(key: string): boolean {
  return key in {}
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    // a value that is not valid percent-encoding is reported as it was sent
    return value
  }
}

function applyAttribute(cookie: InjectCookie, key: string, value: string): void {
  switch (key) {
    case 'expires': cookie.expires = new Date(value); break
    case 'max-age': {
      const seconds = Number.parseInt(value, 10)
      if (!Number.isNaN(seconds)) cookie.maxAge = seconds
      break
    }
    case 'secure': cookie.secure = true; break
    case 'httponly': cookie.httpOnly = true; break
    case 'samesite': cookie.sameSite = value; break
    case 'partitioned': cookie.partitioned = true; break
    default: cookie[key] = value
  }
}

/** One `set-cookie` value as a cookie, or null when its name is unsafe. */
function parseOne(header: string): InjectCookie | null {
  const [pair, ...attributes] = header.split(';').filter((part) => part.trim() !== '')
  if (pair === undefined) return null
  const equals = pair.indexOf('=')
  const name = equals === -1 ? '' : pair.slice(0, equals)
  if (isUnsafeKey(name)) return null
  const cookie = Object.create(null) as InjectCookie
  cookie.name = name
  cookie.value = decoded(equals === -1 ? pair : pair.slice(equals + 1))
  for (const attribute of attributes) {
    const sign = attribute.indexOf('=')
    const key = (sign === -1 ? attribute : attribute.slice(0, sign)).trimStart().toLowerCase()
    if (key === '' || key === 'name' || key === 'value' || isUnsafeKey(key)) continue
    applyAttribute(cookie, key, sign === -1 ? '' : attribute.slice(sign + 1))
  }
  return cookie
}

/** The cookies of a response's `set-cookie` header (one value or a list of them). */
export function parseSetCookies(header: string | string[] | undefined): InjectCookie[] {
  if (header === undefined) return []
  const values = Array.isArray(header) ? header : [header]
  return values.map(parseOne).filter((cookie): cookie is InjectCookie => cookie !== null)
}
