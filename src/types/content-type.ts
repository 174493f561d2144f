/**
 * @module types/content-type
 * Body parser types (`addContentTypeParser` and friends).
 */

import type { IncomingMessage } from 'node:http'
import type { RouteRequest } from './request.js'
import type { DefaultRouteTypes } from './schema.js'

/** What to do with `__proto__` / `constructor.prototype` keys in a JSON body. */
export type ProtoAction = 'error' | 'remove' | 'ignore'

/** Which content types a parser handles: one media type, several, or a pattern. */
export type ContentTypeMatcher = string | string[] | RegExp

/** `done` of a callback-style parser: an error, or the parsed body. */
export type BodyParserDone = (err: Error | null, body?: unknown) => void

/** A parser that reads the body stream itself (`payload` is the Node.js request). */
export type StreamBodyParser<Self, Rq = {}> = (
  this: Self,
  request: RouteRequest<DefaultRouteTypes, Rq, Self>,
  payload: IncomingMessage,
  done: BodyParserDone,
) => unknown

/** A parser that receives the whole body, read for it as a string or a Buffer (option `parseAs`) with the body limit enforced. */
export type BufferedBodyParser<Body, Self, Rq = {}> = (
  this: Self,
  request: RouteRequest<DefaultRouteTypes, Rq, Self>,
  body: Body,
  done: BodyParserDone,
) => unknown

/** Options of `addContentTypeParser`. */
export interface ContentTypeParserOptions {
  /** Read the body for the parser as a `'string'` or a `'buffer'`; without it the parser gets the stream. */
  parseAs?: 'string' | 'buffer'
  /** Maximum body size in bytes for this parser. */
  bodyLimit?: number
}
