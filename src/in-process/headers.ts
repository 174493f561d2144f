/**
 * @module in-process/headers
 * The checks Node's `ServerResponse` makes of a header before it takes it, made the same way (same
 * error codes and messages) by the in-process response, so that a header a handler sets is
 * refused identically whichever entry the request came through. And the headers of a response
 * as the pairs a web `Headers` takes.
 */

/** A response header's value, as Node's `setHeader` takes it. */
export type OutgoingValue = string | number | readonly string[]

const token = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/
const invalidValueChar = /[^\t\x20-\x7e\x80-\xff]/

/** Whether a header name is an HTTP token. */
export function isHttpToken(name: string): boolean {
  return token.test(name)
}

/** Whether a header value holds a character HTTP does not allow in one (a CR, an LF, a NUL…). */
export function hasInvalidHeaderChar(value: string): boolean {
  return invalidValueChar.test(value)
}

function codedTypeError(code: string, message: string): TypeError {
  return Object.assign(new TypeError(message), { code })
}

/** Throws as Node does for a header name that is no HTTP token. */
export function checkHeaderName(name: string): void {
  if (typeof name !== 'string' || !isHttpToken(name)) throw codedTypeError('ERR_INVALID_HTTP_TOKEN', `Header name must be a valid HTTP token ["${String(name)}"]`)
}

/** Throws as Node does for a missing header value, or one with a character HTTP does not allow (a CR or LF, say). */
export function checkHeaderValue(name: string, value: unknown): void {
  if (value === undefined) throw codedTypeError('ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`)
  if (Array.isArray(value)) {
    for (const item of value) checkHeaderValue(name, item)
    return
  }
  if (hasInvalidHeaderChar(String(value))) throw codedTypeError('ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`)
}

/** Checks a header as `setHeader` would, and gives its name in lower case. */
export function checkedHeader(name: string, value: unknown): string {
  checkHeaderName(name)
  checkHeaderValue(name, value)
  return name.toLowerCase()
}

/** The headers as `[name, value]` pairs for a web `Headers`: one pair per value of a list (`set-cookie`). */
export function headerPairs(headers: Record<string, OutgoingValue | undefined>): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)])
    else pairs.push([name, String(value)])
  }
  return pairs
}
