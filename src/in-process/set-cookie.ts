/**
 * @module in-process/set-cookie
 * The cookies a response sets, parsed from `set-cookie` as `inject()` reports them.
 */
import type { InjectCookie } from '../types/inject.js'

/** Such a cookie or attribute is skipped: its key would reach an object's prototype. */
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

export function parseSetCookies(header: string | string[] | undefined): InjectCookie[] {
  if (header === undefined) return []
  const values = Array.isArray(header) ? header : [header]
  return values.map(parseOne).filter((cookie): cookie is InjectCookie => cookie !== null)
}
