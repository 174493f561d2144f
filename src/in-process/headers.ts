/**
 * @module in-process/headers
 * The header checks Node's `ServerResponse` makes, made the same way in-process so a header is
 * refused identically whichever entry a request came through; headers as web `Headers` pairs.
 */

export type OutgoingValue = string | number | readonly string[]

const token = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/
const invalidValueChar = /[^\t\x20-\x7e\x80-\xff]/

export function isHttpToken(name: string): boolean {
  return token.test(name)
}

export function hasInvalidHeaderChar(value: string): boolean {
  return invalidValueChar.test(value)
}

function codedTypeError(code: string, message: string): TypeError {
  return Object.assign(new TypeError(message), { code })
}

function checkHeaderName(name: string): void {
  if (typeof name !== 'string' || !isHttpToken(name)) throw codedTypeError('ERR_INVALID_HTTP_TOKEN', `Header name must be a valid HTTP token ["${String(name)}"]`)
}

/** Throws as Node does for a missing value or one with a character HTTP does not allow. */
export function checkHeaderValue(name: string, value: unknown): void {
  if (value === undefined) throw codedTypeError('ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`)
  if (Array.isArray(value)) {
    for (const item of value) checkHeaderValue(name, item)
    return
  }
  if (hasInvalidHeaderChar(String(value))) throw codedTypeError('ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`)
}

export function checkedHeader(name: string, value: unknown): string {
  checkHeaderName(name)
  checkHeaderValue(name, value)
  return name.toLowerCase()
}

/**
 * Headers an answer handed to another server (a web `Response`, a Lambda result) does not carry:
 * `trailer` (no Fetch runtime or Lambda integration sends trailers, and it would announce fields
 * that never come) and the hop-by-hop ones, which describe a connection that server owns (it frames
 * the body and decides whether the connection stays open).
 */
export function isLeftOut(name: string): boolean {
  return name === 'trailer' || name === 'connection' || name === 'transfer-encoding' || name === 'keep-alive' || name === 'proxy-connection'
}

/** One pair per value of a list (`set-cookie`). */
function headerPairs(headers: Record<string, OutgoingValue | undefined>): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined || isLeftOut(name)) continue
    if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)])
    else pairs.push([name, String(value)])
  }
  return pairs
}

/**
 * A web `Response`'s headers: a plain record when each header has one value (a `Response` copies it
 * faster, and one with `Object.prototype` faster than one without: Bun reads a prototype-less object
 * as a dictionary), the pairs otherwise. The response's own record never holds a `__proto__` key to
 * lose. What a `Response` does not carry ({@link isLeftOut}) is left out.
 */
export function responseHeaders(headers: Record<string, OutgoingValue | undefined>): Record<string, string> | Array<[string, string]> {
  const record: Record<string, string> = {}
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined || isLeftOut(name)) continue
    if (Array.isArray(value)) return headerPairs(headers)
    record[name] = String(value)
  }
  return record
}
