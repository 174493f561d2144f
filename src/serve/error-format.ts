/**
 * @module serve/error-format
 * How an error becomes the answer warren writes in the application's `errorFormat` (Fastify's body,
 * RFC 9457 problem details, or a function), for every error warren answers.
 */
import { STATUS_CODES } from 'node:http'
import { JSON_TYPE, TEXT_TYPE, BINARY_TYPE, withJsonCharset } from '../core/media-type.js'
import { kRoute } from '../core/symbols.js'
import type { Reply } from '../model/reply.js'
import { errorCatalogue, problemTypePrefix } from '../types/error-catalogue.js'
import type { ErrorFormat, ErrorFormatAnswer, ErrorFormatFunction, FastifyErrorBody, HandlerError, ProblemDetails, ValidationProblemItem, WarrenReply, WarrenRequest } from '../types/index.js'

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'

export interface ErrorSite {
  /** The reply's error status, else the error's 4xx/5xx, else 500. */
  status: number
  /** Undefined on the socket, where no request was parsed. */
  url: string | undefined
  exposeServerErrors: boolean
  /** A fault of the server whatever the status: its message is hidden as a 5xx's is. */
  serverFault: boolean
  /** What an `errorFormat` function receives besides the error (null on the socket). */
  request: object | null
  reply: object | null
  log: { error(details: object, message: string): void }
}

export interface ErrorAnswer {
  status: number
  contentType: string
  headers: Record<string, string | number | string[]> | null
  body: unknown
  /** The thrown non-Error value itself is the answer, sent as any payload is. */
  asPayload: boolean
}

/** The site of an error answered through a request's reply. */
export function siteOf(reply: Reply, status: number, serverFault: boolean): ErrorSite {
  return {
    status,
    url: reply.request.url,
    exposeServerErrors: reply[kRoute].root.options.exposeServerErrors,
    serverFault,
    request: reply.request,
    reply,
    log: reply.log,
  }
}

export function phraseOf(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown Error'
}

export function answerBytes(answer: ErrorAnswer): string | Uint8Array {
  const { body } = answer
  return typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)
}

export function formatError(format: ErrorFormat, error: unknown, site: ErrorSite): ErrorAnswer {
  if (format === 'fastify') return fastifyAnswer(error, site)
  if (format === 'problem') return problemAnswer(error, site)
  return customAnswer(format, error, site)
}

interface ShownFields {
  code: string | undefined
  message: string
}

/** The code and message a body may show; a hidden error's code only when it was made to be answered ({@link showsCode}). */
function fieldsOf(thrown: unknown, hidden: boolean): ShownFields {
  if (typeof thrown === 'string') return { code: undefined, message: thrown }
  if (thrown === null || typeof thrown !== 'object') return { code: undefined, message: '' }
  const { code, message } = thrown as { code?: unknown; message?: unknown }
  const shown = isPrimitiveText(code) && (!hidden || showsCode(thrown)) ? String(code) : undefined
  return { code: shown, message: isPrimitiveText(message) ? String(message) : '' }
}

/** A value a body writes as text: a driver's numeric code (`11000`) is a code all the same. */
export function isPrimitiveText(value: unknown): value is string | number | bigint | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
}

/**
 * A 5xx's message may hold what a client must not see (`"db password is hunter2"`), unless the
 * error says it was written for clients (`expose: true`, the http-errors convention).
 */
function isHidden(site: ErrorSite, error: unknown): boolean {
  if (!(site.serverFault || site.status >= 500) || site.exposeServerErrors) return false
  return !(error !== null && typeof error === 'object' && (error as { expose?: unknown }).expose === true)
}

/**
 * Whether a hidden error still shows its code: one made to be answered names its status
 * (`createError`, warren's own, http-errors), and its code is for clients; one that does not (a
 * driver's `23505`) was not meant for them, and says which database failed how.
 */
function showsCode(error: object): boolean {
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown }
  return typeof statusCode === 'number' || typeof status === 'number'
}


function fastifyAnswer(error: unknown, site: ErrorSite): ErrorAnswer {
  const hidden = isHidden(site, error)
  const asPayload = !hidden && !(error instanceof Error)
  return { status: site.status, contentType: JSON_TYPE, headers: null, body: asPayload ? error : fastifyBody(error, site.status, hidden), asPayload }
}

/** A status without a standard phrase (499, 599) has no `error` key: no name is better than a made-up one. */
function fastifyBody(error: unknown, statusCode: number, hidden: boolean): FastifyErrorBody {
  const { code, message } = fieldsOf(error, hidden)
  const phrase = STATUS_CODES[statusCode]
  // keys added in Fastify's order: statusCode, code, error, message
  const body: Partial<FastifyErrorBody> = { statusCode }
  if (code !== undefined) body.code = code
  if (phrase !== undefined) body.error = phrase
  body.message = hidden ? phraseOf(statusCode) : message
  return body as FastifyErrorBody
}


function problemAnswer(error: unknown, site: ErrorSite): ErrorAnswer {
  return { status: site.status, contentType: PROBLEM_TYPE, headers: null, body: problemBody(error, site), asPayload: false }
}

/** Problem details: a catalogue code names its problem type (`urn:warren:error:<code>`), any other error is `about:blank`. */
function problemBody(error: unknown, site: ErrorSite): ProblemDetails & { errors?: ValidationProblemItem[] } {
  const hidden = isHidden(site, error)
  const { code, message } = fieldsOf(error, hidden)
  const phrase = phraseOf(site.status)
  const known = code !== undefined && Object.hasOwn(errorCatalogue, code) ? errorCatalogue[code as keyof typeof errorCatalogue] : undefined
  const body: ProblemDetails & { errors?: ValidationProblemItem[] } = {
    type: known === undefined ? 'about:blank' : problemTypePrefix + code,
    title: known === undefined ? phrase : known.title,
    status: site.status,
    detail: hidden ? phrase : message,
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

/** One item per failed keyword; one for the whole part when the validator gave none. */
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

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}


function customAnswer(format: ErrorFormatFunction, error: unknown, site: ErrorSite): ErrorAnswer {
  let answer: unknown
  try {
    // the runtime's request and reply are what the public types describe
    answer = format(error as HandlerError, site.request as WarrenRequest | null, site.reply as WarrenReply | null)
  } catch (thrown) {
    return formatFailed(thrown, site)
  }
  const wrong = whatIsWrong(answer)
  if (wrong !== null) return formatFailed(new TypeError(`errorFormat must return { status?, headers?, body }: ${wrong}`), site)
  const { status, headers, body } = answer as ErrorFormatAnswer
  const { contentType, others } = splitContentType(headers)
  return { status: status ?? site.status, contentType: contentType === undefined ? contentTypeOf(body) : withJsonCharset(contentType), headers: others, body, asPayload: false }
}

function whatIsWrong(answer: unknown): string | null {
  if (answer === null || typeof answer !== 'object') return `got ${answer === null ? 'null' : typeof answer}`
  const { status, headers, body } = answer as Partial<ErrorFormatAnswer>
  if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) return `status must be a 4xx or 5xx code, got ${typeof status === 'number' ? status : JSON.stringify(status) + ` (a ${typeof status})`}`
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

function contentTypeOf(body: unknown): string {
  if (typeof body === 'string') return TEXT_TYPE
  return body instanceof Uint8Array ? BINARY_TYPE : JSON_TYPE
}

/** A failing function is reported once, and a plain 500 answers (it cannot be asked again for the same error). */
function formatFailed(thrown: unknown, site: ErrorSite): ErrorAnswer {
  site.log.error({ err: thrown }, 'the errorFormat function failed: answering a plain 500')
  return { status: 500, contentType: JSON_TYPE, headers: null, body: fastifyBody(null, 500, true), asPayload: false }
}
