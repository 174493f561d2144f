/**
 * @module serve/error-format
 * How an error becomes the answer warren writes, in the application's `errorFormat`: Fastify's
 * body (the default), RFC 9457 problem details, or the application's own function. Every error
 * warren answers comes through here: the default error handler, the default not-found answer, the
 * last resort when answering failed, and the client errors answered on the socket.
 */
import { STATUS_CODES } from 'node:http'
import { JSON_TYPE, TEXT_TYPE, BINARY_TYPE } from '../core/media-type.js'
import { errorCatalogue, problemTypePrefix } from '../types/error-catalogue.js'
import type { ErrorFormat, ErrorFormatAnswer, ErrorFormatFunction, FastifyErrorBody, HandlerError, ProblemDetails, ValidationProblemItem, WarrenReply, WarrenRequest } from '../types/index.js'

/** The content type of problem details (RFC 9457), with the charset every JSON answer of warren declares. */
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'

/** What a format reads besides the error: where and how it is answered. */
export interface ErrorSite {
  /** The status warren chose: the reply's error status, else the error's 4xx/5xx, else 500. */
  status: number
  /** The request URL as received (path and query); undefined on the socket, where no request was parsed. */
  url: string | undefined
  /** Whether a 5xx may show the error's message; otherwise the status phrase stands in for it. */
  exposeServerErrors: boolean
  /** A fault of the server whatever the status (answering an error failed): its message is hidden as a 5xx's is. */
  serverFault: boolean
  /** What an `errorFormat` function receives besides the error (both null on the socket). */
  request: object | null
  reply: object | null
  /** Where a failing `errorFormat` function is reported. */
  log: { error(details: object, message: string): void }
}

/** The answer: its status, content type, headers to add and body. */
export interface ErrorAnswer {
  status: number
  contentType: string
  /** Headers an `errorFormat` function added (its `content-type` is in `contentType`). */
  headers: Record<string, string | number | string[]> | null
  /** A JSON value, or text or bytes sent as they are. */
  body: unknown
  /**
   * The thrown value itself is the answer, sent as any payload is (a string as text, anything
   * else as JSON): what Fastify's format does with a value thrown that is not an Error.
   */
  asPayload: boolean
}

/** The status phrase of a code (`'Not Found'`). */
export function phraseOf(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown Error'
}

/** The answer's body as written without a serializer: text and bytes as they are, anything else as JSON. */
export function answerBytes(answer: ErrorAnswer): string | Uint8Array {
  const { body } = answer
  return typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)
}

/** Turns `error` into the answer `format` gives it at `site` (see the module comment). */
export function formatError(format: ErrorFormat, error: unknown, site: ErrorSite): ErrorAnswer {
  if (format === 'fastify') return fastifyAnswer(error, site)
  if (format === 'problem') return problemAnswer(error, site)
  return customAnswer(format, error, site)
}

/** The fields a body shows of what was thrown: an object's code and message, a string as the message. */
interface ShownFields {
  code: string | undefined
  message: string
}

function fieldsOf(thrown: unknown): ShownFields {
  if (typeof thrown === 'string') return { code: undefined, message: thrown }
  if (thrown === null || typeof thrown !== 'object') return { code: undefined, message: '' }
  const { code, message } = thrown as { code?: unknown; message?: unknown }
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' ? message : '' }
}

/** A 5xx's message may hold what a client must not see (`"db password is hunter2"`). */
function isHidden(site: ErrorSite): boolean {
  return (site.serverFault || site.status >= 500) && !site.exposeServerErrors
}

/* ---------- Fastify's body ---------- */

function fastifyAnswer(error: unknown, site: ErrorSite): ErrorAnswer {
  const hidden = isHidden(site)
  const asPayload = !hidden && !(error instanceof Error)
  return { status: site.status, contentType: JSON_TYPE, headers: null, body: asPayload ? error : fastifyBody(error, site.status, hidden), asPayload }
}

function fastifyBody(error: unknown, statusCode: number, hidden: boolean): FastifyErrorBody {
  const { code, message } = fieldsOf(error)
  const phrase = phraseOf(statusCode)
  const shown = hidden ? phrase : message
  // `code` only when the error has one, in Fastify's key order
  return code === undefined ? { statusCode, error: phrase, message: shown } : { statusCode, code, error: phrase, message: shown }
}

/* ---------- problem details (RFC 9457) ---------- */

function problemAnswer(error: unknown, site: ErrorSite): ErrorAnswer {
  return { status: site.status, contentType: PROBLEM_TYPE, headers: null, body: problemBody(error, site), asPayload: false }
}

/**
 * The problem details of an error: a catalogue code names its problem type (`urn:warren:error:<code>`,
 * with the catalogue's title); any other error is a plain status (`about:blank`, titled by the
 * status phrase, as RFC 9457 asks). The code stays as the `code` extension member either way.
 */
function problemBody(error: unknown, site: ErrorSite): ProblemDetails & { errors?: ValidationProblemItem[] } {
  const { code, message } = fieldsOf(error)
  const phrase = phraseOf(site.status)
  const known = code !== undefined && Object.hasOwn(errorCatalogue, code) ? errorCatalogue[code as keyof typeof errorCatalogue] : undefined
  const body: ProblemDetails & { errors?: ValidationProblemItem[] } = {
    type: known === undefined ? 'about:blank' : problemTypePrefix + code,
    title: known === undefined ? phrase : known.title,
    status: site.status,
    detail: isHidden(site) ? phrase : message,
  }
  if (site.url !== undefined) body.instance = site.url
  if (code !== undefined) body.code = code
  if (code === 'SVC_ERR_VALIDATION') body.errors = validationItems(error as ValidationFields, message)
  return body
}

interface ValidationFields {
  validation?: unknown
  validationContext?: unknown
}

/** One item per failed keyword, from the validator's error list (Ajv's shape); a validator that gave none, one for the whole part. */
function validationItems(error: ValidationFields, message: string): ValidationProblemItem[] {
  const part = typeof error.validationContext === 'string' ? `/${escapePointer(error.validationContext)}` : ''
  if (!Array.isArray(error.validation) || error.validation.length === 0) return [{ pointer: part, message }]
  return error.validation.map((item: unknown) => validationItem(part, item))
}

function validationItem(part: string, item: unknown): ValidationProblemItem {
  const { instancePath, keyword, message, params } = (item !== null && typeof item === 'object' ? item : {}) as {
    instancePath?: unknown
    keyword?: unknown
    message?: unknown
    params?: { missingProperty?: unknown } | null
  }
  let pointer = part + (typeof instancePath === 'string' ? instancePath : '')
  // a missing property is pointed at where it should be
  const missing = params?.missingProperty
  if (typeof missing === 'string') pointer += `/${escapePointer(missing)}`
  const answer: ValidationProblemItem = { pointer, message: typeof message === 'string' ? message : 'is invalid' }
  if (typeof keyword === 'string') answer.keyword = keyword
  return answer
}

/** A JSON Pointer reference token (RFC 6901): `~` and `/` escaped. */
function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

/* ---------- the application's own format ---------- */

function customAnswer(format: ErrorFormatFunction, error: unknown, site: ErrorSite): ErrorAnswer {
  let answer: unknown
  try {
    // the runtime's request and reply are what the public types describe; a thrown value is passed as it was
    answer = format(error as HandlerError, site.request as WarrenRequest | null, site.reply as WarrenReply | null)
  } catch (thrown) {
    return formatFailed(thrown, site)
  }
  const wrong = whatIsWrong(answer)
  if (wrong !== null) return formatFailed(new TypeError(`errorFormat must return { status?, headers?, body }: ${wrong}`), site)
  const { status, headers, body } = answer as ErrorFormatAnswer
  const { contentType, others } = splitContentType(headers)
  return { status: status ?? site.status, contentType: contentType === undefined ? contentTypeOf(body) : withCharset(contentType), headers: others, body, asPayload: false }
}

/** Why a function's answer cannot be sent, or null when it can. */
function whatIsWrong(answer: unknown): string | null {
  if (answer === null || typeof answer !== 'object') return `got ${answer === null ? 'null' : typeof answer}`
  const { status, headers, body } = answer as Partial<ErrorFormatAnswer>
  if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) return `status must be a 4xx or 5xx code, got ${String(status)}`
  if (headers !== undefined && (headers === null || typeof headers !== 'object' || Array.isArray(headers))) return 'headers must be an object'
  if (typeof body === 'string' || body instanceof Uint8Array) return null
  try {
    if (typeof JSON.stringify(body) === 'string') return null
  } catch (error) {
    return `body cannot be serialized as JSON (${(error as Error).message})`
  }
  return `body must be a string, bytes or a JSON value, got ${typeof body}`
}

function splitContentType(headers: ErrorFormatAnswer['headers']): { contentType: string | undefined; others: ErrorAnswer['headers'] } {
  if (headers === undefined) return { contentType: undefined, others: null }
  let contentType: string | undefined
  const others: Record<string, string | number | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-type') contentType = String(value)
    else others[name] = value
  }
  return { contentType, others }
}

/** A JSON media type declared UTF-8, as every JSON answer is (`reply.send` does the same). */
function withCharset(contentType: string): string {
  return contentType.includes('json') && !contentType.includes('charset') ? `${contentType}; charset=utf-8` : contentType
}

function contentTypeOf(body: unknown): string {
  if (typeof body === 'string') return TEXT_TYPE
  return body instanceof Uint8Array ? BINARY_TYPE : JSON_TYPE
}

/**
 * The function threw or answered something that is not a body: reported once, and a plain 500
 * in Fastify's shape answers instead (the function cannot be asked again for the same error).
 */
function formatFailed(thrown: unknown, site: ErrorSite): ErrorAnswer {
  site.log.error({ err: thrown }, 'the errorFormat function failed: answering a plain 500')
  return { status: 500, contentType: JSON_TYPE, headers: null, body: fastifyBody(null, 500, true), asPayload: false }
}
