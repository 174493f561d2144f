/**
 * @module content-type/media-type-key
 * The canonical spelling of a `content-type` value parsers are registered and found under, so
 * `Application/JSON ; Charset=utf-8` reads as `application/json; charset="utf-8"`.
 */
import { essenceOf } from '../core/media-type.js'

// one `; name=value` pair, the value a token or a quoted string (which may hold `;`)
const PARAMETER = /;\s*([^\s;=]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g

function unquote(value: string): string {
  const trimmed = value.trim()
  if (trimmed.length < 2 || !trimmed.startsWith('"') || !trimmed.endsWith('"')) return trimmed
  return trimmed.slice(1, -1).replace(/\\(.)/g, '$1')
}

/** The parameters canonically spelled, or `''`; a pair without `=` names nothing, so it is left out. */
export function parametersOf(contentType: string): string {
  const semicolon = contentType.indexOf(';')
  if (semicolon === -1) return ''
  let parameters = ''
  for (const [, name, value] of contentType.slice(semicolon).matchAll(PARAMETER)) {
    parameters += `; ${name.toLowerCase()}="${unquote(value)}"`
  }
  return parameters
}

export function mediaTypeKey(contentType: string): string {
  return essenceOf(contentType) + parametersOf(contentType)
}
