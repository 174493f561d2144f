/**
 * @module client/url
 * A route path filled into a request URL, the query serialised as the server parses it (a key
  * repeated per array item, `undefined` left out).
 */
import { WarrenClientError } from './errors.js'

export type ParamValue = string | number | boolean | bigint | Date | null | undefined

function text(value: Exclude<ParamValue, undefined>): string {
  if (value instanceof Date) return value.toISOString()
  return value === null ? '' : String(value)
}

// `:name`, where a double colon is a literal colon (as the router reads it)
const PARAM = /(?<!:):([A-Za-z_$][\w$]*)(\([^)]*\))?/g

/** A missing parameter throws. */
export function fillPath(path: string, params: Record<string, ParamValue> | undefined): string {
  const filled = path.replace(PARAM, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new WarrenClientError('CLIENT_ERR_MISSING_PARAM', `Path parameter '${name}' of '${path}' is missing`)
    return encodeURIComponent(text(value))
  })
  return filled.replace(/::/g, ':')
}

export function queryString(query: Record<string, ParamValue | readonly ParamValue[]> | undefined): string {
  if (query === undefined) return ''
  const pairs: string[] = []
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value]
    for (const item of values as ParamValue[]) {
      if (item !== undefined) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text(item))}`)
    }
  }
  return pairs.join('&')
}

export function buildUrl(path: string, params: Record<string, ParamValue> | undefined, query: Record<string, ParamValue | readonly ParamValue[]> | undefined): string {
  const search = queryString(query)
  const filled = fillPath(path, params)
  return search === '' ? filled : `${filled}${filled.includes('?') ? '&' : '?'}${search}`
}
