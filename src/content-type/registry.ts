/**
 * @module content-type/registry
 * The body parsers of one context, by media type, and how a `content-type` value finds its parser.
 */
import { codes } from '../core/errors.js'
import { essenceOf, isValidEssence } from '../core/media-type.js'
import type { BodyForm } from './body-reader.js'
import { dropsByteOrderMark, syncFormOf, type SyncParser } from './json-parser.js'
import { mediaTypeKey, parametersOf } from './media-type-key.js'

/** How a parser wants the body: read into a string or a Buffer, or handed the stream itself. */
export type ParseAs = 'string' | 'buffer' | 'stream'

/** A registered body parser. */
export interface ParserEntry {
  fn: (...args: any[]) => unknown
  parseAs: ParseAs
  bodyLimit: number | undefined
  /** A default parser (`application/json`, `text/plain`): the first `add` for its type replaces it. */
  builtin?: boolean
  /** The parser's synchronous form, for the built-in parsers (wherever they are registered): called without a callback. */
  sync: SyncParser | null
  /** How the body reader hands it the body (for `parseAs: 'stream'`, unused): decided once, here. */
  bodyForm: BodyForm
}

function bodyFormOf(parseAs: ParseAs, sync: SyncParser | null): BodyForm {
  if (parseAs !== 'string') return 'buffer'
  return dropsByteOrderMark(sync) ? 'text' : 'string'
}

/** The options of `addContentTypeParser`. */
export interface ParserOptions {
  parseAs?: 'string' | 'buffer'
  bodyLimit?: number
}

const CATCH_ALL = '*'

/**
 * The body parsers of one context, by media type. A request's content type finds, in order: the
 * parser registered with exactly its parameters (`application/custom; version=2`), the one
 * registered for its bare type (which takes any parameters), the regular expression added last
 * that matches its type or its canonical spelling with parameters (see media-type-key; the later,
 * more specific one wins, as in Fastify), the `'*'` catch-all. A child copies its parent's registry, so its additions and removals stay in it.
 */
export class ParserRegistry {
  /** By canonical key: the essence, followed by the parameters when registered with some. */
  #exact: Map<string, ParserEntry>
  #patterns: Array<[RegExp, ParserEntry]>
  #catchAll: ParserEntry | null
  #found = new Map<string, ParserEntry | null>()
  /** The last value found, and its parser: requests of one client or application mostly send the same one. */
  #lastType: string | null = null
  #lastEntry: ParserEntry | null = null

  constructor(parent: ParserRegistry | null = null) {
    this.#exact = parent ? new Map(parent.#exact) : new Map()
    this.#patterns = parent ? parent.#patterns.slice() : []
    this.#catchAll = parent ? parent.#catchAll : null
  }

  /**
   * Adds a parser for a media type, a RegExp of them, or `'*'`; a type already present throws,
   * except a default one (`builtin`), which the first user parser for that type replaces.
   */
  add(type: string | RegExp, options: ParserOptions, fn: ParserEntry['fn'], builtin = false): void {
    if (typeof fn !== 'function') throw new codes.SVC_ERR_CTP_INVALID_HANDLER()
    const parseAs = options.parseAs ?? 'stream'
    if (parseAs !== 'string' && parseAs !== 'buffer' && parseAs !== 'stream') throw new codes.SVC_ERR_CTP_INVALID_PARSE_TYPE(parseAs)
    if (options.bodyLimit !== undefined && (!Number.isInteger(options.bodyLimit) || options.bodyLimit <= 0)) {
      throw new codes.SVC_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(options.bodyLimit)
    }
    const sync = parseAs === 'stream' ? null : syncFormOf(fn)
    const entry: ParserEntry = { fn, parseAs, bodyLimit: options.bodyLimit, builtin, sync, bodyForm: bodyFormOf(parseAs, sync) }
    this.#forget()
    if (type instanceof RegExp) {
      if (this.#patterns.some(([pattern]) => pattern.toString() === type.toString())) throw new codes.SVC_ERR_CTP_ALREADY_PRESENT(type.toString())
      this.#patterns.unshift([type, entry])
      return
    }
    if (typeof type !== 'string') throw new codes.SVC_ERR_CTP_INVALID_TYPE()
    if (type.trim() === '') throw new codes.SVC_ERR_CTP_EMPTY_TYPE()
    if (type === CATCH_ALL) {
      this.#catchAll = entry
      return
    }
    const essence = essenceOf(type)
    if (!isValidEssence(essence)) throw new codes.SVC_ERR_CTP_INVALID_TYPE()
    const key = mediaTypeKey(type)
    // a default parser may be replaced once per context; a user's parser may not
    if (this.#exact.get(key)?.builtin === false) throw new codes.SVC_ERR_CTP_ALREADY_PRESENT(type.trim().toLowerCase())
    this.#exact.set(key, entry)
  }

  /** Whether a parser is registered for exactly that type (or RegExp, or `'*'`). */
  has(type: string | RegExp): boolean {
    if (type instanceof RegExp) return this.#patterns.some(([pattern]) => pattern.toString() === type.toString())
    if (typeof type !== 'string') throw new codes.SVC_ERR_CTP_INVALID_TYPE()
    if (type === CATCH_ALL) return this.#catchAll !== null
    return this.#exact.has(mediaTypeKey(type))
  }

  /** Removes the parser of that type; false when there was none. */
  remove(type: string | RegExp): boolean {
    if (typeof type !== 'string' && !(type instanceof RegExp)) throw new codes.SVC_ERR_CTP_INVALID_TYPE()
    this.#forget()
    if (type instanceof RegExp) {
      const index = this.#patterns.findIndex(([pattern]) => pattern.toString() === type.toString())
      if (index === -1) return false
      this.#patterns.splice(index, 1)
      return true
    }
    if (type === CATCH_ALL) {
      const had = this.#catchAll !== null
      this.#catchAll = null
      return had
    }
    return this.#exact.delete(mediaTypeKey(type))
  }

  /** Removes every parser, the catch-all included. */
  removeAll(): void {
    this.#forget()
    this.#exact.clear()
    this.#patterns = []
    this.#catchAll = null
  }

  /**
   * The parser for a `content-type` header value, or null (an unsupported media type). A body
   * without a content type goes to the catch-all; a malformed one goes nowhere.
   */
  find(contentType: string): ParserEntry | null {
    // comparing two short strings costs less than hashing a header value Node made afresh
    if (contentType === this.#lastType) return this.#lastEntry
    let entry = this.#found.get(contentType)
    if (entry === undefined) {
      entry = this.#lookup(contentType)
      // bounded: header values come from clients
      if (this.#found.size < 100) this.#found.set(contentType, entry)
    }
    this.#lastType = contentType
    this.#lastEntry = entry
    return entry
  }

  /** Drops what {@link find} remembered: the parsers changed. */
  #forget(): void {
    this.#found.clear()
    this.#lastType = null
    this.#lastEntry = null
  }

  #lookup(contentType: string): ParserEntry | null {
    const essence = essenceOf(contentType)
    if (essence === '') return this.#catchAll
    if (!isValidEssence(essence)) return null
    const parameters = parametersOf(contentType)
    const key = essence + parameters
    if (parameters !== '') {
      const withParameters = this.#exact.get(key)
      if (withParameters !== undefined) return withParameters
    }
    // `search` ignores a pattern's lastIndex, so a `g` or `y` flag changes nothing between requests
    const matches = ([pattern]: [RegExp, ParserEntry]) => essence.search(pattern) !== -1 || (parameters !== '' && key.search(pattern) !== -1)
    return this.#exact.get(essence) ?? this.#patterns.find(matches)?.[1] ?? this.#catchAll
  }
}
