/**
 * @module core/media-type
 * The essence of a `content-type` value, its syntax check, and the content types warren declares.
 */
/** The essence of a media type (RFC 9110): `type/subtype`, lower-case, without parameters or spaces. */
export function essenceOf(contentType: unknown): string {
  if (typeof contentType !== 'string') return ''
  const semicolon = contentType.indexOf(';')
  const essence = semicolon === -1 ? contentType : contentType.slice(0, semicolon)
  return essence.trim().toLowerCase()
}

// RFC 9110 token characters, on both sides of the slash
const ESSENCE_SYNTAX = /^[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+$/

export function isValidEssence(essence: string): boolean {
  return ESSENCE_SYNTAX.test(essence)
}

export const JSON_TYPE = 'application/json; charset=utf-8'
export const TEXT_TYPE = 'text/plain; charset=utf-8'
export const BINARY_TYPE = 'application/octet-stream'

/** A JSON content type without a charset, declared UTF-8 (which is what warren writes). */
export function withJsonCharset(contentType: string): string {
  return contentType.includes('json') && !contentType.includes('charset') ? `${contentType}; charset=utf-8` : contentType
}
