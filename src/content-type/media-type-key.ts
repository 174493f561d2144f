/**
 * @module content-type/media-type-key
 * The canonical spelling of a `content-type` value that parsers are registered and found under:
 * the essence, then its parameters in their order, names lower-cased and values quoted
 * (`application/json; charset="utf-8"`), so that `Application/JSON ; Charset=utf-8` reads the same.
 */
import { essenceOf } from '../core/media-type.js'

// one `; name=value` pair, the value a token or a quoted string (which may hold `;`)
const PARAMETER = /;\s*([^\s;=]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g

function unquote(value: string): string {
  const trimmed = value.trim()
  if (trimmed.length < 2 || !trimmed.startsWith('"') || !trimmed.endsWith('"')) return trimmed
  return trimmed.slice(1, -1).replace(/\\(.)/g, '$1')
}

/**
 * The parameters of a `content-type` value, canonically spelled (`; charset="utf-8"`), or `''`
 * without any. A malformed pair (no `=`) is left out, as it names nothing a parser could ask for.
 */
export function parametersOf(contentType: string): string {
  const semicolon = contentType.indexOf(';')
  if (semicolon === -1) return ''
  let parameters = ''
  for (const [, name, value] of contentType.slice(semicolon).matchAll(PARAMETER)) {
    parameters += `; ${name.toLowerCase()}="${unquote(value)}"`
  }
  return parameters
}

/** The canonical spelling of a `content-type` value: its essence followed by {@link parametersOf}. */
export function mediaTypeKey(contentType: string): string {
  return essenceOf(contentType) + parametersOf(contentType)
}
