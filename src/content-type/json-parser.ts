/**
 * @module content-type/json-parser
 * The built-in body parsers: JSON (protected against prototype poisoning) and plain text, in the
 * callback form every parser has and in a synchronous form the request path calls directly.
 */
import secureJson from 'secure-json-parse'
import { codes } from '../core/errors.js'
import type { ProtoAction } from '../types/index.js'

/** A body parser in callback form. */
export type DoneParser = (request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => void

/** A parser's synchronous form: the value of a body, or a throw. */
export type SyncParser = (body: string | Buffer) => unknown

/** The synchronous form of each built-in parser, found when the parser is registered. */
const syncForms = new WeakMap<object, SyncParser>()

/** The synchronous forms that drop a leading byte order mark themselves (the JSON parser's). */
const bomDropping = new WeakSet<SyncParser>()

/** Whether a parser's synchronous form reads a body the same with or without its leading byte order mark. */
export function dropsByteOrderMark(sync: SyncParser | null): boolean {
  return sync !== null && bomDropping.has(sync)
}

/** The synchronous form of `parser` when it is one of the built-in parsers, else null. */
export function syncFormOf(parser: unknown): SyncParser | null {
  return typeof parser === 'function' ? (syncForms.get(parser) ?? null) : null
}

/** Gives a synchronous parser the callback form parsers are registered with. */
function withCallback(parse: SyncParser, dropsBom = false): DoneParser {
  const parser: DoneParser = (_request, body, done) => {
    let value: unknown
    try {
      value = parse(body)
    } catch (error) {
      return done(error as Error)
    }
    done(null, value)
  }
  syncForms.set(parser, parse)
  if (dropsBom) bomDropping.add(parse)
  return parser
}

/**
 * The `application/json` parser, protected against prototype poisoning: by default a body with a
 * `__proto__` or `constructor.prototype` key is refused with a 400.
 */
export function createJsonParser(onProtoPoisoning: ProtoAction = 'error', onConstructorPoisoning: ProtoAction = 'error'): DoneParser {
  const options = { protoAction: onProtoPoisoning, constructorAction: onConstructorPoisoning }
  // secure-json-parse drops a leading byte order mark: the body reader may hand the text without it
  return withCallback(function parseJson(body) {
    const text = typeof body === 'string' ? body : body.toString()
    if (text.length === 0) throw new codes.SVC_ERR_CTP_EMPTY_JSON_BODY()
    try {
      return secureJson.parse(text, options)
    } catch (error) {
      throw refusal(error as Error)
    }
  }, true)
}

/**
 * secure-json-parse throws a SyntaxError both for malformed JSON and for valid JSON with a
 * `__proto__` / `constructor.prototype` key: only the first is invalid, the second is forbidden.
 */
function refusal(error: Error): Error {
  if (!/forbidden \w+ property/.test(error.message)) return new codes.SVC_ERR_CTP_INVALID_JSON_BODY(withoutQuotedBody(error.message))
  return new codes.SVC_ERR_CTP_FORBIDDEN_PROPERTY()
}

/**
 * Parsers quote the body around the error: V8 (`Unexpected token ',', ..."word": ,"card"... is not
 * valid JSON`), JavaScriptCore (`Unexpected identifier "secret"`). It may hold a password, and the
 * answer and the log keep only the reason.
 */
const quotedByV8 = /, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/
const quotedByJavaScriptCore = /^(JSON Parse error: [^"]*?) "[\s\S]*"$/

function withoutQuotedBody(message: string): string {
  return message.replace(quotedByV8, '').replace(quotedByJavaScriptCore, '$1')
}

/** The `text/plain` parser: the body as a string. */
export const parseText: DoneParser = withCallback((body) => (typeof body === 'string' ? body : body.toString()))
