/**
 * @module content-type/json-parser
 * The built-in body parsers: JSON (protected against prototype poisoning) and plain text.
 */
import secureJson from 'secure-json-parse'
import { codes } from '../core/errors.js'
import type { ProtoAction } from '../types/index.js'

/** A body parser in callback form. */
export type DoneParser = (request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => void

/**
 * The `application/json` parser, protected against prototype poisoning: by default a body with a
 * `__proto__` or `constructor.prototype` key is refused with a 400.
 */
export function createJsonParser(onProtoPoisoning: ProtoAction = 'error', onConstructorPoisoning: ProtoAction = 'error'): DoneParser {
  const options = { protoAction: onProtoPoisoning, constructorAction: onConstructorPoisoning }
  return function parseJson(_request, body, done) {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.length === 0) return done(new codes.SVC_ERR_CTP_EMPTY_JSON_BODY())
    let value: unknown
    try {
      value = secureJson.parse(text, options)
    } catch (error) {
      return done(refusal(error as Error))
    }
    done(null, value)
  }
}

/**
 * secure-json-parse throws a SyntaxError both for malformed JSON and for valid JSON with a
 * `__proto__` / `constructor.prototype` key: only the first is invalid, the second is forbidden.
 */
function refusal(error: Error): Error {
  if (!/forbidden \w+ property/.test(error.message)) return new codes.SVC_ERR_CTP_INVALID_JSON_BODY(error.message)
  return new codes.SVC_ERR_CTP_FORBIDDEN_PROPERTY()
}

/** The `text/plain` parser: the body as a string. */
export const parseText: DoneParser = (_request, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8'))
