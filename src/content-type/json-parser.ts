import secureJson from 'secure-json-parse'
import { codes } from '../errors.js'

/** What the JSON parser does with `__proto__` / `constructor.prototype` keys. */
export type PoisoningAction = 'error' | 'remove' | 'ignore'

/** A body parser in callback form. */
export type DoneParser = (request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => void

/**
 * The `application/json` parser, protected against prototype poisoning: by default a body with a
 * `__proto__` or `constructor.prototype` key is refused with a 400.
 */
export function createJsonParser(onProtoPoisoning: PoisoningAction = 'error', onConstructorPoisoning: PoisoningAction = 'error'): DoneParser {
  const options = { protoAction: onProtoPoisoning, constructorAction: onConstructorPoisoning }
  return function parseJson(_request, body, done) {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.length === 0) return done(new codes.SVC_ERR_CTP_EMPTY_JSON_BODY())
    let value: unknown
    try {
      value = secureJson.parse(text, options)
    } catch (error) {
      return done(new codes.SVC_ERR_CTP_INVALID_JSON_BODY((error as Error).message))
    }
    done(null, value)
  }
}

/** The `text/plain` parser: the body as a string. */
export const parseText: DoneParser = (_request, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8'))
