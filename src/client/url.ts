/**
 * @module client/url
 * A route path filled into a request URL (every parameter form the router accepts), the query
  * serialised as the server parses it (a key repeated per array item, `undefined` left out).
 */
import { WarrenClientError } from './errors.js'

export type ParamValue = string | number | boolean | bigint | Date | null | undefined

function text(value: Exclude<ParamValue, undefined>): string {
  if (value instanceof Date) return value.toISOString()
  return value === null ? '' : String(value)
}

/** Where a parameter's name ends, as the router reads it. */
const NAME_END = new Set(['(', '-', '.', '/'])

/** The index past the regexp opening at `start`, groups and escapes followed as the router does. */
function afterRegExp(path: string, start: number): number {
  let depth = 0
  for (let at = start; at < path.length; at++) {
    if (path[at] === '\\') at++
    else if (path[at] === '(') depth++
    else if (path[at] === ')' && --depth === 0) return at + 1
  }
  return path.length
}

/** The wildcard's value: each segment encoded, its slashes kept. */
function wildcard(value: Exclude<ParamValue, undefined>): string {
  return text(value).split('/').map(encodeURIComponent).join('/')
}

function missing(name: string, path: string): never {
  throw new WarrenClientError('CLIENT_ERR_MISSING_PARAM', `Path parameter '${name}' of '${path}' is missing`)
}

/** A missing parameter throws, except an optional one (`/:id?`), left out with the slash before it. */
export function fillPath(path: string, params: Record<string, ParamValue> | undefined): string {
  let url = ''
  for (let at = 0; at < path.length; ) {
    const char = path[at]!
    if (char === ':' && path[at + 1] === ':') {
      url += ':'
      at += 2
    } else if (char === ':') {
      let end = at + 1
      while (end < path.length && !NAME_END.has(path[end]!) && !(path[end] === '?' && (end + 1 === path.length || path[end + 1] === '/'))) end++
      const name = path.slice(at + 1, end)
      if (path[end] === '(') end = afterRegExp(path, end)
      const optional = path[end] === '?'
      const value = params?.[name]
      if (value !== undefined) url += encodeURIComponent(text(value))
      else if (optional) url = url.replace(/\/$/, '')
      else missing(name, path)
      at = optional ? end + 1 : end
    } else if (char === '*') {
      const value = params?.['*']
      url += value === undefined ? missing('*', path) : wildcard(value)
      at++
    } else {
      url += char
      at++
    }
  }
  return url
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
